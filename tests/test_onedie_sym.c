/* test_onedie_sym.c: the symbolic half of the one-die game (onedie_sym.c) against its explicit
 * half (onedie_moves.c), which were written independently from RULES.md section 2.
 * - One frame of CNF allows exactly the explicit successors, at every position of every target
 *   1..40 and 50, 100, with one-hot and binary move inputs; the successors are enumerated with
 *   blocking clauses, with the frame's state as inputs fixed by assumptions (as the unroller
 *   builds it) and, for a few targets, as constants (the circuit folds).
 * - sym_terminal and sym_won agree with the explicit winner at every position, for either
 *   player to move.
 * - Bounded model checking answers and minimum move counts equal the explicit search's
 *   (chopsat_explicit_answer) from every position at target 31 and samples of other targets,
 *   reach and win, K up to 12, all repetition settings, exact or not, both solvers, both move
 *   encodings; every witness replays. */
#include <stdlib.h>
#include <string.h>

#include "games/game_sym.h"
#include "harness.h"
#include "solvers/sat.h"
#include "symbolic/tseitin.h"
#include "core/util.h"

/* ---- one frame against the explicit moves ---- */

/* One frame for one mover and one move encoding, in one incremental solver: the state words are
 * inputs (fixed per position by assumptions), the step's successor words are encoded. */
typedef struct frame1 {
    const chopsat_rules *r;
    circuit *c;
    cnf *f;
    sat *s;
    int nwords;
    word st[4], next[4];
    int next_var[4][WORD_MAX];
    lit terminal, won[2];
    int next_free_var; /* activation variables for the blocking clauses of one position */
} frame1;

static void frame1_open(frame1 *fr, const chopsat_rules *r, int mover, bool binary)
{
    chopsat_err err;
    memset(fr, 0, sizeof *fr);
    fr->r = r;
    fr->c = circuit_new();
    fr->s = sat_new("picosat", &err);
    fr->f = cnf_new(fr->c, false, fr->s);
    int widths[4];
    const char *names[4];
    fr->nwords = r->game->sym->words(r, widths, names);
    for (int i = 0; i < fr->nwords; i++) fr->st[i] = word_input(fr->c, widths[i], names[i]);
    sym_opts o = {.binary_moves = binary};
    lit_vec inputs = {0};
    lit legal = r->game->sym->step(fr->c, r, &o, fr->st, mover, "step", &inputs, fr->next);
    VEC_FREE(inputs);
    fr->terminal = r->game->sym->terminal(fr->c, r, fr->st);
    for (int p = 0; p < 2; p++) fr->won[p] = r->game->sym->won(fr->c, r, fr->st, mover, p + 1);
    cnf_assert(fr->f, gate_and(fr->c, legal, LIT_NOT(fr->terminal)));
    for (int i = 0; i < fr->nwords; i++) {
        for (int b = 0; b < fr->st[i].w; b++) cnf_lit(fr->f, fr->st[i].b[b], POL_BOTH);
        for (int b = 0; b < fr->next[i].w; b++)
            fr->next_var[i][b] = cnf_lit(fr->f, fr->next[i].b[b], POL_BOTH);
    }
    fr->next_free_var = cnf_var_count(fr->f) + 1;
}

static void frame1_close(frame1 *fr)
{
    sat_release(fr->s);
    cnf_free(fr->f);
    circuit_free(fr->c);
}

/* The value of a DIMACS literal in the current model (true/false). */
static bool model_true(sat *s, int l) { return sat_value(s, abs(l)) * (l < 0 ? -1 : 1) > 0; }

/* The successors the frame allows from p (at most cap stored, all counted). */
static size_t frame1_successors(frame1 *fr, const chopsat_pos *p, chopsat_pos *out, size_t cap)
{
    chopsat_err err;
    int act = fr->next_free_var++;
    size_t n = 0;
    for (;;) {
        sat_assume(fr->s, act);
        for (int i = 0; i < fr->nwords; i++)
            for (int b = 0; b < fr->st[i].w; b++) {
                int v = cnf_lit(fr->f, fr->st[i].b[b], POL_BOTH);
                sat_assume(fr->s, (p->v[i] >> b) & 1 ? v : -v);
            }
        if (sat_solve(fr->s, 0, &err) != 10 || n > cap) break;
        chopsat_pos q = {{0}, 3 - p->mover};
        for (int i = 0; i < fr->nwords; i++)
            for (int b = 0; b < fr->next[i].w; b++)
                if (model_true(fr->s, fr->next_var[i][b])) q.v[i] |= 1u << b;
        if (n < cap) out[n] = q;
        n++;
        /* block this successor while act holds */
        sat_add(fr->s, -act);
        for (int i = 0; i < fr->nwords; i++)
            for (int b = 0; b < fr->next[i].w; b++)
                sat_add(fr->s, (q.v[i] >> b) & 1 ? -fr->next_var[i][b] : fr->next_var[i][b]);
        sat_add(fr->s, 0);
    }
    sat_add(fr->s, -act); /* retire this position's blocking clauses */
    sat_add(fr->s, 0);
    return n;
}

