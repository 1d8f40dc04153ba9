/* ic3.h: IC3/PDR (Bradley's incremental construction of inductive clauses, in the property-
 * directed form of Een, Mishchenko and Brayton) over the transition system of tsys.h, with one
 * incremental SAT solver per frame. It answers "is a bad state reachable from init?" either
 * with the depth K of a counterexample (no path is shorter, so K is the minimum number of
 * moves: the caller rebuilds the witness by BMC at that depth) or with an inductive invariant
 * (clauses over the state bits), which the caller checks separately (invariant.c). */
#ifndef CHOPSAT_IC3_H
#define CHOPSAT_IC3_H

#include "chopsat.h"

typedef struct ic3_stats {
    int depth;        /* the last frame */
    int solver_calls; /* every SAT call: frames, generalisation, lifting */
    int lemmas;       /* clauses learned (before propagation removes none) */
} ic3_stats;

/* 1: reachable in exactly stats->depth moves (the minimum); 0: never, *inv filled (the caller
 * frees it); -1: a solver failed, with a message. */
int ic3_run(const chopsat_rules *r, const chopsat_query *q, const chopsat_unbounded_opts *o,
            chopsat_invariant *inv, ic3_stats *stats, chopsat_err *err);

#endif
