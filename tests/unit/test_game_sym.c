/* test_game_sym.c: every game's symbolic half (src/games/<game>_sym.c) against its explicit half
 * (<game>_moves.c), which were written independently from the rules, through the game tables
 * only: one harness for every game.
 * - One frame of CNF allows exactly the explicit successors, at every position of the rules;
 *   the successors are enumerated with blocking clauses, with the frame's state as inputs fixed
 *   by assumptions (as the unroller builds it) or as constants (the circuit folds down to the
 *   moves), with one-hot or binary move inputs; and the textbook encoding's clauses
 *   (bounded/textbook.c, from the games' textbook form), the state as inputs.
 * - terminal and won agree with the explicit winner at every position, for either player to move.
 * The cases cover every preset at a range of its size parameter (the chopsticks family at
 * fingers 2..8, the one-die game at targets 1..40, 50, 100), the option combinations the
 * presets leave out, both move encodings and both state forms, the word widths at the edges,
 * and single positions at the largest sizes; a test checks that every preset `chopsat rules`
 * lists has cases here, so a new game cannot go untested. */
#include <stdlib.h>
#include <string.h>

#include "bounded/textbook.h"
#include "bounded/tseitin.h"
#include "chopsat_tool.h"
#include "core/util.h"
#include "games/game_sym.h"
#include "harness.h"
#include "solvers/sat.h"

/* One frame for one mover and one move encoding, in one incremental solver: the state words are
 * inputs (fixed per position by assumptions), the step's successor words are encoded. */
typedef struct frame {
    circuit *c;
    cnf *f;
    sat *s;
    int nwords;
    word st[CHOPSAT_POS_WORDS], next[CHOPSAT_POS_WORDS];
    int next_var[CHOPSAT_POS_WORDS][WORD_MAX];
    lit terminal, won[2];
    int next_free_var; /* activation variables for the blocking clauses of one position */
    textbook *tb;
} frame;

enum { ONE_HOT = 1, BINARY = 2, TEXTBOOK = 4, BOTH_ENCODINGS = 3, ALL_ENCODINGS = 7 };

static void frame_open(frame *fr, const chopsat_rules *r, int mover, int enc)
{
    chopsat_err err;
    memset(fr, 0, sizeof *fr);
    fr->c = circuit_new();
    fr->s = sat_new("picosat", &err);
    fr->f = cnf_new(fr->c, false, fr->s);
    int widths[CHOPSAT_POS_WORDS];
    const char *names[CHOPSAT_POS_WORDS];
    const game_sym *g = game_sym_of(r->game);
    fr->nwords = g->words(r, widths, names);
    for (int i = 0; i < fr->nwords; i++)
        fr->st[i] = word_input(fr->c, widths[i], names[i]);
    sym_opts o = {.binary_moves = enc == BINARY};
    lit_vec inputs = {0};
    lit legal = LIT_TRUE;
    if (enc == TEXTBOOK) {
        /* the successor is the next frame's inputs, tied to the state by the clauses alone */
        fr->tb = textbook_new(r);
        for (int i = 0; i < fr->nwords; i++)
            fr->next[i] = word_input(fr->c, widths[i], "next");
        textbook_step(fr->tb, fr->c, fr->f, mover, fr->st, fr->next, "step", &inputs, LIT_FALSE);
    } else {
        legal = g->step(fr->c, r, &o, fr->st, mover, "step", &inputs, fr->next);
    }
    VEC_FREE(inputs);
    fr->terminal = g->terminal(fr->c, r, fr->st);
    for (int p = 0; p < 2; p++)
        fr->won[p] = g->won(fr->c, r, fr->st, mover, p + 1);
    if (enc != TEXTBOOK) cnf_assert(fr->f, gate_and(fr->c, legal, LIT_NOT(fr->terminal)));
    for (int i = 0; i < fr->nwords; i++) {
        for (int b = 0; b < fr->st[i].w; b++)
            cnf_lit(fr->f, fr->st[i].b[b], POL_BOTH);
        for (int b = 0; b < fr->next[i].w; b++)
            fr->next_var[i][b] = cnf_lit(fr->f, fr->next[i].b[b], POL_BOTH);
    }
    fr->next_free_var = cnf_var_count(fr->f) + 1;
}

static void frame_close(frame *fr)
{
    sat_release(fr->s);
    textbook_free(fr->tb);
    cnf_free(fr->f);
    circuit_free(fr->c);
}

/* The value of a DIMACS literal in the current model (true/false). */
static bool model_true(sat *s, int l)
{
    return sat_value(s, abs(l)) * (l < 0 ? -1 : 1) > 0;
}

