/* solve.c: the explicit solver, a tablebase-style retrograde analysis over the whole index
 * space. No edge is stored: successors are counted by the move generator, predecessors are
 * generated on the fly by the game's un-move generator (game.h), and each position keeps 4
 * bytes of value and distance (solve.h) plus, during the solve, a 2-byte counter of
 * unresolved successors and a 4-byte slot in the breadth-first queue. Terminal positions (and
 * positions without a move) form layer 0; layer d+1 holds every unresolved predecessor of a
 * loss in layer d (a win at distance d+1: its nearest losing successor) and every position
 * whose last unresolved successor was a win in layer d (a loss at d+1: its farthest winning
 * successor). Positions never resolved are draws; this is exact in games with cycles.
 *
 * The work is split by index ranges (counting) and by ranges of each layer (propagating)
 * among threads, one per core; a win is claimed by compare-and-swap, a loss by the atomic
 * decrement that reaches 0. Every value and distance is fixed by the layer it is found in, so
 * the result does not depend on the number of threads or their timing (the order of a layer in
 * the queue does). What the workers find goes straight into the queue through a small buffer
 * each (core/parallel.h's appender): memory is the three arrays, SOLVE_BYTES an index
 * position, whatever the layers' sizes (limit.h, docs/reliability.md). */
#include <stdlib.h>
#include <string.h>

#include "core/oom.h"
#include "core/parallel.h"
#include "core/util.h"
#include "explicit/limit.h"
#include "explicit/solve.h"
#include "games/game.h"

uint64_t chopsat_position_count(const chopsat_rules *r)
{
    return r->game->count(r);
}

/* One thread's share of the work: an index range to count or a queue range to propagate. */
typedef struct worker {
    const chopsat_rules *r;
    uint32_t *vd;
    uint16_t *cnt;
    const uint32_t *queue;
    uint64_t lo, hi;
    appender found; /* positions this worker resolved, appended to the queue */
} worker;

/* Counting: terminal values and successor counts of the indices [lo, hi). */
static void *count_range(void *arg)
{
    worker *w = arg;
    const game *g = w->r->game;
    step *buf = g->successors ? NULL : xmalloc(g->max_moves(w->r) * sizeof *buf);
    uint64_t *next = g->successors ? xmalloc(g->max_moves(w->r) * sizeof *next) : NULL;
    chopsat_pos p;
    for (uint64_t i = w->lo; i < w->hi; i++) {
        if (!g->unindex(w->r, i, &p)) {
            w->vd[i] = VD_INVALID;
            continue;
        }
        int win = g->winner(w->r, &p);
        size_t k = win             ? 0
                   : g->successors ? g->successors(w->r, &p, next) /* only how many */
                                   : g->moves(w->r, &p, buf);
        if (win || k == 0) { /* game over, or no legal move: the player to move has lost */
            w->vd[i] = win && win == (int)p.mover ? VD_WIN : VD_LOSS;
            append(&w->found, (uint32_t)i);
        }
        w->cnt[i] = (uint16_t)k;
    }
    append_flush(&w->found);
    free(next);
    free(buf);
    return NULL;
}

/* Propagating: the predecessors of the layer's positions queue[lo, hi), all at one distance. */
static void *propagate_range(void *arg)
{
    worker *w = arg;
    const game *g = w->r->game;
    chopsat_pos *buf = xmalloc(g->max_unmoves(w->r) * sizeof *buf);
    chopsat_pos p;
    for (uint64_t e = w->lo; e < w->hi; e++) {
        uint32_t j = w->queue[e], vj = w->vd[j];
        uint32_t next = ((vj & VD_DIST) + 1) | ((vj & ~VD_DIST) == VD_LOSS ? VD_WIN : VD_LOSS);
        g->unindex(w->r, j, &p);
        size_t k = g->unmoves(w->r, &p, buf);
        for (size_t m = 0; m < k; m++) {
            uint32_t q = (uint32_t)g->index(w->r, &buf[m]);
            if (__atomic_load_n(&w->vd[q], __ATOMIC_RELAXED)) continue;
            if ((next & ~VD_DIST) == VD_WIN) {
                uint32_t zero = 0;
                if (__atomic_compare_exchange_n(&w->vd[q], &zero, next, false, __ATOMIC_RELAXED,
                                                __ATOMIC_RELAXED))
                    append(&w->found, q);
            } else if (__atomic_sub_fetch(&w->cnt[q], 1, __ATOMIC_RELAXED) == 0) {
                __atomic_store_n(&w->vd[q], next, __ATOMIC_RELAXED);
                append(&w->found, q);
            }
        }
    }
    append_flush(&w->found);
    free(buf);
    return NULL;
}

