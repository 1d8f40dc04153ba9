/* subprocess.c: the one runner of external programs (see subprocess.h): word splitting, safe
 * temporaries, fork/exec without a shell, capture of stdout (capped) and stderr (first line),
 * the deadline, and the stop hook for a signal handler (chopsat_stop_children, chopsat.h).
 *
 * The stop hook needs to know, from inside a signal handler, which child group is running and
 * which temporaries exist. That is the library's only process-wide state: a fixed table written
 * before an entry is marked live, read by the hook with async-signal-safe calls only. */
#include "solvers/subprocess.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/oom.h"
#include "core/util.h"

#define TEMP_SLOTS 8
#define TEMP_PATH 4096
#define STDERR_KEEP 4096 /* the first bytes of stderr kept for messages */

static char temp_path[TEMP_SLOTS][TEMP_PATH];
static volatile sig_atomic_t temp_live[TEMP_SLOTS];
static volatile sig_atomic_t child_group; /* the running child's process group, 0 = none */

typedef VEC(char) char_vec;

void chopsat_stop_children(void)
{
    pid_t g = (pid_t)child_group;
    if (g > 0) kill(-g, SIGKILL);
    child_group = 0;
    for (int i = 0; i < TEMP_SLOTS; i++)
        if (temp_live[i]) {
            unlink(temp_path[i]);
            temp_live[i] = 0;
        }
}

/* A public call that runs out of memory while a solver runs or a temporary exists stops the
 * one and removes the other on its way out (core/oom.h): the same as chopsat_stop_children,
 * and the child reaped. */
static void stop_on_unwind(void *arg)
{
    (void)arg;
    pid_t g = (pid_t)child_group;
    chopsat_stop_children();
    if (g > 0) waitpid(g, NULL, 0);
}
static cs_unwind children_unwind = {.fn = stop_on_unwind};

/* Keeps children_unwind registered exactly while a child or a temporary is live. */
static void track_children(void)
{
    bool live = child_group != 0;
    for (int i = 0; i < TEMP_SLOTS && !live; i++) live = temp_live[i];
    if (live) cs_unwind_add(&children_unwind);
    else cs_unwind_remove(&children_unwind);
}

/* ---- word splitting ---- */

/* Appends one character to the word being built. */
static void put(char_vec *w, char c) { VEC_PUSH(*w, c); }

int subprocess_split(const char *cmd, char ***argv, chopsat_err *err)
{
    VEC(char *) words = {0};
    char_vec w = {0};
    const char *p = cmd;
    int rc = 0;
    for (;;) {
        while (*p == ' ' || *p == '\t') p++;
        if (!*p) break;
        w.n = 0;
        while (!rc && *p && *p != ' ' && *p != '\t') {
            char c = *p++;
            if (c == '\'') {
                while (*p && *p != '\'') put(&w, *p++);
                if (!*p) rc = fail(err, "unterminated ' in the command '%s'", cmd);
                else p++;
            } else if (c == '"') {
                while (*p && *p != '"') {
                    if (*p == '\\' && (p[1] == '"' || p[1] == '\\')) p++;
                    put(&w, *p++);
                }
                if (!*p) rc = fail(err, "unterminated \" in the command '%s'", cmd);
                else p++;
            } else if (c == '\\') {
                if (!*p) rc = fail(err, "a trailing backslash in the command '%s'", cmd);
                else put(&w, *p++);
            } else {
                put(&w, c);
            }
        }
        if (rc) break;
        put(&w, 0);
        VEC_PUSH(words, xstrdup(w.items));
    }
    VEC_FREE(w);
    if (!rc && !words.n) rc = fail(err, "no command after 'external:'");
    VEC_PUSH(words, NULL);
    if (rc) {
        subprocess_argv_free(words.items);
        return -1;
    }
    *argv = words.items;
    return (int)words.n - 1;
}

void subprocess_argv_free(char **argv)
{
    if (!argv) return;
    for (char **a = argv; *a; a++) free(*a);
    free(argv);
}

/* ---- temporaries ---- */

int subprocess_temp(const char *what, char **path, FILE **f, chopsat_err *err)
{
    const char *dir = getenv("TMPDIR");
    if (!dir || !*dir) dir = "/tmp";
    size_t n = strlen(dir) + strlen(what) + 32;
    char *p = xmalloc(n);
    snprintf(p, n, "%s/chopsat-%s-XXXXXX", dir, what);
    int fd = mkstemp(p); /* mode 0600, O_EXCL */
    if (fd < 0) {
        fail(err, "cannot create a temporary file in %s: %s", dir, strerror(errno));
        free(p);
        return -1;
    }
    for (int i = 0; i < TEMP_SLOTS && n <= TEMP_PATH; i++)
        if (!temp_live[i]) {
            memcpy(temp_path[i], p, strlen(p) + 1);
            temp_live[i] = 1;
            track_children();
            break;
        }
    *path = p;
    *f = fdopen(fd, "w");
    if (!*f) {
        close(fd);
        fail(err, "cannot write %s: %s", p, strerror(errno));
        subprocess_temp_remove(p);
        return -1;
    }
    return 0;
}

