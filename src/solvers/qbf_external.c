/* qbf_external.c: the QBF back end "external:CMD". It writes the formula as QDIMACS to a
 * temporary file, runs `CMD FILE` through /bin/sh with its output in a second temporary file,
 * and reads the QDIMACS output format: exactly one `s cnf 1|0 ...` line (`s cnf -1` is "no
 * answer") and optional `V <lit> 0` lines with values of the outermost block. Anything else
 * (a crash, a time-out, no s line, an exit status 10/20 that contradicts the s line, a V line
 * naming a variable outside the outermost block) is an error, never an answer. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "symbolic/qbf.h"
#include "core/util.h"

static double mono(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Runs `cmd path` with stdout into out_path; the wait status, or -1 with a message. */
static int run(const char *cmd, const char *path, const char *out_path, double timeout,
               chopsat_err *err)
{
    size_t n = strlen(cmd) + strlen(path) + strlen(out_path) + 32;
    char *line = xmalloc(n);
    snprintf(line, n, "exec %s '%s' >'%s'", cmd, path, out_path);
    pid_t pid = fork();
    if (pid < 0) {
        free(line);
        return fail(err, "solver external:%s: cannot start: %s", cmd, strerror(errno));
    }
    if (pid == 0) {
        setpgid(0, 0);
        execl("/bin/sh", "sh", "-c", line, (char *)NULL);
        _exit(127);
    }
    free(line);
    double deadline = timeout > 0 ? mono() + timeout : 0;
    int status;
    for (;;) {
        pid_t w = waitpid(pid, &status, WNOHANG);
        if (w == pid) break;
        if (w < 0 && errno != EINTR) return fail(err, "solver external:%s: lost: %s", cmd, strerror(errno));
        if (deadline && mono() > deadline) {
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            return fail(err, "solver external:%s: timed out after %g s", cmd, timeout);
        }
        struct timespec ts = {0, 2000000};
        nanosleep(&ts, NULL);
    }
    return status;
}

/* Reads the QDIMACS output; 10, 20 or -1. */
static int read_output(const qbf *f, const char *cmd, FILE *in, signed char *val, chopsat_err *err)
{
    int nv = qbf_var_count(f);
    size_t nblocks;
    const bool *exists;
    const int *vars;
    const size_t *start;
    qbf_prefix(f, &nblocks, &exists, &vars, &start);
    bool *outer = xcalloc((size_t)nv + 1, 1);
    for (size_t i = nblocks ? start[0] : 0; nblocks && i < start[1]; i++) outer[vars[i]] = 1;
    char buf[4096];
    int answer = 0, lineno = 0, rc = 0;
    while (!rc && fgets(buf, sizeof buf, in)) {
        lineno++;
        buf[strcspn(buf, "\r\n")] = 0;
        int a, l, z;
        char extra;
        if (buf[0] == 'c' || buf[0] == 0) continue;
        if (!strncmp(buf, "s cnf ", 6)) {
            if (answer) rc = fail(err, "solver external:%s: two s lines", cmd);
            else if (sscanf(buf + 6, "%d%n", &a, &l) != 1 || a < -1 || a > 1 ||
                     (buf[6 + l] && buf[6 + l] != ' ' && buf[6 + l] != '\t'))
                rc = fail(err, "solver external:%s: unreadable line '%.60s'", cmd, buf);
            else if (a == -1) rc = fail(err, "solver external:%s: no answer (s cnf -1)", cmd);
            else answer = a ? 10 : 20;
        } else if ((buf[0] == 'V' || buf[0] == 'v') &&
                   sscanf(buf + 1, "%d %d %c", &l, &z, &extra) == 2 && z == 0) {
            int v = l < 0 ? -l : l;
            if (v < 1 || v > nv || !outer[v])
                rc = fail(err, "solver external:%s: V line for variable %d, not in the "
                               "outermost block", cmd, v);
            else val[v] = l > 0 ? 1 : -1;
        } else {
            rc = fail(err, "solver external:%s: unreadable line %d '%.60s'", cmd, lineno, buf);
        }
    }
    free(outer);
    if (rc) return -1;
    if (!answer) return fail(err, "solver external:%s: printed no 's cnf' line", cmd);
    return answer;
}

int qbf_solve_external(const qbf *f, const char *cmd, double timeout, signed char *val,
                       chopsat_err *err)
{
    const char *dir = getenv("TMPDIR");
    if (!dir || !*dir) dir = "/tmp";
    char in_path[512], out_path[512];
    snprintf(in_path, sizeof in_path, "%s/chopsat-qbf-XXXXXX", dir);
    snprintf(out_path, sizeof out_path, "%s/chopsat-qbf-out-XXXXXX", dir);
    int fd1 = mkstemp(in_path);
    if (fd1 < 0) return fail(err, "cannot create a temporary file in %s: %s", dir, strerror(errno));
    int fd2 = mkstemp(out_path);
    if (fd2 < 0) {
        close(fd1);
        unlink(in_path);
        return fail(err, "cannot create a temporary file in %s: %s", dir, strerror(errno));
    }
    close(fd2);
    FILE *w = fdopen(fd1, "w");
    int rc = -1;
    if (!w) {
        close(fd1);
        fail(err, "cannot write a temporary file: %s", strerror(errno));
        goto out;
    }
    int wrc = qbf_write_qdimacs(f, w, err);
    if (fclose(w) != 0 && !wrc) wrc = fail(err, "cannot write a temporary file");
    if (wrc) goto out;
    int status = run(cmd, in_path, out_path, timeout, err);
    if (status < 0) goto out;
    if (WIFSIGNALED(status)) {
        fail(err, "solver external:%s: crashed with signal %d", cmd, WTERMSIG(status));
        goto out;
    }
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    FILE *r = fopen(out_path, "r");
    if (!r) {
        fail(err, "cannot read the solver's output: %s", strerror(errno));
        goto out;
    }
    rc = read_output(f, cmd, r, val, err);
    fclose(r);
    if (rc > 0 && code != 0 && code != rc) {
        rc = fail(err, "solver external:%s: exit status %d contradicts its answer %s", cmd, code,
                  rc == 10 ? "true" : "false");
    } else if (rc < 0 && code != 0 && code != 10 && code != 20 && code != 127) {
        /* keep the reading error: it names the line */
    } else if (rc < 0 && code == 127) {
        rc = fail(err, "solver external:%s: command not found (exit status 127)", cmd);
    }
out:
    unlink(in_path);
    unlink(out_path);
    return rc;
}