/* 0 when the game fits the explicit solver and memory (the explicit limit policy, limit.h),
 * else -1 with a message. */
static int check_size(const chopsat_rules *r, chopsat_err *err)
{
    char desc[256];
    chopsat_rules_describe(r, desc, sizeof desc);
    index_budget b;
    int fit = explicit_index_budget(r, SOLVE_LIMIT, SOLVE_BYTES, 0, &b);
    if (fit == INDEX_TOO_LARGE || r->game->max_moves(r) > 0xFFFF)
        return fail(err,
                    "solve: the game has too many positions for the explicit solver (%s); "
                    "the SAT engine (win, reach) and the BDD engine (force) answer at any "
                    "hand width",
                    desc);
    if (fit == INDEX_NO_MEMORY)
        return fail(err,
                    "solve: the explicit solve of %s needs about %llu MiB for %llu "
                    "positions, more than the %llu MiB available (CHOPSAT_MEMORY=MiB "
                    "overrides the estimate of what is available)",
                    desc, (unsigned long long)((b.need + (1u << 20) - 1) >> 20),
                    (unsigned long long)b.positions, (unsigned long long)(b.have >> 20));
    return 0;
}

static chopsat_solution *solve_body(const chopsat_rules *r, chopsat_progress_fn progress, void *ctx,
                                    chopsat_err *err)
{
    uint64_t n = r->game->count(r);
    if (check_size(r, err)) return NULL;
    chopsat_solution *s = xcalloc(1, sizeof *s);
    s->rules = r;
    s->n = n;
    s->vd = xcalloc(n, sizeof *s->vd);
    uint16_t *cnt = xmalloc(n * sizeof *cnt);
    uint32_t *queue = xmalloc(n * sizeof *queue);
    int nt = n < 65536 ? 1 : parallel_workers(n);
    uint64_t end = 0; /* the queue's end, which the workers move */
    worker w[PARALLEL_MAX];
    memset(w, 0, sizeof w);
    for (int t = 0; t < nt; t++) {
        w[t] = (worker){.r = r, .vd = s->vd, .cnt = cnt, .queue = queue};
        w[t].found.dst = queue;
        w[t].found.end = &end;
        w[t].lo = n * (uint64_t)t / (uint64_t)nt;
        w[t].hi = n * (uint64_t)(t + 1) / (uint64_t)nt;
    }
    if (progress) progress(ctx, "counting moves", 0.0);
    parallel_run(nt, count_range, w, sizeof *w); /* each appends to the queue */
    uint64_t head = 0, tail = end;
    while (head < tail) { /* one layer: queue[head, tail) */
        if (progress) progress(ctx, "propagating values", (double)head / (double)n);
        uint64_t len = tail - head;
        int lt = len < 4096 ? 1 : nt; /* small layers in this thread */
        for (int t = 0; t < lt; t++) {
            w[t].lo = head + len * (uint64_t)t / (uint64_t)lt;
            w[t].hi = head + len * (uint64_t)(t + 1) / (uint64_t)lt;
        }
        parallel_run(lt, propagate_range, w, sizeof *w);
        head = tail;
        tail = end;
    }
    if (progress) progress(ctx, "done", 1.0);
    free(queue);
    free(cnt);
    return s;
}

