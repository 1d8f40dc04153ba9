/* test_bdd_play.c: playing from the BDD layers within a horizon (src/bdd/bdd_play.c,
 * chopsat_horizon_*) against the explicit solver on games both hold (fingers 5 and 7, the
 * one-die race): every position's value within H agrees with the explicit value and distance,
 * the move chosen for a win or a loss within H is one of the explicit best moves, the moves
 * counted and listed on the BDD are the explicit list, and random moves are legal and uniform;
 * at fingers=2^64-1, exact counts past 2^63 and random moves that the rules accept. */
#include <stdlib.h>
#include <string.h>

#include "harness.h"

/* splitmix64, the tests' own source of random words. */
static uint64_t test_word(void *ctx)
{
    uint64_t *s = ctx;
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Is to among the moves' resulting positions? */
static bool leads_to_one_of(const chopsat_moves *ms, const chopsat_pos *to)
{
    for (size_t i = 0; i < ms->n; i++)
        if (chopsat_pos_equal(&ms->items[i].to, to)) return true;
    return false;
}

/* The horizon's value of p against the explicit one: a win or loss within H at d is the
 * explicit value at d; an explicit win or loss at d <= H is the horizon's; anything else is
 * no forced result. Returns the number of disagreements (reported). */
static int compare_value(const chopsat_rules *r, const chopsat_solution *s,
                         const chopsat_horizon *h, const chopsat_pos *p)
{
    uint32_t de, dh;
    int ve = chopsat_value(s, p, &de), vh = chopsat_horizon_value(h, p, &dh);
    uint32_t H = (uint32_t)chopsat_horizon_depth(h);
    bool known = ve != CHOPSAT_DRAW && de <= H;
    bool ok = known ? vh == ve && dh == de : vh == CHOPSAT_UNKNOWN && dh == 0;
    if (!ok) {
        char buf[CHOPSAT_POS_MAX];
        chopsat_pos_format(r, p, buf, sizeof buf);
        test_fail(__FILE__, __LINE__, "H=%u %s: explicit %d/%u, horizon %d/%u", H, buf, ve, de, vh,
                  dh);
    }
    return !ok;
}

/* The horizon's move at p: legal, and one of the explicit best moves when p is a win or a loss
 * within H. Returns the number of disagreements (reported). */
static int compare_move(const chopsat_rules *r, const chopsat_solution *s, chopsat_horizon *h,
                        const chopsat_pos *p, const chopsat_moves *all)
{
    chopsat_move m;
    chopsat_err err;
    char buf[CHOPSAT_POS_MAX];
    chopsat_pos_format(r, p, buf, sizeof buf);
    if (all->n == 0) {
        bool refused = chopsat_horizon_move(h, p, &m, &err) == CHOPSAT_ERROR;
        CHECKF(refused, "%s: a move where there is none", buf);
        return !refused;
    }
    if (chopsat_horizon_move(h, p, &m, &err)) {
        test_fail(__FILE__, __LINE__, "%s: %s", buf, err.msg);
        return 1;
    }
    uint32_t d;
    int v = chopsat_horizon_value(h, p, &d);
    chopsat_moves best = {0};
    chopsat_best_moves(s, p, &best, NULL);
    bool ok =
        leads_to_one_of(all, &m.to) && (v == CHOPSAT_UNKNOWN || leads_to_one_of(&best, &m.to));
    CHECKF(ok, "%s: the horizon plays %s, not a best move", buf, m.name);
    chopsat_moves_free(&best);
    return !ok;
}

/* The moves counted and listed on the BDD are the explicit list (as a set), and a random move
 * is one of them. Returns the number of disagreements (reported). */
static int compare_moves(const chopsat_rules *r, chopsat_horizon *h, const chopsat_pos *p,
                         const chopsat_moves *all, uint64_t *seed)
{
    chopsat_err err;
    chopsat_count n;
    chopsat_moves listed = {0};
    char buf[CHOPSAT_POS_MAX];
    chopsat_pos_format(r, p, buf, sizeof buf);
    int bad = 0;
    if (chopsat_horizon_count(h, p, &n, &err) || n.hi || n.lo != all->n) bad++;
    int rc = chopsat_horizon_moves(h, p, 1000, &listed, &err);
    if (rc != CHOPSAT_OK || listed.n != all->n) bad++;
    for (size_t i = 0; i < listed.n && !bad; i++) {
        chopsat_move m;
        bad += !leads_to_one_of(all, &listed.items[i].to);
        bad += chopsat_move_between(r, p, &listed.items[i].to, &m, NULL) != CHOPSAT_OK ||
               strcmp(m.name, listed.items[i].name) != 0;
    }
    if (all->n > 1) { /* fewer listed than there are: the first ones, and LIMIT */
        chopsat_moves some = {0};
        bad += chopsat_horizon_moves(h, p, 1, &some, &err) != CHOPSAT_LIMIT || some.n != 1;
        chopsat_moves_free(&some);
    }
    chopsat_move m;
    if (all->n)
        bad += chopsat_horizon_random(h, p, test_word, seed, &m, &err) != CHOPSAT_OK ||
               !leads_to_one_of(all, &m.to);
    CHECKF(!bad, "%s: the BDD's moves differ from the explicit list (%zu moves)", buf, all->n);
    chopsat_moves_free(&listed);
    return bad;
}

/* Every position of spec at horizon H compared with the explicit solver. */
static void compare_game(const char *spec, int H)
{
    chopsat_solution *s;
    chopsat_rules *r = test_solved(spec, &s);
    if (!r) return;
    chopsat_err err;
    chopsat_horizon *h = chopsat_horizon_new(r, H, NULL, &err);
    if (!h) {
        test_fail(__FILE__, __LINE__, "%s: %s", spec, err.msg);
        chopsat_solution_free(s);
        chopsat_rules_free(r);
        return;
    }
    int bad = 0;
    uint64_t seed = 7;
    chopsat_moves all = {0};
    for (uint64_t i = 0; i < chopsat_solution_size(s) && bad < 5; i++) {
        chopsat_pos p;
        if (!chopsat_solution_position(s, i, &p)) continue;
        chopsat_moves_list(r, &p, &all, NULL);
        bad += compare_value(r, s, h, &p);
        bad += compare_move(r, s, h, &p, &all);
        bad += compare_moves(r, h, &p, &all, &seed);
    }
    chopsat_moves_free(&all);
    chopsat_horizon_free(h);
    chopsat_solution_free(s);
    chopsat_rules_free(r);
}

TEST(horizon_agrees_with_explicit_fingers_5)
{
    compare_game("standard", 6);
    compare_game("standard", 26);
    compare_game("standard", 60);
}

TEST(horizon_agrees_with_explicit_fingers_7)
{
    compare_game("standard,fingers=7", 9);
    compare_game("standard,fingers=7", 40);
}

TEST(horizon_agrees_with_explicit_one_die)
{
    compare_game("onedie", 5);
    compare_game("onedie", 30);
}

/* A position of five moves (14/23 at fingers 5): 5000 random moves fall on each of them
 * between 800 and 1200 times (each has probability 1/5: 1000 expected, a standard deviation
 * of 28). */
TEST(horizon_random_moves_are_uniform)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_err err;
    chopsat_horizon *h = chopsat_horizon_new(r, 4, NULL, &err);
    CHECKF(h, "%s", err.msg);
    chopsat_pos p = test_pos(r, "14/23");
    chopsat_moves all = {0};
    chopsat_moves_list(r, &p, &all, NULL);
    CHECK(all.n == 5);
    int hits[5] = {0};
    uint64_t seed = 11;
    for (int i = 0; i < 5000 && h && all.n == 5; i++) {
        chopsat_move m;
        REQUIRE(chopsat_horizon_random(h, &p, test_word, &seed, &m, &err) == CHOPSAT_OK);
        for (size_t j = 0; j < all.n; j++)
            if (chopsat_pos_equal(&all.items[j].to, &m.to)) hits[j]++;
    }
    for (size_t j = 0; j < all.n; j++)
        CHECKF(hits[j] >= 800 && hits[j] <= 1200, "%s: %d of 5000", all.items[j].name, hits[j]);
    chopsat_moves_free(&all);
    chopsat_horizon_free(h);
    chopsat_rules_free(r);
}

