/* sat_external.c: the "external:CMD" back end of the SAT shim (see sat.h). It keeps every clause
 * in memory; each solve writes them (plus the assumptions as unit clauses) to a temporary DIMACS
 * file, runs `/bin/sh -c 'CMD "$0"' FILE` in a process group of its own with stdout and stderr
 * captured, kills the group at the deadline, and reads the SAT-competition output with
 * model_read (dimacs.c). Every claimed model is checked against all clauses and assumptions, so
 * a broken solver gives an error, never a wrong answer. It is not incremental inside the
 * solver: every call solves from scratch. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "solvers/dimacs.h"
#include "solvers/sat.h"
#include "core/util.h"

extern char **environ;

#define MAX_OUTPUT ((size_t)256 << 20) /* solver output beyond this is an error */
#define STDERR_KEEP 4096               /* the tail of stderr kept for messages */

typedef struct external_shim {
    char *cmd;
    VEC(int) lits;        /* every clause added, 0-terminated */
    VEC(int) assumptions; /* for the next solve */
    int max_var;
    signed char *model;   /* values[1..model_vars] after 10 */
    int model_vars;
} external_shim;

static void *ex_create(const char *arg, bool proof, chopsat_err *err)
{
    (void)proof;
    (void)err;
    external_shim *x = xcalloc(1, sizeof *x);
    x->cmd = xstrdup(arg);
    return x;
}

static void ex_add(void *impl, int lit)
{
    external_shim *x = impl;
    int v = lit < 0 ? -lit : lit;
    if (v > x->max_var) x->max_var = v;
    VEC_PUSH(x->lits, lit);
}

static void ex_assume(void *impl, int lit)
{
    external_shim *x = impl;
    int v = lit < 0 ? -lit : lit;
    if (v > x->max_var) x->max_var = v;
    VEC_PUSH(x->assumptions, lit);
}

static void ex_release(void *impl)
{
    external_shim *x = impl;
    free(x->cmd);
    VEC_FREE(x->lits);
    VEC_FREE(x->assumptions);
    free(x->model);
    free(x);
}

static int ex_value(void *impl, int var)
{
    external_shim *x = impl;
    if (var < 1 || var > x->model_vars) return -1;
    return x->model[var] > 0 ? 1 : -1;
}

/* Writes the clauses and the assumptions as units to a new temporary file; *path receives its
 * name (the caller unlinks and frees it). */
static int write_problem(external_shim *x, char **path, chopsat_err *err)
{
    const char *dir = getenv("TMPDIR");
    if (!dir || !*dir) dir = "/tmp";
    size_t n = strlen(dir) + 32;
    char *p = xmalloc(n);
    snprintf(p, n, "%s/chopsat-XXXXXX", dir);
    int fd = mkstemp(p);
    if (fd < 0) {
        fail(err, "cannot create a temporary file in %s: %s", dir, strerror(errno));
        free(p);
        return -1;
    }
    *path = p;
    FILE *f = fdopen(fd, "w");
    if (!f) {
        close(fd);
        return fail(err, "cannot write %s: %s", p, strerror(errno));
    }
    VEC(int) all = {0};
    VEC_RESERVE(all, x->lits.n + 2 * x->assumptions.n);
    memcpy(all.items, x->lits.items, x->lits.n * sizeof(int));
    all.n = x->lits.n;
    for (size_t i = 0; i < x->assumptions.n; i++) {
        all.items[all.n++] = x->assumptions.items[i];
        all.items[all.n++] = 0;
    }
    char note[64];
    snprintf(note, sizeof note, "the last %zu clauses are the assumptions", x->assumptions.n);
    const char *comments[] = {"written by chopsat for an external solver", note};
    chopsat_err inner;
    int rc = dimacs_write(f, comments, x->assumptions.n ? 2 : 1, x->max_var, all.items, all.n,
                          &inner);
    VEC_FREE(all);
    if (fclose(f) != 0 && rc == 0) return fail(err, "cannot write %s: %s", p, strerror(errno));
    if (rc) return fail(err, "cannot write %s: %s", p, inner.msg);
    return 0;
}

typedef struct run_result {
    VEC(char) out;
    char errtail[STDERR_KEEP + 1];
    size_t errlen;
    int status; /* as waitpid */
    bool timed_out;
    bool too_long;
} run_result;

static void keep_stderr(run_result *r, const char *buf, size_t n)
{
    if (n >= STDERR_KEEP) {
        memcpy(r->errtail, buf + n - STDERR_KEEP, STDERR_KEEP);
        r->errlen = STDERR_KEEP;
        return;
    }
    if (r->errlen + n > STDERR_KEEP) {
        size_t drop = r->errlen + n - STDERR_KEEP;
        memmove(r->errtail, r->errtail + drop, r->errlen - drop);
        r->errlen -= drop;
    }
    memcpy(r->errtail + r->errlen, buf, n);
    r->errlen += n;
}

/* Runs `/bin/sh -c 'CMD "$0"' FILE` in its own process group, capturing stdout (whole) and
 * stderr (its tail) until it exits or the deadline passes (then the group is killed). When the
 * shell exits, whatever it left running in its group is killed too. */