/* The successors the frame allows from p (at most cap stored, all counted up to cap+1). */
static size_t frame_successors(frame *fr, const chopsat_pos *p, chopsat_pos *out, size_t cap)
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
        chopsat_pos q = {{0}, 3 - p->mover, 0};
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
    int widths[CHOPSAT_POS_WORDS];
    const char *names[CHOPSAT_POS_WORDS];
    const game_sym *g = game_sym_of(r->game);
    int nwords = g->words(r, widths, names);
    word st[CHOPSAT_POS_WORDS], next[CHOPSAT_POS_WORDS];
    for (int i = 0; i < nwords; i++)
        st[i] = word_const(p->v[i], widths[i]);
    sym_opts o = {.binary_moves = binary};
    lit_vec inputs = {0};
    lit legal = g->step(c, r, &o, st, (int)p->mover, "step", &inputs, next);
    VEC_FREE(inputs);
    cnf_assert(f, gate_and(c, legal, LIT_NOT(g->terminal(c, r, st))));
    /* encode the successor's bits before solving: encoding adds clauses, which drop a model */
    for (int i = 0; i < nwords; i++)
        for (int b = 0; b < next[i].w; b++)
            cnf_lit(f, next[i].b[b], POL_BOTH);
    size_t n = 0;
    while (n <= cap && sat_solve(s, 0, &err) == 10) {
        chopsat_pos q = {{0}, 3 - p->mover, 0};
        lit block[CHOPSAT_POS_WORDS * WORD_MAX];
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
        for (size_t j = 0; j < ex->n && !found; j++)
            found = chopsat_pos_equal(&sym[k], &ex->items[j].to);
        if (!found) return false;
    }
    return true;
}

/* Do terminal and won, evaluated on p's words, agree with the explicit winner? */
static bool same_winner(const chopsat_rules *r, const frame *f, const chopsat_pos *p,
                        const char *spec, const char *name)
{
    size_t nn = circuit_size(f->c);
    uint8_t *in = xcalloc(nn, 1), *val = xmalloc(nn);
    for (int w = 0; w < f->nwords; w++)
        for (int b = 0; b < f->st[w].w; b++)
            in[LIT_NODE(f->st[w].b[b])] = (p->v[w] >> b) & 1;
    circuit_eval(f->c, in, val);
    int winner = chopsat_pos_winner(r, p);
    bool same = lit_value(val, f->terminal) == (winner != 0) &&
                lit_value(val, f->won[0]) == (winner == 1) &&
                lit_value(val, f->won[1]) == (winner == 2);
    CHECKF(same, "%s %s: symbolic terminal %d won1 %d won2 %d, explicit winner %d", spec, name,
           lit_value(val, f->terminal), lit_value(val, f->won[0]), lit_value(val, f->won[1]),
           winner);
    free(in);
    free(val);
    return same;
}

/* Compares the halves at p; frames fr[0], fr[1] are for player 1 and 2 to move. */
static bool compare_position(const chopsat_rules *r, frame *fr, const chopsat_pos *p, int enc,
                             bool constant_state, const char *spec)
{
    size_t cap = r->game->max_moves(r) + 2;
    chopsat_pos *sym = xmalloc(cap * sizeof *sym);
    chopsat_moves ex = {0};
    char name[64];
    chopsat_pos_format(r, p, name, sizeof name);
    bool ok = same_winner(r, &fr[p->mover - 1], p, spec, name);
    size_t n = constant_state ? const_successors(r, p, enc == BINARY, sym, cap)
                              : frame_successors(&fr[p->mover - 1], p, sym, cap);
    chopsat_moves_list(r, p, &ex, NULL);
    if (!same_successors(sym, n, &ex)) {
        ok = false;
        CHECKF(0, "%s%s%s %s: %zu symbolic successors, %zu explicit", spec,
               enc == BINARY     ? " (binary moves)"
               : enc == TEXTBOOK ? " (textbook)"
                                 : "",
               constant_state ? " (constant state)" : "", name, n, ex.n);
    }
    chopsat_moves_free(&ex);
    free(sym);
    return ok;
}

/* Compares the halves at every position of `spec` (or at the positions `at`, NULL-ended);
 * returns the positions checked, 0 after a disagreement (so that the caller's CHECK fails). */
