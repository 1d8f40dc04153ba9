/* runner.c: the one process runner (chopsat_run, chopsat_tool.h): fork and exec without a
 * shell (or a function run in the forked child), standard input from memory or /dev/null,
 * stdout and stderr captured (capped) or sent to a file or a descriptor, a time limit with an
 * optional grace period, an address-space limit, the child's own process group (in the one
 * clean-up registry, core/cleanup.c, while it runs) and its CPU time. No other file of src/
 * starts or reaps a process (layout-one-process-runner). */
#define _DEFAULT_SOURCE /* wait4 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "chopsat_tool.h"
#include "core/cleanup.h"
#include "core/oom.h"
#include "core/util.h"

typedef VEC(char) char_vec;

/* One run in progress. */
typedef struct run {
    const chopsat_run_spec *spec;
    pid_t pid;
    int slot;        /* the group's entry in the clean-up registry */
    int fd[2];       /* stdout, stderr read ends when captured; -1 otherwise or closed */
    int child_fd[3]; /* the child's stdin, stdout, stderr before dup2; -1 none */
    int exec_fd;     /* the exec-failure pipe's read end; -1 none */
    double start, deadline, drain_until;
    bool exited;
    size_t out_cap;
    char_vec out, err;
} run;

/* ---- the child ---- */

/* Puts fd on target (fd -1: /dev/null, opened with flags); false when it cannot. */
static bool put_fd(int fd, int target, int flags)
{
    if (fd < 0) fd = open("/dev/null", flags);
    if (fd < 0) return false;
    if (fd == target) return fcntl(fd, F_SETFD, 0) == 0; /* keep it across exec */
    return dup2(fd, target) >= 0;
}

/* Reports a failed exec: errno on the exec pipe, the shell's wording on stderr. */
static void exec_failed(const char *prog, int exec_fd)
{
    int e = errno;
    ssize_t rc = write(exec_fd, &e, sizeof e);
    const char *why = e == ENOENT ? "not found" : strerror(e);
    if (e != ENOENT) rc = write(2, "cannot execute ", 15);
    rc = write(2, prog, strlen(prog));
    rc = write(2, ": ", 2);
    rc = write(2, why, strlen(why));
    rc = write(2, "\n", 1);
    (void)rc;
}

/* In the child after fork: its own group, its streams, folder and limit, then the program or
 * the function. Never returns. */
static void child(const run *R, const sigset_t *mask)
{
    const chopsat_run_spec *s = R->spec;
    setpgid(0, 0);
    if (!put_fd(R->child_fd[0], 0, O_RDONLY) || !put_fd(R->child_fd[1], 1, O_WRONLY) ||
        !put_fd(R->child_fd[2], 2, O_WRONLY))
        _exit(127);
    if (s->memory_limit) {
        struct rlimit rl;
        if (getrlimit(RLIMIT_AS, &rl) == 0) {
            rlim_t want = (rlim_t)s->memory_limit;
            if (rl.rlim_max != RLIM_INFINITY && rl.rlim_max < want) want = rl.rlim_max;
            rl.rlim_cur = want;
            setrlimit(RLIMIT_AS, &rl);
        }
    }
    if (s->no_file_writes) { /* a write to a file fails (EFBIG); pipes are no files */
        struct rlimit none = {0, 0};
        signal(SIGXFSZ, SIG_IGN);
        if (setrlimit(RLIMIT_FSIZE, &none) != 0 || setrlimit(RLIMIT_CORE, &none) != 0) _exit(127);
    }
    if (s->dir && chdir(s->dir) != 0) _exit(127);
    if (s->child_main) {
        chopsat_cleanup_reset(); /* the parent's entries are the parent's */
        _exit(s->child_main(s->child_ctx, mask));
    }
    /* no handler of the caller's may run here (it would clean up the caller's registry): the
     * signals a program expects at their default, the others' handlers reset, an ignored
     * SIGHUP (nohup) or SIGABRT still ignored */
    static const int dfl[] = {SIGINT, SIGTERM, SIGPIPE}, kept[] = {SIGHUP, SIGABRT};
    for (size_t i = 0; i < sizeof dfl / sizeof *dfl; i++)
        signal(dfl[i], SIG_DFL);
    for (size_t i = 0; i < sizeof kept / sizeof *kept; i++)
        if (signal(kept[i], SIG_DFL) == SIG_IGN) signal(kept[i], SIG_IGN);
    sigprocmask(SIG_SETMASK, mask, NULL);
    execvp(s->argv[0], s->argv);
    exec_failed(s->argv[0], R->exec_fd);
    _exit(127);
}

