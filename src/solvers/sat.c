/* sat.c: the dispatch of the SAT shim: chooses a back end by name, tracks the largest variable,
 * which assumptions the last call used and whether a model is valid, and words the errors
 * ("solver NAME: ..."). The back ends themselves live in sat_picosat.c, sat_cadical.c and
 * sat_external.c, one per file; this file does no solving. */
#include "solvers/sat.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/util.h"

struct sat {
    const sat_backend *be;
    void *impl;
    char *name; /* "picosat", "cadical", "external:CMD" */
    int max_var;
    bool model_valid; /* the last solve said 10 and nothing was added or assumed since */
    int last_result;  /* 10, 20, or 0 (none or error) */
};

static sat *create(const char *backend, bool proof, chopsat_err *err)
{
    const sat_backend *be;
    const char *arg = NULL;
    if (!backend) backend = CHOPSAT_DEFAULT_SAT;
    if (!strcmp(backend, sat_picosat_backend.name))
        be = &sat_picosat_backend;
    else if (!strcmp(backend, sat_cadical_backend.name))
        be = &sat_cadical_backend;
    else if (!strncmp(backend, "external:", 9)) {
        be = &sat_external_backend;
        arg = backend + 9;
        if (arg[strspn(arg, " \t")] == 0) {
            fail(err, "solver '%s': no command after 'external:'", backend);
            return NULL;
        }
    } else {
        fail(err, "unknown solver '%s' (expected picosat, cadical or external:CMD)", backend);
        return NULL;
    }
    if (proof && !be->write_proof) {
        fail(err,
             "solver %s: cannot write proofs (only the picosat back end can; or dump the "
             "CNF and run the cadical program with a proof file)",
             backend);
        return NULL;
    }
    chopsat_err inner = {{0}};
    void *impl = be->create(arg, proof, &inner);
    if (!impl) {
        fail(err, "solver %s: %s", backend, inner.msg);
        return NULL;
    }
    sat *s = xcalloc(1, sizeof *s);
    s->be = be;
    s->impl = impl;
    s->name = xstrdup(backend);
    return s;
}

sat *sat_new(const char *backend, chopsat_err *err)
{
    return create(backend, false, err);
}

sat *sat_new_with_proof(const char *backend, chopsat_err *err)
{
    return create(backend, true, err);
}

static void note_var(sat *s, int lit)
{
    int v = lit < 0 ? -lit : lit;
    if (v > s->max_var) s->max_var = v;
}

void sat_add(sat *s, int lit)
{
    if (lit == INT_MIN) lit = -INT_MAX; /* no such literal; keep it in range */
    note_var(s, lit);
    s->model_valid = false;
    s->be->add(s->impl, lit);
}

void sat_assume(sat *s, int lit)
{
    if (lit == 0 || lit == INT_MIN) return;
    note_var(s, lit);
    s->model_valid = false;
    s->be->assume(s->impl, lit);
}

int sat_solve(sat *s, double timeout_seconds, chopsat_err *err)
{
    double deadline = 0;
    if (timeout_seconds > 0) deadline = now_seconds() + timeout_seconds;
    s->model_valid = false;
    s->last_result = 0;
    chopsat_err inner = {{0}};
    int r = s->be->solve(s->impl, deadline, timeout_seconds > 0 ? timeout_seconds : 0, &inner);
    if (r == 10 || r == 20) {
        s->last_result = r;
        s->model_valid = r == 10;
        return r;
    }
    if (r == 0) return fail(err, "solver %s: timed out after %g s", s->name, timeout_seconds);
    return fail(err, "solver %s: %s", s->name, inner.msg);
}

int sat_value(sat *s, int var)
{
    if (!s->model_valid || var == 0 || var == INT_MIN) return 0;
    if (var < 0) var = -var;
    if (var > s->max_var) return -1;
    return s->be->value(s->impl, var) > 0 ? 1 : -1;
}

bool sat_failed(sat *s, int lit)
{
    if (s->last_result != 20 || s->model_valid || !s->be->failed) return true;
    return s->be->failed(s->impl, lit) != 0;
}

void sat_release(sat *s)
{
    if (!s) return;
    s->be->release(s->impl);
    free(s->name);
    free(s);
}

const char *sat_backend_name(const sat *s)
{
    return s->name;
}

void sat_prefer_many_calls(sat *s)
{
    if (s->be->many_calls) s->be->many_calls(s->impl);
}

int sat_max_var(const sat *s)
{
    return s->max_var;
}

int sat_write_proof(sat *s, FILE *out, chopsat_err *err)
{
    if (!s->be->write_proof)
        return fail(err, "solver %s: cannot write proofs (only the picosat back end can)", s->name);
    if (s->last_result != 20)
        return fail(err, "solver %s: no proof: the last solve did not answer unsatisfiable",
                    s->name);
    chopsat_err inner = {{0}};
    if (s->be->write_proof(s->impl, out, &inner))
        return fail(err, "solver %s: %s", s->name, inner.msg);
    return 0;
}
