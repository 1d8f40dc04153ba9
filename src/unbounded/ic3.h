/* ic3.h: IC3/PDR (Bradley's incremental construction of inductive clauses, in the property-
 * directed form of Een, Mishchenko and Brayton) over the transition system of tsys.h, with one
 * incremental SAT solver per frame. It answers "is a bad state reachable from init?" either
 * with the depth K of a counterexample (no path is shorter, so K is the minimum number of
 * moves: the caller rebuilds the witness by BMC at that depth) or with an inductive invariant
 * (clauses over the state bits), which the caller checks separately (invariant.c). It runs one
 * frame at a time (ic3_step), so that the caller can run BMC alongside (unbounded.c). */
#ifndef CHOPSAT_IC3_H
#define CHOPSAT_IC3_H

#include "chopsat.h"

typedef struct ic3_stats {
    int depth;        /* the last frame */
    int solver_calls; /* every SAT call: frames, generalisation, lifting */
    int lemmas;       /* clauses learned (before propagation removes none) */
} ic3_stats;

typedef struct ic3 ic3;

/* A new run on q's transition system; NULL with a message when a solver cannot be made. err
 * (borrowed) receives the messages of later calls too. */
ic3 *ic3_new(const chopsat_rules *r, const chopsat_query *q, const chopsat_unbounded_opts *o,
             chopsat_err *err);
/* One round: the start first; then blocking every bad state at the current frame K, a new
 * frame and propagation. 1: a counterexample of exactly K moves (stats' depth, the minimum);
 * 0: never, *inv filled (the caller frees it); 2: no answer yet; -1: a solver failed. */
int ic3_step(ic3 *m, chopsat_invariant *inv);
void ic3_get_stats(const ic3 *m, ic3_stats *stats);
void ic3_free(ic3 *m);

#endif
