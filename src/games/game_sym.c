/* game_sym.c: which game has which symbolic half. The explicit table (game.h) does not point at
 * its symbolic half, so that the explicit engine links without any circuit code; the symbolic
 * side (the unroller, the QBF encoder, the exports, the unbounded and BDD engines) finds it
 * here. A new game adds one row. */
#include "games/game_sym.h"

#include <stddef.h>

static const struct {
    const game *g;
    const game_sym *sym;
} halves[] = {
    {&chop_game, &chop_game_sym},
    {&many_game, &many_game_sym},
    {&onedie_game, &onedie_game_sym},
};

const game_sym *game_sym_of(const game *g)
{
    for (size_t i = 0; i < sizeof halves / sizeof halves[0]; i++)
        if (halves[i].g == g) return halves[i].sym;
    return NULL;
}
