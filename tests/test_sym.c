/* test_sym.c: the symbolic transition against the explicit move generator. For every position
 * of every preset at fingers 2..8 (and the option combinations the presets leave out), the
 * successors that one frame of CNF allows, enumerated with blocking clauses, must be exactly
 * the explicit successors; and the symbolic terminal/winner tests must agree with the explicit
 * ones. Both move encodings are covered. */
#include <stdlib.h>
#include <string.h>

#include "games/game_sym.h"
#include "harness.h"
#include "solvers/sat.h"
#include "symbolic/tseitin.h"
#include "core/util.h"

/* One frame for one mover, for evaluating the terminal and winner tests on concrete states. */
typedef struct frame_enc {
    circuit *c;
    word st[4];
    int nwords;
    lit won[2]; /* sym_won for player 1 and 2 */
    lit terminal;
} frame_enc;

static void frame_open(frame_enc *fe, const chopsat_rules *r, int mover)
{
    memset(fe, 0, sizeof *fe);
    fe->c = circuit_new();
    int widths[4];
    const char *names[4];
    fe->nwords = r->game->sym->words(r, widths, names);
    for (int i = 0; i < fe->nwords; i++) fe->st[i] = word_input(fe->c, widths[i], names[i]);
    fe->terminal = r->game->sym->terminal(fe->c, r, fe->st);
    for (int p = 0; p < 2; p++) fe->won[p] = r->game->sym->won(fe->c, r, fe->st, mover, p + 1);
}

/* The successors that one frame of CNF allows from p, enumerated with blocking clauses. With
 * constant_state the frame's words are constants (the circuit folds down to the moves), else
 * they are inputs fixed by unit clauses, as the unroller builds them. */
static size_t sym_successors(const chopsat_rules *r, const chopsat_pos *p, bool binary,
                             bool constant_state, chopsat_pos *out, size_t cap)
{
    chopsat_err err;
    sat *s = sat_new("picosat", &err);
    circuit *c = circuit_new();
    cnf *f = cnf_new(c, false, s);
    int widths[4];
    const char *names[4];
    int nwords = r->game->sym->words(r, widths, names);
    word st[4], next[4];
    for (int i = 0; i < nwords; i++) {
        st[i] = constant_state ? word_const(p->v[i], widths[i]) : word_input(c, widths[i], names[i]);
        if (!constant_state) cnf_assert(f, word_eq_const(c, st[i], p->v[i]));
    }
    sym_opts o = {.binary_moves = binary};
    lit_vec inputs = {0};
    lit legal = r->game->sym->step(c, r, &o, st, (int)p->mover, "step", &inputs, next);
    VEC_FREE(inputs);
    cnf_assert(f, gate_and(c, legal, LIT_NOT(r->game->sym->terminal(c, r, st))));
    int vars[4][WORD_MAX];
    for (int i = 0; i < nwords; i++)
        for (int b = 0; b < next[i].w; b++) vars[i][b] = cnf_lit(f, next[i].b[b], POL_BOTH);
    size_t n = 0;
    while (n <= cap && sat_solve(s, 0, &err) == 10) {
        chopsat_pos q = {{0}, 3 - p->mover};
        for (int i = 0; i < nwords; i++)
            for (int b = 0; b < next[i].w; b++) {
                int v = vars[i][b];
                if (sat_value(s, v < 0 ? -v : v) * (v < 0 ? -1 : 1) > 0) q.v[i] |= 1u << b;
            }
        if (n < cap) out[n] = q;
        n++;
        for (int i = 0; i < nwords; i++) /* block this successor */
            for (int b = 0; b < next[i].w; b++) sat_add(s, (q.v[i] >> b) & 1 ? -vars[i][b] : vars[i][b]);
        sat_add(s, 0);
    }
    sat_release(s);
    cnf_free(f);
    circuit_free(c);
    return n;
}