/* At fingers=2^64-1: 1,18446744073709551614/1,1 has 2^63 moves (2^63 - 2 splits of 2^64 - 1
 * fingers and two taps), counted exactly; the first 40 are listed with LIMIT; random moves are
 * legal by the rules (chopsat_move_between finds them), not all the same, and spread evenly
 * over the splits; the layers' move is legal. */
TEST(horizon_at_fingers_2_64)
{
    chopsat_rules *r = test_rules("standard,fingers=18446744073709551615");
    REQUIRE(r);
    chopsat_err err;
    chopsat_horizon *h = chopsat_horizon_new(r, 3, NULL, &err);
    CHECKF(h, "%s", err.msg);
    if (!h) {
        chopsat_rules_free(r);
        return;
    }
    chopsat_pos p = test_pos(r, "1,18446744073709551614/1,1");
    chopsat_count n;
    CHECK(chopsat_horizon_count(h, &p, &n, &err) == CHOPSAT_OK && n.hi == 0 && n.lo == 1ull << 63);
    chopsat_moves some = {0};
    CHECK(chopsat_horizon_moves(h, &p, 40, &some, &err) == CHOPSAT_LIMIT && some.n == 40);
    chopsat_moves_free(&some);
    uint64_t seed = 3;
    chopsat_pos first = {{0}, 0, 0};
    bool differ = false;
    for (int i = 0; i < 20; i++) {
        chopsat_move m, again;
        REQUIRE(chopsat_horizon_random(h, &p, test_word, &seed, &m, &err) == CHOPSAT_OK);
        CHECK(chopsat_move_between(r, &p, &m.to, &again, NULL) == CHOPSAT_OK);
        if (i == 0)
            first = m.to;
        else
            differ |= !chopsat_pos_equal(&first, &m.to);
    }
    CHECK(differ);
    /* the smaller hand of a random split is uniform on 1 .. 2^63 - 1: over 100 draws its mean,
     * as a fraction of 2^63, is 0.5 give or take 0.03 (bounds at four standard deviations) */
    double sum = 0;
    int splits = 0;
    for (int i = 0; i < 100; i++) {
        chopsat_move m;
        REQUIRE(chopsat_horizon_random(h, &p, test_word, &seed, &m, &err) == CHOPSAT_OK);
        if (m.kind != CHOPSAT_SPLIT) continue;
        uint64_t a = m.to.v[0] < m.to.v[1] ? m.to.v[0] : m.to.v[1];
        sum += (double)a / 0x1p63;
        splits++;
    }
    CHECKF(splits >= 99 && sum / splits > 0.38 && sum / splits < 0.62, "%d splits, mean %g", splits,
           splits ? sum / splits : 0);
    chopsat_move m, again;
    CHECK(chopsat_horizon_move(h, &p, &m, &err) == CHOPSAT_OK &&
          chopsat_move_between(r, &p, &m.to, &again, NULL) == CHOPSAT_OK);
    uint32_t d;
    CHECK(chopsat_horizon_value(h, &p, &d) == CHOPSAT_UNKNOWN && d == 0);
    chopsat_horizon_free(h);
    chopsat_rules_free(r);
}

