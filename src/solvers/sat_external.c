/* sat_external.c: the "external:CMD" back end of the SAT shim (see sat.h). It keeps every clause
 * in memory; each solve writes them (plus the assumptions as unit clauses) to a temporary DIMACS
 * file, runs CMD with the file's path appended through the one subprocess runner
 * (subprocess.h: no shell, its own process group, output captured and capped, killed at the
 * deadline), and reads the SAT-competition output with model_read (dimacs.c). Every claimed model
 * is checked against all clauses and assumptions, so a broken solver gives an error, never a wrong
 * answer. It is not incremental inside the solver: every call solves from scratch. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "core/util.h"
#include "formats/dimacs.h"
#include "solvers/sat.h"
#include "solvers/subprocess.h"

typedef struct external_shim {
    char *cmd;
    VEC(int) lits;        /* every clause added, 0-terminated */
    VEC(int) assumptions; /* for the next solve */
    int max_var;
    signed char *model; /* values[1..model_vars] after 10 */
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
 * name (the caller removes it with subprocess_temp_remove, also after a failure). */
static int write_problem(external_shim *x, char **path, chopsat_err *err)
{
    FILE *f;
    if (subprocess_temp("sat", path, &f, err)) return -1;
    VEC(int) all = {0};
    VEC_RESERVE(all, x->lits.n + 2 * x->assumptions.n);
    if (x->lits.n) memcpy(all.items, x->lits.items, x->lits.n * sizeof(int));
    all.n = x->lits.n;
    for (size_t i = 0; i < x->assumptions.n; i++) {
        all.items[all.n++] = x->assumptions.items[i];
        all.items[all.n++] = 0;
    }
    char note[64];
    snprintf(note, sizeof note, "the last %zu clauses are the assumptions", x->assumptions.n);
    const char *comments[] = {"written by chopsat for an external solver", note};
    chopsat_err inner;
    int rc =
        dimacs_write(f, comments, x->assumptions.n ? 2 : 1, x->max_var, all.items, all.n, &inner);
    VEC_FREE(all);
    if (fclose(f) != 0 && rc == 0) return fail(err, "cannot write %s: %s", *path, strerror(errno));
    if (rc) return fail(err, "cannot write %s: %s", *path, inner.msg);
    return 0;
}

/* Checks a claimed model against every clause and assumption. */
static int check_model(const external_shim *x, chopsat_err *err)
{
    const int *l = x->lits.items;
    size_t begin;
    int unassigned;
    size_t clause = model_falsified(l, x->lits.n, x->model, &begin, &unassigned);
    if (clause) {
        if (unassigned)
            return fail(err,
                        "claimed SAT but the model gives no value to variable %d "
                        "(clause #%zu)",
                        unassigned, clause);
        char text[160];
        size_t used = 0;
        for (size_t k = begin; l[k] && used < sizeof text - 24; k++)
            used += (size_t)snprintf(text + used, sizeof text - used, "%d ", l[k]);
        snprintf(text + used, sizeof text - used, "%s0", used < sizeof text - 24 ? "" : "... ");
        return fail(err, "claimed SAT but the model falsifies clause #%zu (%s)", clause, text);
    }
    for (size_t i = 0; i < x->assumptions.n; i++) {
        int lit = x->assumptions.items[i];
        int val = x->model[lit < 0 ? -lit : lit];
        if (val == 0)
            return fail(err, "claimed SAT but the model gives no value to assumed literal %d", lit);
        if ((val > 0) != (lit > 0))
            return fail(err, "claimed SAT but the model contradicts assumption %d", lit);
    }
    return 0;
}

/* The exit status or signal of a finished run as an error: 0 when it exited with 0, 10 or 20
 * (*code receives that status), else -1 with a message. */
static int check_status(const subprocess_out *r, int *code, chopsat_err *err)
{
    char extra[300] = "";
    if (*r->err_line) snprintf(extra, sizeof extra, " (stderr: %s)", r->err_line);
    if (r->too_long) return fail(err, "printed more than %zu MiB", SUBPROCESS_OUTPUT_CAP >> 20);
    if (WIFSIGNALED(r->status)) {
        int sig = WTERMSIG(r->status);
        return fail(err, "crashed with signal %d (%s)%s", sig, subprocess_signame(sig), extra);
    }
    *code = WIFEXITED(r->status) ? WEXITSTATUS(r->status) : -1;
    if (*code > 128 && *code <= 128 + 64) {
        int sig = *code - 128; /* a shell script reports a command killed by a signal this way */
        return fail(err, "crashed with signal %d (%s): exit status %d%s", sig,
                    subprocess_signame(sig), *code, extra);
    }
    if (*code != 0 && *code != 10 && *code != 20)
        return fail(err, "exited with status %d%s", *code, extra);
    return 0;
}

/* Interprets a finished run: 10, 20, 0 (timed out) or -1 with a message. */
static int interpret(external_shim *x, subprocess_out *r, chopsat_err *err)
{
    if (r->timed_out) return 0;
    int code = 0;
    if (check_status(r, &code, err)) return -1;
    FILE *f = r->out_len ? fmemopen(r->out, r->out_len, "r") : fmemopen((char[]){"\n"}, 1, "r");
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
        subprocess_out r;
        rc = subprocess_run(x->cmd, path, deadline, &r, err);
        if (rc == 0) rc = interpret(x, &r, err);
        subprocess_out_free(&r);
    }
    subprocess_temp_remove(path);
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
