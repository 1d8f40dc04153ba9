/* test_within.c: the explicit answers to reach and win (within.c) against a naive
 * enumeration of every move sequence of up to a few moves, from every start position (or an
 * even spread of them) of several small games, for a spread of targets, every bound up to the
 * enumeration's depth, all three repetition settings, exact or not; plus hand-checked answers,
 * the hash-table mode against the flat mode, huge games, and the limit. Every witness the
 * explicit search returns is replayed (witness.c). */
#include <stdlib.h>
#include <string.h>

#include "explicit/within.h"
#include "harness.h"

/* The whole game as lists: every position, its successors (indices) and its winner. */
typedef struct table {
    size_t n;
    chopsat_pos *pos;
    size_t *nsucc;
    size_t **succ;
    int *winner;
} table;

static size_t index_of(const table *t, const chopsat_pos *p)
{
    for (size_t i = 0; i < t->n; i++)
        if (chopsat_pos_equal(&t->pos[i], p)) return i;
    return (size_t)-1;
}

static void table_build(const chopsat_rules *r, table *t)
{
    chopsat_err err;
    chopsat_solution *sol = chopsat_solve(r, NULL, NULL, &err);
    uint64_t size = chopsat_solution_size(sol);
    memset(t, 0, sizeof *t);
    t->pos = malloc(size * sizeof *t->pos);
    for (uint64_t i = 0; i < size; i++)
        if (chopsat_solution_position(sol, i, &t->pos[t->n])) t->n++;
    chopsat_solution_free(sol);
    t->nsucc = calloc(t->n, sizeof *t->nsucc);
    t->succ = calloc(t->n, sizeof *t->succ);
    t->winner = calloc(t->n, sizeof *t->winner);
    chopsat_moves ms = {0};
    for (size_t i = 0; i < t->n; i++) {
        t->winner[i] = chopsat_pos_winner(r, &t->pos[i]);
        chopsat_moves_list(r, &t->pos[i], &ms, NULL);
        t->nsucc[i] = ms.n;
        t->succ[i] = malloc((ms.n + 1) * sizeof **t->succ);
        for (size_t m = 0; m < ms.n; m++)
            t->succ[i][m] = index_of(t, &ms.items[m].to);
    }
    chopsat_moves_free(&ms);
}

static void table_free(table *t)
{
    for (size_t i = 0; i < t->n; i++)
        free(t->succ[i]);
    free(t->succ);
    free(t->nsucc);
    free(t->winner);
    free(t->pos);
}

/* Whether seq[0..n) ends with two equal adjacent blocks (the course report's rule, written
 * here again for the test: seq[n-2L..n-L) == seq[n-L..n) for some L). */
static bool ends_with_square(const size_t *seq, size_t n)
{
    for (size_t half = 1; half * 2 <= n; half++)
        if (!memcmp(seq + n - 2 * half, seq + n - half, half * sizeof *seq)) return true;
    return false;
}

/* What the enumeration found from one start: for every position, the lengths (bit m) of the
 * sequences that end there, and for each player the lengths of those that end with a win. */
typedef struct brute {
    uint32_t *ends; /* per position */
    uint32_t wins[3];
} brute;

static void enumerate(const table *t, chopsat_repeat rep, int kmax, size_t *seq, int d, brute *b)
{
    size_t u = seq[d];
    b->ends[u] |= 1u << d;
    if (t->winner[u]) b->wins[t->winner[u]] |= 1u << d;
    if (d == kmax) return;
    for (size_t m = 0; m < t->nsucc[u]; m++) {
        size_t v = t->succ[u][m];
        bool ok = true;
        seq[d + 1] = v;
        if (rep == CHOPSAT_REPEAT_IMMEDIATE) ok = !ends_with_square(seq, d + 2);
        if (rep == CHOPSAT_REPEAT_PATH)
            for (int j = 0; j <= d; j++)
                ok = ok && seq[j] != v;
        if (!ok) continue;
        seq[d + 1] = v;
        enumerate(t, rep, kmax, seq, d + 1, b);
    }
}

