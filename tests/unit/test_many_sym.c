/* test_many_sym.c: the symbolic half of the chopsticks family at any hand count
 * (src/games/many_sym.c, many_textbook.c) against an explicit half, which was written
 * independently from the rules: at count 2/2 against chop_game (the old engine, whose answers
 * the new halves must keep), at every other count against many_game.
 * - One frame of CNF (the state as inputs fixed by assumptions, as the unroller builds it)
 *   allows exactly the explicit successors at every position, with one-hot or binary move
 *   inputs; enumerated with blocking clauses.
 * - The textbook form (tb_move, move by move) gives exactly the explicit successors.
 * - terminal and won agree with the explicit winner at every position; valid holds on exactly
 *   the words of the positions the explicit half indexes. */
#include <stdlib.h>
#include <string.h>

#include "bounded/tseitin.h"
#include "core/util.h"
#include "games/game_sym.h"
#include "harness.h"
#include "solvers/sat.h"

enum { W = CHOPSAT_POS_WORDS };

/* One frame for one mover in one incremental solver, the state words as inputs. */
typedef struct mframe {
    circuit *c;
    cnf *f;
    sat *s;
    int nw;
    word st[W], next[W];
    int next_var[W][WORD_MAX];
    lit terminal, won[2], valid;
    int act; /* activation variables for the blocking clauses of one position */
} mframe;

static void mframe_open(mframe *fr, const chopsat_rules *r, int mover, bool binary)
{
    chopsat_err err;
    memset(fr, 0, sizeof *fr);
    fr->c = circuit_new();
    fr->s = sat_new("picosat", &err);
    fr->f = cnf_new(fr->c, false, fr->s);
    int widths[W];
    const char *names[W];
    fr->nw = many_game_sym.words(r, widths, names);
    for (int i = 0; i < fr->nw; i++)
        fr->st[i] = word_input(fr->c, widths[i], names[i]);
    sym_opts o = {.binary_moves = binary};
    lit_vec inputs = {0};
    lit legal = many_game_sym.step(fr->c, r, &o, fr->st, mover, "step", &inputs, fr->next);
    VEC_FREE(inputs);
    fr->terminal = many_game_sym.terminal(fr->c, r, fr->st);
    for (int p = 0; p < 2; p++)
        fr->won[p] = many_game_sym.won(fr->c, r, fr->st, mover, p + 1);
    fr->valid = many_game_sym.valid(fr->c, r, fr->st);
    cnf_assert(fr->f, gate_and(fr->c, legal, LIT_NOT(fr->terminal)));
    for (int i = 0; i < fr->nw; i++) {
        for (int b = 0; b < fr->st[i].w; b++)
            cnf_lit(fr->f, fr->st[i].b[b], POL_BOTH);
        for (int b = 0; b < fr->next[i].w; b++)
            fr->next_var[i][b] = cnf_lit(fr->f, fr->next[i].b[b], POL_BOTH);
    }
    fr->act = cnf_var_count(fr->f) + 1;
}

static void mframe_close(mframe *fr)
{
    sat_release(fr->s);
    cnf_free(fr->f);
    circuit_free(fr->c);
}

static bool model_true(sat *s, int l)
{
    return sat_value(s, abs(l)) * (l < 0 ? -1 : 1) > 0;
}

/* The successors the frame allows from p (at most cap stored, counted up to cap+1). */
static size_t mframe_successors(mframe *fr, const chopsat_pos *p, chopsat_pos *out, size_t cap)
{
    chopsat_err err;
    int act = fr->act++;
    size_t n = 0;
    for (;;) {
        sat_assume(fr->s, act);
        for (int i = 0; i < fr->nw; i++)
            for (int b = 0; b < fr->st[i].w; b++) {
                int v = cnf_lit(fr->f, fr->st[i].b[b], POL_BOTH);
                sat_assume(fr->s, (p->v[i] >> b) & 1 ? v : -v);
            }
        if (sat_solve(fr->s, 0, &err) != 10 || n > cap) break;
        chopsat_pos q = {{0}, 3 - p->mover, 0};
        for (int i = 0; i < fr->nw; i++)
            for (int b = 0; b < fr->next[i].w; b++)
                if (model_true(fr->s, fr->next_var[i][b])) q.v[i] |= UINT64_C(1) << b;
        if (n < cap) out[n] = q;
        n++;
        sat_add(fr->s, -act);
        for (int i = 0; i < fr->nw; i++)
            for (int b = 0; b < fr->next[i].w; b++)
                sat_add(fr->s, (q.v[i] >> b) & 1 ? -fr->next_var[i][b] : fr->next_var[i][b]);
        sat_add(fr->s, 0);
    }
    sat_add(fr->s, -act);
    sat_add(fr->s, 0);
    return n;
}