/* ---- the parent: setting up ---- */

/* pipe() with both ends closed on exec (the child's dup2 copies are not). */
static int cloexec_pipe(int fd[2])
{
    if (pipe(fd) != 0) return -1;
    fcntl(fd[0], F_SETFD, FD_CLOEXEC);
    fcntl(fd[1], F_SETFD, FD_CLOEXEC);
    return 0;
}

/* The child's standard input: an unlinked temporary holding the bytes (no pipe to block on or
 * to break), or -1 for /dev/null. */
static int input_fd(const chopsat_run_spec *s, chopsat_err *err)
{
    if (!s->input) return -1;
    const char *dir = getenv("TMPDIR");
    if (!dir || !*dir) dir = "/tmp";
    size_t n = strlen(dir) + 32;
    char *p = xmalloc(n);
    snprintf(p, n, "%s/chopsat-input-XXXXXX", dir);
    int fd = mkstemp(p);
    if (fd >= 0) unlink(p);
    free(p);
    if (fd < 0) return fail(err, "cannot create a temporary file in %s: %s", dir, strerror(errno));
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    const char *b = s->input;
    size_t left = s->input_len;
    while (left) {
        ssize_t w = write(fd, b, left);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) {
            int e = w < 0 ? errno : EIO;
            close(fd);
            return fail(err, "cannot write the program's input: %s", strerror(e));
        }
        b += w, left -= (size_t)w;
    }
    if (lseek(fd, 0, SEEK_SET) != 0) {
        close(fd);
        return fail(err, "cannot read the program's input back: %s", strerror(errno));
    }
    return fd;
}

/* Prepares where stream i (1 stdout, 2 stderr) goes: R->child_fd[i] and, captured, R->fd[i-1].
 * 0, or -1 with a message. */
static int output_fd(run *R, int i, chopsat_err *err)
{
    const chopsat_run_spec *s = R->spec;
    chopsat_run_stream how = i == 1 ? s->out : s->err;
    const char *path = i == 1 ? s->out_path : s->err_path;
    switch (how) {
    case CHOPSAT_RUN_DISCARD:
        return 0;
    case CHOPSAT_RUN_FD:
        R->child_fd[i] = i == 1 ? s->out_fd : s->err_fd;
        return 0;
    case CHOPSAT_RUN_PATH:
        if (!path) return fail(err, "no file named for the program's output");
        R->child_fd[i] = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
        if (R->child_fd[i] < 0) return fail(err, "cannot write %s: %s", path, strerror(errno));
        return 0;
    case CHOPSAT_RUN_CAPTURE: {
        int p[2];
        if (cloexec_pipe(p) != 0) return fail(err, "cannot create a pipe: %s", strerror(errno));
        R->fd[i - 1] = p[0];
        R->child_fd[i] = p[1];
        return 0;
    }
    }
    return fail(err, "an unknown destination for the program's output");
}

/* Closes the parent's copies of what the child was given (not the caller's descriptors). */
static void close_child_fds(run *R)
{
    const chopsat_run_spec *s = R->spec;
    for (int i = 0; i < 3; i++) {
        int fd = R->child_fd[i];
        bool callers = (i == 1 && s->out == CHOPSAT_RUN_FD) || (i == 2 && s->err == CHOPSAT_RUN_FD);
        if (fd >= 0 && !callers) close(fd);
        R->child_fd[i] = -1;
    }
}

/* Reads the exec pipe: the child's errno when its program could not be executed, else 0 (the
 * pipe closes on a successful exec). */
static int exec_result(run *R)
{
    int e = 0;
    if (R->exec_fd < 0) return 0;
    ssize_t got;
    while ((got = read(R->exec_fd, &e, sizeof e)) < 0 && errno == EINTR) {
    }
    close(R->exec_fd);
    R->exec_fd = -1;
    return got == (ssize_t)sizeof e ? e : 0;
}