void subprocess_temp_remove(char *path)
{
    if (!path) return;
    for (int i = 0; i < TEMP_SLOTS; i++)
        if (temp_live[i] && !strcmp(temp_path[i], path)) temp_live[i] = 0;
    track_children();
    unlink(path);
    free(path);
}

/* ---- running ---- */

/* In the child after fork: its own group, default signals, stdin /dev/null, stdout and stderr
 * into the pipes, then the program. Never returns. */
static void child(char **argv, int out_fd, int err_fd)
{
    setpgid(0, 0);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    signal(SIGPIPE, SIG_DFL);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    int null = open("/dev/null", O_RDONLY);
    if (null < 0 || dup2(null, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0) _exit(127);
    execvp(argv[0], argv);
    /* the shell's wording for a missing program, strerror's for the rest */
    const char *why = errno == ENOENT ? "not found" : strerror(errno);
    ssize_t rc = 0;
    if (errno != ENOENT) rc = write(2, "cannot execute ", 15);
    rc = write(2, argv[0], strlen(argv[0]));
    rc = write(2, ": ", 2);
    rc = write(2, why, strlen(why));
    rc = write(2, "\n", 1);
    (void)rc;
    _exit(127);
}

/* Keeps the first STDERR_KEEP bytes of stderr. */
static void keep_err(char_vec *e, const char *buf, size_t n)
{
    if (e->n >= STDERR_KEEP) return;
    if (n > STDERR_KEEP - e->n) n = STDERR_KEEP - e->n;
    VEC_RESERVE(*e, e->n + n);
    memcpy(e->items + e->n, buf, n);
    e->n += n;
}

/* The first non-empty line of e, with every byte outside printable ASCII written \xNN. */
static void first_line(const char *e, size_t n, char *out, size_t size)
{
    size_t i = 0, used = 0;
    while (i < n && (e[i] == '\n' || e[i] == '\r' || e[i] == ' ')) i++;
    size_t end = i;
    while (end < n && e[end] != '\n') end++;
    while (end > i && (e[end - 1] == '\r' || e[end - 1] == ' ')) end--;
    for (; i < end && used + 8 < size; i++) {
        unsigned char c = (unsigned char)e[i];
        if (c >= ' ' && c < 127) out[used++] = (char)c;
        else used += (size_t)snprintf(out + used, size - used, "\\x%02x", c);
    }
    if (i < end) used += (size_t)snprintf(out + used, size - used, "...");
    out[used] = 0;
}

typedef struct pump {
    pid_t pid;
    int fd[2];     /* stdout, stderr read ends; -1 when closed */
    bool exited;
    double drain_until;
    char_vec out, err;
} pump;

/* Reaps the child if it has exited (killing what it left in its group) or kills it at the
 * deadline. */
static void watch(pump *p, double deadline, subprocess_out *r)
{
    siginfo_t si;
    memset(&si, 0, sizeof si);
    /* look without reaping, so that the group id cannot be reused before the kill */
    bool done = waitid(P_PID, (id_t)p->pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 &&
                si.si_pid == p->pid;
    if (!done && deadline > 0 && now_seconds() >= deadline) done = r->timed_out = true;
    if (!done) return;
    kill(-p->pid, SIGKILL);
    waitpid(p->pid, &r->status, 0);
    child_group = 0;
    track_children();
    p->exited = true;
    p->drain_until = now_seconds() + 1.0;
}

/* Reads what is ready on the pipes; false when polling failed. */
static bool drain(pump *p, double deadline, subprocess_out *r)
{
    struct pollfd pf[2];
    nfds_t np = 0;
    int which[2];
    for (int i = 0; i < 2; i++)
        if (p->fd[i] >= 0) {
            pf[np] = (struct pollfd){.fd = p->fd[i], .events = POLLIN};
            which[np++] = i;
        }
    int ms = 50;
    if (!p->exited && deadline > 0) {
        double left = deadline - now_seconds();
        if (left * 1000 < ms) ms = left > 0 ? (int)(left * 1000) + 1 : 0;
    }
    int k = poll(pf, np, ms);
    if (k < 0) return errno == EINTR;
    char buf[65536];
    for (nfds_t j = 0; k > 0 && j < np; j++) {
        if (!(pf[j].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        int i = which[j];
        ssize_t got = read(p->fd[i], buf, sizeof buf);
        if (got < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (got <= 0) {
            close(p->fd[i]);
            p->fd[i] = -1;
        } else if (i == 1) {
            keep_err(&p->err, buf, (size_t)got);
        } else if (p->out.n + (size_t)got > SUBPROCESS_OUTPUT_CAP) {
            r->too_long = true;
            close(p->fd[i]);
            p->fd[i] = -1;
            if (!p->exited) kill(-p->pid, SIGKILL);
        } else {
            VEC_RESERVE(p->out, p->out.n + (size_t)got + 1);
            memcpy(p->out.items + p->out.n, buf, (size_t)got);
            p->out.n += (size_t)got;
        }
    }
    return true;
}

/* pipe() with both ends closed on exec (the child's dup2 copies are not). */
static int cloexec_pipe(int fd[2])
{
    if (pipe(fd) != 0) return -1;
    fcntl(fd[0], F_SETFD, FD_CLOEXEC);
    fcntl(fd[1], F_SETFD, FD_CLOEXEC);
    return 0;
}

/* Starts argv with its output into two new pipes; 0 or -1 with a message. */
static int start(char **argv, pump *p, chopsat_err *err)
{
    int outp[2], errp[2];
    if (cloexec_pipe(outp) != 0) return fail(err, "cannot create a pipe: %s", strerror(errno));
    if (cloexec_pipe(errp) != 0) {
        close(outp[0]);
        close(outp[1]);
        return fail(err, "cannot create a pipe: %s", strerror(errno));
    }
    fflush(NULL);
    p->pid = fork();
    if (p->pid == 0) child(argv, outp[1], errp[1]);
    close(outp[1]);
    close(errp[1]);
    if (p->pid < 0) {
        close(outp[0]);
        close(errp[0]);
        return fail(err, "cannot start %s: %s", argv[0], strerror(errno));
    }
    setpgid(p->pid, p->pid); /* also here, so that a kill before the child runs reaches it */
    child_group = (sig_atomic_t)p->pid;
    track_children();
    p->fd[0] = outp[0];
    p->fd[1] = errp[0];
    return 0;
}

int subprocess_run(const char *cmd, const char *file, double deadline, subprocess_out *r,
                   chopsat_err *err)
{
    memset(r, 0, sizeof *r);
    char **argv;
    int n = subprocess_split(cmd, &argv, err);
    if (n < 0) return -1;
    argv = xrealloc(argv, ((size_t)n + 2) * sizeof *argv);
    argv[n] = xstrdup(file);
    argv[n + 1] = NULL;
    pump p = {.fd = {-1, -1}};
    int rc = start(argv, &p, err);
    subprocess_argv_free(argv);
    if (rc) return -1;
    while (rc == 0) {
        if (!p.exited) watch(&p, deadline, r);
        if (p.fd[0] < 0 && p.fd[1] < 0) {
            if (p.exited) break;
            struct timespec ts = {0, 2000000};
            nanosleep(&ts, NULL);
            continue;
        }
        if (p.exited && now_seconds() > p.drain_until) break; /* a process that left the group */
        if (!drain(&p, deadline, r)) rc = fail(err, "poll: %s", strerror(errno));
    }
    if (!p.exited) {
        kill(-p.pid, SIGKILL);
        waitpid(p.pid, &r->status, 0);
        child_group = 0;
        track_children();
    }
    for (int i = 0; i < 2; i++)
        if (p.fd[i] >= 0) close(p.fd[i]);
    first_line(p.err.items, p.err.n, r->err_line, sizeof r->err_line);
    VEC_FREE(p.err);
    VEC_PUSH(p.out, 0);
    r->out = p.out.items;
    r->out_len = p.out.n - 1;
    if (rc) subprocess_out_free(r);
    return rc;
}

void subprocess_out_free(subprocess_out *r)
{
    free(r->out);
    r->out = NULL;
    r->out_len = 0;
}

const char *subprocess_signame(int sig)
{
    switch (sig) {
    case SIGSEGV: return "SIGSEGV";
    case SIGABRT: return "SIGABRT";
    case SIGKILL: return "SIGKILL";
    case SIGTERM: return "SIGTERM";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
    case SIGINT: return "SIGINT";
    case SIGPIPE: return "SIGPIPE";
    case SIGXCPU: return "SIGXCPU";
    default: return "signal";
    }
}