/* The successors of p with the state as constants: a fresh circuit folds down to the moves. */
static size_t const_successors(const chopsat_rules *r, const chopsat_pos *p, bool binary,
                               chopsat_pos *out, size_t cap)
{
    chopsat_err err;
    sat *s = sat_new("cadical", &err);
    circuit *c = circuit_new();
    cnf *f = cnf_new(c, false, s);
    int widths[4];
    const char *names[4];
    int nwords = r->game->sym->words(r, widths, names);
    word st[4], next[4];
    for (int i = 0; i < nwords; i++) st[i] = word_const(p->v[i], widths[i]);
    sym_opts o = {.binary_moves = binary};
    lit_vec inputs = {0};
    lit legal = r->game->sym->step(c, r, &o, st, (int)p->mover, "step", &inputs, next);
    VEC_FREE(inputs);
    cnf_assert(f, gate_and(c, legal, LIT_NOT(r->game->sym->terminal(c, r, st))));
    /* encode the successor's bits before solving: encoding adds clauses, which drop a model */
    for (int i = 0; i < nwords; i++)
        for (int b = 0; b < next[i].w; b++) cnf_lit(f, next[i].b[b], POL_BOTH);
    size_t n = 0;
    while (n <= cap && sat_solve(s, 0, &err) == 10) {
        chopsat_pos q = {{0}, 3 - p->mover};
        lit block[4 * WORD_MAX];
        size_t nb = 0;
        for (int i = 0; i < nwords; i++)
            for (int b = 0; b < next[i].w; b++) {
                lit l = next[i].b[b];
                if (l == LIT_TRUE || l == LIT_FALSE) {
                    if (l == LIT_TRUE) q.v[i] |= 1u << b;
                    continue;
                }
                if (model_true(s, cnf_lit(f, l, POL_BOTH))) {
                    q.v[i] |= 1u << b;
                    block[nb++] = LIT_NOT(l);
                } else {
                    block[nb++] = l;
                }
            }
        if (n < cap) out[n] = q;
        n++;
        if (nb == 0) break; /* the successor is a constant: it is the only one */
        cnf_clause(f, block, nb);
    }
    cnf_free(f);
    circuit_free(c);
    sat_release(s);
    return n;
}

/* Do the n symbolic successors equal the explicit moves ex (as sets; both are distinct)? */
static bool same_successors(const chopsat_pos *sym, size_t n, const chopsat_moves *ex)
{
    if (n != ex->n) return false;
    for (size_t k = 0; k < n; k++) {
        bool found = false;
        for (size_t j = 0; j < ex->n && !found; j++) found = chopsat_pos_equal(&sym[k], &ex->items[j].to);
        if (!found) return false;
    }
    return true;
}

/* Compares the halves at every position of `spec`; returns the positions checked (0 after a
 * disagreement, so that the caller's CHECK fails too). */