/* The lowest set bit of mask among bits 0..k, or -1. */
static int lowest_within(uint32_t mask, int k)
{
    for (int m = 0; m <= k; m++)
        if (mask >> m & 1) return m;
    return -1;
}

/* Asks q explicitly (with the given limit) and checks it against `expected` (the number of
 * moves, or -1 for no); replays the witness. Returns false on a mismatch. */
static bool agrees(const chopsat_rules *r, const chopsat_query *q, uint64_t limit, int expected,
                   const char *spec)
{
    chopsat_err err = {{0}};
    chopsat_pos *path = NULL;
    int moves = -1;
    int rc = within_answer(r, q, limit, &moves, &path, &err);
    bool ok = expected < 0 ? rc == 0 : rc == 1 && moves == expected;
    if (ok && rc == 1 && chopsat_replay(r, q, path, (size_t)moves + 1, NULL, &err) < 0) ok = false;
    if (!ok) {
        char a[64], b[64];
        chopsat_pos_format(r, &q->from, a, sizeof a);
        chopsat_pos_format(r, &q->target, b, sizeof b);
        test_fail(__FILE__, __LINE__,
                  "%s: %s from %s to %s player %d k=%d repeat=%d exact=%d: got rc=%d moves=%d, "
                  "expected %d (%s)",
                  spec, q->kind == CHOPSAT_Q_REACH ? "reach" : "win", a, b, q->player, q->k,
                  (int)q->repeat, (int)q->exact, rc, moves, expected, err.msg);
    }
    free(path);
    return ok;
}

/* Compares every question from up to max_starts evenly spread starts, to about 12 targets
 * each, k = 0..kmax, against the enumeration. Hash mode when limit is below the index space. */
static void compare_with_enumeration(const char *spec, int kmax, size_t max_starts, uint64_t limit)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return;
    table t;
    table_build(r, &t);
    brute b = {.ends = calloc(t.n, sizeof *b.ends)};
    size_t seq[32];
    size_t step = t.n / max_starts + 1, tstep = t.n / 12 + 1;
    int failures = 0;
    for (size_t s = 0; s < t.n && failures < 5; s += step) {
        for (int rep = CHOPSAT_REPEAT_OFF; rep <= CHOPSAT_REPEAT_PATH; rep++) {
            memset(b.ends, 0, t.n * sizeof *b.ends);
            memset(b.wins, 0, sizeof b.wins);
            seq[0] = s;
            enumerate(&t, (chopsat_repeat)rep, kmax, seq, 0, &b);
            chopsat_query q = {.from = t.pos[s], .repeat = (chopsat_repeat)rep};
            for (int k = 0; k <= kmax; k++)
                for (int exact = 0; exact < 2; exact++) {
                    q.k = k;
                    q.exact = exact;
                    q.kind = CHOPSAT_Q_REACH;
                    q.player = 0;
                    for (size_t j = (s * 7) % tstep; j <= t.n; j += tstep) {
                        size_t tg = j == t.n ? s : j; /* the start itself too */
                        q.target = t.pos[tg];
                        int want =
                            exact ? ((b.ends[tg] >> k & 1) ? k : -1) : lowest_within(b.ends[tg], k);
                        failures += !agrees(r, &q, limit, want, spec);
                    }
                    q.kind = CHOPSAT_Q_WIN;
                    memset(&q.target, 0, sizeof q.target);
                    for (int p = 1; p <= 2; p++) {
                        q.player = p;
                        int want =
                            exact ? ((b.wins[p] >> k & 1) ? k : -1) : lowest_within(b.wins[p], k);
                        failures += !agrees(r, &q, limit, want, spec);
                    }
                }
        }
    }
    free(b.ends);
    table_free(&t);
    chopsat_rules_free(r);
}

