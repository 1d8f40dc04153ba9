/* cli_signal.c: what chopsat leaves behind when it is stopped. The command keeps a small
 * registry of the temporary files it is writing and of the child solver it is running (a
 * process group); on SIGINT, SIGTERM, SIGHUP or SIGPIPE the handler removes those files, kills
 * that group, prints one line (not for SIGPIPE: a reader that went away is not an error worth a
 * line) and dies of the same signal, so the shell sees the usual status 128+N (130 for SIGINT,
 * 143 for SIGTERM). The first signal wins: the handler stays installed (no SA_RESETHAND, whose
 * reset to the default action let a second SIGTERM, as GNU timeout sends, kill chopsat before
 * its clean-up), every later signal is absorbed (blocked in the cleaning thread, parked in any
 * other), and the handler dies of its signal by unblocking just that one. When the library runs
 * out of memory it calls the command's handler
 * (chopsat_set_oom_handler), which cleans up the same way, prints `chopsat: error: out of memory
 * (asked for N bytes)` and exits with status 1; on SIGABRT (a linked solver that aborts) it
 * cleans up the same way and exits with status 1.
 *
 * The registry is the library's one clean-up registry (chopsat_cleanup_*, chopsat_tool.h;
 * src/core/cleanup.c): the command registers its temporaries and folders there, and the runner
 * (chopsat_run) its child groups. The handler calls only async-signal-safe functions (the
 * registry's kill, waitid, poll, unlink, rmdir; here write, fstat, sigaction, pthread_sigmask,
 * raise, pause, _exit). It writes through a copy of standard error taken at start-up: while a
 * linked solver runs, standard error points at /dev/null (src/solvers/quiet.h), and the line must
 * still be seen. An abort while it is hidden comes from inside the solver (DepQBF, CaDiCaL out of
 * memory), whose own lines were hidden: then the handler says so in one line.
 *
 * So that running out of memory is a failed allocation (one line, exit 1) and not the kernel's
 * OOM killer (SIGKILL: no clean-up, no line, other programs killed too), cli_limit_memory caps
 * the address space at the machine's physical memory unless a lower limit is set already. */
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"

static int err_fd = 2;                          /* standard error as it was at start-up */
static atomic_flag stopping = ATOMIC_FLAG_INIT; /* set by the first signal or out of memory */

/* Runs the one clean-up registry (chopsat_cleanup_run): the registered child groups stopped,
 * the temporary files and folders removed. */
static void clean_up(void)
{
    chopsat_cleanup_run();
}

static void say(const char *s)
{
    ssize_t rc = write(err_fd, s, strlen(s));
    (void)rc;
}

/* Whether standard error points elsewhere than at start-up (hidden while a solver runs). */
static bool stderr_hidden(void)
{
    struct stat now, then;
    if (err_fd == 2) return false;
    if (fstat(2, &now) != 0 || fstat(err_fd, &then) != 0) return true;
    return now.st_dev != then.st_dev || now.st_ino != then.st_ino;
}

/* Claims the clean-up for the calling thread, whose signals are all blocked by then (the
 * handler's mask, or stop_signals): true for the first caller. A later signal can only reach
 * another thread, which waits there for the first to end the process. */
static bool claim_clean_up(void)
{
    if (!atomic_flag_test_and_set(&stopping)) return true;
    for (;;)
        pause();
}

/* Blocks every signal in the calling thread (out of memory: no handler runs in its clean-up). */
static void stop_signals(void)
{
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, NULL);
}

/* Dies of sig with its default action: the only signal unblocked, so that no other one queued
 * meanwhile runs a handler first. */
static void die_of(int sig)
{
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigaction(sig, &dfl, NULL);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, sig);
    raise(sig);
    pthread_sigmask(SIG_UNBLOCK, &only, NULL);
    _exit(128 + sig); /* not reached */
}

static void on_signal(int sig)
{
    claim_clean_up();
    clean_up();
    if (cli_progress_line_shown) say("\r\033[K"); /* the message on a line of its own */
    if (sig == SIGABRT) {
        if (stderr_hidden())
            say("chopsat: error: the linked solver aborted (out of memory, or an error inside "
                "it)\n");
        _exit(EXIT_ERROR);
    }
    if (sig == SIGINT)
        say("chopsat: error: interrupted (SIGINT)\n");
    else if (sig == SIGTERM)
        say("chopsat: error: terminated (SIGTERM)\n");
    else if (sig == SIGHUP)
        say("chopsat: error: hung up (SIGHUP)\n");
    die_of(sig);
}

/* The library's out-of-memory handler: the same clean-up as for a signal, one line, exit 1
 * (from whichever thread ran out; nothing buffered is flushed, as for a signal). */
static void out_of_memory(void *ctx, size_t bytes)
{
    (void)ctx;
    stop_signals();
    claim_clean_up();
    clean_up();
    if (cli_progress_line_shown) say("\r\033[K");
    char line[96];
    snprintf(line, sizeof line, "chopsat: error: out of memory (asked for %zu bytes)\n", bytes);
    say(line);
    _exit(EXIT_ERROR);
}

void cli_signals_install(void)
{
    chopsat_set_oom_handler(out_of_memory, NULL);
    int fd = fcntl(2, F_DUPFD_CLOEXEC, 3);
    if (fd >= 0) err_fd = fd;
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGABRT};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigfillset(&sa.sa_mask); /* no second signal in this thread while cleaning up */
        /* a signal ignored by the parent (nohup, a background job's SIGINT) stays ignored */
        struct sigaction old;
        if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN && sigs[i] != SIGABRT)
            continue;
        sigaction(sigs[i], &sa, NULL);
    }
}

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif

void cli_limit_memory(void)
{
#ifndef UNDER_ASAN /* AddressSanitizer reserves terabytes of address space for its shadow */
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    struct rlimit rl;
    if (pages <= 0 || size <= 0 || getrlimit(RLIMIT_AS, &rl) != 0) return;
    rlim_t ram = (rlim_t)pages * (rlim_t)size;
    if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur <= ram) return;
    if (rl.rlim_max != RLIM_INFINITY && rl.rlim_max < ram) ram = rl.rlim_max;
    rl.rlim_cur = ram;
    setrlimit(RLIMIT_AS, &rl);
#endif
}