/* The circuit's values with the state words set to p's hands. */
static uint8_t *mframe_eval(const mframe *fr, const chopsat_pos *p)
{
    size_t nn = circuit_size(fr->c);
    uint8_t *in = xcalloc(nn, 1), *val = xmalloc(nn);
    for (int w = 0; w < fr->nw; w++)
        for (int b = 0; b < fr->st[w].w; b++)
            in[LIT_NODE(fr->st[w].b[b])] = (p->v[w] >> b) & 1;
    circuit_eval(fr->c, in, val);
    free(in);
    return val;
}

/* Is every one of the n positions sym among ex's moves, and are there as many (both sets)? */
static bool same_set(const chopsat_pos *sym, size_t n, const chopsat_moves *ex)
{
    if (n != ex->n) return false;
    for (size_t k = 0; k < n; k++) {
        bool found = false;
        for (size_t j = 0; j < ex->n && !found; j++)
            found = chopsat_pos_equal(&sym[k], &ex->items[j].to);
        if (!found) return false;
    }
    return true;
}

/* The distinct successors of p by the textbook form, into out (room for TB_MAX_MOVES). */
static size_t textbook_successors(const chopsat_rules *r, const chopsat_pos *p, chopsat_pos *out)
{
    char names[TB_MAX_MOVES][TB_NAME];
    int nm = many_game_sym.tb_moves(r, names),
        nw = chopsat_rules_hands(r, 1) + chopsat_rules_hands(r, 2);
    size_t n = 0;
    uint32_t s[W] = {0}, next[W];
    for (int i = 0; i < nw; i++)
        s[i] = (uint32_t)p->v[i];
    for (int m = 0; m < nm; m++) {
        if (!many_game_sym.tb_move(r, (int)p->mover, m, s, next)) continue;
        chopsat_pos q = {{0}, 3 - p->mover, 0};
        for (int i = 0; i < nw; i++)
            q.v[i] = next[i];
        bool seen = false;
        for (size_t k = 0; k < n && !seen; k++)
            seen = chopsat_pos_equal(&out[k], &q);
        if (!seen) out[n++] = q;
    }
    return n;
}

/* Compares one position: winner, successors (SAT frame, and the textbook form when tb). */
static bool compare_at(const chopsat_rules *r, mframe *fr, const chopsat_pos *p, bool tb,
                       const char *spec)
{
    char name[CHOPSAT_POS_MAX];
    chopsat_pos_format(r, p, name, sizeof name);
    uint8_t *val = mframe_eval(fr, p);
    int winner = chopsat_pos_winner(r, p);
    bool ok = lit_value(val, fr->terminal) == (winner != 0) &&
              lit_value(val, fr->won[0]) == (winner == 1) &&
              lit_value(val, fr->won[1]) == (winner == 2) && lit_value(val, fr->valid);
    CHECKF(ok, "%s %s: terminal %d won %d %d valid %d, explicit winner %d", spec, name,
           lit_value(val, fr->terminal), lit_value(val, fr->won[0]), lit_value(val, fr->won[1]),
           lit_value(val, fr->valid), winner);
    free(val);
    if (winner) return ok;
    size_t cap = r->game->max_moves(r) + 2;
    chopsat_pos *sym = xmalloc((cap > TB_MAX_MOVES ? cap : TB_MAX_MOVES) * sizeof *sym);
    chopsat_moves ex = {0};
    chopsat_moves_list(r, p, &ex, NULL);
    size_t n = mframe_successors(fr, p, sym, cap);
    bool same = same_set(sym, n, &ex);
    CHECKF(same, "%s %s: %zu symbolic successors, %zu explicit", spec, name, n, ex.n);
    if (tb) {
        n = textbook_successors(r, p, sym);
        bool tsame = same_set(sym, n, &ex);
        CHECKF(tsame, "%s %s: %zu textbook successors, %zu explicit", spec, name, n, ex.n);
        same = same && tsame;
    }
    chopsat_moves_free(&ex);
    free(sym);
    return ok && same;
}

/* valid holds on exactly the words of the indexed positions: as many patterns as the index
 * space has positions of one mover, each a position that indexes and unindexes to itself. */
static bool valid_is_index_space(const chopsat_rules *r, mframe *fr, const char *spec)
{
    int bits = 0;
    for (int i = 0; i < fr->nw; i++)
        bits += fr->st[i].w;
    if (bits > 16) return true; /* too many patterns to list */
    uint64_t count = 0;
    bool ok = true;
    for (uint64_t pat = 0; pat < (UINT64_C(1) << bits); pat++) {
        chopsat_pos p = {{0}, 1, 0}, q;
        for (int i = 0, at = 0; i < fr->nw; at += fr->st[i++].w)
            p.v[i] = (pat >> at) & ((UINT64_C(1) << fr->st[i].w) - 1);
        uint8_t *val = mframe_eval(fr, &p);
        bool valid = lit_value(val, fr->valid);
        free(val);
        if (!valid) continue;
        count++;
        ok = ok && r->game->unindex(r, r->game->index(r, &p), &q) && chopsat_pos_equal(&p, &q);
    }
    ok = ok && 2 * count == r->game->count(r);
    CHECKF(ok, "%s: valid holds on %llu patterns, the index space has %llu positions", spec,
           (unsigned long long)count, (unsigned long long)r->game->count(r));
    return ok;
}

