/* bdd_mirror.c: the players' mirror of the BDD engine: the renaming that exchanges the players'
 * words, and whether the game is symmetric under it (then one player's layers give the other's,
 * bdd_layers.c: bddg_layers_mirror). */
#include "bdd/bdd_engine.h"

#include <stdlib.h>
#include <string.h>

#include "core/util.h"

BDD bddg_mirror(const bddg_game *g, BDD x)
{
    return g->mirror ? ref(bdd_replace(x, g->mirror)) : ref(x);
}

void bddg_mirror_pos(const bddg_game *g, const chopsat_pos *p, chopsat_pos *out)
{
    BDD c = bddg_cube(g, p);
    BDD m = bddg_mirror(g, c);
    bddg_decode(g, m, 3 - (int)p->mover, out);
    unref(m);
    unref(c);
}

/* Does the mirror take a to b? */
static bool mirrors_to(const bddg_game *g, BDD a, BDD b)
{
    BDD m = bddg_mirror(g, a);
    bool same = m == b;
    unref(m);
    return same;
}

/* The mirror exchanges word "p1.X" with "p2.X" (the same width) and keeps the other words. The
 * game is symmetric when the mirror takes the positions, the terminal positions and mover 1's
 * relation to themselves and mover 2's relation, and "mover m to move, player p has won" to
 * "mover 3-m, player 3-p": then player 2's forcing layers are the mirror of player 1's with the
 * movers exchanged (docs/forced.md). Checked on the BDDs, so exact for any game. */
static bool find_mirror(bddg_game *g)
{
    const char *names[CHOPSAT_POS_WORDS];
    int w[CHOPSAT_POS_WORDS], to[CHOPSAT_POS_WORDS], nold = 0;
    game_sym_of(g->r->game)->words(g->r, w, names);
    for (int i = 0; i < g->nw; i++) {
        to[i] = i;
        bool p1 = !strncmp(names[i], "p1.", 3), p2 = !strncmp(names[i], "p2.", 3);
        if (!p1 && !p2) continue;
        to[i] = -1;
        for (int j = 0; j < g->nw; j++)
            if (!strncmp(names[j], p1 ? "p2." : "p1.", 3) && !strcmp(names[j] + 3, names[i] + 3) &&
                g->width[j] == g->width[i])
                to[i] = j;
        if (to[i] < 0) return false; /* a player's word without its counterpart */
        nold += 2 * g->width[i];
    }
    if (nold) {
        int *from = xmalloc((size_t)nold * sizeof *from),
            *into = xmalloc((size_t)nold * sizeof *into);
        int n = 0;
        for (int i = 0; i < g->nw; i++)
            for (int j = 0; j < g->width[i] && to[i] != i; j++) {
                from[n] = g->cur[g->off[i] + j];
                into[n++] = g->cur[g->off[to[i]] + j];
                from[n] = g->next[g->off[i] + j];
                into[n++] = g->next[g->off[to[i]] + j];
            }
        g->mirror = bdd_newpair();
        bdd_setpairs(g->mirror, from, into, n);
        free(from);
        free(into);
    }
    return mirrors_to(g, g->domain, g->domain) && mirrors_to(g, g->terminal, g->terminal) &&
           mirrors_to(g, g->T[0], g->T[1]) && mirrors_to(g, g->won[0][0], g->won[1][1]) &&
           mirrors_to(g, g->won[0][1], g->won[1][0]) && !bddg_failed();
}

/* Checked on first use: forced questions, which solve for one player, never pay for it. */
bool bddg_symmetric(bddg_game *g)
{
    if (g->symmetric < 0) g->symmetric = find_mirror(g);
    return g->symmetric;
}
