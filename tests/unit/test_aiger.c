/* test_aiger.c: the AIGER side on its own and against the explicit engine: the and-inverter
 * graph (constant folding, structural hashing), the writer and reader (binary and ASCII give
 * back the same functions on random inputs; ASCII gates in any order; cycles, undefined
 * variables and bad headers refused), and the transition system chopsat_aiger writes: for
 * every position reachable from the start of several presets of both games and every value of
 * the move inputs, the successors the file allows (constraint true, turn flipped) are exactly
 * the explicit move generator's. Also the SMT-LIB script's shape (balanced parentheses, one
 * check per k). */
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "formats/aiger.h"
#include "harness.h"

TEST(aig_folding_and_hashing)
{
    aig *g = aig_new();
    aig_lit a = aig_input(g, "a"), b = aig_input(g, "b");
    CHECK(aig_and(g, a, AIG_FALSE) == AIG_FALSE);
    CHECK(aig_and(g, a, AIG_TRUE) == a);
    CHECK(aig_and(g, a, a) == a);
    CHECK(aig_and(g, a, a ^ 1) == AIG_FALSE);
    aig_lit x = aig_and(g, a, b);
    CHECK(aig_and(g, b, a) == x);
    CHECK(g->gates.n == 1);
    CHECK(aig_ite(g, a, b, b) == b);
    /* many gates: hashing survives rehashing */
    aig_lit acc = a;
    VEC(aig_lit) made = {0};
    for (int i = 0; i < 3000; i++) {
        acc = aig_and(g, acc ^ (i & 1), b ^ ((i >> 1) & 1));
        VEC_PUSH(made, acc);
    }
    size_t n = g->gates.n;
    acc = a;
    for (int i = 0; i < 3000; i++) {
        acc = aig_and(g, acc ^ (i & 1), b ^ ((i >> 1) & 1));
        CHECK(acc == made.items[i]);
    }
    CHECK(g->gates.n == n);
    VEC_FREE(made);
    aig_free(g);
}

/* A random graph: 5 inputs, 3 latches, 60 gates, an output, a bad property, a constraint. */
static aig *random_aig(unsigned seed)
{
    srand(seed);
    aig *g = aig_new();
    VEC(aig_lit) pool = {0};
    for (int i = 0; i < 5; i++)
        VEC_PUSH(pool, aig_input(g, i == 2 ? "in[2]" : NULL));
    aig_lit l[3];
    for (int i = 0; i < 3; i++)
        VEC_PUSH(pool, l[i] = aig_latch_new(g, "state", i - 1));
    for (int i = 0; i < 60; i++) {
        aig_lit a = pool.items[rand() % pool.n] ^ (rand() & 1);
        aig_lit b = pool.items[rand() % pool.n] ^ (rand() & 1);
        VEC_PUSH(pool, aig_and(g, a, b));
    }
    for (int i = 0; i < 3; i++)
        aig_set_next(g, l[i], pool.items[pool.n - 1 - i] ^ (aig_lit)(i & 1));
    aig_add_output(g, pool.items[pool.n - 4], "out");
    aig_add_bad(g, pool.items[pool.n - 5] ^ 1, "bad");
    aig_add_constraint(g, pool.items[pool.n - 6], NULL);
    str_vec_addf(&g->comments, "a comment");
    VEC_FREE(pool);
    return g;
}

/* Writes g and reads it back. */
static aig *roundtrip(const aig *g, bool binary)
{
    FILE *f = tmpfile();
    chopsat_err err;
    if (!f || aiger_write(g, f, binary, &err)) return NULL;
    rewind(f);
    aig *h = aiger_read(f, "roundtrip", &err);
    if (!h) test_fail(__FILE__, __LINE__, "%s", err.msg);
    fclose(f);
    return h;
}

/* The values of the latches' next states, the output, bad and constraint under inputs in and
 * latch values st (bit i of each). */
