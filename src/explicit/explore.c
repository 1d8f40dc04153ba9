/* explore.c: breadth-first exploration of the game graph from one position: reachability with
 * depths, and the statistics of `chopsat stats` (which also need the solver's values). */
#include <stdlib.h>
#include <string.h>

#include "games/game.h"
#include "core/util.h"

struct chopsat_reach_set {
    const chopsat_rules *rules;
    uint64_t n;
    int32_t *depth;  /* -1 when unreachable */
    uint32_t *order; /* the reachable indices in breadth-first order */
    uint64_t count;
};

chopsat_reach_set *chopsat_explore(const chopsat_rules *r, const chopsat_pos *from,
                                   chopsat_err *err)
{
    const game *g = r->game;
    uint64_t n = g->count(r);
    if (n == 0 || n > 0xFFFFFFF0u) {
        fail(err, "explore: the game has too many positions to enumerate");
        return NULL;
    }
    chopsat_reach_set *s = xcalloc(1, sizeof *s);
    s->rules = r;
    s->n = n;
    s->depth = xmalloc(n * sizeof *s->depth);
    memset(s->depth, 0xFF, n * sizeof *s->depth);
    VEC(uint32_t) order = {0};
    step *buf = xmalloc(g->max_moves(r) * sizeof *buf);
    uint64_t i0 = g->index(r, from);
    s->depth[i0] = 0;
    VEC_PUSH(order, (uint32_t)i0);
    for (size_t h = 0; h < order.n; h++) {
        chopsat_pos p;
        uint32_t i = order.items[h];
        g->unindex(r, i, &p);
        if (g->winner(r, &p)) continue;
        size_t k = g->moves(r, &p, buf);
        for (size_t m = 0; m < k; m++) {
            uint64_t j = g->index(r, &buf[m].to);
            if (s->depth[j] >= 0) continue;
            s->depth[j] = s->depth[i] + 1;
            VEC_PUSH(order, (uint32_t)j);
        }
    }
    free(buf);
    s->order = order.items;
    s->count = order.n;
    return s;
}

void chopsat_reach_set_free(chopsat_reach_set *s)
{
    if (!s) return;
    free(s->depth);
    free(s->order);
    free(s);
}

int64_t chopsat_reach_depth(const chopsat_reach_set *s, const chopsat_pos *pos)
{
    return s->depth[s->rules->game->index(s->rules, pos)];
}

uint64_t chopsat_reach_count(const chopsat_reach_set *s) { return s->count; }

void chopsat_reach_at(const chopsat_reach_set *s, uint64_t k, chopsat_pos *pos)
{
    s->rules->game->unindex(s->rules, s->order[k], pos);
}

int chopsat_stats_compute(const chopsat_solution *sol, const chopsat_pos *from,
                          chopsat_stats *out, chopsat_err *err)
{
    const chopsat_rules *r = chopsat_solution_rules(sol);
    const game *g = r->game;
    chopsat_reach_set *set = chopsat_explore(r, from, err);
    if (!set) return -1;
    memset(out, 0, sizeof *out);
    step *buf = xmalloc(g->max_moves(r) * sizeof *buf);
    for (uint64_t k = 0; k < set->count; k++) {
        chopsat_pos p;
        g->unindex(r, set->order[k], &p);
        out->positions++;
        if ((uint64_t)set->depth[set->order[k]] > out->depth) out->depth = (uint64_t)set->depth[set->order[k]];
        if (g->winner(r, &p)) {
            out->terminal++;
            continue;
        }
        out->edges += g->moves(r, &p, buf);
        uint32_t d;
        int v = chopsat_value(sol, &p, &d);
        if (v == CHOPSAT_WIN) out->wins++;
        else if (v == CHOPSAT_LOSS) out->losses++;
        else out->draws++;
        if (v != CHOPSAT_DRAW && d > out->longest_distance) out->longest_distance = d;
    }
    free(buf);
    chopsat_reach_set_free(set);
    return 0;
}