static uint64_t compare_rules(const char *spec, const char *const *at, int enc, bool constant_state)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return 0;
    frame fr[2];
    frame_open(&fr[0], r, 1, enc);
    frame_open(&fr[1], r, 2, enc);
    uint64_t checked = 0;
    int bad = 0;
    for (uint64_t i = 0; at ? at[i] != NULL : i < chopsat_position_count(r); i++) {
        if (bad >= 5) break;
        chopsat_pos p;
        if (at)
            p = test_pos(r, at[i]);
        else if (!r->game->unindex(r, i, &p))
            continue;
        bad += !compare_position(r, fr, &p, enc, constant_state, spec);
        checked++;
    }
    frame_close(&fr[0]);
    frame_close(&fr[1]);
    chopsat_rules_free(r);
    return bad ? 0 : checked;
}

/* ---- the cases ---- */

enum { CONSTANT = 1, INPUTS = 2, BOTH_STATES = 3 };

/* Rules `spec`, or with key=lo..hi appended when key is not NULL; every position compared in
 * each of the encodings and state forms named (the textbook encoding always takes the state as
 * inputs). */
typedef struct sym_case {
    const char *spec, *key;
    int lo, hi;
    int encodings, states;
} sym_case;

/* Runs the cases; a case that checks no position (or disagrees) fails the test. */
static void run_cases(const sym_case *cases, size_t n)
{
    char spec[160];
    for (size_t i = 0; i < n; i++) {
        const sym_case *c = &cases[i];
        for (int v = c->lo; v <= (c->key ? c->hi : c->lo); v++)
            for (int e = ONE_HOT; e <= TEXTBOOK; e <<= 1)
                for (int s = CONSTANT; s <= INPUTS; s <<= 1) {
                    if (!(c->encodings & e) || !(c->states & s)) continue;
                    if (e == TEXTBOOK && s == CONSTANT && (c->states & INPUTS)) continue;
                    if (c->key)
                        snprintf(spec, sizeof spec, "%s,%s=%d", c->spec, c->key, v);
                    else
                        snprintf(spec, sizeof spec, "%s", c->spec);
                    uint64_t checked = compare_rules(spec, NULL, e, e != TEXTBOOK && s == CONSTANT);
                    CHECKF(checked > 0, "%s: no position checked, or a disagreement", spec);
                }
    }
}

/* Every preset at a range of its size: the cases `game_sym_every_preset_has_cases` looks for. */
static const sym_case preset_cases[] = {
    {"standard", "fingers", 2, 8, ONE_HOT | TEXTBOOK, CONSTANT},
    {"no-split", "fingers", 2, 8, ONE_HOT | TEXTBOOK, CONSTANT},
    {"rollover", "fingers", 2, 8, ONE_HOT | TEXTBOOK, CONSTANT},
    {"even-split", "fingers", 2, 8, ONE_HOT | TEXTBOOK, CONSTANT},
    {"chinese", "fingers", 2, 8, ONE_HOT | TEXTBOOK, CONSTANT},
    {"onedie", "target", 1, 40, ALL_ENCODINGS, INPUTS},
};

TEST(game_sym_presets_equal_explicit)
{
    run_cases(preset_cases, sizeof preset_cases / sizeof preset_cases[0]);
}

TEST(game_sym_option_combinations_equal_explicit)
{
    static const sym_case cases[] = {
        {"standard,hands=ordered", "fingers", 2, 6, ONE_HOT | TEXTBOOK, CONSTANT},
        {"standard,overflow=rollover,hands=ordered", "fingers", 2, 6, ONE_HOT | TEXTBOOK, CONSTANT},
        {"standard,tap=self-add", "fingers", 2, 6, ONE_HOT | TEXTBOOK, CONSTANT},
        {"standard,tap=self-add,hands=ordered,overflow=rollover", "fingers", 2, 6,
         ONE_HOT | TEXTBOOK, CONSTANT},
        {"standard,suicide=no", "fingers", 2, 6, ONE_HOT | TEXTBOOK, CONSTANT},
        {"standard,revive=no", "fingers", 2, 6, ONE_HOT | TEXTBOOK, CONSTANT},
        {"standard,suicide=no,revive=no,hands=ordered", "fingers", 2, 6, ONE_HOT | TEXTBOOK,
         CONSTANT},
        {"standard,win=finish", "fingers", 2, 6, ONE_HOT | TEXTBOOK, CONSTANT},
        {"standard,split=even-lone,hands=ordered,overflow=rollover", "fingers", 2, 6,
         ONE_HOT | TEXTBOOK, CONSTANT},
        {"chinese,split=free", "fingers", 2, 6, ONE_HOT | TEXTBOOK, CONSTANT},
    };
    run_cases(cases, sizeof cases / sizeof cases[0]);
}