/* A horizon out of 1..CHOPSAT_HORIZON_MAX is refused with a message, and a second BDD
 * computation while a handle is open too. */
TEST(horizon_refusals)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_err err = {{0}};
    CHECK(!chopsat_horizon_new(r, 0, NULL, &err) && strstr(err.msg, "out of range"));
    err.msg[0] = 0;
    CHECK(!chopsat_horizon_new(r, CHOPSAT_HORIZON_MAX + 1, NULL, &err) &&
          strstr(err.msg, "out of range"));
    chopsat_horizon *h = chopsat_horizon_new(r, 2, NULL, &err);
    CHECKF(h, "%s", err.msg);
    CHECK(h && chopsat_horizon_depth(h) == 2 && chopsat_horizon_seconds(h) >= 0);
    err.msg[0] = 0;
    CHECK(!chopsat_horizon_new(r, 2, NULL, &err) && strstr(err.msg, "another BDD engine"));
    chopsat_pos over = test_pos(r, "00/11");
    chopsat_move m;
    CHECK(h && chopsat_horizon_move(h, &over, &m, &err) == CHOPSAT_ERROR);
    CHECK(h &&
          chopsat_horizon_random(h, &over, test_word, &(uint64_t){1}, &m, &err) == CHOPSAT_ERROR);
    chopsat_horizon_free(h);
    chopsat_rules_free(r);
}

SCHEDULE_FILE(bdd_play)
{
    SCHEDULE(horizon_agrees_with_explicit_fingers_5);
    SCHEDULE(horizon_agrees_with_explicit_fingers_7);
    SCHEDULE(horizon_agrees_with_explicit_one_die);
    SCHEDULE(horizon_random_moves_are_uniform);
    SCHEDULE(horizon_at_fingers_2_64);
    SCHEDULE(horizon_refusals);
}
