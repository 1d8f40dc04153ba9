/* core_probe.c: a core's clauses in a linked SAT solver, each group behind a selector, solved
 * with every group or every group but one (chopsat_core_probe_*, chopsat_tool.h): the calls
 * the check of a core (src/checked/core_check.c) makes. Knows clauses only. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "chopsat_tool.h"
#include "core/oom.h"
#include "core/util.h"
#include "solvers/sat.h"

struct chopsat_core_probe {
    sat *s;
    int nvars;      /* the selector of group g is nvars + 1 + g */
    size_t ngroups; /* the core's */
};

/* The literals of clause text "-3 5 0" added to s, behind selector sel; false when the text
 * holds anything else or a variable past nvars. */
static bool add_clause(sat *s, const char *text, int nvars, int sel)
{
    const char *p = text;
    for (;;) {
        char *end;
        long l = strtol(p, &end, 10);
        if (end == p) return false;
        p = end;
        if (l == 0) break;
        if (l < -nvars || l > nvars) return false;
        sat_add(s, (int)l);
    }
    sat_add(s, -sel);
    sat_add(s, 0);
    return true;
}

static chopsat_core_probe *probe_new_body(const chopsat_core *core, const char *backend,
                                          chopsat_err *err)
{
    if (!strncmp(backend, "external:", 9)) {
        fail(err, "the check of a core takes a linked solver, not '%s'", backend);
        return NULL;
    }
    if ((long long)core->nvars + (long long)core->ngroups >= INT_MAX) {
        fail(err, "a core of %zu groups over %d variables: its selectors cannot be numbered",
             core->ngroups, core->nvars);
        return NULL;
    }
    sat *s = sat_new(backend, err);
    if (!s) return NULL;
    for (size_t g = 0; g < core->ngroups; g++)
        for (size_t i = 0; i < core->groups[g].n; i++) {
            const chopsat_core_clause *c = &core->clauses[core->groups[g].first + i];
            if (!add_clause(s, c->lits, core->nvars, core->nvars + 1 + (int)g)) {
                sat_release(s);
                fail(err, "the core's clause %zu ('%.60s') is not a clause over its %d variables",
                     c->index + 1, c->lits, core->nvars);
                return NULL;
            }
        }
    chopsat_core_probe *p = xcalloc(1, sizeof *p);
    p->s = s, p->nvars = core->nvars, p->ngroups = core->ngroups;
    return p;
}

chopsat_core_probe *chopsat_core_probe_new(const chopsat_core *core, const char *backend,
                                           chopsat_err *err)
{
    CS_GUARDED(chopsat_core_probe *, NULL, err, probe_new_body(core, backend, err));
}

static int probe_solve_body(chopsat_core_probe *p, size_t without, double timeout, chopsat_err *err)
{
    for (size_t g = 0; g < p->ngroups; g++)
        if (g != without) sat_assume(p->s, p->nvars + 1 + (int)g);
    int rc = sat_solve(p->s, timeout, err);
    return rc == 10 ? CHOPSAT_YES : rc == 20 ? CHOPSAT_NO : CHOPSAT_ERROR;
}

int chopsat_core_probe_solve(chopsat_core_probe *p, size_t without, double timeout,
                             chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err, probe_solve_body(p, without, timeout, err));
}

void chopsat_core_probe_free(chopsat_core_probe *p)
{
    if (!p) return;
    sat_release(p->s);
    free(p);
}
