/* test_play.c: a game as chopsat play plays it (src/explicit/play.c, src/core/rng.c): the
 * seeded generator's sequence, every game ending (a win, a third occurrence, the cap), and the
 * computer's choice replayed by the same seed. */
#include <string.h>

#include "chopsat_tool.h"
#include "harness.h"

TEST(play_rng_sequence_is_fixed)
{
    chopsat_rng a = {.s = 5}, b = {.s = 5};
    uint64_t first = chopsat_rng_next(&a);
    CHECK(first == chopsat_rng_next(&b));
    chopsat_rng z = {.s = 0};
    CHECK(chopsat_rng_next(&z) == 0xE220A8397B1DCDAFull); /* splitmix64's first word from 0 */
    for (int i = 0; i < 1000; i++) {
        double u = chopsat_rng_unit(&a);
        CHECK(u >= 0 && u < 1);
        CHECK(chopsat_rng_below(&a, 7) < 7);
    }
}

TEST(play_game_ends)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_pos start = test_pos(r, "11/11:1");
    chopsat_game *g = chopsat_game_new(r, &start, 0);
    REQUIRE(g);
    /* always the first move: the game ends (a win or a third occurrence), never runs on */
    for (int i = 0; i < 10000 && chopsat_game_end(g) == CHOPSAT_GAME_ON; i++) {
        chopsat_moves all = {0};
        REQUIRE(chopsat_moves_list(r, chopsat_game_pos(g), &all, NULL) == CHOPSAT_OK);
        REQUIRE(all.n > 0);
        CHECK(chopsat_game_play(g, &all.items[0], NULL) == CHOPSAT_OK);
        chopsat_moves_free(&all);
    }
    CHECK(chopsat_game_end(g) != CHOPSAT_GAME_ON);
    chopsat_game_free(g);
    chopsat_game *capped = chopsat_game_new(r, &start, 1);
    REQUIRE(capped);
    chopsat_moves all = {0};
    REQUIRE(chopsat_moves_list(r, &start, &all, NULL) == CHOPSAT_OK);
    CHECK(chopsat_game_play(capped, &all.items[0], NULL) == CHOPSAT_OK);
    CHECK(chopsat_game_moves(capped) == 1);
    int end = chopsat_game_end(capped);
    CHECK(end == CHOPSAT_GAME_CAPPED || end == CHOPSAT_GAME_WON_1 || end == CHOPSAT_GAME_WON_2);
    chopsat_moves_free(&all);
    chopsat_game_free(capped);
    chopsat_rules_free(r);
}

/* Plays the computer against itself from the start with seed and blunder; the moves' names
 * joined into buf. Returns the end (chopsat_game_end). */
static int self_play(const chopsat_rules *r, const chopsat_solution *sol, uint64_t seed,
                     double blunder, char *buf, size_t size)
{
    chopsat_pos start;
    chopsat_pos_start(r, &start);
    chopsat_game *g = chopsat_game_new(r, &start, 200);
    chopsat_rng rng = {.s = seed};
    size_t n = 0;
    buf[0] = 0;
    int end;
    while ((end = chopsat_game_end(g)) == CHOPSAT_GAME_ON) {
        chopsat_move m;
        chopsat_err err;
        if (chopsat_play_pick(sol, r, chopsat_game_pos(g), &rng, blunder, &m, &err)) break;
        n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s;", m.name);
        chopsat_game_play(g, &m, NULL);
    }
    chopsat_game_free(g);
    return end;
}

TEST(play_seed_replays_the_game)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_solution *sol = chopsat_solve(r, NULL, NULL, NULL);
    REQUIRE(sol);
    char a[8192], b[8192];
    int ea = self_play(r, sol, 9, 0.5, a, sizeof a), eb = self_play(r, sol, 9, 0.5, b, sizeof b);
    CHECK(ea == eb && ea != CHOPSAT_GAME_ON);
    CHECKF(!strcmp(a, b), "%s / %s", a, b);
    /* the standard game is a loss for player 1 with best play: without blunders 2 wins */
    CHECK(self_play(r, sol, 3, 0, a, sizeof a) == CHOPSAT_GAME_WON_2);
    chopsat_solution_free(sol);
    chopsat_rules_free(r);
}

SCHEDULE_FILE(play)
{
    SCHEDULE(play_rng_sequence_is_fixed);
    SCHEDULE(play_game_ends);
    SCHEDULE(play_seed_replays_the_game);
}
