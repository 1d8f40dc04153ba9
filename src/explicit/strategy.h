/* strategy.h: strategy trees for forced questions and their certificates. For a "yes" the
 * strategy of P (one move wherever P moves, every reply wherever the opponent moves, down to the
 * goal); for a "no" the opponent's refutation (every move of P answered by one reply, down to a
 * position where the bound is used up or the game is over without the goal). Trees share
 * subtrees: a position met again refers to the node already built (a DAG), which keeps them
 * as small as the set of positions. The explicit bounded-forcing table (force_table) answers
 * forced questions by iteration over the positions within K moves and supplies the moves below
 * the first one; the first move comes from the QBF solver (qbf.h). strategy_check walks a tree
 * with the explicit move generator only, trusting neither the QBF solver nor the table. */
#ifndef CHOPSAT_STRATEGY_H
#define CHOPSAT_STRATEGY_H

#include <stdbool.h>
#include <stdio.h>

#include "chopsat_tool.h"
#include "core/util.h"

/* ---- explicit bounded forcing ---- */

typedef struct force_table force_table;

/* Explores the positions within q->k moves of q->from and computes, for each, the least number
 * of moves i within which q->player can force the goal (q->kind: a win, or reaching
 * q->target), for i up to K minus the position's depth. Returns 0 with *out, -2 when more than
 * CHOPSAT_EXPLICIT_LIMIT positions would be needed or a position it meets has more moves than
 * it lists (explicit/limit.h, explicit_moves_room; err says which), -1 on a malformed query. */
int force_table_build(const chopsat_rules *r, const chopsat_query *q, force_table **out,
                      chopsat_err *err);
/* The same for the largest bound D <= q->k whose positions fit CHOPSAT_EXPLICIT_LIMIT and whose
 * moves it can list (a breadth-first exploration cut at the last complete depth): returns D >= 0
 * with *out, which answers for "within D" exactly as force_table_build would (when D < q->k, err
 * says that the whole bound is past the limit), or -1 on a malformed query. What a forced-win
 * answer past the limit can still be checked against. */
int force_table_build_partial(const chopsat_rules *r, const chopsat_query *q, force_table **out,
                              chopsat_err *err);
void force_table_free(force_table *t);
/* That least number for p, or -1 when P cannot force the goal from p within the moves the
 * table covers there (or p is not within K moves of the start). */
int force_table_dist(const force_table *t, const chopsat_pos *p);
size_t force_table_size(const force_table *t);

/* ---- trees ---- */

enum strat_end {
    END_NONE,     /* an inner node */
    END_GOAL,     /* strategy leaf: P has won / the target is reached */
    END_TERMINAL, /* refutation leaf: the game is over without the goal */
    END_BOUND     /* refutation leaf: the bound's moves are used up (not: the player is stuck) */
};

typedef struct strat_edge {
    size_t child;
    char name[CHOPSAT_NAME_MAX];
    bool qbf; /* the move was chosen by the QBF solver */
} strat_edge;

typedef struct strat_node {
    chopsat_pos pos;
    int bound;       /* strategy: P reaches the goal within `bound` moves from here; refutation: P
                        cannot force it within `bound` moves */
    int end;         /* enum strat_end */
    size_t first, n; /* its edges: edges[first .. first+n) */
} strat_node;

/* chopsat.h's chopsat_strategy */
typedef struct chopsat_strategy {
    bool refutation;
    chopsat_query q;       /* q.player is P */
    VEC(strat_node) nodes; /* nodes[0] is the root, at q.from */
    VEC(strat_edge) edges;
} strategy;

/* A move fixed in advance (from the QBF solver): at a node at `from` within one move of the
 * root, where the chooser (P for a strategy, the opponent for a refutation) moves, play to `to`. */
typedef struct strat_choice {
    chopsat_pos from, to;
} strat_choice;

/* Builds P's strategy for "within bound moves" (refutation false) or the opponent's
 * refutation of "within bound" (refutation true) from q->from, with the choices given and the
 * rest from the table. Returns NULL with a message when the table does not support the claim
 * (the explicit engine disagrees) or a choice is not a legal move. */
strategy *strategy_build(const chopsat_rules *r, const chopsat_query *q, int bound, bool refutation,
                         const force_table *t, const strat_choice *choices, size_t nchoices,
                         chopsat_err *err);
void strategy_free(strategy *s);

/* Checks s with the explicit engine: the root is q.from within the bound asked (at most q.k
 * for a strategy, at least q.k for a refutation); at the chooser's nodes one legal move, at
 * the other side's nodes exactly the legal moves; every child's bound one less or better;
 * strategy leaves are goals; refutation nodes are never goals and end only when the game is
 * over or the bound is used up. Returns 0, or -1 with a message naming the first bad node. */
int strategy_check(const chopsat_rules *r, const strategy *s, chopsat_err *err);

/* Writing a tree is chopsat_strategy_write_text and chopsat_strategy_write_json (chopsat.h;
 * src/explicit/strategy_write.c), the one printer of trees. */

#endif