TEST(within_enumeration_standard)
{
    compare_with_enumeration("standard,fingers=3", 7, 1000, CHOPSAT_EXPLICIT_LIMIT);
    compare_with_enumeration("standard,fingers=4", 6, 60, CHOPSAT_EXPLICIT_LIMIT);
    compare_with_enumeration("standard", 5, 30, CHOPSAT_EXPLICIT_LIMIT);
}

TEST(within_enumeration_variants)
{
    compare_with_enumeration("rollover,fingers=3", 7, 1000, CHOPSAT_EXPLICIT_LIMIT);
    compare_with_enumeration("rollover,fingers=4", 6, 60, CHOPSAT_EXPLICIT_LIMIT);
    compare_with_enumeration("no-split,fingers=4", 7, 60, CHOPSAT_EXPLICIT_LIMIT);
    compare_with_enumeration("even-split,fingers=4", 7, 60, CHOPSAT_EXPLICIT_LIMIT);
    compare_with_enumeration("standard,fingers=4,hands=ordered,suicide=no,win=finish", 6, 60,
                             CHOPSAT_EXPLICIT_LIMIT);
    compare_with_enumeration("chinese,fingers=4", 6, 60, CHOPSAT_EXPLICIT_LIMIT);
    compare_with_enumeration("onedie,target=10", 7, 60, CHOPSAT_EXPLICIT_LIMIT);
}

/* The hash-table mode (the limit below the index space) on the same questions. */
TEST(within_enumeration_hash_mode)
{
    compare_with_enumeration("standard,fingers=3", 7, 1000, 71); /* 72 positions */
    compare_with_enumeration("onedie,target=10", 7, 60, 223);    /* 224 indices */
}

static int ask(const char *spec, chopsat_question kind, const char *from, const char *target,
               int player, int k, chopsat_repeat rep, bool exact)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return -100;
    chopsat_query q = {.kind = kind,
                       .from = test_pos(r, from),
                       .player = player,
                       .k = k,
                       .repeat = rep,
                       .exact = exact};
    if (target) q.target = test_pos(r, target);
    chopsat_err err;
    chopsat_pos *path = NULL;
    int moves = -1;
    int rc = chopsat_explicit_answer(r, &q, &moves, &path, &err);
    if (rc == CHOPSAT_YES) CHECK(chopsat_replay(r, &q, path, (size_t)moves + 1, NULL, &err) == 0);
    free(path);
    chopsat_rules_free(r);
    return rc == CHOPSAT_YES ? moves : rc == CHOPSAT_NO ? -1 : -10 + rc;
}

/* Worked out by hand in docs/questions.md. Player 1 cannot win in 1 or 3 moves (after 11/12:2
 * player 2 can at best gather its 3 fingers in one hand, which one tap of 1 does not end), but
 * can in 5: tap, 2 taps 1's 1 to 3, 3 kills the 2, 2's 1 taps the 3 to 4, 4 kills the 1. Player
 * 2 cannot in 2 (player 1 keeps two hands or gathers 2 in one, and 1+2 < 5) but can in 4:
 * player 1 splits to 02, player 2 taps it to 03, player 1 taps 3 on a 1 (14), 4 kills the 3. */
