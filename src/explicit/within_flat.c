/* within_flat.c: the "within k" question (any repetition setting) of within.c by
 * breadth-first search over the game's whole index space, for games whose index space fits in
 * memory. It keeps no successor lists and no positions: per index a 4-byte parent (1 + the queue
 * slot of the position it was first reached from, 0 while not met) and a 4-byte queue slot per
 * position met, so it covers every position of fingers=128 (136 million) where the node graph of
 * within.c (about 50 bytes per position met breadth-first, 200 with successor lists) stops at
 * its limit. Written from the rules over the explicit move generator, like within.c.
 *
 * A layer is expanded in rounds of a bounded number of positions (so the workers' lists of what
 * a round finds stay small whatever the layer), and a large round is split among workers (one
 * per core). A position of the next layer takes as parent its predecessor that comes first in
 * the current layer (an atomic minimum), and the next layer is the concatenation of the workers'
 * finds kept by the worker that owns that parent, in the order each worker found them, round
 * after round. That order is the one-worker order: a position is listed when its first
 * predecessor is expanded, in move order. So the layers, the nearest goal (the first one of its
 * layer) and the witness are the same for any split, and the same as the node graph's
 * breadth-first search in within.c (tests/unit/test_within.c compares them). */
#include <stdlib.h>
#include <string.h>

#include "core/parallel.h"
#include "core/util.h"
#include "explicit/within.h"
#include "games/game.h"
#include "games/query.h"

/* One worker's share of a layer: the queue slots [lo, hi). */
typedef struct flat_worker {
    const chopsat_rules *r;
    const chopsat_query *q;
    uint32_t *parent;
    const uint32_t *queue;
    uint64_t head, lo, hi; /* head: the first slot of the layer */
    VEC(uint32_t) found;   /* indices whose parent this worker set, in its order */
    bool goal;             /* a goal among them */
} flat_worker;

/* Expands the share's positions: every successor not met in an earlier layer gets the earliest
 * expanded predecessor of this layer as its parent. A worker's slots increase, so it sets a
 * given successor at most once; whoever sets it last has the smallest slot. */
static void *flat_expand(void *arg)
{
    flat_worker *w = arg;
    const game *g = w->r->game;
    step *buf = xmalloc(g->max_moves(w->r) * sizeof *buf);
    chopsat_pos p;
    for (uint64_t e = w->lo; e < w->hi; e++) {
        g->unindex(w->r, w->queue[e], &p);
        if (g->winner(w->r, &p)) continue; /* game over: no moves */
        size_t k = g->moves(w->r, &p, buf);
        uint32_t mine = (uint32_t)e + 1;
        for (size_t m = 0; m < k; m++) {
            uint32_t *slot = &w->parent[g->index(w->r, &buf[m].to)];
            uint32_t cur = __atomic_load_n(slot, __ATOMIC_RELAXED);
            /* values <= head were set in earlier layers: met already */
            while (cur == 0 || (cur > w->head && mine < cur)) {
                if (__atomic_compare_exchange_n(slot, &cur, mine, false, __ATOMIC_RELAXED,
                                                __ATOMIC_RELAXED)) {
                    VEC_PUSH(w->found, (uint32_t)(slot - w->parent));
                    if (query_goal(w->r, w->q, &buf[m].to)) w->goal = true;
                    break;
                }
            }
        }
    }
    free(buf);
    return NULL;
}

/* Appends to queue[end..] the finds of round [lo, hi) of the layer that each worker owns (the
 * parent lies in its share), in worker order; returns the new end, and in *goal whether a goal
 * is among them. */
