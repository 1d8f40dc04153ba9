/* qbf_solver.h: the QBF solver shim (library-internal), the QBF side's counterpart of sat.h. A
 * back end takes a plain prenex problem (prefix and matrix) and knows nothing of games,
 * circuits or forced questions: "depqbf" (DepQBF linked in) and "external:CMD" (a QBF solver
 * program run on a QDIMACS file through the subprocess runner, subprocess.h). Every failure of
 * a solver (time out, crash, unreadable output, an exit status that contradicts its answer) is
 * an error, never an answer. */
#ifndef CHOPSAT_QBF_SOLVER_H
#define CHOPSAT_QBF_SOLVER_H

#include <stdbool.h>
#include <stddef.h>

#include "chopsat.h"

/* A prenex QBF in CNF. Block i (0 = outermost) is existential when exists[i] and holds the
 * variables vars[start[i] .. start[i+1]); blocks alternate. lits: the clauses, each ended by 0.
 * comments: lines for the header of a written file (without "c "), may be none. */
typedef struct qbf_problem {
    int nvars;
    size_t nblocks;
    const bool *exists;
    const int *vars;
    const size_t *start;
    const int *lits;
    size_t nlits;
    const char *const *comments;
    size_t ncomments;
} qbf_problem;

typedef struct qbf_backend {
    const char *name;
    bool writes_file; /* runs a program on a QDIMACS file (so comments are worth building) */
    /* Same contract as qbf_solver_solve; arg: the CMD of "external:CMD", NULL otherwise. */
    int (*solve)(const qbf_problem *p, const char *arg, double timeout, signed char *val,
                 chopsat_err *err);
} qbf_backend;

extern const qbf_backend qbf_depqbf_backend, qbf_external_backend;

/* The back end named by solver: "depqbf" (also NULL) or "external:CMD" (*arg receives CMD).
 * NULL with a message for anything else. */
const qbf_backend *qbf_backend_find(const char *solver, const char **arg, chopsat_err *err);

/* Solves p with `solver` (as qbf_backend_find). timeout 0 = none. Returns 10 (true), 20
 * (false) or -1 with a message, never a guess. val (p->nvars + 1 entries, cleared here)
 * receives 1/-1 for the variables of the outermost block that the solver reports (a satisfying
 * assignment of an outermost existential block after 10, a falsifying one of an outermost
 * universal block after 20), 0 for the rest. */
int qbf_solver_solve(const char *solver, const qbf_problem *p, double timeout, signed char *val,
                     chopsat_err *err);

#endif