TEST(game_sym_binary_moves_and_state_inputs_equal_explicit)
{
    static const sym_case cases[] = {
        /* binary move numbers, the state as inputs as the unroller builds it */
        {"standard", NULL, 0, 0, BINARY, INPUTS},
        {"no-split,fingers=6", NULL, 0, 0, BINARY, INPUTS},
        {"even-split,fingers=6", NULL, 0, 0, BINARY, INPUTS},
        {"chinese,fingers=4", NULL, 0, 0, BINARY, INPUTS},
        {"rollover,fingers=6", NULL, 0, 0, BINARY, INPUTS},
        /* one-hot moves, the state as inputs */
        {"standard", NULL, 0, 0, ONE_HOT, INPUTS},
        {"chinese,fingers=4", NULL, 0, 0, ONE_HOT, INPUTS},
        {"even-split,fingers=6", NULL, 0, 0, ONE_HOT, INPUTS},
        /* the one-die game at larger targets, and with the state as constants */
        {"onedie", NULL, 0, 0, BOTH_ENCODINGS, INPUTS},
        {"onedie,target=50", NULL, 0, 0, BOTH_ENCODINGS, INPUTS},
        {"onedie,target=100", NULL, 0, 0, BOTH_ENCODINGS, INPUTS},
        {"onedie", NULL, 0, 0, BOTH_ENCODINGS, CONSTANT},
        {"onedie,target=1", NULL, 0, 0, BOTH_ENCODINGS, CONSTANT},
        {"onedie,target=6", NULL, 0, 0, BOTH_ENCODINGS, CONSTANT},
    };
    run_cases(cases, sizeof cases / sizeof cases[0]);
}

TEST(game_sym_onedie_every_position_counted)
{
    /* every total 1..t+5 with each face it allows, for both players, plus 0@0 twice: the
     * harness visits the whole index space, holes skipped */
    char spec[64];
    for (int t = 1; t <= 40; t += 13) {
        snprintf(spec, sizeof spec, "onedie,target=%d", t);
        uint64_t want = 2;
        for (int total = 1; total <= t + 5; total++)
            want += 2 * (uint64_t)(total < 6 ? total : 6);
        uint64_t n = compare_rules(spec, NULL, ONE_HOT, false);
        CHECKF(n == want, "target %d: %llu positions checked, %llu expected", t,
               (unsigned long long)n, (unsigned long long)want);
    }
}

TEST(game_sym_single_positions_at_the_largest_sizes)
{
    static const struct {
        const char *spec;
        const char *at[6];
    } cases[] = {
        {"standard,fingers=1048576,split=none",
         {"1,1048575/1,524288", "0,524288/3,7:2", "5,9/0,1048574"}},
        {"rollover,fingers=1048576,split=none",
         {"1,1048575/1,524288", "0,524288/3,7:2", "5,9/0,1048574"}},
        {"standard,fingers=1048576,split=even-lone",
         {"1,1048575/1,524288", "0,524288/3,7:2", "5,9/0,1048574"}},
        {"onedie,target=1000000", {"999999@3", "999994@1:2", "999995@6", "0@0", "1000002@4:2"}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t n = 0;
        while (cases[i].at[n])
            n++;
        CHECK(compare_rules(cases[i].spec, cases[i].at, ONE_HOT, false) == n);
        CHECK(compare_rules(cases[i].spec, cases[i].at, BINARY, false) == n);
    }
}

TEST(game_sym_word_widths_at_the_edges)
{
    /* chopsticks: four hands of ceil(log2 N) bits; one die: the total has ceil(log2(target+6))
     * bits, the top face 3 */
    static const struct {
        const char *spec;
        int nwords, w0, wlast;
    } cases[] = {
        {"standard,fingers=2", 4, 1, 1},
        {"standard,fingers=3", 4, 2, 2},
        {"standard,fingers=4", 4, 2, 2},
        {"standard,fingers=5", 4, 3, 3},
        {"standard,fingers=8", 4, 3, 3},
        {"standard,fingers=9", 4, 4, 4},
        {"chinese", 4, 4, 4},
        {"standard,fingers=1048576", 4, 20, 20},
        {"onedie,target=1", 2, 3, 3},
        {"onedie,target=2", 2, 3, 3},
        {"onedie,target=3", 2, 4, 3},
        {"onedie,target=10", 2, 4, 3},
        {"onedie,target=11", 2, 5, 3},
        {"onedie,target=26", 2, 5, 3},
        {"onedie,target=27", 2, 6, 3},
        {"onedie", 2, 6, 3},
        {"onedie,target=58", 2, 6, 3},
        {"onedie,target=59", 2, 7, 3},
        {"onedie,target=1000000", 2, 20, 3},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        chopsat_rules *r = test_rules(cases[i].spec);
        REQUIRE(r);
        int widths[CHOPSAT_POS_WORDS] = {0};
        const char *names[CHOPSAT_POS_WORDS];
        int n = game_sym_of(r->game)->words(r, widths, names);
        CHECKF(n == cases[i].nwords && widths[0] == cases[i].w0 && widths[n - 1] == cases[i].wlast,
               "%s: %d words, widths %d .. %d; want %d words, %d .. %d", cases[i].spec, n,
               widths[0], widths[n - 1], cases[i].nwords, cases[i].w0, cases[i].wlast);
        chopsat_rules_free(r);
    }
}

TEST(game_sym_every_preset_has_cases)
{
    /* the presets `chopsat rules` lists, each of them among preset_cases */
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    REQUIRE(f);
    chopsat_rules_help(f);
    fclose(f);
    int presets = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        char name[64];
        if (!strncmp(line, "Options", 7)) break;
        if (strncmp(line, "  ", 2) || sscanf(line, "%63s", name) != 1 || strchr(name, '='))
            continue;
        presets++;
        bool covered = false;
        for (size_t i = 0; i < sizeof preset_cases / sizeof preset_cases[0]; i++)
            covered |= !strcmp(preset_cases[i].spec, name);
        CHECKF(covered, "preset %s has no symbolic-vs-explicit case", name);
        /* and its game has a symbolic half (games/game_sym.c lists them) */
        chopsat_err err;
        chopsat_rules *r = chopsat_rules_parse(name, &err);
        CHECKF(r && game_sym_of(r->game), "preset %s: its game has no symbolic half", name);
        chopsat_rules_free(r);
    }
    CHECK(presets >= 6);
    free(text);
}

