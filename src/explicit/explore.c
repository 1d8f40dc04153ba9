/* explore.c: breadth-first exploration of the game graph from one position: reachability with
 * depths, and the statistics of `chopsat stats` (which also need the solver's values). */
#include <stdlib.h>
#include <string.h>

#include "core/oom.h"
#include "core/parallel.h"
#include "core/util.h"
#include "explicit/layers.h"
#include "explicit/limit.h"
#include "explicit/solve.h"
#include "games/game.h"

struct chopsat_reach_set {
    const chopsat_rules *rules;
    uint64_t n;
    int32_t *depth;  /* -1 when unreachable */
    uint32_t *order; /* the reachable indices in breadth-first order */
    uint64_t count;
};

static chopsat_reach_set *explore_body(const chopsat_rules *r, const chopsat_pos *from,
                                       chopsat_err *err)
{
    const game *g = r->game;
    if (chopsat_pos_check(r, from, err)) return NULL;
    uint64_t n = g->count(r);
    if (n == 0 || n > EXPLORE_MAX) {
        fail(err, "explore: the game has too many positions to enumerate");
        return NULL;
    }
    if (chopsat_explicit_memory(r, CHOPSAT_SEARCH_EXPLORE, NULL, err)) return NULL;
    chopsat_reach_set *s = xcalloc(1, sizeof *s);
    s->rules = r;
    s->n = n;
    s->depth = xmalloc(n * sizeof *s->depth);
    memset(s->depth, 0xFF, n * sizeof *s->depth);
    /* EXPLORE_BYTES (limit.h) an index position: the depth, and the queue (mapped lazily: only
     * the pages of the positions met are touched) */
    s->order = xmalloc(n * sizeof *s->order);
    step *buf = xmalloc(g->max_moves(r) * sizeof *buf);
    uint64_t i0 = g->index(r, from), tail = 0;
    s->depth[i0] = 0;
    s->order[tail++] = (uint32_t)i0;
    for (uint64_t h = 0; h < tail; h++) {
        chopsat_pos p;
        uint32_t i = s->order[h];
        g->unindex(r, i, &p);
        if (g->winner(r, &p)) continue;
        size_t k = g->moves(r, &p, buf);
        for (size_t m = 0; m < k; m++) {
            uint64_t j = g->index(r, &buf[m].to);
            if (s->depth[j] >= 0) continue;
            s->depth[j] = s->depth[i] + 1;
            s->order[tail++] = (uint32_t)j;
        }
    }
    free(buf);
    s->count = tail;
    return s;
}

chopsat_reach_set *chopsat_explore(const chopsat_rules *r, const chopsat_pos *from,
                                   chopsat_err *err)
{
    CS_GUARDED(chopsat_reach_set *, NULL, err, explore_body(r, from, err));
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
    if (chopsat_pos_check(s->rules, pos, NULL)) return -1; /* no position: not reached */
    return s->depth[s->rules->game->index(s->rules, pos)];
}

uint64_t chopsat_reach_count(const chopsat_reach_set *s)
{
    return s->count;
}

void chopsat_reach_at(const chopsat_reach_set *s, uint64_t k, chopsat_pos *pos)
{
    s->rules->game->unindex(s->rules, s->order[k], pos);
}

/* One worker of the statistics' breadth-first search: the claimed chunks of the layer at depth
 * d (in index order, whose neighbouring positions have neighbouring successors, so the value
 * array is read nearly in sequence). */
typedef struct stats_worker {
    const chopsat_solution *sol;
    layer *seen, *cur, *next; /* reached; the layer at depth d; the layer being made */
    uint64_t *cursor;         /* the next chunk of cur to claim, shared */
    int32_t d;
    uint64_t found; /* the next layer's positions this worker reached first */
    chopsat_stats st;
} stats_worker;

/* Counts position i (at depth d) into w->st and claims its unreached successors. */
static inline void stats_visit(stats_worker *w, const chopsat_rules *r, uint64_t i, int32_t d,
                               step *buf, uint64_t *next)
{
    const game *g = r->game;
    chopsat_pos p;
    g->unindex(r, i, &p);
    w->st.positions++;
    if ((uint64_t)d > w->st.depth) w->st.depth = (uint64_t)d;
    if (g->winner(r, &p)) {
        w->st.terminal++;
        return;
    }
    size_t k;
    if (g->successors)
        k = g->successors(r, &p, next);
    else {
        k = g->moves(r, &p, buf);
        for (size_t m = 0; m < k; m++)
            next[m] = g->index(r, &buf[m].to);
    }
    w->st.edges += k;
    uint32_t vd = solution_vd(w->sol, i), kind = vd & ~VD_DIST; /* solve.h's packing */
    if (kind == VD_WIN)
        w->st.wins++;
    else if (kind == VD_LOSS)
        w->st.losses++;
    else
        w->st.draws++;
    if ((kind == VD_WIN || kind == VD_LOSS) && (vd & VD_DIST) > w->st.longest_distance)
        w->st.longest_distance = vd & VD_DIST;
    for (size_t m = 0; m < k; m++)
        if (!layer_has(w->seen, next[m]) && layer_add(w->seen, next[m])) {
            layer_add(w->next, next[m]);
            w->found++;
        }
}

