/* kind.h: k-induction with the simple-path constraint (Sheeran, Singh and Stalmarck) over the
 * question's transition system (tsys.h). For n = 1, 2, ...:
 *   base(n-1): the unroller's formula from the start (unroll.h), goal at frame n-1, on one
 *              incremental solver: satisfiable gives the witness, and its n-1 moves are the
 *              minimum (every smaller depth was unsatisfiable first);
 *   step(n):   n+1 positions x0..xn (valid states: game_sym.h), joined by the step, pairwise
 * different, the goal not met in x0..x(n-1) and met in xn: unsatisfiable proves "never" (a shortest
 * path to the goal longer than n-1 moves would end in such states). It always ends on a finite game
 * (a simple path is at most as long as the number of states), but n can be as large as the longest
 * simple path. */
#ifndef CHOPSAT_KIND_H
#define CHOPSAT_KIND_H

#include "chopsat.h"

/* 1 reachable (*path of *moves+1 positions, the caller frees it), 0 never at depth *depth, -1
 * with a message. *calls counts the solver calls. */
int kind_run(const chopsat_rules *r, const chopsat_query *q, const chopsat_unbounded_opts *o,
             chopsat_pos **path, int *moves, int *depth, int *calls, chopsat_err *err);

/* The separate check of a proof at depth n, with fresh formulas and solvers: base (no path
 * within n-1 moves, one "within" formula), step(n), and that every reachable state is a
 * position (the start is one; a move from one leads to one), which the step assumes. 0 when both
 * are unsatisfiable, else -1 with a message naming the part that fails. */
int kind_check(const chopsat_rules *r, const chopsat_query *q, const chopsat_unbounded_opts *o,
               int n, int *calls, chopsat_err *err);

#endif