/* Compares the halves at every position of r (the explicit half is r->game). */
static void compare_rules(const chopsat_rules *r, const char *spec, bool binary, bool tb)
{
    mframe fr[2];
    mframe_open(&fr[0], r, 1, binary);
    mframe_open(&fr[1], r, 2, binary);
    int bad = !valid_is_index_space(r, &fr[0], spec);
    uint64_t checked = 0;
    for (uint64_t i = 0; i < chopsat_position_count(r) && bad < 3; i++) {
        chopsat_pos p;
        if (!r->game->unindex(r, i, &p)) continue;
        bad += !compare_at(r, &fr[p.mover - 1], &p, tb, spec);
        checked++;
    }
    CHECKF(checked > 0, "%s: no position checked", spec);
    mframe_close(&fr[0]);
    mframe_close(&fr[1]);
}

/* The 2/2 rules of spec, compared with chop_game: one-hot, binary and the textbook form. */
static void against_chop(const char *spec)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return;
    CHECK(r->game == &chop_game);
    compare_rules(r, spec, false, true);
    compare_rules(r, spec, true, false);
    chopsat_rules_free(r);
}

TEST(many_sym_presets_equal_chop_game)
{
    static const char *const presets[] = {"standard", "no-split", "rollover", "even-split",
                                          "chinese"};
    char spec[96];
    for (size_t k = 0; k < sizeof presets / sizeof presets[0]; k++)
        for (int n = 2; n <= 6; n++) {
            snprintf(spec, sizeof spec, "%s,fingers=%d", presets[k], n);
            against_chop(spec);
        }
}

TEST(many_sym_option_combinations_equal_chop_game)
{
    test_option_combinations(2, 4, against_chop);
}

/* The rules of spec at count a/b, compared with many_game (count 2/2 too: the game table set by
 * hand, as the design allows, so that both new halves meet at the count the old one pins). */
static void against_many(const char *spec, int a, int b, bool binary, bool tb)
{
    char full[160];
    snprintf(full, sizeof full, "%s,count=%d/%d", spec, a, b);
    chopsat_rules *r = test_rules(full);
    if (!r) return;
    r->game = &many_game;
    compare_rules(r, full, binary, tb);
    chopsat_rules_free(r);
}

/* Every preset the count allows (even-split needs two hands a player). */
static void presets_at(int a, int b, int lo, int hi, bool binary)
{
    static const char *const presets[] = {"standard", "no-split", "rollover", "even-split",
                                          "chinese"};
    char spec[96];
    for (size_t k = 0; k < sizeof presets / sizeof presets[0]; k++)
        for (int n = lo; n <= hi; n++) {
            if (!strcmp(presets[k], "even-split") && (a == 1 || b == 1)) continue;
            snprintf(spec, sizeof spec, "%s,fingers=%d", presets[k], n);
            against_many(spec, a, b, binary, !binary);
        }
}

TEST(many_sym_presets_equal_many_game_1_to_3)
{
    for (int a = 1; a <= 3; a++)
        for (int b = 1; b <= 3; b++) {
            presets_at(a, b, 2, 3, false);
            presets_at(a, b, 2, 3, true);
        }
}

TEST(many_sym_presets_equal_many_game_4)
{
    for (int a = 1; a <= 4; a++) {
        presets_at(a, 4, 2, 2, false);
        if (a < 4) presets_at(4, a, 2, 2, false);
    }
    presets_at(4, 4, 3, 3, false);
}

/* Every option combination at counts 1/3, 3/2 and 3/3, fingers 2..3. */
static void combination_at_counts(const char *spec)
{
    static const int pairs[][2] = {{1, 3}, {3, 2}, {3, 3}};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        if (strstr(spec, "even-lone") && (pairs[i][0] == 1 || pairs[i][1] == 1)) continue;
        against_many(spec, pairs[i][0], pairs[i][1], false, true);
    }
}

TEST(many_sym_option_combinations_equal_many_game)
{
    test_option_combinations(2, 3, combination_at_counts);
}

SCHEDULE_FILE(many_sym)
{
    SCHEDULE(many_sym_presets_equal_chop_game);
    SCHEDULE(many_sym_option_combinations_equal_chop_game);
    SCHEDULE(many_sym_presets_equal_many_game_1_to_3);
    SCHEDULE(many_sym_presets_equal_many_game_4);
    SCHEDULE(many_sym_option_combinations_equal_many_game);
}
