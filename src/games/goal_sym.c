/* goal_sym.c: the goal of a question as a circuit, the symbolic side's one goal (game_sym.h:
 * goal_sym), for the unroller, the exporters' move circuit and the unbounded engines' transition
 * system. Written from docs/questions.md through the game's symbolic table (won), never from
 * the explicit side's goal on positions (games/goal.c). */
#include "games/game_sym.h"

lit goal_sym(circuit *c, const chopsat_rules *r, const chopsat_query *q, const word *s, lit turn)
{
    const game_sym *g = game_sym_of(r->game);
    if (q->kind == CHOPSAT_Q_WIN) {
        if (turn == LIT_FALSE || turn == LIT_TRUE)
            return g->won(c, r, s, turn == LIT_TRUE ? 2 : 1, q->player);
        return gate_ite(c, turn, g->won(c, r, s, 2, q->player), g->won(c, r, s, 1, q->player));
    }
    /* reach: the target's player to move, then its words */
    lit eq = q->target.mover == 2 ? turn : LIT_NOT(turn);
    if (eq == LIT_FALSE) return LIT_FALSE;
    int widths[CHOPSAT_POS_WORDS];
    const char *names[CHOPSAT_POS_WORDS];
    int nwords = g->words(r, widths, names);
    for (int i = 0; i < nwords; i++)
        eq = gate_and(c, eq, word_eq_const(c, s[i], q->target.v[i]));
    return eq;
}