static unsigned signature(const aig *g, unsigned in, unsigned st)
{
    uint8_t *val = xcalloc(aig_maxvar(g) + 1, 1);
    for (size_t i = 0; i < g->inputs.n; i++)
        val[i + 1] = (in >> i) & 1;
    for (size_t i = 0; i < g->latches.n; i++)
        val[g->inputs.n + 1 + i] = (st >> i) & 1;
    aig_eval(g, val);
    unsigned s = 0;
    for (size_t i = 0; i < g->latches.n; i++)
        s |= (unsigned)aig_value(val, g->latches.items[i].next) << i;
    s |= (unsigned)aig_value(val, g->outputs.items[0].l) << 8;
    s |= (unsigned)aig_value(val, g->bad.items[0].l) << 9;
    s |= (unsigned)aig_value(val, g->constraints.items[0].l) << 10;
    free(val);
    return s;
}

TEST(aiger_roundtrip_binary_and_ascii)
{
    for (unsigned seed = 1; seed <= 20; seed++) {
        aig *g = random_aig(seed);
        for (int binary = 0; binary < 2; binary++) {
            aig *h = roundtrip(g, binary);
            REQUIRE(h);
            CHECK(h->inputs.n == 5 && h->latches.n == 3 && h->outputs.n == 1 && h->bad.n == 1 &&
                  h->constraints.n == 1);
            for (int i = 0; i < 3; i++)
                CHECK(h->latches.items[i].init == i - 1);
            CHECK(h->inputs.items[2] && !strcmp(h->inputs.items[2], "in[2]"));
            CHECK(!h->inputs.items[0]);
            CHECK(h->bad.items[0].name && !strcmp(h->bad.items[0].name, "bad"));
            CHECK(h->comments.n == 1 && !strcmp(h->comments.items[0], "a comment"));
            for (unsigned in = 0; in < 32; in++)
                for (unsigned st = 0; st < 8; st++)
                    CHECKF(signature(g, in, st) == signature(h, in, st),
                           "seed %u binary %d in %u st %u", seed, binary, in, st);
            aig_free(h);
        }
        aig_free(g);
    }
}

static aig *read_text(const char *text, chopsat_err *err)
{
    FILE *f = tmpfile();
    fputs(text, f);
    rewind(f);
    aig *g = aiger_read(f, "t.aag", err);
    fclose(f);
    return g;
}

TEST(aiger_reader_ascii_order_and_refusals)
{
    chopsat_err err;
    /* gates out of order, an input with a high index: o = (x & y) & !x... written backwards */
    aig *g = read_text("aag 5 2 0 1 2\n4\n2\n10\n10 8 2\n8 4 3\n", &err);
    REQUIRE(g);
    /* inputs in file order: input 0 is variable 2 (literal 4), input 1 is variable 1 */
    for (unsigned in = 0; in < 4; in++) {
        uint8_t val[8] = {0};
        val[1] = in & 1, val[2] = (in >> 1) & 1;
        aig_eval(g, val);
        unsigned x4 = in & 1, x2 = (in >> 1) & 1; /* file literal 4 is input 0, 2 is input 1 */
        CHECK(aig_value(val, g->outputs.items[0].l) == ((x4 & !x2) & x2));
    }
    aig_free(g);
    CHECK(!read_text("aag 3 1 0 1 2\n2\n6\n6 4 2\n4 6 2\n", &err));
    CHECK(strstr(err.msg, "cycle"));
    CHECK(!read_text("aag 3 1 0 1 1\n2\n6\n6 4 2\n", &err));
    CHECK(strstr(err.msg, "never defined"));
    CHECK(!read_text("aig 3 1 0 1 1\n", &err));
    CHECK(strstr(err.msg, "inconsistent header"));
    CHECK(!read_text("aag 1 1 0 0 0 0 0 1 0\n2\n", &err));
    CHECK(strstr(err.msg, "justice"));
    CHECK(!read_text("aag 1 1 0 0 0\n2\nx0 foo\n", &err));
    CHECK(strstr(err.msg, "symbol"));
    CHECK(!read_text("hello\n", &err));
    CHECK(strstr(err.msg, "not an AIGER file"));
}