static int run_solver(const char *cmd, const char *file, double deadline, run_result *r,
                      chopsat_err *err)
{
    int outp[2], errp[2];
    if (pipe(outp) != 0) return fail(err, "cannot create a pipe: %s", strerror(errno));
    if (pipe(errp) != 0) {
        close(outp[0]);
        close(outp[1]);
        return fail(err, "cannot create a pipe: %s", strerror(errno));
    }
    size_t n = strlen(cmd) + 8;
    char *script = xmalloc(n);
    snprintf(script, n, "%s \"$0\"", cmd);
    char *argv[] = {"/bin/sh", "-c", script, (char *)file, NULL};

    posix_spawn_file_actions_t fa;
    posix_spawnattr_t attr;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, outp[1], 1);
    posix_spawn_file_actions_adddup2(&fa, errp[1], 2);
    posix_spawn_file_actions_addclose(&fa, outp[0]);
    posix_spawn_file_actions_addclose(&fa, errp[0]);
    posix_spawn_file_actions_addclose(&fa, outp[1]);
    posix_spawn_file_actions_addclose(&fa, errp[1]);
    posix_spawnattr_init(&attr);
    sigset_t def;
    sigemptyset(&def);
    sigaddset(&def, SIGPIPE);
    sigaddset(&def, SIGINT);
    sigaddset(&def, SIGTERM);
    posix_spawnattr_setsigdefault(&attr, &def);
    posix_spawnattr_setpgroup(&attr, 0);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);
    pid_t pid;
    int e = posix_spawn(&pid, "/bin/sh", &fa, &attr, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&attr);
    free(script);
    close(outp[1]);
    close(errp[1]);
    if (e != 0) {
        close(outp[0]);
        close(errp[0]);
        return fail(err, "cannot run /bin/sh: %s", strerror(e));
    }

    int fds[2] = {outp[0], errp[0]};
    bool open[2] = {true, true}, exited = false;
    double drain_until = 0;
    char buf[65536];
    for (;;) {
        if (!exited) {
            siginfo_t si;
            memset(&si, 0, sizeof si);
            /* Look without reaping, so that the group id cannot be reused before the kill. */
            if (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 &&
                si.si_pid == pid) {
                kill(-pid, SIGKILL); /* leftovers of the shell */
                waitpid(pid, &r->status, 0);
                exited = true;
            } else if (deadline > 0 && sat_now() >= deadline) {
                kill(-pid, SIGKILL);
                waitpid(pid, &r->status, 0);
                exited = true;
                r->timed_out = true;
            }
            if (exited) drain_until = sat_now() + 1.0;
        }
        if (!open[0] && !open[1]) {
            if (exited) break;
            struct timespec ts = {0, 2000000};
            nanosleep(&ts, NULL);
            continue;
        }
        if (exited && sat_now() > drain_until) break; /* a process that left the group */
        struct pollfd pf[2];
        nfds_t np = 0;
        int which[2];
        for (int i = 0; i < 2; i++)
            if (open[i]) {
                pf[np] = (struct pollfd){.fd = fds[i], .events = POLLIN};
                which[np++] = i;
            }
        int ms = 50;
        if (!exited && deadline > 0) {
            double left = deadline - sat_now();
            if (left * 1000 < ms) ms = left > 0 ? (int)(left * 1000) + 1 : 0;
        }
        int k = poll(pf, np, ms);
        if (k < 0 && errno != EINTR) {
            fail(err, "poll: %s", strerror(errno));
            if (!exited) {
                kill(-pid, SIGKILL);
                waitpid(pid, &r->status, 0);
            }
            close(fds[0]);
            close(fds[1]);
            return -1;
        }
        for (nfds_t j = 0; k > 0 && j < np; j++) {
            if (!(pf[j].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            int i = which[j];
            ssize_t got = read(fds[i], buf, sizeof buf);
            if (got < 0 && (errno == EINTR || errno == EAGAIN)) continue;
            if (got <= 0) {
                open[i] = false;
                continue;
            }
            if (i == 1) keep_stderr(r, buf, (size_t)got);
            else if (r->out.n + (size_t)got > MAX_OUTPUT) {
                r->too_long = true;
                open[i] = false;
                kill(-pid, SIGKILL);
            } else {
                VEC_RESERVE(r->out, r->out.n + (size_t)got);
                memcpy(r->out.items + r->out.n, buf, (size_t)got);
                r->out.n += (size_t)got;
            }
        }
    }
    close(fds[0]);
    close(fds[1]);
    return 0;
}

/* The last non-empty line of the captured stderr, for messages ("" if none). */
static void last_err_line(const run_result *r, char *out, size_t size)
{
    size_t end = r->errlen;
    while (end && (r->errtail[end - 1] == '\n' || r->errtail[end - 1] == '\r' ||
                   r->errtail[end - 1] == ' '))
        end--;
    size_t start = end;
    while (start && r->errtail[start - 1] != '\n') start--;
    size_t len = end - start;
    if (len >= size) len = size - 1;
    memcpy(out, r->errtail + start, len);
    out[len] = 0;
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)out[i] < ' ') out[i] = ' ';
}

