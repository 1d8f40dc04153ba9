/* play.c: a game as chopsat play plays it: the record of the positions (the third occurrence
 * of a position ends the game as a draw) and the computer's choice from the explicit solution
 * (a random best move, a blunder with a given probability, a chance move at random). */
#include <stdlib.h>

#include "chopsat_tool.h"
#include "core/oom.h"
#include "core/util.h"

struct chopsat_game {
    const chopsat_rules *rules;
    chopsat_pos pos;
    chopsat_pos_counter *seen; /* every position so far, the current one included */
    long moves, cap;
    size_t count; /* occurrences of the current position */
};

/* chopsat_game_new's work, inside its recovery point. */
static chopsat_game *game_new(const chopsat_rules *rules, const chopsat_pos *start, long cap)
{
    chopsat_game *g = xcalloc(1, sizeof *g);
    *g = (chopsat_game){.rules = rules, .pos = *start, .cap = cap};
    g->seen = chopsat_pos_counter_new();
    g->count = chopsat_pos_count_add(g->seen, &g->pos);
    return g;
}

chopsat_game *chopsat_game_new(const chopsat_rules *rules, const chopsat_pos *start, long cap)
{
    if (chopsat_pos_check(rules, start, NULL)) return NULL; /* no position of the rules */
    CS_GUARDED(chopsat_game *, NULL, NULL, game_new(rules, start, cap));
}

void chopsat_game_free(chopsat_game *g)
{
    if (!g) return;
    chopsat_pos_counter_free(g->seen);
    free(g);
}

const chopsat_pos *chopsat_game_pos(const chopsat_game *g)
{
    return &g->pos;
}

long chopsat_game_moves(const chopsat_game *g)
{
    return g->moves;
}

int chopsat_game_play(chopsat_game *g, const chopsat_move *m, chopsat_err *err)
{
    g->pos = m->to;
    g->moves++;
    g->count = chopsat_pos_count_add(g->seen, &g->pos);
    if (g->count) return CHOPSAT_OK;
    fail(err, "out of memory");
    return CHOPSAT_NOMEM;
}

int chopsat_game_end(const chopsat_game *g)
{
    int w = chopsat_pos_winner(g->rules, &g->pos);
    if (w) return w == 1 ? CHOPSAT_GAME_WON_1 : CHOPSAT_GAME_WON_2;
    if (g->count >= 3) return CHOPSAT_GAME_REPEATED;
    if (g->cap > 0 && g->moves >= g->cap) return CHOPSAT_GAME_CAPPED;
    return CHOPSAT_GAME_ON;
}

/* The explicit choice of chopsat_play_pick on the legal moves `all` (not empty). */
static int pick_among(const chopsat_solution *sol, const chopsat_rules *rules,
                      const chopsat_pos *pos, const chopsat_moves *all, chopsat_rng *rng,
                      double blunder, chopsat_move *m, chopsat_err *err)
{
    if (chopsat_pos_chance(rules, pos)) {
        *m = all->items[chopsat_rng_below(rng, all->n)];
        return CHOPSAT_OK;
    }
    chopsat_moves best = {0};
    int rc = chopsat_best_moves(sol, pos, &best, err);
    if (rc == CHOPSAT_OK) {
        bool any = chopsat_rng_unit(rng) < blunder;
        const chopsat_moves *from = any || best.n == 0 ? all : &best;
        *m = from->items[chopsat_rng_below(rng, from->n)];
    }
    chopsat_moves_free(&best);
    return rc;
}

int chopsat_play_pick(const chopsat_solution *sol, const chopsat_rules *rules,
                      const chopsat_pos *pos, chopsat_rng *rng, double blunder, chopsat_move *m,
                      chopsat_err *err)
{
    chopsat_moves all = {0};
    int rc = chopsat_moves_list(rules, pos, &all, err);
    if (rc == CHOPSAT_OK && all.n == 0)
        rc = fail(err, "play: the game is over: there is no move to choose");
    if (rc == CHOPSAT_OK) rc = pick_among(sol, rules, pos, &all, rng, blunder, m, err);
    chopsat_moves_free(&all);
    return rc;
}
