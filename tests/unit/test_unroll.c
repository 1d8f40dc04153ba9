/* test_unroll.c: the unroller (src/bounded/unroll.h) on its own, through its header's
 * functions and a solver: frames and movers, the state words and move inputs of each frame,
 * the goal at every frame (the first satisfiable goal(k) is the minimum, checked against hand
 * counts of the one-die race to 3 and against the explicit search), released(t) as the
 * disjunction of the goals so far, exact questions, the repetition settings (a hand-counted
 * return to the start in four moves, and a sweep against the explicit answers), and the
 * decoding of frames back into a path that replays. */
#include <stdlib.h>
#include <string.h>

#include "bounded/unroll.h"
#include "core/util.h"
#include "harness.h"
#include "solvers/sat.h"

/* A question's unrolling with its own circuit, encoder and solver. */
typedef struct fixture {
    chopsat_rules *r;
    chopsat_query q;
    circuit *c;
    cnf *f;
    sat *s;
    unroll *u;
} fixture;

/* Opens q (from the start when from is NULL, else from that position) on rules spec. */
static bool fixture_open(fixture *fx, const char *spec, chopsat_question kind, int player,
                         const char *target, int k, chopsat_repeat rep, bool exact, int binary,
                         bool whole)
{
    chopsat_err err;
    memset(fx, 0, sizeof *fx);
    fx->r = test_rules(spec);
    if (!fx->r) return false;
    fx->q = (chopsat_query){.kind = kind, .player = player, .k = k, .repeat = rep, .exact = exact};
    chopsat_pos_start(fx->r, &fx->q.from);
    if (target) fx->q.target = test_pos(fx->r, target);
    fx->c = circuit_new();
    fx->s = sat_new("picosat", &err);
    fx->f = cnf_new(fx->c, false, fx->s);
    /* binary: 0 one-hot moves, 1 binary, 2 the textbook encoding */
    sym_opts o = {.binary_moves = binary == 1, .textbook = binary == 2};
    fx->u = whole ? unroll_question(fx->r, &fx->q, &o, fx->c, fx->f)
                  : unroll_new(fx->r, &fx->q, &o, fx->c, fx->f);
    return true;
}

static void fixture_close(fixture *fx)
{
    unroll_free(fx->u);
    cnf_free(fx->f);
    circuit_free(fx->c);
    sat_release(fx->s);
    chopsat_rules_free(fx->r);
}

static int model_value(void *ctx, int var)
{
    return sat_value(ctx, var);
}

/* Solves with goal(k) assumed for k = 0 .. K, adding frames as it goes; returns the first
 * satisfiable k (the model is then current), or -1. */
static int first_goal(fixture *fx, int K)
{
    chopsat_err err;
    for (int k = 0; k <= K; k++) {
        unroll_extend(fx->u, k);
        sat_assume(fx->s, cnf_lit(fx->f, unroll_goal(fx->u, k), POL_POS));
        int rc = sat_solve(fx->s, 0, &err);
        if (rc == 10) return k;
        if (rc != 20) return -2;
    }
    return -1;
}

/* Decodes frames 0..k of the current model and replays them as a witness of q with bound k. */
static void check_witness(fixture *fx, int k, const char *what)
{
    chopsat_pos *path = xcalloc((size_t)k + 1, sizeof *path);
    for (int t = 0; t <= k; t++)
        unroll_decode(fx->u, fx->f, t, model_value, fx->s, &path[t]);
    CHECKF(chopsat_pos_equal(&path[0], &fx->q.from), "%s: frame 0 is not the start", what);
    chopsat_query q = fx->q;
    q.k = k;
    chopsat_err err;
    CHECKF(chopsat_replay(fx->r, &q, path, (size_t)k + 1, NULL, &err) == 0,
           "%s: the decoded path does not replay: %s", what, err.msg);
    free(path);
}

