/* move_circuit.c: one move of the game from one state as a circuit, for each mover (see
 * move_circuit.h). */
#include "exports/move_circuit.h"

#include <stdlib.h>
#include <string.h>

void move_circuit_build(move_circuit *t, const chopsat_rules *r, const chopsat_query *q,
                        bool binary_moves)
{
    memset(t, 0, sizeof *t);
    const game_sym *gs = game_sym_of(r->game);
    sym_opts so = {.binary_moves = binary_moves};
    t->c = circuit_new();
    t->nwords = gs->words(r, t->widths, t->names);
    for (int i = 0; i < t->nwords; i++)
        t->s[i] = word_input(t->c, t->widths[i], t->names[i]);
    lit terminal = gs->terminal(t->c, r, t->s);
    for (int m = 0; m < 2; m++) {
        word next[CHOPSAT_POS_WORDS];
        lit legal = gs->step(t->c, r, &so, t->s, m + 1, "move", &t->inputs[m], next);
        t->ok[m] = gate_and(t->c, LIT_NOT(terminal), legal);
        for (int i = 0; i < t->nwords; i++)
            t->next[m][i] = word_resize(next[i], t->widths[i]);
        t->goal[m] = goal_sym(t->c, r, q, t->s, m == 1 ? LIT_TRUE : LIT_FALSE);
    }
}

void move_circuit_free(move_circuit *t)
{
    for (int m = 0; m < 2; m++)
        free(t->inputs[m].items);
    circuit_free(t->c);
    memset(t, 0, sizeof *t);
}
