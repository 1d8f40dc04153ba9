/* solve.c: the explicit solver. Retrograde analysis over the whole index space: terminal
 * positions are valued first, then values flow backwards along reversed edges, a win as soon
 * as one successor is a loss, a loss once every successor has been found a win (a counter of
 * unresolved successors per position). Processing in breadth-first order gives exact
 * distances: a win takes its nearest losing successor, a loss its farthest winning one.
 * Positions never resolved are draws; this is exact in games with cycles, unlike depth-limited
 * search. Positions are indexed arithmetically (game.h), so every table is a flat array. */
#include <stdlib.h>
#include <string.h>

#include "games/game.h"
#include "core/util.h"

enum { UNSET = 0, INVALID = 2 };

struct chopsat_solution {
    const chopsat_rules *rules;
    uint64_t n;
    int8_t *val;    /* CHOPSAT_WIN, CHOPSAT_LOSS, UNSET (= draw after solving) or INVALID */
    uint32_t *dist; /* distance to the end under best play */
};

uint64_t chopsat_position_count(const chopsat_rules *r) { return r->game->count(r); }

#define SOLVE_LIMIT 0xFFFFFFF0u /* indices are stored as uint32_t */

static void report(chopsat_progress_fn progress, void *ctx, const char *phase, uint64_t i,
                   uint64_t n)
{
    if (progress && (i & 0xFFFFF) == 0) progress(ctx, phase, n ? (double)i / (double)n : 1.0);
}

chopsat_solution *chopsat_solve(const chopsat_rules *r, chopsat_progress_fn progress, void *ctx,
                                chopsat_err *err)
{
    const game *g = r->game;
    uint64_t n = g->count(r);
    if (n == 0 || n > SOLVE_LIMIT) {
        char desc[256];
        chopsat_rules_describe(r, desc, sizeof desc);
        fail(err, "solve: the game has too many positions for the explicit solver (%s); the SAT "
                  "side still answers bounded questions",
             desc);
        return NULL;
    }
    chopsat_solution *s = xcalloc(1, sizeof *s);
    s->rules = r;
    s->n = n;
    s->val = xcalloc(n, 1);
    s->dist = xcalloc(n, sizeof *s->dist);
    uint32_t *unresolved = xcalloc(n, sizeof *unresolved);
    uint64_t *off = xcalloc(n + 1, sizeof *off);
    uint32_t *queue = xmalloc(n * sizeof *queue);
    size_t qhead = 0, qtail = 0;
    step *buf = xmalloc(g->max_moves(r) * sizeof *buf);
    chopsat_pos p;

    /* Pass 1: terminal values, successor counts, in-degrees. */
    for (uint64_t i = 0; i < n; i++) {
        report(progress, ctx, "counting moves", i, n);
        if (!g->unindex(r, i, &p)) {
            s->val[i] = INVALID;
            continue;
        }
        int w = g->winner(r, &p);
        if (w) {
            s->val[i] = w == (int)p.mover ? CHOPSAT_WIN : CHOPSAT_LOSS;
            queue[qtail++] = (uint32_t)i;
            continue;
        }
        size_t k = g->moves(r, &p, buf);
        unresolved[i] = (uint32_t)k;
        for (size_t m = 0; m < k; m++) off[g->index(r, &buf[m].to) + 1]++;
        if (k == 0) { /* no legal move: the player to move has lost */
            s->val[i] = CHOPSAT_LOSS;
            queue[qtail++] = (uint32_t)i;
        }
    }
    for (uint64_t i = 0; i < n; i++) off[i + 1] += off[i];

    /* Pass 2: the reversed edges, predecessors of j in pred[off[j] .. off[j+1]). */
    uint32_t *pred = xmalloc((off[n] ? off[n] : 1) * sizeof *pred);
    for (uint64_t i = 0; i < n; i++) {
        report(progress, ctx, "reversing edges", i, n);
        if (s->val[i] != UNSET) continue;
        if (!g->unindex(r, i, &p)) continue;
        size_t k = g->moves(r, &p, buf);
        for (size_t m = 0; m < k; m++) pred[off[g->index(r, &buf[m].to)]++] = (uint32_t)i;
    }
    for (uint64_t j = n; j > 0; j--) off[j] = off[j - 1];
    off[0] = 0;

    /* Pass 3: retrograde propagation in breadth-first (distance) order. */
    while (qhead < qtail) {
        report(progress, ctx, "propagating values", qhead, n);
        uint32_t j = queue[qhead++];
        for (uint64_t e = off[j]; e < off[j + 1]; e++) {
            uint32_t i = pred[e];
            if (s->val[i] != UNSET) continue;
            if (s->val[j] == CHOPSAT_LOSS) {
                s->val[i] = CHOPSAT_WIN;
                s->dist[i] = s->dist[j] + 1;
                queue[qtail++] = i;
            } else if (--unresolved[i] == 0) {
                s->val[i] = CHOPSAT_LOSS;
                s->dist[i] = s->dist[j] + 1;
                queue[qtail++] = i;
            }
        }
    }
    if (progress) progress(ctx, "done", 1.0);
    free(buf);
    free(pred);
    free(queue);
    free(off);
    free(unresolved);
    return s;
}

void chopsat_solution_free(chopsat_solution *s)
{
    if (!s) return;
    free(s->val);
    free(s->dist);
    free(s);
}

uint64_t chopsat_solution_size(const chopsat_solution *s) { return s->n; }

const chopsat_rules *chopsat_solution_rules(const chopsat_solution *s) { return s->rules; }

bool chopsat_solution_position(const chopsat_solution *s, uint64_t i, chopsat_pos *pos)
{
    return i < s->n && s->val[i] != INVALID && s->rules->game->unindex(s->rules, i, pos);
}

int chopsat_value(const chopsat_solution *s, const chopsat_pos *pos, uint32_t *distance)
{
    uint64_t i = s->rules->game->index(s->rules, pos);
    int v = s->val[i] == INVALID ? CHOPSAT_DRAW : s->val[i];
    if (distance) *distance = v == CHOPSAT_DRAW ? 0 : s->dist[i];
    return v;
}

void chopsat_best_moves(const chopsat_solution *s, const chopsat_pos *pos, chopsat_moves *out)
{
    uint32_t d;
    int v = chopsat_value(s, pos, &d);
    chopsat_moves all = {0};
    chopsat_moves_list(s->rules, pos, &all);
    out->n = 0;
    for (size_t i = 0; i < all.n; i++) {
        uint32_t dd;
        int vv = chopsat_value(s, &all.items[i].to, &dd);
        bool best = v == CHOPSAT_DRAW ? vv == CHOPSAT_DRAW : (vv == -v && dd + 1 == d);
        if (best) VEC_PUSH(*out, all.items[i]);
    }
    chopsat_moves_free(&all);
}

void chopsat_principal_line(const chopsat_solution *s, const chopsat_pos *pos, size_t max_len,
                            chopsat_moves *out)
{
    chopsat_moves best = {0};
    chopsat_pos cur = *pos;
    out->n = 0;
    while (out->n < max_len) {
        chopsat_best_moves(s, &cur, &best);
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
}