/* Forks with every signal blocked, so that no handler runs before the group is registered. */
static int start(run *R, chopsat_err *err)
{
    int ep[2] = {-1, -1};
    if (R->spec->argv && cloexec_pipe(ep) != 0)
        return fail(err, "cannot create a pipe: %s", strerror(errno));
    R->exec_fd = ep[1];
    sigset_t all, old;
    sigfillset(&all);
    fflush(NULL);
    sigprocmask(SIG_BLOCK, &all, &old);
    R->start = chopsat_now();
    R->pid = fork();
    if (R->pid == 0) child(R, &old);
    int e = errno;
    if (R->pid > 0) {
        setpgid(R->pid, R->pid); /* also here, so that a kill before the child runs reaches it */
        R->slot = cleanup_owned_group((long)R->pid, R->spec->grace);
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (ep[1] >= 0) close(ep[1]);
    R->exec_fd = ep[0];
    close_child_fds(R);
    if (R->pid < 0) {
        if (R->exec_fd >= 0) close(R->exec_fd);
        R->exec_fd = -1;
        const char *what = R->spec->argv ? R->spec->argv[0] : "a child process";
        return fail(err, "cannot start %s: %s", what, strerror(e));
    }
    return 0;
}

/* ---- the parent: watching ---- */

/* Stops the child's group: SIGTERM and the grace period first when the spec has one. */
static void stop(const run *R)
{
    if (R->spec->grace > 0) {
        kill(R->pid, SIGTERM);
        cleanup_ends_within((long)R->pid, R->spec->grace);
    }
    kill(-R->pid, SIGKILL);
}

/* Reaps the child (after killing what is left of its group) and forgets its group. */
static void reap(run *R, chopsat_run_result *r)
{
    kill(-R->pid, SIGKILL); /* anything the program left behind in its group */
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    while (wait4(R->pid, &r->status, 0, &ru) < 0 && errno == EINTR) {
    }
    chopsat_cleanup_forget(R->slot);
    R->slot = -1;
    r->cpu_seconds = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
                     (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
    r->seconds = chopsat_now() - R->start;
    R->exited = true;
    R->drain_until = chopsat_now() + 1.0;
}

/* Reaps the child if it has exited, or stops it at the deadline. */
static void watch(run *R, chopsat_run_result *r)
{
    siginfo_t si;
    memset(&si, 0, sizeof si);
    /* look without reaping, so that the group id cannot be reused before the kill */
    bool done =
        waitid(P_PID, (id_t)R->pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 && si.si_pid == R->pid;
    if (!done && R->deadline > 0 && chopsat_now() >= R->deadline) {
        r->timed_out = true;
        stop(R);
        done = true;
    }
    if (done) reap(R, r);
}

/* Appends got bytes to v, keeping at most keep bytes (the rest dropped). */
static void keep(char_vec *v, const char *buf, size_t got, size_t keep)
{
    if (v->n >= keep) return;
    if (got > keep - v->n) got = keep - v->n;
    VEC_RESERVE(*v, v->n + got + 1);
    memcpy(v->items + v->n, buf, got);
    v->n += got;
}

/* Reads what is ready on the captured pipes, or naps when there is none; false when polling
 * failed. */
static bool drain(run *R, chopsat_run_result *r, int *nap)
{
    struct pollfd pf[2];
    nfds_t np = 0;
    int which[2];
    for (int i = 0; i < 2; i++)
        if (R->fd[i] >= 0) {
            pf[np] = (struct pollfd){.fd = R->fd[i], .events = POLLIN};
            which[np++] = i;
        }
    int ms = np ? 50 : *nap;
    *nap = *nap * 2 > 10 ? 10 : *nap * 2;
    if (!R->exited && R->deadline > 0) {
        double left = R->deadline - chopsat_now();
        if (left * 1000 < ms) ms = left > 0 ? (int)(left * 1000) + 1 : 0;
    }
    int k = poll(np ? pf : NULL, np, ms);
    if (k < 0) return errno == EINTR;
    char buf[65536];
    for (nfds_t j = 0; k > 0 && j < np; j++) {
        if (!(pf[j].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        int i = which[j];
        ssize_t got = read(R->fd[i], buf, sizeof buf);
        if (got < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (got <= 0) {
            close(R->fd[i]);
            R->fd[i] = -1;
        } else if (i == 1) {
            keep(&R->err, buf, (size_t)got, CHOPSAT_RUN_ERR_KEEP);
        } else if (R->out.n + (size_t)got > R->out_cap) {
            r->too_long = true;
            close(R->fd[i]);
            R->fd[i] = -1;
            if (!R->exited) kill(-R->pid, SIGKILL);
        } else {
            keep(&R->out, buf, (size_t)got, R->out_cap);
        }
    }
    return true;
}

/* Watches and drains until the child is reaped and its pipes are closed (or a process that
 * left the group keeps them open past the drain period). 0, or -1 with a message. */
static int follow(run *R, chopsat_run_result *r, chopsat_err *err)
{
    int rc = 0, nap = 1;
    while (rc == 0) {
        if (!R->exited) watch(R, r);
        bool open = R->fd[0] >= 0 || R->fd[1] >= 0;
        if (R->exited && (!open || chopsat_now() > R->drain_until)) break;
        if (!drain(R, r, &nap)) rc = fail(err, "poll: %s", strerror(errno));
    }
    if (!R->exited) reap(R, r);
    return rc;
}

/* Hands the captured bytes to r as NUL-terminated strings (NULL when not captured). */
static void hand_over(run *R, chopsat_run_result *r)
{
    const chopsat_run_spec *s = R->spec;
    if (s->out == CHOPSAT_RUN_CAPTURE) {
        VEC_PUSH(R->out, 0);
        r->out = R->out.items;
        r->out_len = R->out.n - 1;
    }
    if (s->err == CHOPSAT_RUN_CAPTURE) {
        VEC_PUSH(R->err, 0);
        r->err = R->err.items;
        r->err_len = R->err.n - 1;
    }
    r->exited = WIFEXITED(r->status);
    r->exit_code = r->exited ? WEXITSTATUS(r->status) : 0;
    r->signal = WIFSIGNALED(r->status) ? WTERMSIG(r->status) : 0;
}

/* chopsat_run under the public call's recovery point. */
static int run_spec(const chopsat_run_spec *s, chopsat_run_result *r, chopsat_err *err)
{
    memset(r, 0, sizeof *r);
    if (!s->argv == !s->child_main || (s->argv && !s->argv[0]))
        return fail(err, "a run needs a program or a function, not both");
    run R = {.spec = s, .slot = -1, .fd = {-1, -1}, .child_fd = {-1, -1, -1}, .exec_fd = -1};
    R.out_cap = s->out_cap ? s->out_cap : CHOPSAT_RUN_OUTPUT_CAP;
    int rc = 0;
    R.child_fd[0] = input_fd(s, err);
    if (s->input && R.child_fd[0] < 0) return -1;
    for (int i = 1; i <= 2 && !rc; i++)
        rc = output_fd(&R, i, err);
    if (!rc) rc = start(&R, err);
    if (rc) {
        close_child_fds(&R);
        for (int i = 0; i < 2; i++)
            if (R.fd[i] >= 0) close(R.fd[i]);
        return -1;
    }
    double now = R.start;
    R.deadline = s->deadline;
    if (s->timeout > 0 && (!R.deadline || now + s->timeout < R.deadline))
        R.deadline = now + s->timeout;
    r->exec_errno = exec_result(&R);
    rc = follow(&R, r, err);
    for (int i = 0; i < 2; i++)
        if (R.fd[i] >= 0) close(R.fd[i]);
    hand_over(&R, r);
    if (rc) chopsat_run_result_free(r);
    return rc;
}

int chopsat_run(const chopsat_run_spec *spec, chopsat_run_result *r, chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err, run_spec(spec, r, err));
}

void chopsat_run_result_free(chopsat_run_result *r)
{
    free(r->out);
    free(r->err);
    r->out = r->err = NULL;
    r->out_len = r->err_len = 0;
}