/* One layer's share: the chunks of the layer this worker claims. */
static void *stats_layer(void *arg)
{
    stats_worker *w = arg;
    const chopsat_rules *r = chopsat_solution_rules(w->sol);
    const game *g = r->game;
    step *buf = g->successors ? NULL : xmalloc(g->max_moves(r) * sizeof *buf);
    uint64_t *next = xmalloc(g->max_moves(r) * sizeof *next), lo, hi;
    while (layer_claim(w->cur, w->cursor, &lo, &hi))
        for (uint64_t wd = lo; wd < hi; wd++)
            for (uint64_t b = layer_take(w->cur, wd); b; b &= b - 1)
                stats_visit(w, r, wd * 64 + (uint64_t)__builtin_ctzll(b), w->d, buf, next);
    free(next);
    free(buf);
    return NULL;
}

/* Sums the workers' counts into *out. */
static void stats_sum(const stats_worker *w, int nt, chopsat_stats *out)
{
    memset(out, 0, sizeof *out);
    for (int t = 0; t < nt; t++) {
        out->positions += w[t].st.positions;
        out->terminal += w[t].st.terminal;
        out->edges += w[t].st.edges;
        out->wins += w[t].st.wins;
        out->losses += w[t].st.losses;
        out->draws += w[t].st.draws;
        if (w[t].st.depth > out->depth) out->depth = w[t].st.depth;
        if (w[t].st.longest_distance > out->longest_distance)
            out->longest_distance = w[t].st.longest_distance;
    }
}

/* The statistics come from a breadth-first search of their own, layer by layer with the
 * layers' chunks shared among one worker per core; every count is a sum over the reachable
 * positions, so it does not depend on the split. The walk keeps three bitmaps (layers.h),
 * STATS_WALK_BYTES an index position. */
static int stats_compute_body(const chopsat_solution *sol, const chopsat_pos *from,
                              chopsat_stats *out, chopsat_err *err)
{
    const chopsat_rules *r = chopsat_solution_rules(sol);
    if (chopsat_pos_check(r, from, err)) return CHOPSAT_ERROR;
    uint64_t n = r->game->count(r);
    if (n == 0 || n > EXPLORE_MAX)
        return fail(err, "explore: the game has too many positions to enumerate");
    /* the walk's own arrays (the solution is held already: the whole command's need is
     * CHOPSAT_SEARCH_STATS, which the caller checks before it solves) */
    int fit = explicit_index_fits(r, EXPLORE_MAX, STATS_WALK_BYTES, 0, err);
    if (fit) return fit;
    layer seen, a, b;
    layer_init(&seen, n);
    layer_init(&a, n);
    layer_init(&b, n);
    stats_worker w[PARALLEL_MAX];
    memset(w, 0, sizeof w);
    int nt = parallel_workers(n);
    uint64_t i0 = r->game->index(r, from), found = 1;
    layer_add(&seen, i0);
    layer_add(&a, i0);
    layer *cur = &a, *nxt = &b;
    for (int32_t d = 0; found; d++) { /* one layer: *cur, at depth d */
        uint64_t cursor = 0;
        int lt = found < 1024 ? 1 : nt;
        for (int t = 0; t < lt; t++) {
            w[t].sol = sol;
            w[t].seen = &seen;
            w[t].cur = cur;
            w[t].next = nxt;
            w[t].cursor = &cursor;
            w[t].d = d;
            w[t].found = 0;
        }
        parallel_run(lt, stats_layer, w, sizeof *w); /* empties *cur */
        found = 0;
        for (int t = 0; t < lt; t++)
            found += w[t].found;
        layer *l = cur;
        cur = nxt;
        nxt = l;
    }
    stats_sum(w, nt, out);
    layer_free(&seen);
    layer_free(&a);
    layer_free(&b);
    return 0;
}

int chopsat_stats_compute(const chopsat_solution *sol, const chopsat_pos *from, chopsat_stats *out,
                          chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err, stats_compute_body(sol, from, out, err));
}
