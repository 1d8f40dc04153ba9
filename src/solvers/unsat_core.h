/* unsat_core.h: a minimal unsatisfiable subset of groups of clauses (library-internal). Each
 * group gets a selector variable, added negated to each of its clauses; one solver call under
 * every selector gives the failed assumptions (a first core), then deletion-based minimisation
 * drops each member in turn and keeps it out whenever the rest stays unsatisfiable (and then
 * keeps only that call's failed assumptions). Knows clauses only: no game, no file. */
#ifndef CHOPSAT_UNSAT_CORE_H
#define CHOPSAT_UNSAT_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chopsat.h"

#define CORE_BACKGROUND SIZE_MAX /* a clause in no group: always present */

/* The clauses: 0-terminated in lits[0 .. nlits), over variables 1 .. nvars; group[i] the group
 * (0 .. ngroups-1, or CORE_BACKGROUND) of clause i. */
typedef struct core_input {
    int nvars;
    const int *lits;
    size_t nlits;
    const size_t *group;
    size_t ngroups;
} core_input;

/* With the SAT back end named backend (sat.h; timeout seconds per call, 0 none): 20 with
 * in_core[g] true exactly for the groups of a minimal unsatisfiable set (the background and
 * those groups are unsatisfiable; without any one of them satisfiable); 10 when the background
 * and every group together are satisfiable (in_core untouched); -1 with a message. *calls
 * counts the solver calls. */
int unsat_core(const char *backend, double timeout, const core_input *in, bool *in_core, int *calls,
               chopsat_err *err);

#endif
