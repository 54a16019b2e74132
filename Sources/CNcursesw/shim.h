#ifndef ARTMAP_CNCURSESW_SHIM_H
#define ARTMAP_CNCURSESW_SHIM_H
/* SwiftPM drops pkg-config's -D flags: ask for the wide-character API here. */
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <stdio.h>
#include <wchar.h>
#include <ncursesw/ncurses.h>

/* Macros and shared mutable globals Swift cannot see or Swift 6 rejects, as functions. */
static inline WINDOW *artmap_stdscr(void) { return stdscr; }
static inline int artmap_lines(void) { return LINES; }
static inline int artmap_cols(void) { return COLS; }
static inline int artmap_colors(void) { return COLORS; }
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

/* Draws one cell: a spacing character plus any combining ones, with attributes and a colour pair. */
static inline int artmap_put_cell(int y, int x, const wchar_t *text, attr_t attrs, short pair) {
    cchar_t cell;
    if (setcchar(&cell, text, attrs, pair, NULL) != OK) return ERR;
    return mvadd_wch(y, x, &cell);
}

static inline int artmap_wcwidth(wchar_t c) { return wcwidth(c); }
#endif
