/* qbf_external.c: the QBF back end "external:CMD". It writes the problem as QDIMACS
 * (qdimacs_write, dimacs.c) to a temporary file, runs CMD with the file's path appended through
 * the one subprocess runner (subprocess.h: no shell, its own process group, stdout captured and
 * capped, stderr captured), and reads the QDIMACS output format: exactly one `s cnf 1|0 ...`
 * line (`s cnf -1` is "no answer") and optional `V <lit> 0` lines with values of the outermost
 * block. Anything else (a crash, a time-out, no s line, an exit status 10/20 that contradicts
 * the s line, a V line naming a variable outside the outermost block) is an error, never an
 * answer. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "solvers/dimacs.h"
#include "solvers/qbf_solver.h"
#include "solvers/subprocess.h"
#include "core/util.h"

/* Reads one line of the output (any length, "\r\n" or "\n" ended) into line, NUL-terminated
 * in place; false at the end. */
static bool next_line(char **pos, char *end, char **line)
{
    if (*pos >= end) return false;
    char *s = *pos, *nl = memchr(s, '\n', (size_t)(end - s));
    char *e = nl ? nl : end;
    *pos = nl ? nl + 1 : end;
    if (e > s && e[-1] == '\r') e--;
    *e = 0;
    *line = s;
    return true;
}

/* One line of the output: 0, or -1 with a message; *answer becomes 10/20 on an s line. */
static int read_line(const qbf_problem *p, const bool *outer, const char *cmd, const char *buf,
                     int lineno, int *answer, signed char *val, chopsat_err *err)
{
    int a, l, z;
    char extra;
    if (buf[0] == 'c' || buf[0] == 0) return 0;
    if (!strncmp(buf, "s cnf ", 6)) {
        if (*answer) return fail(err, "solver external:%s: two s lines", cmd);
        if (sscanf(buf + 6, "%d%n", &a, &l) != 1 || a < -1 || a > 1 ||
            (buf[6 + l] && buf[6 + l] != ' ' && buf[6 + l] != '\t'))
            return fail(err, "solver external:%s: unreadable line '%.60s'", cmd, buf);
        if (a == -1) return fail(err, "solver external:%s: no answer (s cnf -1)", cmd);
        *answer = a ? 10 : 20;
        return 0;
    }
    if ((buf[0] == 'V' || buf[0] == 'v') && sscanf(buf + 1, "%d %d %c", &l, &z, &extra) == 2 &&
        z == 0) {
        int v = l < 0 ? -l : l;
        if (v < 1 || v > p->nvars || !outer[v])
            return fail(err, "solver external:%s: V line for variable %d, not in the outermost "
                             "block", cmd, v);
        val[v] = l > 0 ? 1 : -1;
        return 0;
    }
    return fail(err, "solver external:%s: unreadable line %d '%.60s'", cmd, lineno, buf);
}

/* Reads the QDIMACS output; 10, 20 or -1. */
static int read_output(const qbf_problem *p, const char *cmd, subprocess_out *r,
                       signed char *val, chopsat_err *err)
{
    bool *outer = xcalloc((size_t)p->nvars + 1, 1);
    for (size_t i = p->nblocks ? p->start[0] : 0; p->nblocks && i < p->start[1]; i++)
        outer[p->vars[i]] = 1;
    char *pos = r->out, *end = r->out + r->out_len, *line;
    int answer = 0, lineno = 0, rc = 0;
    while (!rc && next_line(&pos, end, &line))
        rc = read_line(p, outer, cmd, line, ++lineno, &answer, val, err);
    free(outer);
    if (rc) return -1;
    if (!answer) return fail(err, "solver external:%s: printed no 's cnf' line", cmd);
    return answer;
}

/* Writes p as QDIMACS to a new temporary file; 0 or -1 (*path set either way once made). */
static int write_problem(const qbf_problem *p, char **path, chopsat_err *err)
{
    FILE *w;
    if (subprocess_temp("qbf", path, &w, err)) return -1;
    int rc = qdimacs_write(w, p->comments, p->ncomments, p->nvars, p->nblocks, p->exists,
                           p->vars, p->start, p->lits, p->nlits, err);
    if (fclose(w) != 0 && !rc) rc = fail(err, "cannot write a temporary file");
    return rc;
}

/* The run's status as an error, or 0 with *code its exit status. */
static int check_status(const char *cmd, const subprocess_out *r, double timeout, int *code,
                        chopsat_err *err)
{
    char extra[300] = "";
    if (*r->err_line) snprintf(extra, sizeof extra, " (stderr: %s)", r->err_line);
    if (r->timed_out) return fail(err, "solver external:%s: timed out after %g s", cmd, timeout);
    if (r->too_long)
        return fail(err, "solver external:%s: printed more than %zu MiB", cmd,
                    SUBPROCESS_OUTPUT_CAP >> 20);
    if (WIFSIGNALED(r->status))
        return fail(err, "solver external:%s: crashed with signal %d%s", cmd,
                    WTERMSIG(r->status), extra);
    *code = WIFEXITED(r->status) ? WEXITSTATUS(r->status) : -1;
    if (*code == 127)
        return fail(err, "solver external:%s: command not found (exit status 127)%s", cmd, extra);
    return 0;
}

static int ex_solve(const qbf_problem *p, const char *cmd, double timeout, signed char *val,
                    chopsat_err *err)
{
    char *path = NULL;
    int rc = write_problem(p, &path, err);
    if (rc == 0) {
        subprocess_out r;
        int code = 0;
        rc = subprocess_run(cmd, path, timeout > 0 ? now_seconds() + timeout : 0, &r, err);
        if (rc == 0) rc = check_status(cmd, &r, timeout, &code, err);
        if (rc == 0) rc = read_output(p, cmd, &r, val, err);
        if (rc > 0 && code != 0 && code != rc)
            rc = fail(err, "solver external:%s: exit status %d contradicts its answer %s", cmd,
                      code, rc == 10 ? "true" : "false");
        subprocess_out_free(&r);
    }
    subprocess_temp_remove(path);
    return rc;
}

const qbf_backend qbf_external_backend = {.name = "external", .writes_file = true,
                                          .solve = ex_solve};