static uint64_t compare_frames(const char *spec, bool binary, bool constant_state)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return 0;
    frame1 fr[2];
    frame1_open(&fr[0], r, 1, binary);
    frame1_open(&fr[1], r, 2, binary);
    chopsat_pos sym[16];
    chopsat_moves ex = {0};
    uint64_t checked = 0;
    int bad = 0;
    for (uint64_t i = 0; i < chopsat_position_count(r) && bad < 5; i++) {
        chopsat_pos p;
        if (!r->game->unindex(r, i, &p)) continue;
        frame1 *f = &fr[p.mover - 1];
        char name[64];
        chopsat_pos_format(r, &p, name, sizeof name);
        /* terminal and won, by evaluating the circuit */
        size_t nn = circuit_size(f->c);
        uint8_t *in = xcalloc(nn, 1), *val = xmalloc(nn);
        for (int w = 0; w < f->nwords; w++)
            for (int b = 0; b < f->st[w].w; b++) in[LIT_NODE(f->st[w].b[b])] = (p.v[w] >> b) & 1;
        circuit_eval(f->c, in, val);
        int winner = chopsat_pos_winner(r, &p);
        if (lit_value(val, f->terminal) != (winner != 0) ||
            lit_value(val, f->won[0]) != (winner == 1) || lit_value(val, f->won[1]) != (winner == 2)) {
            bad++;
            CHECKF(0, "%s %s: symbolic terminal %d won1 %d won2 %d, explicit winner %d", spec, name,
                   lit_value(val, f->terminal), lit_value(val, f->won[0]), lit_value(val, f->won[1]),
                   winner);
        }
        free(in);
        free(val);
        size_t n = constant_state ? const_successors(r, &p, binary, sym, 16)
                                  : frame1_successors(f, &p, sym, 16);
        chopsat_moves_list(r, &p, &ex);
        if (!same_successors(sym, n, &ex)) {
            bad++;
            CHECKF(0, "%s%s %s: %zu symbolic successors, %zu explicit", spec,
                   binary ? " (binary moves)" : "", name, n, ex.n);
        }
        checked++;
    }
    chopsat_moves_free(&ex);
    frame1_close(&fr[0]);
    frame1_close(&fr[1]);
    chopsat_rules_free(r);
    return bad ? 0 : checked;
}

TEST(onedie_sym_frame_equals_explicit_targets_1_to_40)
{
    char spec[64];
    for (int t = 1; t <= 40; t++)
        for (int binary = 0; binary <= 1; binary++) {
            snprintf(spec, sizeof spec, "onedie,target=%d", t);
            uint64_t n = compare_frames(spec, binary, false);
            /* every total 1..t+5 with each face it allows, for both players, plus 0@0 twice */
            uint64_t want = 2;
            for (int total = 1; total <= t + 5; total++) want += 2 * (uint64_t)(total < 6 ? total : 6);
            CHECKF(n == want, "target %d: %llu positions checked, %llu expected", t,
                   (unsigned long long)n, (unsigned long long)want);
        }
}

TEST(onedie_sym_frame_equals_explicit_large_targets)
{
    static const char *specs[] = {"onedie", "onedie,target=50", "onedie,target=100"};
    for (size_t i = 0; i < 3; i++)
        for (int binary = 0; binary <= 1; binary++) CHECK(compare_frames(specs[i], binary, false) > 0);
}

TEST(onedie_sym_frame_constant_state)
{
    static const char *specs[] = {"onedie", "onedie,target=1", "onedie,target=6"};
    for (size_t i = 0; i < 3; i++)
        for (int binary = 0; binary <= 1; binary++) CHECK(compare_frames(specs[i], binary, true) > 0);
}

TEST(onedie_sym_words_and_huge_target)
{
    /* the total has ceil(log2(target+6)) bits, the top face 3 */
    static const struct { unsigned target; int bits; } cases[] = {
        {1, 3}, {2, 3}, {3, 4}, {10, 4}, {11, 5}, {26, 5}, {27, 6}, {31, 6}, {58, 6}, {59, 7},
        {1000000, 20},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char spec[64];
        snprintf(spec, sizeof spec, "onedie,target=%u", cases[i].target);
        chopsat_rules *r = test_rules(spec);
        REQUIRE(r);
        int widths[4];
        const char *names[4];
        CHECK(r->game->sym->words(r, widths, names) == 2);
        CHECKF(widths[0] == cases[i].bits, "target %u: %d bits, want %d", cases[i].target, widths[0],
               cases[i].bits);
        CHECK(widths[1] == 3);
        chopsat_rules_free(r);
    }
    /* at the largest target, a few positions near the end */
    chopsat_rules *r = test_rules("onedie,target=1000000");
    REQUIRE(r);
    static const char *positions[] = {"999999@3", "999994@1:2", "999995@6", "0@0", "1000002@4:2"};
    for (int binary = 0; binary <= 1; binary++) {
        frame1 fr[2];
        frame1_open(&fr[0], r, 1, binary);
        frame1_open(&fr[1], r, 2, binary);
        for (size_t j = 0; j < 5; j++) {
            chopsat_pos p = test_pos(r, positions[j]), sym[16];
            size_t n = frame1_successors(&fr[p.mover - 1], &p, sym, 16);
            chopsat_moves ex = {0};
            chopsat_moves_list(r, &p, &ex);
            CHECKF(same_successors(sym, n, &ex), "%s: %zu symbolic, %zu explicit", positions[j], n, ex.n);
            chopsat_moves_free(&ex);
        }
        frame1_close(&fr[0]);
        frame1_close(&fr[1]);
    }
    chopsat_rules_free(r);
}

