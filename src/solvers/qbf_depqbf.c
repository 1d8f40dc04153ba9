/* qbf_depqbf.c: the in-process QBF back end, DepQBF (libqdpll). The formula is handed over
 * block by block and clause by clause; after the answer the values of the outermost block
 * (DepQBF's partial certificate: a satisfying assignment of an outermost existential block, or
 * a falsifying one of an outermost universal block) are read back. With CHOPSAT_NO_DEPQBF
 * (`make DEPQBF=0`, which leaves out the GPL library) the back end reports that it is missing. */
#include "symbolic/qbf.h"
#include "core/util.h"

#ifdef CHOPSAT_NO_DEPQBF

int qbf_solve_depqbf(const qbf *f, double timeout, signed char *val, chopsat_err *err)
{
    (void)f, (void)timeout, (void)val;
    return fail(err, "DepQBF is not available in this build (built with DEPQBF=0); use "
                     "--solver external:CMD with a QBF solver program, e.g. 'external:depqbf --qdo'");
}

#else

#include <fcntl.h>
#include <qdpll/qdpll.h>
#include <stdio.h>
#include <unistd.h>

/* DepQBF prints "User-given limit reached, exiting." on standard error when --max-secs runs
 * out, which would give the user a second error line beside chopsat's own. While a limited
 * call runs, standard error points at /dev/null; it is restored before anything else is said.
 * Returns the saved descriptor (or -1: nothing was changed). */
static int quiet_stderr(void)
{
    fflush(stderr);
    int saved = dup(2), null = open("/dev/null", O_WRONLY);
    if (saved < 0 || null < 0 || dup2(null, 2) < 0) {
        if (saved >= 0) close(saved);
        if (null >= 0) close(null);
        return -1;
    }
    close(null);
    return saved;
}

static void restore_stderr(int saved)
{
    if (saved < 0) return;
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
}

int qbf_solve_depqbf(const qbf *f, double timeout, signed char *val, chopsat_err *err)
{
    QDPLL *d = qdpll_create();
    qdpll_configure(d, "--dep-man=qdag");
    if (timeout > 0) {
        char opt[64];
        snprintf(opt, sizeof opt, "--max-secs=%ld", (long)(timeout + 0.999));
        qdpll_configure(d, opt);
    }
    int nv = qbf_var_count(f);
    qdpll_adjust_vars(d, (VarID)nv);
    size_t nblocks;
    const bool *exists;
    const int *vars;
    const size_t *start;
    qbf_prefix(f, &nblocks, &exists, &vars, &start);
    for (size_t b = 0; b < nblocks; b++) {
        qdpll_new_scope_at_nesting(d, exists[b] ? QDPLL_QTYPE_EXISTS : QDPLL_QTYPE_FORALL,
                                   (Nesting)(b + 1));
        for (size_t i = start[b]; i < start[b + 1]; i++) qdpll_add(d, (LitID)vars[i]);
        qdpll_add(d, 0);
    }
    size_t nlits;
    const int *lits = qbf_matrix(f, &nlits);
    for (size_t i = 0; i < nlits; i++) qdpll_add(d, (LitID)lits[i]);
    int saved = timeout > 0 ? quiet_stderr() : -1;
    QDPLLResult res = qdpll_sat(d);
    restore_stderr(saved);
    int rc;
    if (res == QDPLL_RESULT_SAT || res == QDPLL_RESULT_UNSAT) {
        rc = (int)res;
        if (nblocks > 0)
            for (size_t i = start[0]; i < start[1]; i++) {
                QDPLLAssignment a = qdpll_get_value(d, (VarID)vars[i]);
                val[vars[i]] = a == QDPLL_ASSIGNMENT_TRUE ? 1 : a == QDPLL_ASSIGNMENT_FALSE ? -1 : 0;
            }
    } else {
        rc = timeout > 0 ? fail(err, "solver depqbf: no answer within %g s", timeout)
                         : fail(err, "solver depqbf: no answer (unknown)");
    }
    qdpll_delete(d);
    return rc;
}

#endif
