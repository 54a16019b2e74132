#ifndef ARTMAP_TERMINAL_RESCUE_H
#define ARTMAP_TERMINAL_RESCUE_H
#include <stddef.h>

/* Restoring the terminal when the process dies of a fatal signal (SIGSEGV, SIGQUIT, a Swift runtime trap …)
   while curses owns it. Async-signal-safe: the handler only calls tcsetattr and write, says which signal
   stopped artmap on stderr, then lets the signal's default action end the process. */

/* Remembers the terminal's modes before curses changes them. */
void artmap_save_terminal_modes(void);

/* Installs the handler with the bytes that put the terminal back (leave the alternate screen, show the
   cursor, reset attributes, stop mouse reporting). */
void artmap_install_fatal_signal_handlers(const char *reset, size_t length);

/* Puts back the handlers that were there before (once curses has restored the terminal itself). */
void artmap_remove_fatal_signal_handlers(void);

#endif
