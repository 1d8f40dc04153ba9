/* solve_edges.c: the explicit solver as it was before the tablebase solver (src/explicit/solve.c),
 * kept in the unit tests (never in the library) as an independent reference for test_tablebase.c:
 * retrograde analysis over the whole index space that stores every reversed edge. Terminal
 * positions are valued first, then values flow backwards along the reversed edges, a win as soon as
 * one successor is a loss, a loss once every successor has been found a win (a counter of
 * unresolved successors per position), in breadth-first order for exact distances. About 21 bytes
 * per position plus 4 per edge. */
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "explicit/solve.h"
#include "games/game.h"
#include "solve_edges.h"

enum { UNSET = 0, INVALID = -1 }; /* neither is a value (1 .. 4) */

chopsat_solution *solve_with_edges(const chopsat_rules *r, chopsat_err *err)
{
    const game *g = r->game;
    uint64_t n = g->count(r);
    if (n == 0 || n > SOLVE_LIMIT) {
        char desc[256];
        chopsat_rules_describe(r, desc, sizeof desc);
        fail(err,
             "solve: the game has too many positions for the explicit solver (%s); the SAT "
             "engine (win, reach) and the BDD engine (force) answer at any hand width",
             desc);
        return NULL;
    }
    chopsat_solution *s = xcalloc(1, sizeof *s);
    s->rules = r;
    s->n = n;
    s->kept = n; /* every index kept: no mirror */
    int8_t *val = xcalloc(n, 1);
    uint32_t *dist = xcalloc(n, sizeof *dist);
    uint32_t *unresolved = xcalloc(n, sizeof *unresolved);
    uint64_t *off = xcalloc(n + 1, sizeof *off);
    uint32_t *queue = xmalloc(n * sizeof *queue);
    size_t qhead = 0, qtail = 0;
    step *buf = xmalloc(g->max_moves(r) * sizeof *buf);
    chopsat_pos p;

    /* Pass 1: terminal values, successor counts, in-degrees. */
    for (uint64_t i = 0; i < n; i++) {
        if (!g->unindex(r, i, &p)) {
            val[i] = INVALID;
            continue;
        }
        int w = g->winner(r, &p);
        if (w) {
            val[i] = w == (int)p.mover ? CHOPSAT_WIN : CHOPSAT_LOSS;
            queue[qtail++] = (uint32_t)i;
            continue;
        }
        size_t k = g->moves(r, &p, buf);
        unresolved[i] = (uint32_t)k;
        for (size_t m = 0; m < k; m++)
            off[g->index(r, &buf[m].to) + 1]++;
        if (k == 0) { /* no legal move: the player to move has lost */
            val[i] = CHOPSAT_LOSS;
            queue[qtail++] = (uint32_t)i;
        }
    }
    for (uint64_t i = 0; i < n; i++)
        off[i + 1] += off[i];

    /* Pass 2: the reversed edges, predecessors of j in pred[off[j] .. off[j+1]). */
    uint32_t *pred = xmalloc((off[n] ? off[n] : 1) * sizeof *pred);
    for (uint64_t i = 0; i < n; i++) {
        if (val[i] != UNSET) continue;
        if (!g->unindex(r, i, &p)) continue;
        size_t k = g->moves(r, &p, buf);
        for (size_t m = 0; m < k; m++)
            pred[off[g->index(r, &buf[m].to)]++] = (uint32_t)i;
    }
    for (uint64_t j = n; j > 0; j--)
        off[j] = off[j - 1];
    off[0] = 0;

    /* Pass 3: retrograde propagation in breadth-first (distance) order. */
    while (qhead < qtail) {
        uint32_t j = queue[qhead++];
        for (uint64_t e = off[j]; e < off[j + 1]; e++) {
            uint32_t i = pred[e];
            if (val[i] != UNSET) continue;
            if (val[j] == CHOPSAT_LOSS) {
                val[i] = CHOPSAT_WIN;
                dist[i] = dist[j] + 1;
                queue[qtail++] = i;
            } else if (--unresolved[i] == 0) {
                val[i] = CHOPSAT_LOSS;
                dist[i] = dist[j] + 1;
                queue[qtail++] = i;
            }
        }
    }
    s->vd = xcalloc(n, sizeof *s->vd);
    for (uint64_t i = 0; i < n; i++)
        s->vd[i] = val[i] == INVALID ? VD_INVALID
                   : val[i] == UNSET ? 0
                                     : (val[i] == CHOPSAT_WIN ? VD_WIN : VD_LOSS) | dist[i];
    free(val);
    free(dist);
    free(buf);
    free(pred);
    free(queue);
    free(off);
    free(unresolved);
    return s;
}
