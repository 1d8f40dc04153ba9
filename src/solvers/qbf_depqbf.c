/* qbf_depqbf.c: the in-process QBF back end, DepQBF (libqdpll). The formula is handed over
 * block by block and clause by clause; after the answer the values of the outermost block
 * (DepQBF's partial certificate: a satisfying assignment of an outermost existential block, or
 * a falsifying one of an outermost universal block) are read back. With CHOPSAT_NO_DEPQBF
 * (`make DEPQBF=0`, which leaves out the GPL library) the back end reports that it is missing. */
#include "core/util.h"
#include "solvers/qbf_solver.h"

#ifdef CHOPSAT_NO_DEPQBF

static int dq_solve(const qbf_problem *p, const char *arg, double timeout, signed char *val,
                    chopsat_err *err)
{
    (void)p, (void)arg, (void)timeout, (void)val;
    return fail(err, "DepQBF is not available in this build (built with DEPQBF=0); a QBF solver "
                     "program answers as the solver external:CMD, e.g. 'external:depqbf --qdo'");
}

#else

#include <qdpll/qdpll.h>
#include <stdio.h>

#include "solvers/quiet.h"

/* Hands the prefix and the matrix to d. */
static void load(QDPLL *d, const qbf_problem *p)
{
    qdpll_adjust_vars(d, (VarID)p->nvars);
    for (size_t b = 0; b < p->nblocks; b++) {
        qdpll_new_scope_at_nesting(d, p->exists[b] ? QDPLL_QTYPE_EXISTS : QDPLL_QTYPE_FORALL,
                                   (Nesting)(b + 1));
        for (size_t i = p->start[b]; i < p->start[b + 1]; i++)
            qdpll_add(d, (LitID)p->vars[i]);
        qdpll_add(d, 0);
    }
    for (size_t i = 0; i < p->nlits; i++)
        qdpll_add(d, (LitID)p->lits[i]);
}

static int dq_solve(const qbf_problem *p, const char *arg, double timeout, signed char *val,
                    chopsat_err *err)
{
    (void)arg;
    QDPLL *d = qdpll_create();
    qdpll_configure(d, "--dep-man=qdag");
    if (timeout > 0) {
        char opt[64];
        snprintf(opt, sizeof opt, "--max-secs=%ld", (long)(timeout + 0.999));
        qdpll_configure(d, opt);
    }
    /* DepQBF prints "User-given limit reached, exiting." when --max-secs runs out and its own
     * line before aborting when out of memory: chopsat says it in one line instead (quiet.h) */
    int saved = quiet_begin();
    load(d, p);
    QDPLLResult res = qdpll_sat(d);
    quiet_end(saved);
    int rc;
    if (res == QDPLL_RESULT_SAT || res == QDPLL_RESULT_UNSAT) {
        rc = (int)res;
        if (p->nblocks > 0)
            for (size_t i = p->start[0]; i < p->start[1]; i++) {
                QDPLLAssignment a = qdpll_get_value(d, (VarID)p->vars[i]);
                val[p->vars[i]] = a == QDPLL_ASSIGNMENT_TRUE    ? 1
                                  : a == QDPLL_ASSIGNMENT_FALSE ? -1
                                                                : 0;
            }
    } else {
        rc = timeout > 0 ? fail(err, "solver depqbf: no answer within %g s", timeout)
                         : fail(err, "solver depqbf: no answer (unknown)");
    }
    qdpll_delete(d);
    return rc;
}

#endif

const qbf_backend qbf_depqbf_backend = {.name = "depqbf", .writes_file = false, .solve = dq_solve};