chopsat_solution *chopsat_solve(const chopsat_rules *r, chopsat_progress_fn progress, void *ctx,
                                chopsat_err *err)
{
    CS_GUARDED(chopsat_solution *, NULL, err, solve_body(r, progress, ctx, err));
}

void chopsat_solution_free(chopsat_solution *s)
{
    if (!s) return;
    free(s->vd);
    free(s);
}

uint64_t chopsat_solution_size(const chopsat_solution *s)
{
    return s->n;
}

const chopsat_rules *chopsat_solution_rules(const chopsat_solution *s)
{
    return s->rules;
}

bool chopsat_solution_position(const chopsat_solution *s, uint64_t i, chopsat_pos *pos)
{
    return i < s->n && s->vd[i] != VD_INVALID && s->rules->game->unindex(s->rules, i, pos);
}

int chopsat_value(const chopsat_solution *s, const chopsat_pos *pos, uint32_t *distance)
{
    if (chopsat_pos_check(s->rules, pos, NULL)) { /* no position of these rules: no value */
        if (distance) *distance = 0;
        return CHOPSAT_UNKNOWN;
    }
    uint32_t vd = s->vd[s->rules->game->index(s->rules, pos)], kind = vd & ~VD_DIST;
    int v = kind == VD_WIN ? CHOPSAT_WIN : kind == VD_LOSS ? CHOPSAT_LOSS : CHOPSAT_DRAW;
    if (distance) *distance = v == CHOPSAT_DRAW ? 0 : vd & VD_DIST;
    return v;
}
static int best_moves_body(const chopsat_solution *s, const chopsat_pos *pos, chopsat_moves *out,
                           chopsat_err *err)
{
    out->n = 0;
    if (chopsat_pos_check(s->rules, pos, err)) return CHOPSAT_ERROR;
    uint32_t d;
    int v = chopsat_value(s, pos, &d);
    chopsat_moves all = {0};
    int rc = chopsat_moves_list(s->rules, pos, &all, err);
    if (rc < 0) return rc;
    for (size_t i = 0; i < all.n; i++) {
        uint32_t dd;
        int vv = chopsat_value(s, &all.items[i].to, &dd);
        bool best =
            v == CHOPSAT_DRAW ? vv == CHOPSAT_DRAW : (vv == chopsat_value_other(v) && dd + 1 == d);
        if (best) VEC_PUSH(*out, all.items[i]);
    }
    chopsat_moves_free(&all);
    return CHOPSAT_OK;
}

int chopsat_best_moves(const chopsat_solution *s, const chopsat_pos *pos, chopsat_moves *out,
                       chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err, best_moves_body(s, pos, out, err));
}

static int principal_line_body(const chopsat_solution *s, const chopsat_pos *pos, size_t max_len,
                               chopsat_moves *out, chopsat_err *err)
{
    out->n = 0;
    if (chopsat_pos_check(s->rules, pos, err)) return CHOPSAT_ERROR;
    chopsat_moves best = {0};
    chopsat_pos cur = *pos;
    while (out->n < max_len) {
        int rc = chopsat_best_moves(s, &cur, &best, err);
        if (rc < 0) {
            chopsat_moves_free(&best);
            return rc;
        }
        if (best.n == 0) break;
        chopsat_move m = best.items[0];
        bool repeat = chopsat_pos_equal(&m.to, pos);
        for (size_t i = 0; i < out->n && !repeat; i++)
            repeat = chopsat_pos_equal(&out->items[i].to, &m.to);
        VEC_PUSH(*out, m);
        if (repeat) break; /* a draw comes back to a position it has seen */
        cur = m.to;
    }
    chopsat_moves_free(&best);
    return CHOPSAT_OK;
}

int chopsat_principal_line(const chopsat_solution *s, const chopsat_pos *pos, size_t max_len,
                           chopsat_moves *out, chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err, principal_line_body(s, pos, max_len, out, err));
}