/* The transition system of rules (win for player 1, no bound) read back from chopsat_aiger. */
static aig *game_aig(chopsat_rules *r, bool binary_moves)
{
    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .player = 1};
    chopsat_pos_start(r, &q.from);
    chopsat_export_opts o = {.binary = true, .bounded = false, .binary_moves = binary_moves};
    FILE *f = tmpfile();
    chopsat_err err;
    if (chopsat_aiger(r, &q, &o, f, &err)) {
        test_fail(__FILE__, __LINE__, "%s", err.msg);
        fclose(f);
        return NULL;
    }
    rewind(f);
    aig *g = aiger_read(f, "game", &err);
    fclose(f);
    return g;
}

/* Latch i holds bit `bit` of word `word`, or the turn (word -1). */
typedef struct latch_role {
    int word, bit;
} latch_role;

static void check_game(const char *spec, bool binary_moves)
{
    chopsat_rules *r = test_rules(spec);
    REQUIRE(r);
    aig *g = game_aig(r, binary_moves);
    REQUIRE(g);
    size_t nl = g->latches.n, ni = g->inputs.n;
    REQUIRE(ni <= 20);
    latch_role *role = xcalloc(nl, sizeof *role);
    const char *words[CHOPSAT_POS_WORDS] = {0};
    int nwords = 0;
    for (size_t i = 0; i < nl; i++) {
        char w[64];
        int bit;
        const char *name = g->latches.items[i].name;
        REQUIRE(name);
        if (!strcmp(name, "turn")) {
            role[i].word = -1;
            continue;
        }
        REQUIRE(sscanf(name, "%63[^[][%d]", w, &bit) == 2);
        int k = 0;
        while (k < nwords && strcmp(words[k], w))
            k++;
        if (k == nwords) words[nwords++] = xstrdup(w);
        role[i] = (latch_role){k, bit};
    }
    /* every position reachable from the start, both movers as they come */
    VEC(chopsat_pos) seen = {0};
    chopsat_pos start;
    chopsat_pos_start(r, &start);
    VEC_PUSH(seen, start);
    chopsat_moves mv = {0};
    uint8_t *val = xcalloc(aig_maxvar(g) + 1, 1);
    size_t checked = 0;
    for (size_t at = 0; at < seen.n && at < 5000; at++) {
        chopsat_pos p = seen.items[at];
        chopsat_moves_list(r, &p, &mv, NULL);
        for (size_t m = 0; m < mv.n; m++) {
            bool known = false;
            for (size_t s = 0; s < seen.n && !known; s++)
                known = chopsat_pos_equal(&seen.items[s], &mv.items[m].to);
            if (!known) VEC_PUSH(seen, mv.items[m].to);
        }
        if (chopsat_pos_outcome(r, &p)) continue; /* terminal: no move, and the goal may hold */
        bool *found = xcalloc(mv.n + 1, 1);
        for (unsigned in = 0; in < (1u << ni); in++) {
            memset(val, 0, aig_maxvar(g) + 1);
            for (size_t i = 0; i < ni; i++)
                val[i + 1] = (in >> i) & 1;
            for (size_t i = 0; i < nl; i++)
                val[ni + 1 + i] =
                    role[i].word < 0 ? p.mover == 2 : (p.v[role[i].word] >> role[i].bit) & 1;
            aig_eval(g, val);
            CHECK(!aig_value(val, g->bad.items[0].l));
            if (!aig_value(val, g->constraints.items[0].l)) continue;
            chopsat_pos q = {{0}, 0, 0};
            for (size_t i = 0; i < nl; i++) {
                unsigned v = aig_value(val, g->latches.items[i].next);
                if (role[i].word < 0)
                    q.mover = v ? 2 : 1;
                else
                    q.v[role[i].word] |= v << role[i].bit;
            }
            size_t m = 0;
            while (m < mv.n && !chopsat_pos_equal(&mv.items[m].to, &q))
                m++;
            char a[64], b[64];
            chopsat_pos_format(r, &p, a, sizeof a);
            chopsat_pos_format(r, &q, b, sizeof b);
            CHECKF(m < mv.n, "%s: inputs %u lead from %s to %s, which is no move", spec, in, a, b);
            found[m] = true;
        }
        for (size_t m = 0; m < mv.n; m++) {
            char a[64];
            chopsat_pos_format(r, &p, a, sizeof a);
            CHECKF(found[m], "%s: no inputs make the move %s from %s", spec, mv.items[m].name, a);
        }
        free(found);
        checked++;
    }
    CHECKF(checked > 10, "%s: %zu positions checked", spec, checked);
    chopsat_moves_free(&mv);
    VEC_FREE(seen);
    for (int k = 0; k < nwords; k++)
        free((void *)words[k]);
    free(role);
    free(val);
    aig_free(g);
    chopsat_rules_free(r);
}

