/* cli_batch_run.c: one question of `chopsat batch` in a process of its own. The child is the
 * leader of its own process group, so that a Ctrl-C on the terminal reaches batch alone (batch
 * then stops the question: one line, not one from each); its standard input is /dev/null and
 * it holds no descriptor of the file of questions (whose offset is batch's: a child that closed
 * its copy of standard input moved it); its standard output and error go to temporary files,
 * and it prints its own error lines, signal lines and out-of-memory lines there, so that they
 * become the question's error object and never reach batch's standard error.
 *
 * Stopping a question (its time limit, or batch itself interrupted, terminated or out of
 * memory): SIGTERM to the question's process, whose own handler removes its temporaries and
 * stops the solver it runs; after BATCH_GRACE_SECONDS, SIGKILL to its process group. The
 * process being run is the one global of batch, read by the clean-up hook batch gives the
 * signal handler (cli_guard_hook); the hook uses only async-signal-safe calls (kill, waitid,
 * poll, clock_gettime). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli_batch.h"

static volatile sig_atomic_t running; /* the question's process (and group), 0 = none */

/* Seconds on the monotonic clock. */
static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Whether process pid ends within seconds (it is left unreaped: its group stays valid for a
 * kill); polls with naps growing from 1 to 10 ms. */
static bool ends_within(pid_t pid, double seconds)
{
    double end = now() + seconds;
    int nap = 1;
    for (;;) {
        siginfo_t si;
        memset(&si, 0, sizeof si);
        int rc = waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT);
        if (rc != 0 && errno != EINTR) return true; /* not our child any more: nothing to wait */
        if (rc == 0 && si.si_pid == pid) return true;
        double left = end - now();
        if (left <= 0) return false;
        poll(NULL, 0, left * 1000 < nap ? (int)(left * 1000) + 1 : nap);
        nap = nap * 2 > 10 ? 10 : nap * 2;
    }
}

/* Stops the question: SIGTERM, then SIGKILL to its group after the grace period. */
static void stop(pid_t pid)
{
    kill(pid, SIGTERM);
    if (!ends_within(pid, BATCH_GRACE_SECONDS)) kill(-pid, SIGKILL);
}

/* batch's part of the signal handler's clean-up: the running question is stopped. */
static void stop_running(void)
{
    pid_t pid = (pid_t)running;
    if (pid <= 0) return;
    stop(pid);
    kill(-pid, SIGKILL); /* whatever is left of its group */
    running = 0;
}

/* The child: runs argv with the descriptors described at the top; never returns. */
static void child(char **argv, int argc, int input_fd, int out_fd, int err_fd,
                  const sigset_t *mask)
{
    setpgid(0, 0);
    cli_guard_hook(NULL); /* the parent's clean-up is not the question's */
    int null = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (null < 0 || dup2(null, STDIN_FILENO) < 0) _exit(EXIT_ERROR);
    if (input_fd > STDERR_FILENO && input_fd != null && dup2(null, input_fd) < 0) _exit(EXIT_ERROR);
    if (null > STDERR_FILENO) close(null);
    /* closes stdin's stream (its read-ahead of the file of questions is dropped; the offset it
     * sets on closing is /dev/null's) and opens /dev/null as it */
    if (!freopen("/dev/null", "r", stdin)) _exit(EXIT_ERROR);
    if (dup2(out_fd, STDOUT_FILENO) < 0 || dup2(err_fd, STDERR_FILENO) < 0) _exit(EXIT_ERROR);
    cli_signals_install(); /* its lines go to its own standard error, the question's */
    sigprocmask(SIG_SETMASK, mask, NULL);
    _exit(cli_finish_stdout(cli_dispatch(argc, argv)));
}

/* Reads the first line of the question's standard error into r->err. */
static void keep_error(int fd, batch_run *r)
{
    ssize_t n = pread(fd, r->err, sizeof r->err - 1, 0);
    r->err[n > 0 ? n : 0] = 0;
    r->err[strcspn(r->err, "\n")] = 0;
}

/* Reads the question's whole standard output into r->out, or says in r->failure why not: too
 * large, or no memory for it (never a part of it). */
static void keep_output(int fd, batch_run *r)
{
    struct stat st;
    if (fstat(fd, &st) != 0) {
        snprintf(r->failure, sizeof r->failure, "cannot read the question's output: %s",
                 strerror(errno));
        return;
    }
    size_t size = (size_t)st.st_size;
    if (size > BATCH_MAX_OUTPUT) {
        snprintf(r->failure, sizeof r->failure, "the question printed %zu bytes, more than the "
                 "%zu MiB a line may hold (run it alone, or write it with -o)", size,
                 BATCH_MAX_OUTPUT >> 20);
        return;
    }
    char *s = malloc(size + 1);
    if (!s) {
        snprintf(r->failure, sizeof r->failure, "out of memory for the question's output "
                 "(%zu bytes)", size);
        return;
    }
    size_t got = 0;
    while (got < size) {
        ssize_t n = pread(fd, s + got, size - got, (off_t)got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            snprintf(r->failure, sizeof r->failure, "cannot read the question's output: %s",
                     n < 0 ? strerror(errno) : "it ended early");
            free(s);
            return;
        }
        got += (size_t)n;
    }
    s[size] = 0;
    r->out = s;
    r->out_len = size;
}

/* Waits for the question (stopping it at the time limit) and reaps it; its exit status. */
static int finish(pid_t pid, double timeout, batch_run *r)
{
    if (!ends_within(pid, timeout)) {
        r->timed_out = true;
        stop(pid);
    }
    kill(-pid, SIGKILL); /* anything it left running in its group */
    int status;
    pid_t got;
    while ((got = waitpid(pid, &status, 0)) < 0 && errno == EINTR) {}
    running = 0;
    if (got != pid) return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

void batch_run_question(char **argv, int argc, int input_fd, double timeout, batch_run *r)
{
    memset(r, 0, sizeof *r);
    r->status = -1;
    cli_guard_hook(stop_running);
    FILE *out = tmpfile(), *err = tmpfile();
    if (!out || !err) {
        snprintf(r->failure, sizeof r->failure, "could not run the question: no temporary file "
                 "(%s)", strerror(errno));
        if (out) fclose(out);
        if (err) fclose(err);
        return;
    }
    fflush(stdout);
    fflush(stderr);
    sigset_t all, old;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, &old); /* no stop between the fork and `running` set */
    pid_t pid = fork();
    if (pid == 0) child(argv, argc, input_fd, fileno(out), fileno(err), &old);
    if (pid > 0) {
        setpgid(pid, pid); /* also here, so that a kill before the child runs reaches its group */
        running = pid;
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (pid < 0) {
        snprintf(r->failure, sizeof r->failure, "could not run the question: fork: %s",
                 strerror(errno));
    } else {
        r->status = finish(pid, timeout, r);
        if (r->status < 0 && !r->timed_out)
            snprintf(r->failure, sizeof r->failure, "could not wait for the question");
        keep_error(fileno(err), r);
        if (!r->timed_out && r->status >= 0) keep_output(fileno(out), r);
    }
    fclose(out);
    fclose(err);
}
