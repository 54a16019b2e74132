#ifndef ARTMAP_CNCURSESW_SHIM_H
#define ARTMAP_CNCURSESW_SHIM_H
/* SwiftPM drops pkg-config's -D flags: ask for the wide-character API here. */
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>
#include <ncursesw/ncurses.h>

/* Macros and shared mutable globals Swift cannot see or Swift 6 rejects, as functions. */
static inline WINDOW *artmap_stdscr(void) { return stdscr; }
static inline int artmap_lines(void) { return LINES; }
static inline int artmap_cols(void) { return COLS; }
static inline int artmap_colors(void) { return COLORS; }
static inline int artmap_color_pairs(void) { return COLOR_PAIRS; }
static inline FILE *artmap_stdout(void) { return stdout; }
static inline FILE *artmap_stdin(void) { return stdin; }
static inline attr_t artmap_attr_bold(void) { return A_BOLD; }
static inline attr_t artmap_attr_reverse(void) { return A_REVERSE; }
static inline attr_t artmap_attr_underline(void) { return A_UNDERLINE; }
static inline attr_t artmap_attr_dim(void) { return A_DIM; }
static inline attr_t artmap_attr_normal(void) { return A_NORMAL; }

static inline mmask_t artmap_mouse_events(void) {
    return BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED | BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED;
}
static inline int artmap_mouse_is_click(mmask_t state) { return (state & (BUTTON1_CLICKED | BUTTON1_PRESSED)) != 0; }
static inline int artmap_mouse_is_double(mmask_t state) { return (state & BUTTON1_DOUBLE_CLICKED) != 0; }
static inline int artmap_mouse_is_wheel_up(mmask_t state) { return (state & BUTTON4_PRESSED) != 0; }
static inline int artmap_mouse_is_wheel_down(mmask_t state) { return (state & BUTTON5_PRESSED) != 0; }

/* Draws one cell: a spacing character plus any combining ones, with attributes and a colour pair
   (an extended pair number, so pictures may use more than 32767 pairs). */
static inline int artmap_put_cell(int y, int x, const wchar_t *text, attr_t attrs, int pair) {
    cchar_t cell;
    if (setcchar(&cell, text, attrs, 0, &pair) != OK) return ERR;
    return mvadd_wch(y, x, &cell);
}

/* The terminal's size in cells as the kernel has it now (0 when it cannot tell). */
static inline void artmap_window_size(int *columns, int *rows);

/* The terminal's size in pixels (0 when it does not say), for the cell's aspect ratio. */
#include <sys/ioctl.h>
#include <unistd.h>
static inline void artmap_pixel_size(int *width, int *height) {
    struct winsize size;
    *width = 0;
    *height = 0;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0) {
        *width = size.ws_xpixel;
        *height = size.ws_ypixel;
    }
}

static inline void artmap_window_size(int *columns, int *rows) {
    struct winsize size;
    *columns = 0;
    *rows = 0;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0) {
        *columns = size.ws_col;
        *rows = size.ws_row;
    }
}

/* A terminfo string capability, or NULL when the terminal has none. */
static inline const char *artmap_terminfo_string(const char *name) {
    char *value = tigetstr(name);
    return (value == NULL || value == (char *)-1) ? NULL : value;
}

static inline int artmap_wcwidth(wchar_t c) { return wcwidth(c); }
#endif
