/* qbf_solver.c: the dispatch of the QBF shim (qbf_solver.h): chooses a back end by name. The
 * back ends live in qbf_depqbf.c and qbf_external.c, one per file; this file does no solving. */
#include "solvers/qbf_solver.h"

#include <string.h>

#include "core/util.h"

const qbf_backend *qbf_backend_find(const char *solver, const char **arg, chopsat_err *err)
{
    *arg = NULL;
    if (!solver || !strcmp(solver, "depqbf")) return &qbf_depqbf_backend;
    if (!strncmp(solver, "external:", 9) && solver[9]) {
        *arg = solver + 9;
        return &qbf_external_backend;
    }
    fail(err, "unknown QBF solver '%s' (choose: depqbf, external:CMD)", solver);
    return NULL;
}

int qbf_solver_solve(const char *solver, const qbf_problem *p, double timeout, signed char *val,
                     chopsat_err *err)
{
    const char *arg;
    const qbf_backend *be = qbf_backend_find(solver, &arg, err);
    if (!be) return -1;
    memset(val, 0, (size_t)p->nvars + 1);
    return be->solve(p, arg, timeout, val, err);
}
