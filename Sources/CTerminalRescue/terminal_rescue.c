#include "terminal_rescue.h"
#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#define FATAL_SIGNAL_COUNT 7
static const int fatal_signals[FATAL_SIGNAL_COUNT] = { SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP };
static struct sigaction previous_actions[FATAL_SIGNAL_COUNT];
static char reset_sequence[512];
static volatile sig_atomic_t reset_length;
static struct termios saved_modes;
static volatile sig_atomic_t have_saved_modes;
static volatile sig_atomic_t installed;

static void write_text(const char *text) {
    ssize_t written = write(STDERR_FILENO, text, strlen(text));
    (void)written;
}

static void fatal_signal_handler(int signal_number) {
    if (have_saved_modes) tcsetattr(STDIN_FILENO, TCSANOW, &saved_modes);
    if (reset_length > 0) {
        ssize_t written = write(STDOUT_FILENO, reset_sequence, (size_t)reset_length);
        (void)written;
    }
    char number[5] = { (char)('0' + signal_number / 10 % 10), (char)('0' + signal_number % 10), ')', '\n', 0 };
    write_text("artmap: stopped by a fatal error (signal ");
    write_text(signal_number >= 10 ? number : number + 1);
    /* The default action, not the Swift runtime's crash reporter: on a terminal that one waits for a key
       for half a minute. */
    signal(signal_number, SIG_DFL);
    /* Blocked until this handler returns; then the default action takes it. */
    raise(signal_number);
}

void artmap_save_terminal_modes(void) {
    have_saved_modes = tcgetattr(STDIN_FILENO, &saved_modes) == 0;
}

void artmap_install_fatal_signal_handlers(const char *reset, size_t length) {
    if (length >= sizeof reset_sequence) length = sizeof reset_sequence - 1;
    memcpy(reset_sequence, reset, length);
    reset_length = (sig_atomic_t)length;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = fatal_signal_handler;
    sigemptyset(&action.sa_mask);
    for (int i = 0; i < FATAL_SIGNAL_COUNT; i++) sigaction(fatal_signals[i], &action, &previous_actions[i]);
    installed = 1;
}

void artmap_remove_fatal_signal_handlers(void) {
    if (!installed) return;
    installed = 0;
    reset_length = 0;
    for (int i = 0; i < FATAL_SIGNAL_COUNT; i++) sigaction(fatal_signals[i], &previous_actions[i], NULL);
}

/* Set by the handler (any thread), taken by the loop: one atomic exchange, so a ^Z between a read and a clear is not lost. */
static atomic_int suspend_requested;
static volatile sig_atomic_t suspend_wake_fd = -1;

static void suspend_handler(int signal_number) {
    (void)signal_number;
    int saved_errno = errno;
    atomic_store(&suspend_requested, 1);
    if (suspend_wake_fd >= 0) {
        char byte = 'z';
        ssize_t written = write(suspend_wake_fd, &byte, 1);
        (void)written;
    }
    errno = saved_errno;
}

/* What SIGTSTP did before artmap's handler went in, put back by `artmap_remove_suspend_handler`. */
static struct sigaction previous_suspend_action;
static volatile sig_atomic_t suspend_installed;

void artmap_install_suspend_handler(int wake_fd) {
    suspend_wake_fd = wake_fd;
    if (suspend_installed) return;
    /* Whoever started artmap ignores SIGTSTP (a supervisor, a shell without job control): ^Z must not stop it,
       as curses leaves an ignored SIGTSTP ignored. Nothing would ever continue the process. */
    struct sigaction current;
    if (sigaction(SIGTSTP, NULL, &current) == 0 && current.sa_handler == SIG_IGN) return;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = suspend_handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    if (sigaction(SIGTSTP, &action, &previous_suspend_action) == 0) suspend_installed = 1;
}

int artmap_take_suspend_request(void) {
    return atomic_exchange(&suspend_requested, 0);
}

void artmap_remove_suspend_handler(void) {
    suspend_wake_fd = -1;
    if (!suspend_installed) return;
    suspend_installed = 0;
    sigaction(SIGTSTP, &previous_suspend_action, NULL);
}
