/* move_circuit.h: the move circuit, one move of a question's game from one state as a circuit,
 * once for each mover, for the exporters that write the move once and let the model checker or
 * the SMT solver repeat it (aiger_model.c as latches, smt2_export.c as functions of a frame):
 * the state words as circuit inputs named like the DIMACS map without the frame ("p1.h0[2]"),
 * and for each mover the move inputs ("move.tap00"; the same names for both movers), "this
 * frame may move on" (not terminal and the chosen move legal), the successor's words, and the
 * question's goal in that state (goal_sym). Built from the game table's symbolic step
 * (game_sym.h), like the unroller. Not a transition system: it has no turn, no initial state and
 * no relation between two states; the exporters add them in their formats. The unbounded
 * engines' transition system, which has all three, is unbounded/tsys.h. */
#ifndef CHOPSAT_MOVE_CIRCUIT_H
#define CHOPSAT_MOVE_CIRCUIT_H

#include "games/game_sym.h"

typedef struct move_circuit {
    circuit *c;
    int nwords, widths[CHOPSAT_POS_WORDS];
    const char *names[CHOPSAT_POS_WORDS];
    word s[CHOPSAT_POS_WORDS];
    lit_vec inputs[2]; /* [m]: the move inputs of mover m+1's step */
    lit ok[2];         /* [m]: with mover m+1 to move, s is not terminal and the move is legal */
    word next[2][CHOPSAT_POS_WORDS]; /* [m]: the successor's words, at the state's widths */
    lit goal[2]; /* [m]: s meets the goal (reach: the target; win: won by q->player) */
} move_circuit;

/* Builds q's move circuit for rules r into t (its circuit t->c is t's own). */
void move_circuit_build(move_circuit *t, const chopsat_rules *r, const chopsat_query *q,
                        bool binary_moves);
void move_circuit_free(move_circuit *t);

#endif