TEST(within_hand_checked_standard)
{
    CHECK(ask("standard", CHOPSAT_Q_WIN, "start", NULL, 1, 30, CHOPSAT_REPEAT_OFF, false) == 5);
    CHECK(ask("standard", CHOPSAT_Q_WIN, "start", NULL, 2, 30, CHOPSAT_REPEAT_OFF, false) == 4);
    CHECK(ask("standard", CHOPSAT_Q_WIN, "start", NULL, 1, 4, CHOPSAT_REPEAT_OFF, false) == -1);
    CHECK(ask("standard", CHOPSAT_Q_WIN, "start", NULL, 2, 3, CHOPSAT_REPEAT_PATH, false) == -1);
    CHECK(ask("standard", CHOPSAT_Q_WIN, "start", NULL, 1, 5, CHOPSAT_REPEAT_PATH, true) == 5);
    /* a win always ends on the winner's move: player 1's on odd counts, player 2's on even */
    CHECK(ask("standard", CHOPSAT_Q_WIN, "start", NULL, 1, 6, CHOPSAT_REPEAT_OFF, true) == -1);
    CHECK(ask("standard", CHOPSAT_Q_WIN, "start", NULL, 2, 7, CHOPSAT_REPEAT_OFF, true) == -1);
    CHECK(ask("standard", CHOPSAT_Q_WIN, "start", NULL, 1, 7, CHOPSAT_REPEAT_IMMEDIATE, true) == 7);
    /* zero moves */
    CHECK(ask("standard", CHOPSAT_Q_REACH, "start", "11/11", 0, 0, CHOPSAT_REPEAT_PATH, true) == 0);
    CHECK(ask("standard", CHOPSAT_Q_WIN, "11/00:1", NULL, 1, 0, CHOPSAT_REPEAT_OFF, false) == 0);
    CHECK(ask("standard", CHOPSAT_Q_WIN, "11/00:1", NULL, 2, 9, CHOPSAT_REPEAT_OFF, false) == -1);
    /* nothing moves from a terminal position, not even back to itself */
    CHECK(ask("standard", CHOPSAT_Q_REACH, "11/00:1", "11/00:1", 0, 2, CHOPSAT_REPEAT_OFF, true) ==
          -1);
    /* one tap: 11/11 -> 11/12:2, which the player to move is part of */
    CHECK(ask("standard", CHOPSAT_Q_REACH, "start", "11/12:2", 0, 3, CHOPSAT_REPEAT_OFF, false) ==
          1);
    CHECK(ask("standard", CHOPSAT_Q_REACH, "start", "11/12:1", 0, 1, CHOPSAT_REPEAT_OFF, false) ==
          -1);
    /* back to the start: split 02, split 02, split 11, split 11 */
    CHECK(ask("standard", CHOPSAT_Q_REACH, "start", "start", 0, 4, CHOPSAT_REPEAT_OFF, true) == 4);
    CHECK(ask("standard", CHOPSAT_Q_REACH, "start", "start", 0, 4, CHOPSAT_REPEAT_PATH, true) ==
          -1);
    /* the start with player 2 to move: moves alternate, so only an odd count can get there */
    for (int k = 0; k <= 12; k++) {
        int m =
            ask("standard", CHOPSAT_Q_REACH, "start", "11/11:2", 0, k, CHOPSAT_REPEAT_OFF, true);
        CHECKF(k % 2 == 1 || m == -1, "k=%d: %d", k, m);
    }
    /* the one-die game: five moves add at most 6+5+6+5+6 = 28, so the earliest end is move 6
     * (player 2's): 31 exactly (a 3) wins for player 2, more than 31 (a 4) for player 1 */
    CHECK(ask("onedie", CHOPSAT_Q_WIN, "start", NULL, 1, 12, CHOPSAT_REPEAT_OFF, false) == 6);
    CHECK(ask("onedie", CHOPSAT_Q_WIN, "start", NULL, 1, 5, CHOPSAT_REPEAT_OFF, false) == -1);
    CHECK(ask("onedie", CHOPSAT_Q_WIN, "start", NULL, 2, 12, CHOPSAT_REPEAT_OFF, false) == 6);
}

/* The minimum does not depend on the repetition setting (a shortest sequence is simple), over
 * the whole standard game from the start, k = 0..12. */
