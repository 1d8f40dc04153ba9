/* solve.c: the explicit solver, a tablebase-style retrograde analysis over the whole index
 * space. No edge is stored: successors are listed by the move generator, predecessors are
 * generated on the fly by the game's un-move generator (game.h), and each position keeps 2
 * bytes of value and distance (solve.h; 4 in games of at most 2^24 positions) plus, during the
 * solve, a 1-byte counter of unresolved successors, capped at 255 ("255 or more": counted
 * again from the values when a successor is resolved): 3 bytes an index position, and 2 bytes
 * every SOLVE_CHUNK positions marking the chunks that hold a layer. Terminal positions (and
 * positions without a move) form layer 0; layer d+1 holds every unresolved predecessor of a
 * loss in layer d (a win at distance d+1: its nearest losing successor) and every position
 * whose last unresolved successor was a win in layer d (a loss at d+1: its farthest winning
 * successor). A layer is not listed: it is every position at distance d of the chunks marked
 * for it. Positions never resolved are draws; this is exact in games with cycles. In a game
 * whose rules treat both players alike (game.h, mirror_index) only player 1's half of the
 * index is solved: a successor is looked up through its mirror, and the predecessors of a
 * position are those of its mirror (player 2 to move), so each position stands for both.
 *
 * The work is shared among threads, one per core, by batches of chunks claimed from a shared
 * cursor; a win is claimed by compare-and-swap, a loss by the counter's compare-and-swap that
 * reaches 0. A layer's predecessors are queued with their values prefetched and looked at a few
 * places later (PREFETCH_AHEAD), since each is a random read over the whole index. Every value
 * and distance is fixed by the layer it is found in, so the result does not depend on the
 * number of threads, their timing or the order of the queue. Memory is the arrays, allocated
 * before the solve, SOLVE_BYTES an index position at most (limit.h, docs/reliability.md). */
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

/* Positions a chunk: the unit whose layer marks (one byte each) say it holds positions of a
 * layer, and CHUNK_BATCH chunks the unit a worker claims. */
#define SOLVE_CHUNK 1024u
#define CHUNK_BATCH 64u

/* A counter at its cap (CNT_MANY, or lower in the unit tests) means "that many unresolved
 * successors or more: count them again". */
#define CNT_MANY 255u

/* One thread's share of a pass: chunks of the index to count or of a layer to propagate. */
typedef struct worker {
    const chopsat_rules *r;
    uint32_t *vd;     /* wide values, or NULL */
    uint16_t *vd16;   /* narrow values, when vd is NULL */
    uint8_t *cnt;     /* per position: unresolved successors, at most CNT_MANY */
    uint8_t *mark[2]; /* per chunk: 1 when it holds positions of the layer d (mark[d & 1]) */
    uint64_t *cursor; /* the next batch of chunks to claim, shared */
    uint64_t n, chunks;
    uint32_t d;
    uint8_t many;   /* the counters' cap */
    uint64_t found; /* positions this worker resolved in the pass */
    step *steps;    /* room for max_moves steps (games without successors) */
    uint64_t *succ; /* room for max_moves indices */
    /* the game's mirror_index when only player 1's half [0, n) is solved, else NULL */
    uint64_t (*mirror)(const chopsat_rules *r, uint64_t i);
    struct pending *pend; /* predecessors whose values are being fetched (propagate_range) */
    size_t npend, settled, cap;
} worker;

/* A predecessor met in propagating, waiting for its value and counter to arrive from memory
 * (they were prefetched): its index and the value it gets when resolved. */
typedef struct pending {
    uint64_t q;
    uint32_t next;
} pending;

/* How many predecessors are fetched ahead of the one looked at: the memory reads of a layer
 * are random over the whole index, so each would otherwise wait for its own. */
#define PREFETCH_AHEAD 32u

/* The value and distance of index i (VD_*), read while other workers write. */
static inline uint32_t load_vd(const worker *w, uint64_t i)
{
    return w->vd ? __atomic_load_n(&w->vd[i], __ATOMIC_RELAXED)
                 : vd_widen(__atomic_load_n(&w->vd16[i], __ATOMIC_RELAXED));
}

/* Sets index i, which this worker alone writes, to v. */
static inline void store_vd(worker *w, uint64_t i, uint32_t v)
{
    if (w->vd)
        w->vd[i] = v;
    else
        w->vd16[i] = vd_narrow(v);
}

/* Sets the unresolved index i to v; false when another worker resolved it first. */
static inline bool claim_vd(worker *w, uint64_t i, uint32_t v)
{
    if (w->vd) {
        uint32_t zero = 0;
        return __atomic_compare_exchange_n(&w->vd[i], &zero, v, false, __ATOMIC_RELAXED,
                                           __ATOMIC_RELAXED);
    }
    uint16_t zero = 0;
    return __atomic_compare_exchange_n(&w->vd16[i], &zero, vd_narrow(v), false, __ATOMIC_RELAXED,
                                       __ATOMIC_RELAXED);
}

