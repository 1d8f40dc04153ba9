/* unsat_core.c: a minimal unsatisfiable subset of groups of clauses, by selectors, failed
 * assumptions and deletion (see unsat_core.h). */
#include "solvers/unsat_core.h"

#include <stdlib.h>

#include "core/util.h"
#include "solvers/sat.h"

/* The solver with every clause, group g's guarded by the selector nvars + 1 + g. */
static sat *load(const char *backend, const core_input *in, chopsat_err *err)
{
    sat *s = sat_new(backend, err);
    if (!s) return NULL;
    size_t clause = 0;
    for (size_t i = 0; i < in->nlits; i++) {
        int l = in->lits[i];
        if (l) {
            sat_add(s, l);
            continue;
        }
        if (in->group[clause] != CORE_BACKGROUND)
            sat_add(s, -(in->nvars + 1 + (int)in->group[clause]));
        sat_add(s, 0);
        clause++;
    }
    return s;
}

/* One call under the selectors of the groups with on[g]; on an unsatisfiable answer, on[] keeps
 * only the failed ones. 10, 20 or -1. */
static int solve_under(sat *s, const core_input *in, bool *on, double timeout, int *calls,
                       chopsat_err *err)
{
    for (size_t g = 0; g < in->ngroups; g++)
        if (on[g]) sat_assume(s, in->nvars + 1 + (int)g);
    (*calls)++;
    int rc = sat_solve(s, timeout, err);
    if (rc == 20)
        for (size_t g = 0; g < in->ngroups; g++)
            if (on[g] && !sat_failed(s, in->nvars + 1 + (int)g)) on[g] = false;
    return rc;
}

static int minimise(sat *s, const core_input *in, bool *cur, double timeout, int *calls,
                    chopsat_err *err)
{
    bool *trial = xmalloc(in->ngroups + 1);
    int rc = 20;
    for (size_t g = 0; g < in->ngroups && rc != -1; g++) {
        if (!cur[g]) continue;
        for (size_t h = 0; h < in->ngroups; h++)
            trial[h] = cur[h] && h != g;
        rc = solve_under(s, in, trial, timeout, calls, err);
        if (rc == 20)
            for (size_t h = 0; h < in->ngroups; h++)
                cur[h] = trial[h];
    }
    free(trial);
    return rc == -1 ? -1 : 20;
}

int unsat_core(const char *backend, double timeout, const core_input *in, bool *in_core, int *calls,
               chopsat_err *err)
{
    *calls = 0;
    sat *s = load(backend, in, err);
    if (!s) return -1;
    bool *cur = xmalloc(in->ngroups + 1);
    for (size_t g = 0; g < in->ngroups; g++)
        cur[g] = true;
    int rc = solve_under(s, in, cur, timeout, calls, err);
    if (rc == 20) rc = minimise(s, in, cur, timeout, calls, err);
    if (rc == 20)
        for (size_t g = 0; g < in->ngroups; g++)
            in_core[g] = cur[g];
    free(cur);
    sat_release(s);
    return rc;
}
