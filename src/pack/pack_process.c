/* pack_process.c: the pack's process runner and its signal registry, isolated here until the
 * project's one runner and one clean-up registry take them over (docs/architecture.md). The
 * runner starts a program from its words (no shell) in a folder, in a process group of its
 * own, killed with its group at a time limit, and measures its CPU time. The registry holds
 * what a signal must remove: the running program's group, the reference solver's temporary
 * folder and the staged pack; chopsat_pack_on_signal clears them with async-signal-safe calls
 * only. */
#define _DEFAULT_SOURCE /* setpgid, kill */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/util.h"
#include "pack/pack.h"

static volatile sig_atomic_t guard_child; /* the running program's process group, 0 none */
/* What a signal must remove, by slot: a cleanup (async-signal-safe) and its argument. */
static void (*volatile guard_fn[PACK_GUARD_SLOTS])(void *);
static void *volatile guard_arg[PACK_GUARD_SLOTS];

void pack_guard(int slot, void (*fn)(void *), void *arg)
{
    guard_fn[slot] = NULL;
    guard_arg[slot] = arg;
    guard_fn[slot] = fn;
}

void chopsat_pack_on_signal(void)
{
    if (guard_child > 0) kill(-(pid_t)guard_child, SIGKILL);
    guard_child = 0;
    for (int i = 0; i < PACK_GUARD_SLOTS; i++) {
        void (*fn)(void *) = guard_fn[i];
        if (fn) fn(guard_arg[i]);
    }
}

/* The CPU time of the waited-for children so far, user + system, in seconds. */
static double cpu_children(void)
{
    struct rusage ru;
    getrusage(RUSAGE_CHILDREN, &ru);
    return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec +
           ru.ru_stime.tv_usec / 1e6;
}

/* In the child: standard output to dir/out, input and errors to /dev/null, into dir, then
 * argv; never returns. */
static void child(const char *dir, char *const argv[])
{
    setpgid(0, 0);
    char out[4200];
    snprintf(out, sizeof out, "%s/out", dir);
    int fo = open(out, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0600);
    int fe = open("/dev/null", O_WRONLY);
    int fi = open("/dev/null", O_RDONLY);
    if (fo < 0 || fe < 0 || fi < 0 || chdir(dir) != 0) _exit(127);
    dup2(fi, 0), dup2(fo, 1), dup2(fe, 2);
    execvp(argv[0], argv);
    _exit(127);
}

int pack_run_in(const char *dir, char *const argv[], double timeout, double *cpu)
{
    double cpu0 = cpu_children(), start = now_seconds();
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) child(dir, argv);
    setpgid(pid, pid);
    guard_child = (sig_atomic_t)pid;
    int status = 0;
    bool timed_out = false;
    for (;;) {
        pid_t w = waitpid(pid, &status, WNOHANG);
        if (w == pid) break;
        if (w < 0 && errno != EINTR) break;
        if (timeout > 0 && now_seconds() - start > timeout && !timed_out) {
            kill(-pid, SIGKILL);
            timed_out = true;
        }
        struct timespec ts = {0, 5000000};
        nanosleep(&ts, NULL);
    }
    kill(-pid, SIGKILL); /* anything the program left behind in its group */
    guard_child = 0;
    *cpu = cpu_children() - cpu0;
    if (timed_out) return -2;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