/* The indices of the distinct successors of the non-terminal p into w->succ (in a half solve
 * their mirrors, all in player 1's half); how many. */
static size_t successors_of(worker *w, const chopsat_pos *p)
{
    const game *g = w->r->game;
    size_t k;
    if (w->mirror && g->mirror_successors) return g->mirror_successors(w->r, p, w->succ);
    if (g->successors)
        k = g->successors(w->r, p, w->succ);
    else {
        k = g->moves(w->r, p, w->steps);
        for (size_t m = 0; m < k; m++)
            w->succ[m] = g->index(w->r, &w->steps[m].to);
    }
    if (w->mirror)
        for (size_t m = 0; m < k; m++)
            if (w->succ[m] >= w->n) w->succ[m] = w->mirror(w->r, w->succ[m]);
    return k;
}

/* Claims the next batch of chunks: true with the chunks [*lo, *hi), false when none is left. */
static bool claim_batch(worker *w, uint64_t *lo, uint64_t *hi)
{
    uint64_t b = __atomic_fetch_add(w->cursor, 1, __ATOMIC_RELAXED);
    if (b * CHUNK_BATCH >= w->chunks) return false;
    *lo = b * CHUNK_BATCH;
    *hi = *lo + CHUNK_BATCH < w->chunks ? *lo + CHUNK_BATCH : w->chunks;
    return true;
}

/* The positions [lo, hi) of chunk c. */
static void chunk_range(const worker *w, uint64_t c, uint64_t *lo, uint64_t *hi)
{
    *lo = c * SOLVE_CHUNK;
    *hi = *lo + SOLVE_CHUNK < w->n ? *lo + SOLVE_CHUNK : w->n;
}

/* Counting: the terminal values (layer 0) and the successor counters of the claimed chunks. */
static void *count_range(void *arg)
{
    worker *w = arg;
    const game *g = w->r->game;
    uint64_t clo, chi, lo, hi;
    chopsat_pos p;
    while (claim_batch(w, &clo, &chi))
        for (uint64_t c = clo; c < chi; c++) {
            chunk_range(w, c, &lo, &hi);
            for (uint64_t i = lo; i < hi; i++) {
                if (!g->unindex(w->r, i, &p)) {
                    store_vd(w, i, VD_INVALID);
                    continue;
                }
                int win = g->winner(w->r, &p);
                size_t k = win ? 0 : g->successor_count ? g->successor_count(w->r, &p) : SIZE_MAX;
                if (!win && k == SIZE_MAX) k = successors_of(w, &p);
                w->cnt[i] = (uint8_t)(k < w->many ? k : w->many);
                if (win || k == 0) { /* game over, or no legal move: a loss */
                    store_vd(w, i, win && win == (int)p.mover ? VD_WIN : VD_LOSS);
                    w->mark[0][c] = 1;
                    w->found++;
                }
            }
        }
    return NULL;
}

/* The successors of the non-terminal q not resolved as wins before distance d into *before,
 * and those not resolved as wins at distance d or less into *after. */
static void count_unresolved(worker *w, const chopsat_pos *q, uint32_t d, uint64_t *before,
                             uint64_t *after)
{
    size_t k = successors_of(w, q);
    *before = *after = 0;
    for (size_t m = 0; m < k; m++) {
        uint32_t v = load_vd(w, w->succ[m]);
        bool won = (v & ~VD_DIST) == VD_WIN;
        *before += !won || (v & VD_DIST) >= d;
        *after += !won || (v & VD_DIST) > d;
    }
}

/* Counts off one successor of the unresolved q resolved as a win at distance d; true
 * when q has no unresolved successor left. A counter at its cap is counted again from the
 * values before distance d, which no worker changes during the pass, so every win at d counts
 * once: when that count less this win is below the cap, it becomes the counter; else the
 * counter stays at its cap and q is lost when no successor is left after distance d. */
static bool count_off(worker *w, uint64_t q)
{
    uint8_t c = __atomic_load_n(&w->cnt[q], __ATOMIC_RELAXED), to;
    for (;;) {
        if (c == 0) return false; /* not reached: q would be resolved */
        if (c == w->many) {
            uint64_t before, after;
            chopsat_pos qp;
            w->r->game->unindex(w->r, q, &qp);
            count_unresolved(w, &qp, w->d, &before, &after);
            if (before == 0 || before - 1 >= w->many) return after == 0; /* still many */
            to = (uint8_t)(before - 1);
        } else {
            to = (uint8_t)(c - 1);
        }
        if (__atomic_compare_exchange_n(&w->cnt[q], &c, to, false, __ATOMIC_RELAXED,
                                        __ATOMIC_RELAXED))
            return to == 0;
    }
}

