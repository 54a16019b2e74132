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

/* ^Z (SIGTSTP) is artmap's to handle: the pictures must go before the terminal is given back. The handler only
   notes the request and writes a byte to `wake_fd` (the run loop's wake-up pipe); a plain handler rather than a
   Dispatch signal source. Installed before curses starts (`wake_fd` -1, then again with the pipe): curses leaves
   a SIGTSTP that is not SIG_DFL alone, where it would otherwise ignore SIGTSTP during every doupdate. A SIGTSTP
   ignored by whoever started artmap stays ignored (^Z then does nothing, as with curses' own handling). */
void artmap_install_suspend_handler(int wake_fd);

/* 1 once if ^Z was pressed since the last call, else 0. */
int artmap_take_suspend_request(void);

/* Puts back what SIGTSTP did before the handler went in. */
void artmap_remove_suspend_handler(void);

#endif