static uint64_t flat_collect(flat_worker *w, int lt, const uint32_t *parent, uint32_t *queue,
                             uint64_t end, bool *goal)
{
    *goal = false;
    for (int t = 0; t < lt; t++) {
        for (size_t f = 0; f < w[t].found.n; f++) {
            uint32_t j = w[t].found.items[f];
            uint64_t from = parent[j] - 1u;
            if (from >= w[t].lo && from < w[t].hi) queue[end++] = j; /* its owner's copy */
        }
        *goal = *goal || w[t].goal;
        w[t].found.n = 0;
        w[t].goal = false;
    }
    return end;
}

int within_flat(const chopsat_rules *r, const chopsat_query *q, int workers, uint64_t round,
                uint64_t min_split, int *moves, chopsat_pos **path, chopsat_err *err)
{
    const game *g = r->game;
    uint64_t n = g->count(r), i0 = n ? g->index(r, &q->from) : 0;
    chopsat_pos p;
    if (n == 0 || n > WITHIN_FLAT_MAX)
        return fail(err, "bounded question: the index space does not fit a flat search");
    if (i0 >= n || !g->unindex(r, i0, &p) || !chopsat_pos_equal(&p, &q->from))
        return fail(err, "bounded question: the start is no position of the game");
    bool reverse = workers < 0; /* the shares one after another, the last first (tests) */
    if (reverse) workers = -workers;
    if (workers < 1) workers = 1;
    if (workers > PARALLEL_MAX) workers = PARALLEL_MAX;
    if (round < 1) round = 1;
    /* calloc and malloc map large blocks lazily: only the pages a search touches are used */
    uint32_t *parent = xcalloc(n, sizeof *parent), *queue = xmalloc(n * sizeof *queue);
    flat_worker w[PARALLEL_MAX];
    memset(w, 0, sizeof w);
    for (int t = 0; t < workers; t++)
        w[t] = (flat_worker){.r = r, .q = q, .parent = parent, .queue = queue};
    parent[i0] = 1; /* slot 0, itself: never lowered, and <= head from layer 1 on */
    queue[0] = (uint32_t)i0;
    uint64_t head = 0, tail = 1, found = query_goal(r, q, &q->from) ? 0 : UINT64_MAX;
    int depth = 0;
    while (found == UINT64_MAX && depth < q->k && head < tail) {
        /* the layer queue[head, tail) in rounds of at most `round` positions, which bounds the
         * workers' lists; a round's finds are final once it is over (later rounds have later
         * slots), so the first goal of the first round that finds one is the layer's first */
        uint64_t end = tail;
        for (uint64_t a = head, len; a < tail && found == UINT64_MAX; a += len) {
            len = tail - a < round ? tail - a : round;
            int lt = len < min_split ? 1 : workers;
            for (int t = 0; t < lt; t++) {
                w[t].head = head;
                w[t].lo = a + len * (uint64_t)t / (uint64_t)lt;
                w[t].hi = a + len * (uint64_t)(t + 1) / (uint64_t)lt;
            }
            if (reverse)
                for (int t = lt - 1; t >= 0; t--)
                    flat_expand(&w[t]);
            else
                parallel_run(lt, flat_expand, w, sizeof *w);
            bool goal;
            uint64_t from = end;
            end = flat_collect(w, lt, parent, queue, end, &goal);
            for (uint64_t e = from; goal && e < end; e++) {
                g->unindex(r, queue[e], &p);
                if (query_goal(r, q, &p)) {
                    found = e;
                    break;
                }
            }
        }
        head = tail;
        tail = end;
        depth++;
    }
    int rc = found == UINT64_MAX ? 0 : 1;
    if (rc == 1) {
        if (moves) *moves = depth;
        if (path) {
            chopsat_pos *out = xmalloc(((size_t)depth + 1) * sizeof *out);
            uint64_t e = found;
            for (int d = depth; d >= 0; d--) {
                g->unindex(r, queue[e], &out[d]);
                e = parent[queue[e]] - 1u;
            }
            *path = out;
        }
    }
    for (int t = 0; t < workers; t++)
        VEC_FREE(w[t].found);
    free(parent);
    free(queue);
    return rc;
}