TEST(aiger_model_moves_match_explicit)
{
    check_game("standard", false);
    check_game("standard", true);
    check_game("no-split,fingers=4", false);
    check_game("rollover,fingers=4", false);
    check_game("even-split", false);
    check_game("chinese,fingers=5", false);
    check_game("standard,hands=ordered,fingers=4", false);
    check_game("onedie", false);
    check_game("onedie,target=12", true);
    /* other hand counts (src/games/many_sym.c) */
    check_game("standard,fingers=3,count=3/2", false);
    check_game("standard,fingers=3,count=3/2", true);
    check_game("chinese,fingers=3,count=2/3", false);
    check_game("even-split,fingers=3,count=3", false);
    check_game("rollover,fingers=4,count=1/4", false);
}

TEST(smt2_script_shape)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_query q = {
        .kind = CHOPSAT_Q_WIN, .player = 1, .k = 4, .repeat = CHOPSAT_REPEAT_IMMEDIATE};
    chopsat_pos_start(r, &q.from);
    chopsat_export_opts o = {0};
    FILE *f = tmpfile();
    chopsat_err err;
    REQUIRE(!chopsat_smt2(r, &q, &o, f, &err));
    rewind(f);
    char line[1 << 16];
    long depth = 0, checks = 0, models = 0;
    bool negative = false;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == ';') continue;
        bool quoted = false;
        for (char *c = line; *c; c++) {
            if (*c == '|') quoted = !quoted;
            if (quoted) continue;
            depth += *c == '(' ? 1 : *c == ')' ? -1 : 0;
            if (depth < 0) negative = true;
        }
        checks += !strncmp(line, "(check-sat-assuming", 19);
        models += !strncmp(line, "(get-model)", 11);
    }
    fclose(f);
    CHECK(depth == 0 && !negative);
    CHECK(checks == q.k + 2);
    CHECK(models == 1);
    q.exact = true;
    f = tmpfile();
    REQUIRE(!chopsat_smt2(r, &q, &o, f, &err));
    rewind(f);
    checks = 0;
    while (fgets(line, sizeof line, f))
        checks += !strncmp(line, "(check-sat-assuming", 19);
    fclose(f);
    CHECK(checks == 1);
    chopsat_rules_free(r);
}

SCHEDULE_FILE(aiger)
{
    SCHEDULE(aig_folding_and_hashing);
    SCHEDULE(aiger_roundtrip_binary_and_ascii);
    SCHEDULE(aiger_reader_ascii_order_and_refusals);
    SCHEDULE(aiger_model_moves_match_explicit);
    SCHEDULE(smt2_script_shape);
}