/* Resolves q (unresolved when last looked at) as `next` into the layer being made. */
static void claim(worker *w, uint64_t q, uint32_t next)
{
    if (claim_vd(w, q, next)) {
        __atomic_store_n(&w->mark[(w->d + 1) & 1][q / SOLVE_CHUNK], 1, __ATOMIC_RELAXED);
        w->found++;
    }
}

/* Settles the pending predecessor e: layer d+1 gets it when it is unresolved and either a
 * predecessor of a loss (a win) or left with no unresolved successor (a loss). */
static void settle_one(worker *w, const pending *e)
{
    if (load_vd(w, e->q)) return;
    if ((e->next & ~VD_DIST) == VD_WIN || count_off(w, e->q)) claim(w, e->q, e->next);
}

/* Settles the pending predecessors until at most `keep` wait, and moves those to the front
 * when fewer than `room` places are left behind them. */
static void settle_pending(worker *w, size_t keep, size_t room)
{
    while (w->npend - w->settled > keep)
        settle_one(w, &w->pend[w->settled++]);
    if (w->cap - w->npend < room) {
        memmove(w->pend, w->pend + w->settled, (w->npend - w->settled) * sizeof *w->pend);
        w->npend -= w->settled;
        w->settled = 0;
    }
}

/* Queues q, to get `next`, and prefetches its value (and its counter, for a loss). */
static void pend(worker *w, uint64_t q, uint32_t next)
{
    if (w->vd)
        __builtin_prefetch(&w->vd[q], 1);
    else
        __builtin_prefetch(&w->vd16[q], 1);
    if ((next & ~VD_DIST) == VD_LOSS) __builtin_prefetch(&w->cnt[q], 1);
    w->pend[w->npend++] = (pending){q, next};
}

/* Queues the predecessors of position j, of layer d, for layer d+1 (settle_one). In a half
 * solve j stands for its mirror too, a position of player 2, whose predecessors are player 1's. */
static void propagate_one(worker *w, uint64_t j, uint32_t vj, chopsat_pos *buf, size_t most)
{
    const game *g = w->r->game;
    bool win = (vj & ~VD_DIST) == VD_LOSS; /* a predecessor of a loss is a win */
    uint32_t next = (w->d + 1) | (win ? VD_WIN : VD_LOSS);
    chopsat_pos p;
    g->unindex(w->r, w->mirror ? w->mirror(w->r, j) : j, &p);
    size_t k = g->unmoves(w->r, &p, buf);
    for (size_t m = 0; m < k; m++)
        pend(w, g->index(w->r, &buf[m]), next);
    settle_pending(w, PREFETCH_AHEAD, most);
}

/* Propagating: the positions at distance d of the claimed chunks that hold some. */
static void *propagate_range(void *arg)
{
    worker *w = arg;
    size_t most = w->r->game->max_unmoves(w->r);
    chopsat_pos *buf = xmalloc(most * sizeof *buf);
    w->cap = most + 2 * PREFETCH_AHEAD;
    w->pend = xmalloc(w->cap * sizeof *w->pend);
    w->npend = w->settled = 0;
    uint8_t *mark = w->mark[w->d & 1];
    uint64_t clo, chi, lo, hi;
    while (claim_batch(w, &clo, &chi))
        for (uint64_t c = clo; c < chi; c++) {
            if (!mark[c]) continue;
            mark[c] = 0;
            chunk_range(w, c, &lo, &hi);
            for (uint64_t j = lo; j < hi; j++) {
                uint32_t v = load_vd(w, j); /* d+1 values appear meanwhile: skipped */
                if (v && v != VD_INVALID && (v & VD_DIST) == w->d)
                    propagate_one(w, j, v, buf, most);
            }
        }
    settle_pending(w, 0, 0);
    free(w->pend);
    free(buf);
    return NULL;
}

/* 0 when the game fits the explicit solver and memory at `bytes` an index position (the explicit
 * limit policy, limit.h), else -1 with a message. */