/* Compares both halves at every position of r; returns the number of positions checked. */
static uint64_t compare_rules(const char *spec, bool binary, bool constant_state)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return 0;
    frame_enc fe[2];
    frame_open(&fe[0], r, 1);
    frame_open(&fe[1], r, 2);
    size_t cap = r->game->max_moves(r) + 2;
    chopsat_pos *sym = xmalloc(cap * sizeof *sym);
    chopsat_moves ex = {0};
    uint64_t n = chopsat_position_count(r), checked = 0;
    int reported = 0;
    for (uint64_t i = 0; i < n && reported < 5; i++) {
        chopsat_pos p;
        if (!r->game->unindex(r, i, &p)) continue;
        frame_enc *f = &fe[p.mover - 1];
        char buf[64];
        chopsat_pos_format(r, &p, buf, sizeof buf);
        /* terminal and winner, by evaluating the circuit */
        size_t nn = circuit_size(f->c);
        uint8_t *in = xcalloc(nn, 1), *val = xmalloc(nn);
        for (int w = 0; w < f->nwords; w++)
            for (int b = 0; b < f->st[w].w; b++) in[LIT_NODE(f->st[w].b[b])] = (p.v[w] >> b) & 1;
        circuit_eval(f->c, in, val);
        int winner = chopsat_pos_winner(r, &p);
        bool term = lit_value(val, f->terminal);
        CHECKF(term == (winner != 0), "%s %s: symbolic terminal %d, explicit winner %d", spec, buf, term, winner);
        for (int pl = 1; pl <= 2; pl++)
            CHECKF(lit_value(val, f->won[pl - 1]) == (winner == pl), "%s %s: won by %d disagrees", spec, buf, pl);
        free(in);
        free(val);
        /* successors */
        size_t ns = sym_successors(r, &p, binary, constant_state, sym, cap);
        chopsat_moves_list(r, &p, &ex);
        bool same = ns == ex.n;
        for (size_t k = 0; same && k < ns; k++) {
            bool found = false;
            for (size_t j = 0; j < ex.n && !found; j++) found = chopsat_pos_equal(&sym[k], &ex.items[j].to);
            same = found;
        }
        if (!same) {
            reported++;
            CHECKF(same, "%s%s %s: %zu symbolic successors, %zu explicit", spec,
                   binary ? " (binary moves)" : "", buf, ns, ex.n);
        }
        checked++;
    }
    chopsat_moves_free(&ex);
    free(sym);
    circuit_free(fe[0].c);
    circuit_free(fe[1].c);
    chopsat_rules_free(r);
    return checked;
}

static const char *presets[] = {"standard", "no-split", "rollover", "even-split", "chinese"};

TEST(sym_presets_equal_explicit_fingers_2_to_8)
{
    char spec[128];
    for (size_t p = 0; p < sizeof presets / sizeof presets[0]; p++)
        for (int n = 2; n <= 8; n++) {
            snprintf(spec, sizeof spec, "%s,fingers=%d", presets[p], n);
            CHECK(compare_rules(spec, false, true) > 0);
        }
}

TEST(sym_option_combinations_equal_explicit)
{
    static const char *combos[] = {
        "standard,hands=ordered",
        "standard,overflow=rollover,hands=ordered",
        "standard,tap=self-add",
        "standard,tap=self-add,hands=ordered,overflow=rollover",
        "standard,suicide=no",
        "standard,revive=no",
        "standard,suicide=no,revive=no,hands=ordered",
        "standard,win=finish",
        "standard,split=even-lone,hands=ordered,overflow=rollover",
        "chinese,split=free",
    };
    char spec[160];
    for (size_t i = 0; i < sizeof combos / sizeof combos[0]; i++)
        for (int n = 2; n <= 6; n++) {
            snprintf(spec, sizeof spec, "%s,fingers=%d", combos[i], n);
            CHECK(compare_rules(spec, false, true) > 0);
        }
}

TEST(sym_binary_move_encoding_equal_explicit)
{
    static const char *specs[] = {"standard", "no-split,fingers=6", "even-split,fingers=6",
                                  "chinese,fingers=4", "rollover,fingers=6"};
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) CHECK(compare_rules(specs[i], true, false) > 0);
}

TEST(sym_state_variables_equal_explicit)
{
    /* frames as the unroller builds them: state inputs fixed by unit clauses */
    static const char *specs[] = {"standard", "chinese,fingers=4", "even-split,fingers=6"};
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) CHECK(compare_rules(specs[i], false, false) > 0);
}

TEST(sym_large_fingers_single_positions)
{
    /* 2^20 fingers: the successors of a few positions, by both halves */
    static const char *specs[] = {"standard,fingers=1048576,split=none",
                                  "rollover,fingers=1048576,split=none",
                                  "standard,fingers=1048576,split=even-lone"};
    static const char *positions[] = {"1,1048575/1,524288", "0,524288/3,7:2", "5,9/0,1048574"};
    for (size_t i = 0; i < 3; i++) {
        chopsat_rules *r = test_rules(specs[i]);
        REQUIRE(r);
        for (size_t j = 0; j < 3; j++) {
            chopsat_pos p = test_pos(r, positions[j]), out[8];
            size_t n = sym_successors(r, &p, false, false, out, 8);
            chopsat_moves ex = {0};
            chopsat_moves_list(r, &p, &ex);
            CHECKF(n == ex.n, "%s %s: %zu symbolic, %zu explicit", specs[i], positions[j], n, ex.n);
            for (size_t k = 0; k < n && k < 8; k++) {
                bool found = false;
                for (size_t m = 0; m < ex.n; m++) found |= chopsat_pos_equal(&out[k], &ex.items[m].to);
                CHECK(found);
            }
            chopsat_moves_free(&ex);
        }
        chopsat_rules_free(r);
    }
}