TEST(unroll_frames_movers_words_and_inputs)
{
    for (int binary = 0; binary <= 1; binary++) {
        fixture fx;
        REQUIRE(fixture_open(&fx, "onedie,target=3", CHOPSAT_Q_WIN, 1, NULL, 4, CHOPSAT_REPEAT_OFF,
                             false, binary, false));
        CHECK(unroll_last_frame(fx.u) == 0);
        unroll_extend(fx.u, 3);
        CHECK(unroll_last_frame(fx.u) == 3);
        unroll_extend(fx.u, 2);
        CHECK(unroll_last_frame(fx.u) == 3);
        CHECK(unroll_word_count(fx.u) == 2);
        for (int t = 0; t <= 3; t++) {
            CHECK(unroll_mover(fx.u, t) == (t % 2 ? 2 : 1));
            const word *s = unroll_state(fx.u, t);
            CHECK(s[0].w == 4 && s[1].w == 3); /* totals 0 .. 8, faces 0 .. 6 */
            char want[32];
            snprintf(want, sizeof want, "f%d.total[3]", t);
            CHECK(!strcmp(circuit_input_name(fx.c, LIT_NODE(s[0].b[3])), want));
        }
        /* the steps leaving frames 0..2 exist; their inputs are the move's: six faces, or a
         * 3-bit face number */
        for (int t = 0; t < 3; t++) {
            const lit_vec *in = unroll_move_inputs(fx.u, t);
            CHECKF(in->n == (binary ? 3u : 6u), "step %d: %zu inputs", t, in->n);
            CHECK(unroll_step_ok(fx.u, t) != LIT_FALSE);
        }
        fixture_close(&fx);
    }
    /* from a position with player 2 to move, the movers start at 2 */
    chopsat_rules *r = test_rules("onedie,target=3");
    REQUIRE(r);
    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .player = 1, .k = 2};
    q.from = test_pos(r, "1@1:2");
    circuit *c = circuit_new();
    cnf *f = cnf_new(c, false, NULL);
    sym_opts o = {.binary_moves = false};
    unroll *u = unroll_new(r, &q, &o, c, f);
    unroll_extend(u, 2);
    CHECK(unroll_mover(u, 0) == 2 && unroll_mover(u, 1) == 1 && unroll_mover(u, 2) == 2);
    unroll_free(u);
    cnf_free(f);
    circuit_free(c);
    chopsat_rules_free(r);
}

