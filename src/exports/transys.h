/* transys.h: one move of a bounded question's game as a circuit, for the exporters that write
 * a transition system instead of an unrolling (aiger_model.c, smt2_export.c): the state words
 * as circuit inputs named like the DIMACS map without the frame ("p1.h0[2]"), and for each
 * mover the move inputs ("move.tap00"; the same names for both movers), "this frame may move
 * on" (not terminal and the chosen move legal), the successor's words, and the question's goal
 * in that frame. Built from the game table's symbolic step (game_sym.h), like the unroller. */
#ifndef CHOPSAT_TRANSYS_H
#define CHOPSAT_TRANSYS_H

#include "games/game_sym.h"

typedef struct transys {
    circuit *c;
    int nwords, widths[4];
    const char *names[4];
    word s[4];
    lit_vec inputs[2]; /* [m]: the move inputs of mover m+1's step */
    lit ok[2];         /* [m]: with mover m+1 to move, s is not terminal and the move is legal */
    word next[2][4];   /* [m]: the successor's words, at the state's widths */
    lit goal[2];       /* [m]: s meets the goal (reach: the target; win: won by q->player) */
} transys;

void transys_build(transys *t, const chopsat_rules *r, const chopsat_query *q, bool binary_moves);
void transys_free(transys *t);

#endif