static const char *signame(int sig)
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

/* Checks a claimed model against every clause and assumption. */
static int check_model(const external_shim *x, chopsat_err *err)
{
    const int *l = x->lits.items;
    size_t clause = 1, begin = 0;
    bool satisfied = false;
    int unassigned = 0;
    for (size_t i = 0; i < x->lits.n; i++) {
        int lit = l[i];
        if (lit) {
            int v = lit < 0 ? -lit : lit;
            int val = x->model[v];
            if (val == 0) unassigned = v;
            else if ((val > 0) == (lit > 0)) satisfied = true;
            continue;
        }
        if (!satisfied) {
            if (unassigned)
                return fail(err, "claimed SAT but the model gives no value to variable %d "
                                 "(clause #%zu)",
                            unassigned, clause);
            char text[160];
            size_t used = 0;
            for (size_t k = begin; k < i && used < sizeof text - 24; k++)
                used += (size_t)snprintf(text + used, sizeof text - used, "%d ", l[k]);
            snprintf(text + used, sizeof text - used, "%s0", used < sizeof text - 24 ? "" : "... ");
            return fail(err, "claimed SAT but the model falsifies clause #%zu (%s)", clause, text);
        }
        clause++;
        begin = i + 1;
        satisfied = false;
        unassigned = 0;
    }
    for (size_t i = 0; i < x->assumptions.n; i++) {
        int lit = x->assumptions.items[i];
        int val = x->model[lit < 0 ? -lit : lit];
        if (val == 0)
            return fail(err, "claimed SAT but the model gives no value to assumed literal %d",
                        lit);
        if ((val > 0) != (lit > 0))
            return fail(err, "claimed SAT but the model contradicts assumption %d", lit);
    }
    return 0;
}

/* Interprets a finished run: 10, 20, 0 (timed out) or -1 with a message. */
static int interpret(external_shim *x, run_result *r, chopsat_err *err)
{
    if (r->timed_out) return 0;
    char tail[200];
    last_err_line(r, tail, sizeof tail);
    char extra[240] = "";
    if (*tail) snprintf(extra, sizeof extra, " (stderr: %s)", tail);
    if (r->too_long) return fail(err, "printed more than %zu MiB", MAX_OUTPUT >> 20);
    if (WIFSIGNALED(r->status)) {
        int sig = WTERMSIG(r->status);
        return fail(err, "crashed with signal %d (%s)%s", sig, signame(sig), extra);
    }
    int code = WIFEXITED(r->status) ? WEXITSTATUS(r->status) : -1;
    if (code > 128 && code <= 128 + 64) {
        int sig = code - 128; /* the shell reports a command killed by a signal this way */
        return fail(err, "crashed with signal %d (%s): exit status %d%s", sig, signame(sig),
                    code, extra);
    }
    if (code != 0 && code != 10 && code != 20)
        return fail(err, "exited with status %d%s", code, extra);

    if (r->out.n == 0) VEC_PUSH(r->out, '\n');
    FILE *f = fmemopen(r->out.items, r->out.n, "r");
    if (!f) return fail(err, "cannot read the output: %s", strerror(errno));
    free(x->model);
    x->model = xcalloc((size_t)x->max_var + 1, 1);
    x->model_vars = x->max_var;
    chopsat_err inner;
    int ans = model_read(f, "output", x->max_var, x->model, &inner);
    fclose(f);
    if (ans < 0) {
        x->model_vars = 0;
        return fail(err, "%s (exit status %d)", inner.msg, code);
    }
    if (code != 0 && code != ans) {
        x->model_vars = 0;
        return fail(err, "exited with status %d but printed 's %s'", code,
                    ans == 10 ? "SATISFIABLE" : "UNSATISFIABLE");
    }
    if (ans == 10 && check_model(x, err)) {
        x->model_vars = 0;
        return -1;
    }
    return ans;
}

static int ex_solve(void *impl, double deadline, double timeout, chopsat_err *err)
{
    external_shim *x = impl;
    (void)timeout;
    x->model_vars = 0;
    if (x->lits.n && x->lits.items[x->lits.n - 1] != 0) {
        x->assumptions.n = 0;
        return fail(err, "solve called in the middle of a clause (no final 0)");
    }
    char *path = NULL;
    int rc = write_problem(x, &path, err);
    if (rc == 0) {
        run_result r;
        memset(&r, 0, sizeof r);
        rc = run_solver(x->cmd, path, deadline, &r, err);
        if (rc == 0) rc = interpret(x, &r, err);
        VEC_FREE(r.out);
    }
    if (path) {
        unlink(path);
        free(path);
    }
    x->assumptions.n = 0;
    return rc;
}

const sat_backend sat_external_backend = {
    .name = "external",
    .create = ex_create,
    .add = ex_add,
    .assume = ex_assume,
    .solve = ex_solve,
    .value = ex_value,
    .release = ex_release,
    .write_proof = NULL,
};