/* ---- bounded model checking against the explicit search ---- */

/* Asks q of the SAT side and of the explicit search; answers and minima must agree and the
 * witness must replay. (The harness keeps only the first failures of a test in its log.) */
static void bmc_compare(const chopsat_rules *r, const chopsat_query *q, const chopsat_bmc_opts *o)
{
    chopsat_err err;
    chopsat_bmc_result res;
    char from[64], to[64];
    chopsat_pos_format(r, &q->from, from, sizeof from);
    chopsat_pos_format(r, &q->target, to, sizeof to);
    if (chopsat_bmc_solve(r, q, o, &res, &err)) {
        CHECKF(0, "bmc failed from %s: %s", from, err.msg);
        return;
    }
    int moves = -1;
    int ex = chopsat_explicit_answer(r, q, &moves, NULL, &err);
    bool same = ex == res.answer && (!ex || moves == res.moves);
    CHECKF(same, "%s (%s) from %s to %s, player %d, k %d, repeat %d, exact %d: sat %d/%d, explicit %d/%d",
           q->kind == CHOPSAT_Q_WIN ? "win" : "reach", o->solver, from, to, q->player, q->k,
           q->repeat, q->exact, res.answer, res.moves, ex, moves);
    if (res.answer && chopsat_replay(r, q, res.path, (size_t)res.moves + 1, NULL, &err))
        CHECKF(0, "witness from %s does not replay: %s", from, err.msg);
    chopsat_bmc_result_free(&res);
}

/* The valid positions of r, every step-th. */
static size_t positions_of(const chopsat_rules *r, int step, chopsat_pos **out)
{
    size_t n = 0;
    *out = NULL;
    for (uint64_t i = 0, k = 0; i < chopsat_position_count(r); i++) {
        chopsat_pos p;
        if (!r->game->unindex(r, i, &p) || k++ % (uint64_t)step) continue;
        *out = xrealloc(*out, (n + 1) * sizeof **out);
        (*out)[n++] = p;
    }
    return n;
}

/* Win questions for both players from every step-th position. */
static void win_from_everywhere(const char *spec, int k, int step, chopsat_repeat rep, bool exact,
                                const chopsat_bmc_opts *o)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return;
    chopsat_pos *ps;
    size_t n = positions_of(r, step, &ps);
    for (size_t i = 0; i < n; i++)
        for (int pl = 1; pl <= 2; pl++) {
            chopsat_query q = {.kind = CHOPSAT_Q_WIN, .from = ps[i], .player = pl, .k = k,
                               .repeat = rep, .exact = exact};
            bmc_compare(r, &q, o);
        }
    free(ps);
    chopsat_rules_free(r);
}

/* Reach questions from every step-th position to `targets` positions spread over the game
 * (the spread includes positions further on, so that some answers are yes). */
static void reach_from_everywhere(const char *spec, int k, int step, int targets,
                                  chopsat_repeat rep, bool exact, const chopsat_bmc_opts *o)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return;
    chopsat_pos *ps;
    size_t n = positions_of(r, 1, &ps);
    for (size_t i = 0; i < n; i += (size_t)step)
        for (int t = 0; t < targets; t++) {
            /* a target a little ahead of the start in index order: totals grow along a game */
            size_t j = (i + 13 + (size_t)t * 37) % n;
            chopsat_query q = {.kind = CHOPSAT_Q_REACH, .from = ps[i], .target = ps[j], .player = 1,
                               .k = k, .repeat = rep, .exact = exact};
            bmc_compare(r, &q, o);
        }
    free(ps);
    chopsat_rules_free(r);
}

static chopsat_bmc_opts bmc_opts(const char *solver, bool binary)
{
    chopsat_bmc_opts o = {.solver = solver, .incremental = true, .binary_moves = binary};
    return o;
}