static int check_size(const chopsat_rules *r, uint64_t bytes, chopsat_err *err)
{
    char desc[256];
    chopsat_rules_describe(r, desc, sizeof desc);
    index_budget b;
    int fit = explicit_index_budget(r, SOLVE_LIMIT, 0, bytes, SOLVE_EXTRA, &b);
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

/* Runs fn on nt workers over a fresh batch cursor; the positions they resolved. */
static uint64_t run_pass(worker *w, int nt, void *(*fn)(void *))
{
    uint64_t cursor = 0, found = 0;
    for (int t = 0; t < nt; t++) {
        w[t].cursor = &cursor;
        w[t].found = 0;
    }
    parallel_run(nt, fn, w, sizeof *w);
    for (int t = 0; t < nt; t++)
        found += w[t].found;
    return found;
}

/* The layers from d = 0 while the last one was not empty (layer 0 has `found` positions);
 * false when a distance would pass `most`. */
static bool propagate_all(worker *w, int nt, uint64_t found, uint32_t most,
                          chopsat_progress_fn progress, void *ctx)
{
    uint64_t resolved = found, n = w[0].n;
    for (uint32_t d = 0; found; d++) {
        if (d >= most) return false;
        if (progress) progress(ctx, "propagating values", (double)resolved / (double)n);
        for (int t = 0; t < nt; t++)
            w[t].d = d;
        found = run_pass(w, nt, propagate_range);
        resolved += found;
    }
    return true;
}

chopsat_solution *solve_width(const chopsat_rules *r, bool narrow, unsigned many,
                              chopsat_progress_fn progress, void *ctx, chopsat_err *err)
{
    chopsat_solution *s = xcalloc(1, sizeof *s);
    s->rules = r;
    s->n = r->game->count(r);
    s->mirror = r->game->mirror_index;
    s->kept = solve_kept(r);
    uint64_t n = s->kept, chunks = (n + SOLVE_CHUNK - 1) / SOLVE_CHUNK;
    if (narrow)
        s->vd16 = xcalloc(n, sizeof *s->vd16);
    else
        s->vd = xcalloc(n, sizeof *s->vd);
    uint8_t *cnt = xmalloc(n), *mark0 = xcalloc(chunks, 1), *mark1 = xcalloc(chunks, 1);
    int nt = n < 65536 ? 1 : parallel_workers(n);
    worker w[PARALLEL_MAX];
    memset(w, 0, sizeof w);
    size_t moves = r->game->max_moves(r);
    for (int t = 0; t < nt; t++) {
        w[t] = (worker){.r = r, .vd = s->vd, .vd16 = s->vd16, .cnt = cnt, .n = n, .chunks = chunks};
        w[t].mirror = s->mirror;
        w[t].many = (uint8_t)(many >= 2 && many <= CNT_MANY ? many : CNT_MANY);
        w[t].mark[0] = mark0;
        w[t].mark[1] = mark1;
        w[t].steps = r->game->successors ? NULL : xmalloc(moves * sizeof *w[t].steps);
        w[t].succ = xmalloc(moves * sizeof *w[t].succ);
    }
    if (progress) progress(ctx, "counting moves", 0.0);
    uint64_t found = run_pass(w, nt, count_range); /* layer 0 */
    bool ok = propagate_all(w, nt, found, narrow ? VD_NARROW_DIST : VD_DIST, progress, ctx);
    for (int t = 0; t < nt; t++) {
        free(w[t].steps);
        free(w[t].succ);
    }
    free(cnt);
    free(mark0);
    free(mark1);
    if (!ok) {
        chopsat_solution_free(s);
        fail(err, "solve: a distance passes %u moves, more than the explicit solver keeps",
             narrow ? VD_NARROW_DIST : VD_DIST);
        return NULL;
    }
    return s;
}

/* A narrow solve for games past SOLVE_NARROW_FROM positions, again wide when a distance passes
 * what the narrow one keeps and the memory allows (solve.h). */
static chopsat_solution *solve_body(const chopsat_rules *r, chopsat_progress_fn progress, void *ctx,
                                    chopsat_err *err)
{
    if (check_size(r, SOLVE_BYTES, err)) return NULL;
    bool narrow = r->game->count(r) > SOLVE_NARROW_FROM;
    chopsat_solution *s = solve_width(r, narrow, CNT_MANY, progress, ctx, err);
    if (!s && narrow && !check_size(r, SOLVE_WIDE_BYTES, err))
        s = solve_width(r, false, CNT_MANY, progress, ctx, err);
    if (s && progress) progress(ctx, "done", 1.0);
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
    free(s->vd16);
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
    return i < s->n && solution_vd(s, i) != VD_INVALID && s->rules->game->unindex(s->rules, i, pos);
}

int chopsat_value(const chopsat_solution *s, const chopsat_pos *pos, uint32_t *distance)
{
    if (chopsat_pos_check(s->rules, pos, NULL)) { /* no position of these rules: no value */
        if (distance) *distance = 0;
        return CHOPSAT_UNKNOWN;
    }
    uint32_t vd = solution_vd(s, s->rules->game->index(s->rules, pos)), kind = vd & ~VD_DIST;
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