TEST(unroll_goal_minimum_hand_counted)
{
    /* the race to exactly 3 from 0@0: player 1 wins by opening with a 3 (one move); player 2
     * wins as soon as player 1 opens with 4, 5 or 6 (one move: overshooting loses); 3@3:2 is
     * that opening; 4@3:1 needs two moves (1, then a quarter turn to 3); 2@2:1 never comes (a
     * total of 2 in two moves is 1 then 1, and a quarter turn never shows the top again) */
    static const struct {
        chopsat_question kind;
        int player;
        const char *target;
        int want;
    } cases[] = {
        {CHOPSAT_Q_WIN, 1, NULL, 1},       {CHOPSAT_Q_WIN, 2, NULL, 1},
        {CHOPSAT_Q_REACH, 1, "0@0:1", 0},  {CHOPSAT_Q_REACH, 1, "3@3:2", 1},
        {CHOPSAT_Q_REACH, 1, "4@3:1", 2},  {CHOPSAT_Q_REACH, 1, "2@2:1", -1},
        {CHOPSAT_Q_REACH, 1, "0@0:2", -1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (int binary = 0; binary <= 2; binary++) {
            fixture fx;
            REQUIRE(fixture_open(&fx, "onedie,target=3", cases[i].kind, cases[i].player,
                                 cases[i].target, 6, CHOPSAT_REPEAT_OFF, false, binary, false));
            int k = first_goal(&fx, 6);
            CHECKF(k == cases[i].want, "case %zu: first goal at %d, want %d", i, k, cases[i].want);
            int moves = -1;
            chopsat_err err;
            int ex = chopsat_explicit_answer(fx.r, &fx.q, &moves, NULL, &err);
            CHECKF(ex == (k >= 0 ? CHOPSAT_YES : CHOPSAT_NO) && (k < 0 || moves == k),
                   "case %zu: explicit %d/%d", i, ex, moves);
            if (k >= 0) check_witness(&fx, k, "hand-counted");
            fixture_close(&fx);
        }
}

TEST(unroll_released_is_the_goals_so_far)
{
    /* in every model met on the way (reach 4@3:1 and win questions), released(t) equals
     * goal(0) | ... | goal(t); with exact, released is constant false and only goal(K) lives */
    static const char *targets[] = {"4@3:1", NULL};
    for (int i = 0; i < 2; i++) {
        fixture fx;
        REQUIRE(fixture_open(&fx, "onedie,target=5", targets[i] ? CHOPSAT_Q_REACH : CHOPSAT_Q_WIN,
                             2, targets[i], 6, CHOPSAT_REPEAT_OFF, false, false, false));
        chopsat_err err;
        unroll_extend(fx.u, 6);
        int gv[7], rv[7];
        for (int t = 0; t <= 6; t++) {
            gv[t] = cnf_lit(fx.f, unroll_goal(fx.u, t), POL_BOTH);
            rv[t] = cnf_lit(fx.f, unroll_released(fx.u, t), POL_BOTH);
        }
        for (int t = 0; t <= 6; t++) {
            sat_assume(fx.s, gv[t]);
            if (sat_solve(fx.s, 0, &err) != 10) continue;
            bool any = false;
            for (int j = 0; j <= 6; j++) {
                any |= sat_value(fx.s, abs(gv[j])) * (gv[j] < 0 ? -1 : 1) > 0;
                bool rel = sat_value(fx.s, abs(rv[j])) * (rv[j] < 0 ? -1 : 1) > 0;
                CHECKF(rel == any, "goal %d assumed: released(%d) %d, goals so far %d", t, j, rel,
                       any);
            }
        }
        fixture_close(&fx);
    }
    fixture fx;
    REQUIRE(fixture_open(&fx, "onedie,target=5", CHOPSAT_Q_WIN, 1, NULL, 4, CHOPSAT_REPEAT_OFF,
                         true, false, false));
    unroll_extend(fx.u, 4);
    for (int t = 0; t <= 4; t++) {
        CHECK(unroll_released(fx.u, t) == LIT_FALSE);
        CHECK((unroll_goal(fx.u, t) == LIT_FALSE) == (t != 4));
    }
    fixture_close(&fx);
}

/* The first frame up to k whose goal holds in the current model (the frames after it are free
 * in a "within K" formula), or k. */
static int goal_frame(const fixture *fx, int k)
{
    for (int t = 0; t <= k; t++) {
        lit g = unroll_goal(fx->u, t);
        int v = cnf_node_var(fx->f, LIT_NODE(g));
        bool holds = g == LIT_TRUE ||
                     (g != LIT_FALSE && v && sat_value(fx->s, v) * (LIT_NEG(g) ? -1 : 1) > 0);
        if (holds) return t;
    }
    return k;
}

/* Answers q as one whole formula (unroll_question) and returns 1 yes / 0 no. */
static int whole_answer(const char *spec, chopsat_question kind, int player, const char *target,
                        int k, chopsat_repeat rep, bool exact, int enc)
{
    fixture fx;
    if (!fixture_open(&fx, spec, kind, player, target, k, rep, exact, enc, true)) return -1;
    chopsat_err err;
    int rc = sat_solve(fx.s, 0, &err);
    if (rc == 10) check_witness(&fx, exact ? k : goal_frame(&fx, k), spec);
    fixture_close(&fx);
    return rc == 10 ? 1 : rc == 20 ? 0 : -1;
}

TEST(unroll_repetition_hand_counted)
{
    /* back to the start 11/11:1 in exactly four moves: both players split 11 -> 02 and back.
     * Allowed without a repetition rule and with "no immediate repetition" (one trip round a
     * loop repeats no block of positions); refused when no position may occur twice. Two
     * moves cannot do it: whatever the first move changes, the reply can only add to the
     * mover's hands or split its own. */
    static const chopsat_repeat reps[] = {CHOPSAT_REPEAT_OFF, CHOPSAT_REPEAT_IMMEDIATE,
                                          CHOPSAT_REPEAT_PATH};
    static const int want4[] = {1, 1, 0};
    for (int i = 0; i < 3; i++) {
        CHECKF(whole_answer("standard", CHOPSAT_Q_REACH, 1, "11/11:1", 4, reps[i], true, 0) ==
                   want4[i],
               "repeat %d: exactly 4 moves back to the start", i);
        CHECK(whole_answer("standard", CHOPSAT_Q_REACH, 1, "11/11:1", 2, reps[i], true, 0) == 0);
        CHECK(whole_answer("standard", CHOPSAT_Q_REACH, 1, "11/11:1", 0, reps[i], false, 0) == 1);
    }
    /* with 3 fingers every way back in exactly 8 moves repeats a block of positions at once
     * (that loop twice is one) */
    static const int want8[] = {1, 0, 0};
    for (int i = 0; i < 3; i++)
        CHECKF(whole_answer("standard,fingers=3", CHOPSAT_Q_REACH, 1, "11/11:1", 8, reps[i], true,
                            0) == want8[i],
               "repeat %d: exactly 8 moves back to the start with 3 fingers", i);
    for (int i = 0; i < 3; i++) /* the same with the textbook encoding */
        CHECKF(whole_answer("standard,fingers=3", CHOPSAT_Q_REACH, 1, "11/11:1", 8, reps[i], true,
                            2) == want8[i],
               "repeat %d: exactly 8 moves back to the start, textbook encoding", i);
}

TEST(unroll_whole_question_equals_explicit)
{
    /* every repetition setting, exact or not, K 0..6, win for both players and reach questions,
     * on small chopsticks rules: unroll_question's answer is the explicit search's */
    static const char *specs[] = {"standard,fingers=3", "rollover,fingers=3"};
    static const char *targets[] = {"01/11:2", "02/12:1", "00/11:2"};
    int answers[2] = {0, 0};
    for (size_t sp = 0; sp < 2; sp++)
        for (int rep = 0; rep < 3; rep++)
            for (int exact = 0; exact <= 1; exact++)
                for (int k = 0; k <= 6; k++)
                    for (int qn = 0; qn < 5; qn++) {
                        chopsat_rules *r = test_rules(specs[sp]);
                        REQUIRE(r);
                        chopsat_query q = {.kind = qn < 2 ? CHOPSAT_Q_WIN : CHOPSAT_Q_REACH,
                                           .player = qn < 2 ? qn + 1 : 1,
                                           .k = k,
                                           .repeat = (chopsat_repeat)rep,
                                           .exact = exact};
                        chopsat_pos_start(r, &q.from);
                        if (qn >= 2) q.target = test_pos(r, targets[qn - 2]);
                        int moves;
                        chopsat_err err;
                        int ex = chopsat_explicit_answer(r, &q, &moves, NULL, &err);
                        ex = ex == CHOPSAT_YES ? 1 : ex == CHOPSAT_NO ? 0 : -1;
                        chopsat_rules_free(r);
                        /* the one-hot encoding, and the textbook one (on the odd k) */
                        int got = whole_answer(specs[sp], q.kind, q.player,
                                               qn >= 2 ? targets[qn - 2] : NULL, k,
                                               (chopsat_repeat)rep, exact, 2 * (k % 2));
                        CHECKF(got == ex,
                               "%s q%d k=%d repeat=%d exact=%d: unrolled %d, explicit %d",
                               specs[sp], qn, k, rep, exact, got, ex);
                        if (got == 0 || got == 1) answers[got]++;
                    }
    CHECKF(answers[0] > 50 && answers[1] > 50, "%d no, %d yes: the sweep is one-sided", answers[0],
           answers[1]);
}

/* The positions that frame 1 can take under the assumptions (frame 0 fixed by the start, step 0
 * legal and succ), one model at a time with blocking clauses; returns their number (at most max).
 */
static size_t frame1_positions(fixture *fx, int *assume, int na, chopsat_pos *out, size_t max)
{
    size_t n = 0;
    chopsat_err err;
    const word *s1 = unroll_state(fx->u, 1);
    for (;;) {
        for (int i = 0; i < na; i++)
            sat_assume(fx->s, assume[i]);
        if (sat_solve(fx->s, 0, &err) != 10 || n == max) return n;
        unroll_decode(fx->u, fx->f, 1, model_value, fx->s, &out[n++]);
        int block[CHOPSAT_POS_WORDS * WORD_MAX],
            nb = 0; /* read the whole model before adding to the solver */
        for (int i = 0; i < unroll_word_count(fx->u); i++)
            for (int b = 0; b < s1[i].w; b++) {
                int v = cnf_node_var(fx->f, LIT_NODE(s1[i].b[b]));
                block[nb++] = sat_value(fx->s, v) > 0 ? -v : v;
            }
        for (int i = 0; i < nb; i++)
            sat_add(fx->s, block[i]);
        sat_add(fx->s, 0);
    }
}

TEST(unroll_forced_frame_literals_are_the_moves)
{
    /* unroll_forced: with frame 0 not released, the frame-1 positions the solver allows are
     * exactly the explicit engine's successors of every position reached from the start (none
     * at a terminal one), for both move encodings, when player 1 is the existential player;
     * when player 1 is universal the same holds under legal(0), and an illegal choice releases
     * frame 1 */
    static const char *specs[] = {"standard,fingers=3", "chinese,fingers=3", "even-split,fingers=4",
                                  "onedie,target=9"};
    chopsat_pos frontier[4096], got[256];
    for (size_t sp = 0; sp < sizeof specs / sizeof *specs; sp++)
        for (int variant = 0; variant < 4; variant++) {
            int binary = variant & 1, universal = variant >> 1;
            chopsat_rules *r = test_rules(specs[sp]);
            REQUIRE(r);
            size_t nf = 1, checked = 0;
            chopsat_pos_start(r, &frontier[0]);
            chopsat_moves mv = {0};
            for (size_t i = 0; i < nf && checked < 300; i++, checked++) {
                chopsat_moves_list(r, &frontier[i], &mv, NULL);
                for (size_t m = 0; m < mv.n; m++) {
                    bool seen = false;
                    for (size_t j = 0; j < nf && !seen; j++)
                        seen = chopsat_pos_equal(&frontier[j], &mv.items[m].to);
                    if (!seen && nf < 4096) frontier[nf++] = mv.items[m].to;
                }
                fixture fx;
                memset(&fx, 0, sizeof fx);
                fx.r = test_rules(specs[sp]);
                int mover = (int)frontier[i].mover;
                fx.q = (chopsat_query){.kind = CHOPSAT_Q_WIN,
                                       .k = 1,
                                       .from = frontier[i],
                                       .player = universal ? 3 - mover : mover};
                fx.c = circuit_new();
                chopsat_err err;
                fx.s = sat_new("picosat", &err);
                fx.f = cnf_new(fx.c, false, fx.s);
                sym_opts o = {.binary_moves = binary};
                fx.u = unroll_forced(fx.r, &fx.q, &o, fx.c, fx.f);
                unroll_extend(fx.u, 1);
                int as[3] = {cnf_lit(fx.f, LIT_NOT(unroll_released(fx.u, 0)), POL_POS),
                             cnf_lit(fx.f, unroll_legal(fx.u, 0), POL_POS),
                             cnf_lit(fx.f, LIT_NOT(unroll_released(fx.u, 1)), POL_POS)};
                if (universal) {
                    /* an illegal choice releases frame 1 */
                    int il[3] = {as[0], -as[1], as[2]};
                    for (int a = 0; a < 3; a++)
                        sat_assume(fx.s, il[a]);
                    CHECKF(sat_solve(fx.s, 0, &err) == 20,
                           "%s: an illegal universal choice is not a loss", specs[sp]);
                }
                size_t n = frame1_positions(&fx, as, 2, got, 256);
                bool same = n == mv.n;
                for (size_t m = 0; m < mv.n && same; m++) {
                    bool found = false;
                    for (size_t j = 0; j < n && !found; j++)
                        found = chopsat_pos_equal(&got[j], &mv.items[m].to);
                    same = found;
                }
                char buf[64];
                chopsat_pos_format(r, &frontier[i], buf, sizeof buf);
                CHECKF(same,
                       "%s binary=%d universal=%d at %s: %zu successors symbolically, %zu "
                       "explicitly",
                       specs[sp], binary, universal, buf, n, mv.n);
                fixture_close(&fx);
            }
            CHECKF(checked > 5, "%s: only %zu positions checked", specs[sp], checked);
            chopsat_moves_free(&mv);
            chopsat_rules_free(r);
        }
}

SCHEDULE_FILE(unroll)
{
    SCHEDULE(unroll_frames_movers_words_and_inputs);
    SCHEDULE(unroll_goal_minimum_hand_counted);
    SCHEDULE(unroll_released_is_the_goals_so_far);
    SCHEDULE(unroll_repetition_hand_counted);
    SCHEDULE(unroll_whole_question_equals_explicit);
    SCHEDULE(unroll_forced_frame_literals_are_the_moves);
}