TEST(onedie_bmc_win_every_position_target_31)
{
    chopsat_bmc_opts o = bmc_opts("cadical", false);
    win_from_everywhere("onedie", 12, 1, CHOPSAT_REPEAT_OFF, false, &o);
}

TEST(onedie_bmc_win_repetition_solvers_encodings)
{
    chopsat_bmc_opts o = bmc_opts("picosat", false);
    win_from_everywhere("onedie", 12, 7, CHOPSAT_REPEAT_PATH, false, &o);
    o = bmc_opts("cadical", true);
    win_from_everywhere("onedie", 12, 9, CHOPSAT_REPEAT_IMMEDIATE, false, &o);
    o = bmc_opts("picosat", true);
    o.incremental = false;
    win_from_everywhere("onedie", 10, 17, CHOPSAT_REPEAT_OFF, false, &o);
    o = bmc_opts("cadical", false);
    o.plaisted_greenbaum = true;
    win_from_everywhere("onedie", 12, 11, CHOPSAT_REPEAT_PATH, false, &o);
}

TEST(onedie_bmc_reach_all_repetition_settings_both_solvers)
{
    static const char *solvers[] = {"cadical", "picosat"};
    for (int s = 0; s < 2; s++)
        for (int rep = 0; rep < 3; rep++) {
            chopsat_bmc_opts o = bmc_opts(solvers[s], s == 1);
            reach_from_everywhere("onedie", 12, 13, 3, (chopsat_repeat)rep, false, &o);
        }
}

TEST(onedie_bmc_exact_k_0_to_12)
{
    static const char *solvers[] = {"cadical", "picosat"};
    for (int s = 0; s < 2; s++)
        for (int rep = 0; rep < 3; rep++) {
            chopsat_bmc_opts o = bmc_opts(solvers[s], false);
            for (int k = 0; k <= 12; k++) {
                win_from_everywhere("onedie", k, 53 + 2 * rep + s, (chopsat_repeat)rep, true, &o);
                reach_from_everywhere("onedie", k, 67 + 2 * rep + s, 2, (chopsat_repeat)rep, true, &o);
            }
        }
}

TEST(onedie_bmc_other_targets)
{
    chopsat_bmc_opts o = bmc_opts("cadical", false);
    static const char *specs[] = {"onedie,target=1", "onedie,target=2", "onedie,target=7",
                                  "onedie,target=12"};
    for (size_t i = 0; i < 4; i++) {
        win_from_everywhere(specs[i], 12, 1 + (int)i, CHOPSAT_REPEAT_OFF, false, &o);
        reach_from_everywhere(specs[i], 12, 2 + (int)i, 1, CHOPSAT_REPEAT_PATH, false, &o);
    }
    o = bmc_opts("picosat", true);
    win_from_everywhere("onedie,target=50", 12, 29, CHOPSAT_REPEAT_IMMEDIATE, false, &o);
    win_from_everywhere("onedie,target=100", 12, 61, CHOPSAT_REPEAT_OFF, true, &o);
}

TEST(onedie_bmc_start_questions)
{
    /* from the start of the race to 31: a total of 31 needs at least 6 moves (five sixes make
     * 30, and a six cannot follow a six), and either player can win when both cooperate */
    chopsat_rules *r = test_rules("onedie");
    REQUIRE(r);
    chopsat_bmc_opts o = bmc_opts("cadical", false);
    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .k = 12, .player = 1};
    chopsat_pos_start(r, &q.from);
    chopsat_bmc_result res;
    chopsat_err err;
    REQUIRE(chopsat_bmc_solve(r, &q, &o, &res, &err) == 0);
    CHECK(res.answer == 1);
    int p1 = res.moves;
    chopsat_bmc_result_free(&res);
    q.player = 2;
    REQUIRE(chopsat_bmc_solve(r, &q, &o, &res, &err) == 0);
    CHECK(res.answer == 1);
    int p2 = res.moves;
    chopsat_bmc_result_free(&res);
    CHECKF(p1 >= 6 && p2 >= 6, "player 1 wins in %d, player 2 in %d", p1, p2);
    /* within 5 moves nobody can finish */
    q.k = 5;
    for (q.player = 1; q.player <= 2; q.player++) {
        REQUIRE(chopsat_bmc_solve(r, &q, &o, &res, &err) == 0);
        CHECK(res.answer == 0);
        chopsat_bmc_result_free(&res);
    }
    chopsat_rules_free(r);
}