TEST(within_repetition_minimum_agrees)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_err err;
    chopsat_solution *sol = chopsat_solve(r, NULL, NULL, &err);
    REQUIRE(sol);
    for (uint64_t i = 0; i < chopsat_solution_size(sol); i += 7) {
        chopsat_query q = {.kind = CHOPSAT_Q_REACH, .k = 12};
        chopsat_pos_start(r, &q.from);
        if (!chopsat_solution_position(sol, i, &q.target)) continue;
        int m[3];
        for (int rep = 0; rep < 3; rep++) {
            q.repeat = (chopsat_repeat)rep;
            if (chopsat_explicit_answer(r, &q, &m[rep], NULL, &err) != CHOPSAT_YES) m[rep] = -1;
        }
        CHECK(m[0] == m[1] && m[1] == m[2]);
    }
    chopsat_solution_free(sol);
    chopsat_rules_free(r);
}

/* With fingers=65536 the index space does not fit, but a search of k moves from the start
 * stays small; within 5 moves no hand can pass 32, so the game looks like fingers=33 there. */
TEST(within_huge_game)
{
    chopsat_rules *big = test_rules("standard,fingers=65536");
    chopsat_rules *mid = test_rules("standard,fingers=33");
    REQUIRE(big && mid);
    REQUIRE(chopsat_position_count(big) == 0);
    const char *targets[] = {"1,1/1,2:2", "0,2/1,1:2", "1,1/2,2:1", "2,3/1,1:2", "0,3/1,1:1",
                             "1,1/1,1:1", "2,2/2,2:2", "1,4/1,1:2", "0,5/0,3:1", "1,1/1,9:2"};
    for (size_t t = 0; t < sizeof targets / sizeof *targets; t++)
        for (int rep = 0; rep < 3; rep++)
            for (int exact = 0; exact < 2; exact++) {
                chopsat_query q = {
                    .kind = CHOPSAT_Q_REACH, .k = 5, .repeat = (chopsat_repeat)rep, .exact = exact};
                chopsat_pos_start(big, &q.from);
                q.target = test_pos(big, targets[t]);
                chopsat_err err;
                int m1 = -1, m2 = -1;
                int a = chopsat_explicit_answer(big, &q, &m1, NULL, &err);
                int b = chopsat_explicit_answer(mid, &q, &m2, NULL, &err);
                CHECKF(a == b && m1 == m2, "%s rep=%d exact=%d: %d/%d vs %d/%d", targets[t], rep,
                       exact, a, m1, b, m2);
            }
    /* nobody can win in 10 moves when a hand must reach 65536 fingers to die */
    CHECK(ask("standard,fingers=65536", CHOPSAT_Q_WIN, "start", NULL, 1, 10, CHOPSAT_REPEAT_OFF,
              false) == -1);
    CHECK(ask("standard,fingers=65536", CHOPSAT_Q_WIN, "start", NULL, 2, 8,
              CHOPSAT_REPEAT_IMMEDIATE, true) == -1);
    chopsat_rules_free(big);
    chopsat_rules_free(mid);
}

/* Past the limit the answer is -2 with a message, never a guess. */
/* "Ever?" cut at a limit (certify's check past the whole-index search): the goal within the
 * depth reached is found with its least number of moves; a cut search says the last depth it
 * covered, which the full search confirms holds no goal; an uncut one met everything. */
TEST(within_ever_partial_depth)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .player = 2};
    chopsat_pos_start(r, &q.from);
    chopsat_err err = {{0}};
    int least, depth;
    bool complete;
    CHECK(within_ever_partial(r, &q, 1000, &least, &depth, &complete, &err) == 1 && least == 4);
    CHECK(within_ever_partial(r, &q, 20, &least, &depth, &complete, &err) == 0);
    CHECKF(least == -1 && !complete && depth >= 1 && depth < 4, "depth %d", depth);
    CHECK(strstr(err.msg, "limit") != NULL);
    int moves;
    q.k = depth;
    CHECK(within_answer(r, &q, 1000, &moves, NULL, &err) == 0); /* no goal within depth */
    q.kind = CHOPSAT_Q_REACH;
    q.target = test_pos(r, "11/12:2"); /* one tap */
    CHECK(within_ever_partial(r, &q, 2, &least, &depth, &complete, &err) == 1 && least == 1);
    q.target = test_pos(r, "11/00:1"); /* player 2 without a hand, player 1 to move: never */
    CHECK(within_ever_partial(r, &q, 100000, &least, &depth, &complete, &err) == 0);
    CHECK(complete && depth > 4);
    chopsat_rules_free(r);
}