/* goal_sym (games/goal_sym.c) with the mover as a state bit is the goal for either mover:
 * fixing the bit gives the same function as the goal with the mover known. */
TEST(game_sym_goal_with_a_turn_bit_is_either_movers_goal)
{
    const char *specs[] = {"standard", "onedie,target=12"};
    for (size_t g = 0; g < 2; g++) {
        chopsat_err err;
        chopsat_rules *r = chopsat_rules_parse(specs[g], &err);
        REQUIRE(r);
        int widths[CHOPSAT_POS_WORDS];
        const char *names[CHOPSAT_POS_WORDS];
        int nwords = game_sym_of(r->game)->words(r, widths, names);
        for (int kind = 0; kind < 2; kind++) {
            chopsat_query q = {.kind = kind ? CHOPSAT_Q_WIN : CHOPSAT_Q_REACH, .player = 2};
            chopsat_pos_start(r, &q.target);
            q.target.mover = 2;
            circuit *c = circuit_new();
            word s[CHOPSAT_POS_WORDS];
            for (int i = 0; i < nwords; i++)
                s[i] = word_input(c, widths[i], names[i]);
            lit turn = circuit_input(c, "turn");
            lit both = goal_sym(c, r, &q, s, turn);
            lit one[2] = {goal_sym(c, r, &q, s, LIT_FALSE), goal_sym(c, r, &q, s, LIT_TRUE)};
            /* every state of the start's words and of a few others, both turns */
            uint8_t *in = xcalloc(circuit_size(c), 1), *val = xmalloc(circuit_size(c));
            for (int t = 0; t < 2; t++)
                for (uint32_t x = 0; x < 64; x++) {
                    memset(in, 0, circuit_size(c));
                    for (int i = 0; i < nwords; i++)
                        for (int b = 0; b < s[i].w; b++)
                            in[LIT_NODE(s[i].b[b])] =
                                (uint8_t)(((x ? x * 2654435761u >> (i * 3) : q.target.v[i]) >> b) &
                                          1);
                    in[LIT_NODE(turn)] = (uint8_t)t;
                    circuit_eval(c, in, val);
                    CHECKF(lit_value(val, both) == lit_value(val, one[t]),
                           "%s kind %d: the goal with a turn bit differs at turn %d", specs[g],
                           kind, t);
                }
            free(in);
            free(val);
            circuit_free(c);
        }
        chopsat_rules_free(r);
    }
}

SCHEDULE_FILE(game_sym)
{
    SCHEDULE(game_sym_presets_equal_explicit);
    SCHEDULE(game_sym_option_combinations_equal_explicit);
    SCHEDULE(game_sym_binary_moves_and_state_inputs_equal_explicit);
    SCHEDULE(game_sym_onedie_every_position_counted);
    SCHEDULE(game_sym_single_positions_at_the_largest_sizes);
    SCHEDULE(game_sym_word_widths_at_the_edges);
    SCHEDULE(game_sym_every_preset_has_cases);
    SCHEDULE(game_sym_goal_with_a_turn_bit_is_either_movers_goal);
}
