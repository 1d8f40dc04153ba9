/* qbf_external.c: the QBF back end "external:CMD". It writes the problem as QDIMACS
 * (qdimacs_write, dimacs.c) to a temporary file, runs CMD with the file's path appended through
 * the one subprocess runner (subprocess.h: no shell, its own process group, stdout captured and
 * capped, stderr captured), and reads the QDIMACS output format (qdimacs_output_read,
 * dimacs.h): exactly one `s cnf 1|0 ...` line (`s cnf -1` is "no answer") and optional
 * `V <lit> 0` lines with values of the outermost block. Anything else (a crash, a time-out,
 * no s line, an exit status 10/20 that contradicts the s line, a V line naming a variable
 * outside the outermost block) is an error, never an answer. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "core/util.h"
#include "formats/dimacs.h"
#include "solvers/qbf_solver.h"
#include "solvers/subprocess.h"

/* Reads the QDIMACS output (qdimacs_output_read, qdimacs_output.c); 10, 20 or -1. */
static int read_output(const qbf_problem *p, const char *cmd, subprocess_out *r, signed char *val,
                       chopsat_err *err)
{
    bool *outer = xcalloc((size_t)p->nvars + 1, 1);
    for (size_t i = p->nblocks ? p->start[0] : 0; p->nblocks && i < p->start[1]; i++)
        outer[p->vars[i]] = 1;
    size_t n = strlen(cmd) + 20;
    char *name = xmalloc(n);
    snprintf(name, n, "solver external:%s", cmd);
    int rc = qdimacs_output_read(r->out, r->out_len, name, p->nvars, outer, val, err);
    free(name);
    free(outer);
    return rc;
}

/* Writes p as QDIMACS to a new temporary file; 0 or -1 (*path set either way once made). */
static int write_problem(const qbf_problem *p, char **path, chopsat_err *err)
{
    FILE *w;
    if (subprocess_temp("qbf", path, &w, err)) return -1;
    int rc = qdimacs_write(w, p->comments, p->ncomments, p->nvars, p->nblocks, p->exists, p->vars,
                           p->start, p->lits, p->nlits, err);
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
        return fail(err, "solver external:%s: crashed with signal %d%s", cmd, WTERMSIG(r->status),
                    extra);
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

const qbf_backend qbf_external_backend = {
    .name = "external", .writes_file = true, .solve = ex_solve};