TEST(within_limit)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .player = 2, .k = 30};
    chopsat_pos_start(r, &q.from);
    chopsat_err err = {{0}};
    int moves;
    CHECK(within_answer(r, &q, 20, &moves, NULL, &err) == -2);
    CHECK(strstr(err.msg, "limit") != NULL);
    CHECK(within_answer(r, &q, 400, &moves, NULL, &err) == 1 && moves == 4);
    q.exact = true;
    q.repeat = CHOPSAT_REPEAT_PATH;
    q.k = 40;
    CHECK(within_answer(r, &q, 400, &moves, NULL, &err) == 1 && moves == 40);
    /* a simple path of exactly 25 moves to 11/12:2 (one tap from the start): the depth-first
     * search needs far more than 4 * 400 steps to settle it */
    q.kind = CHOPSAT_Q_REACH;
    q.target = test_pos(r, "11/12:2");
    q.k = 25;
    CHECK(within_answer(r, &q, 400, &moves, NULL, &err) == -2);
    CHECK(strstr(err.msg, "limit") != NULL);
    /* layers of 40 moves of about 200 positions or edges each pass 4 * 60 entries */
    q.repeat = CHOPSAT_REPEAT_IMMEDIATE;
    q.k = 40;
    CHECK(within_answer(r, &q, 60, &moves, NULL, &err) == -2);
    q.repeat = CHOPSAT_REPEAT_OFF;
    CHECK(within_answer(r, &q, 60, &moves, NULL, &err) == -2);
    q.kind = CHOPSAT_Q_WIN;
    /* malformed questions */
    q.k = -1;
    CHECK(chopsat_explicit_answer(r, &q, &moves, NULL, &err) == -1);
    q.k = 3;
    q.player = 3;
    CHECK(chopsat_explicit_answer(r, &q, &moves, NULL, &err) == -1);
    q.player = 1;
    q.from.v[0] = 9; /* no position of the game */
    CHECK(chopsat_explicit_answer(r, &q, &moves, NULL, &err) == -1);
    chopsat_rules_free(r);
}

/* Asks q of the node graph's breadth-first search (within.c) and of the flat one
 * (within_flat.c) in several splits: one worker with whole layers; at level 1 also one worker
 * with rounds of 3 positions and three shares of rounds of 7 expanded last share first; at level
 * 2 also two threads with whole layers and with rounds of 5. Checks that all give the same
 * answer, the same number of moves and the same witness. */
static bool flat_agrees(const chopsat_rules *r, const chopsat_query *q, int level, const char *spec)
{
    static const struct {
        int workers;
        uint64_t round;
    } runs[] = {{0, 0}, {1, UINT64_MAX}, {1, 3}, {-3, 7}, {2, UINT64_MAX}, {2, 5}};
    enum { RUNS = sizeof runs / sizeof *runs };
    chopsat_err err = {{0}};
    int rc[RUNS], moves[RUNS];
    chopsat_pos *path[RUNS] = {NULL};
    bool ok = true;
    char bad[128] = "";
    for (int i = 0; i < RUNS && ok; i++) {
        static const int runs_at_level[] = {2, 4, RUNS};
        if (i >= runs_at_level[level]) break;
        moves[i] = -1;
        rc[i] = i == 0 ? within_search(r, q, CHOPSAT_EXPLICIT_LIMIT, 0, &moves[i], &path[i], &err)
                       : within_flat(r, q, runs[i].workers, runs[i].round, 1, &moves[i], &path[i],
                                     &err);
        ok = rc[i] >= 0 && rc[i] == rc[0] && moves[i] == moves[0];
        for (int m = 0; ok && rc[0] == 1 && m <= moves[0]; m++)
            ok = chopsat_pos_equal(&path[i][m], &path[0][m]);
        if (!ok)
            snprintf(bad, sizeof bad, "graph %d/%d, flat (%d workers, rounds of %llu) %d/%d", rc[0],
                     moves[0], runs[i].workers, (unsigned long long)runs[i].round, rc[i], moves[i]);
    }
    if (!ok) {
        char a[64], b[64];
        chopsat_pos_format(r, &q->from, a, sizeof a);
        chopsat_pos_format(r, &q->target, b, sizeof b);
        test_fail(__FILE__, __LINE__,
                  "%s: %s from %s to %s player %d k=%d: %s (or the witnesses "
                  "differ) %s",
                  spec, q->kind == CHOPSAT_Q_REACH ? "reach" : "win", a, b, q->player, q->k, bad,
                  err.msg);
    }
    for (int i = 0; i < RUNS; i++)
        free(path[i]);
    return ok;
}

/* The flat breadth-first search against the node graph's: from the start (and from a spread of
 * other positions for win), to every target, k = 0..12; in rounds of 3 at k = 12, and with two
 * workers at k = 12 for win and every 29th target. */
static void compare_flat(const char *spec, size_t start_step)
{
    chopsat_solution *sol;
    chopsat_rules *r = test_solved(spec, &sol);
    if (!r) return;
    int failures = 0;
    chopsat_query q = {.kind = CHOPSAT_Q_REACH};
    chopsat_pos_start(r, &q.from);
    for (uint64_t i = 0; i < chopsat_solution_size(sol) && failures < 5; i++) {
        if (!chopsat_solution_position(sol, i, &q.target)) continue;
        for (q.k = 0; q.k <= 12; q.k++)
            failures += !flat_agrees(r, &q, q.k < 12 ? 0 : i % 29 ? 1 : 2, spec);
    }
    q.kind = CHOPSAT_Q_WIN;
    memset(&q.target, 0, sizeof q.target);
    for (uint64_t i = 0; i < chopsat_solution_size(sol) && failures < 5; i += start_step) {
        if (!chopsat_solution_position(sol, i, &q.from)) continue;
        for (q.player = 1; q.player <= 2; q.player++)
            for (q.k = 0; q.k <= 12; q.k++)
                failures += !flat_agrees(r, &q, q.k == 12 ? 2 : 0, spec);
    }
    chopsat_solution_free(sol);
    chopsat_rules_free(r);
}

TEST(within_flat_matches_graph)
{
    compare_flat("standard,fingers=3", 5);
    compare_flat("standard", 41);
    compare_flat("rollover,fingers=4", 13);
    compare_flat("no-split,fingers=5", 41);
    compare_flat("standard,fingers=4,hands=ordered,suicide=no,win=finish", 23);
    compare_flat("chinese,fingers=4", 13);
    compare_flat("onedie,target=20", 9);
    /* the flat search refuses a start that is no position of the game */
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .player = 1, .k = 3};
    chopsat_pos_start(r, &q.from);
    q.from.v[0] = 9;
    chopsat_err err = {{0}};
    CHECK(within_flat(r, &q, 2, 3, 1, NULL, NULL, &err) == -1);
    CHECK(strstr(err.msg, "no position") != NULL);
    chopsat_rules_free(r);
}

SCHEDULE_FILE(within)
{
    SCHEDULE(within_enumeration_standard);
    SCHEDULE(within_enumeration_variants);
    SCHEDULE(within_enumeration_hash_mode);
    SCHEDULE(within_hand_checked_standard);
    SCHEDULE(within_repetition_minimum_agrees);
    SCHEDULE(within_huge_game);
    SCHEDULE(within_ever_partial_depth);
    SCHEDULE(within_limit);
    SCHEDULE(within_flat_matches_graph);
}
