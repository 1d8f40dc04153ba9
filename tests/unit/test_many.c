/* test_many.c: many_game, the explicit half of the chopsticks family at any hand count
 * (docs/rules.md "Any number of hands"), written apart from chop_moves.c: at count 2/2 the two
 * agree exactly at every index position of every option combination (index, winner, moves with
 * their names and order, un-moves, solved values); at every count pair from 1/1 to 4/4 its
 * index, notation, un-moves and step_to agree with each other and with its moves; and the
 * page's hand-worked positions, wide hands included. */
#include <stdlib.h>
#include <string.h>

#include "games/game.h"
#include "harness.h"

/* A copy of the rules r played by many_game. */
static chopsat_rules *as_many(const chopsat_rules *r)
{
    chopsat_rules *m = malloc(r->game->rules_size);
    if (!m) test_out_of_memory(NULL, r->game->rules_size);
    memcpy(m, r, r->game->rules_size);
    m->game = &many_game;
    return m;
}

/* The fingers of r, read back through its description's option. */
static uint64_t chop_of_fingers(const chopsat_rules *r)
{
    for (int k = 0; r->game->options[k].key; k++)
        if (!strcmp(r->game->options[k].key, "fingers")) return r->game->get_option(r, k);
    return 0;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The indices of the un-moves of p under r, sorted, into out; how many. */
static size_t unmoves_sorted(const chopsat_rules *r, const chopsat_pos *p, chopsat_pos *buf,
                             uint64_t *out)
{
    size_t k = r->game->unmoves(r, p, buf);
    for (size_t m = 0; m < k; m++)
        out[m] = r->game->index(r, &buf[m]);
    qsort(out, k, sizeof *out, cmp_u64);
    return k;
}

/* chop_game (c) and many_game (m) at one index position i: the same position, winner, moves
 * (positions, kinds, names, order) and un-moves as sets. False at the first difference. */
static bool same_at(const chopsat_rules *c, const chopsat_rules *m, uint64_t i, const char *spec)
{
    chopsat_pos p, q;
    bool a = c->game->unindex(c, i, &p), b = m->game->unindex(m, i, &q);
    if (a != b || (a && !chopsat_pos_equal(&p, &q))) {
        CHECKF(false, "%s: index %llu differs", spec, (unsigned long long)i);
        return false;
    }
    if (!a) return true;
    CHECKF(m->game->index(m, &p) == i, "%s: index of unindex(%llu)", spec, (unsigned long long)i);
    CHECKF(c->game->winner(c, &p) == m->game->winner(m, &p), "%s: winner at %llu", spec,
           (unsigned long long)i);
    bool over = c->game->winner(c, &p) != 0;
    step *sc = malloc(c->game->max_moves(c) * sizeof *sc);
    step *sm = malloc(m->game->max_moves(m) * sizeof *sm);
    size_t nc = over ? 0 : c->game->moves(c, &p, sc), nm = over ? 0 : m->game->moves(m, &p, sm);
    bool same = nc == nm;
    for (size_t k = 0; k < nc && same; k++) {
        char a[CHOPSAT_NAME_MAX], b[CHOPSAT_NAME_MAX];
        c->game->move_name(c, &p, &sc[k], a, sizeof a);
        m->game->move_name(m, &p, &sm[k], b, sizeof b);
        same = chopsat_pos_equal(&sc[k].to, &sm[k].to) && sc[k].kind == sm[k].kind && !strcmp(a, b);
    }
    free(sc);
    free(sm);
    char at[CHOPSAT_POS_MAX];
    c->game->format(c, &p, at, sizeof at);
    CHECKF(same, "%s: the moves at %s differ", spec, at);
    chopsat_pos *uc = malloc(c->game->max_unmoves(c) * sizeof *uc);
    chopsat_pos *um = malloc(m->game->max_unmoves(m) * sizeof *um);
    uint64_t *ic = malloc(c->game->max_unmoves(c) * sizeof *ic);
    uint64_t *im = malloc(m->game->max_unmoves(m) * sizeof *im);
    size_t kc = unmoves_sorted(c, &p, uc, ic), km = unmoves_sorted(m, &p, um, im);
    bool usame = kc == km && (!kc || !memcmp(ic, im, kc * sizeof *ic));
    CHECKF(usame, "%s: the un-moves of %s differ (%zu, %zu)", spec, at, kc, km);
    free(uc), free(um), free(ic), free(im);
    return same && usame;
}

/* Every index position of spec (count 2/2) under chop_game and many_game, and the two solves. */
static void agree_2x2(const char *spec)
{
    chopsat_rules *c = test_rules(spec);
    if (!c) return;
    chopsat_rules *m = as_many(c);
    uint64_t n = c->game->count(c);
    CHECKF(n == m->game->count(m), "%s: %llu and %llu positions", spec, (unsigned long long)n,
           (unsigned long long)m->game->count(m));
    for (uint64_t i = 0; i < n; i++)
        if (!same_at(c, m, i, spec)) break;
    chopsat_err e1, e2;
    chopsat_solution *s1 = chopsat_solve(c, NULL, NULL, &e1),
                     *s2 = chopsat_solve(m, NULL, NULL, &e2);
    CHECKF(s1 && s2, "%s: a solve failed", spec);
    for (uint64_t i = 0; s1 && s2 && i < n; i++) {
        chopsat_pos p;
        uint32_t d1 = 0, d2 = 0;
        if (!c->game->unindex(c, i, &p)) continue;
        int v1 = chopsat_value(s1, &p, &d1), v2 = chopsat_value(s2, &p, &d2);
        if (v1 != v2 || d1 != d2) {
            char at[CHOPSAT_POS_MAX];
            c->game->format(c, &p, at, sizeof at);
            CHECKF(false, "%s: %s is %d in %u and %d in %u", spec, at, v1, d1, v2, d2);
            break;
        }
    }
    chopsat_solution_free(s1);
    chopsat_solution_free(s2);
    free(m);
    chopsat_rules_free(c);
}

TEST(many_agrees_with_chop_at_2x2_every_option)
{
    test_option_combinations(2, 7, agree_2x2);
}

TEST(many_agrees_with_chop_at_2x2_every_preset)
{
    static const char *presets[] = {"standard",
                                    "no-split",
                                    "rollover",
                                    "even-split",
                                    "chinese",
                                    "standard,suicide=no",
                                    "standard,revive=no",
                                    "rollover,suicide=no,revive=no"};
    for (size_t k = 0; k < sizeof presets / sizeof *presets; k++)
        for (int f = 2; f <= 7; f++) {
            char spec[120];
            snprintf(spec, sizeof spec, "%s,fingers=%d", presets[k], f);
            agree_2x2(spec);
        }
    agree_2x2("chinese");
}

/* What draw writes for p under r, into buf. */
static void drawn(const chopsat_rules *r, const chopsat_pos *p, char *buf, size_t size)
{
    FILE *f = fmemopen(buf, size, "w");
    if (!f) test_out_of_memory(NULL, size);
    r->game->draw(r, p, f);
    fclose(f);
}

/* chop_game and many_game at 2/2 read the same typed moves (taps by value or by l/r, splits)
 * to the same positions, write every position and chart label alike, draw alike. */
static void agree_2x2_text(const char *spec)
{
    chopsat_rules *c = test_rules(spec);
    if (!c) return;
    chopsat_rules *m = as_many(c);
    uint64_t n = c->game->count(c), N = chop_of_fingers(c);
    char a[CHOPSAT_POS_MAX], b[CHOPSAT_POS_MAX], ta[512], tb[512];
    int bad = 0;
    for (uint64_t i = 0; i < n && bad < 3; i++) {
        chopsat_pos p, qc, qm;
        c->game->unindex(c, i, &p);
        c->game->format(c, &p, a, sizeof a);
        m->game->format(m, &p, b, sizeof b);
        bad += strcmp(a, b) != 0;
        CHECKF(!strcmp(a, b), "%s: %s written %s", spec, a, b);
        if (i % 7 == 0) {
            drawn(c, &p, ta, sizeof ta);
            drawn(m, &p, tb, sizeof tb);
            bad += strcmp(ta, tb) != 0;
            CHECKF(!strcmp(ta, tb), "%s: %s drawn\n%s\nand\n%s", spec, a, ta, tb);
        }
        if (c->game->winner(c, &p) || i % (n / 400 + 1)) continue; /* typed at ~400 */
        for (uint64_t x = 0; x < N + 1; x++)
            for (uint64_t y = 0; y < N + 1; y++)
                for (int form = 0; form < 6; form++) {
                    static const char *forms[] = {"%llu>%llu",      "add%llu+%llu", "%llu,%llu",
                                                  "split%llu,%llu", "tap%llu+%llu", "%llu>%llu,"};
                    char text[64], wc[200] = "", wm[200] = "";
                    snprintf(text, sizeof text, forms[form], (unsigned long long)x,
                             (unsigned long long)y);
                    if (x < 2 && y < 2 && form < 2) { /* l and r for ordered hands */
                        text[0] = "lr"[x];
                        text[strlen(text) - 1] = "lr"[y];
                        if (form == 1) memmove(text, text + 3, strlen(text + 3) + 1);
                    }
                    int rc = c->game->typed_move(c, &p, text, &qc, wc, sizeof wc);
                    int rm = m->game->typed_move(m, &p, text, &qm, wm, sizeof wm);
                    bool same = rc == rm && (rc != 1 || chopsat_pos_equal(&qc, &qm));
                    bad += !same;
                    CHECKF(same, "%s: '%s' at %s: %d (%s) and %d (%s)", spec, text, a, rc, wc, rm,
                           wm);
                }
    }
    for (int axis = 0; axis < 2; axis++) {
        CHECK(c->game->chart_size(c, axis) == m->game->chart_size(m, axis));
        for (uint64_t k = 0; k < c->game->chart_size(c, axis); k++) {
            c->game->chart_label(c, axis, k, a, sizeof a);
            m->game->chart_label(m, axis, k, b, sizeof b);
            CHECKF(!strcmp(a, b), "%s: chart label %llu: %s and %s", spec, (unsigned long long)k, a,
                   b);
            chopsat_pos pc, pm;
            c->game->chart_cell(c, axis ? 0 : k, axis ? k : 0, &pc);
            m->game->chart_cell(m, axis ? 0 : k, axis ? k : 0, &pm);
            CHECK(chopsat_pos_equal(&pc, &pm));
        }
    }
    c->game->chart_legend(c, ta, sizeof ta);
    m->game->chart_legend(m, tb, sizeof tb);
    CHECKF(!strcmp(ta, tb), "%s: legend %s and %s", spec, ta, tb);
    free(m);
    chopsat_rules_free(c);
}

TEST(many_agrees_with_chop_at_2x2_text)
{
    test_option_combinations(2, 4, agree_2x2_text);
    agree_2x2_text("standard,fingers=5");
    agree_2x2_text("chinese,fingers=5,split=free");
    agree_2x2_text("standard,fingers=12");
    agree_2x2_text("chinese,fingers=12");
}

/* The index positions of spec at counts a/b: index and notation round trips, successors and
 * step_to against moves (the move the list keeps, and no move to a position the list lacks), and
 * un-moves against moves as sets of edges (each un-move an edge, none twice, as many as the moves).
 */
static void check_count(const char *spec)
{
    chopsat_rules *r0 = test_rules(spec);
    if (!r0) return;
    chopsat_rules *r = as_many(r0); /* at 2/2 too */
    chopsat_rules_free(r0);
    const game *g = r->game;
    uint64_t n = g->count(r), edges = 0, unedges = 0;
    CHECKF(n > 0, "%s: no index space", spec);
    step *buf = malloc(g->max_moves(r) * sizeof *buf);
    chopsat_pos *ub = malloc(g->max_unmoves(r) * sizeof *ub);
    uint64_t *ids = malloc(g->max_unmoves(r) * sizeof *ids);
    int bad = 0;
    for (uint64_t i = 0; i < n && bad < 3; i++) {
        chopsat_pos p, back;
        char text[CHOPSAT_POS_MAX];
        chopsat_err err;
        if (!g->unindex(r, i, &p)) continue;
        g->format(r, &p, text, sizeof text);
        bad += g->index(r, &p) != i;
        CHECKF(g->index(r, &p) == i, "%s: %s has index %llu, not %llu", spec, text,
               (unsigned long long)g->index(r, &p), (unsigned long long)i);
        int rc = g->parse(r, text, &back, &err);
        bad += rc || !chopsat_pos_equal(&back, &p);
        CHECKF(!rc && chopsat_pos_equal(&back, &p), "%s: %s does not read back", spec, text);
        size_t k = unmoves_sorted(r, &p, ub, ids);
        CHECKF(k <= g->max_unmoves(r), "%s: %zu un-moves", spec, k);
        unedges += k;
        for (size_t m = 0; m < k; m++) {
            chopsat_pos q;
            step s;
            g->unindex(r, ids[m], &q);
            bool edge =
                !g->winner(r, &q) && g->step_to(r, &q, &p, &s) && (m == 0 || ids[m] != ids[m - 1]);
            bad += !edge;
            CHECKF(edge, "%s: an un-move of %s is no move (or twice)", spec, text);
        }
        if (g->winner(r, &p)) continue;
        size_t nm = g->moves(r, &p, buf);
        CHECKF(nm <= g->moves_at(r, &p) && nm <= g->max_moves(r), "%s: %zu moves at %s", spec, nm,
               text);
        edges += nm;
        uint64_t *succ = malloc((g->max_moves(r) + 1) * sizeof *succ),
                 *want = malloc((nm + 1) * sizeof *want);
        size_t ns = g->successors(r, &p, succ);
        for (size_t m = 0; m < nm; m++)
            want[m] = g->index(r, &buf[m].to);
        qsort(succ, ns, sizeof *succ, cmp_u64);
        qsort(want, nm, sizeof *want, cmp_u64);
        bool succ_ok = ns == nm && (!nm || !memcmp(succ, want, nm * sizeof *succ));
        bad += !succ_ok;
        CHECKF(succ_ok, "%s: successors at %s differ from the moves", spec, text);
        free(succ), free(want);
        for (size_t m = 0; m < nm; m++) {
            step s;
            bool ok = g->step_to(r, &p, &buf[m].to, &s) && s.kind == buf[m].kind &&
                      (s.kind != CHOPSAT_TAP || (s.a == buf[m].a && s.b == buf[m].b));
            bad += !ok;
            CHECKF(ok, "%s: step_to disagrees with move %zu at %s", spec, m, text);
        }
        for (uint64_t t = 1; t <= 5; t++) { /* positions that are no move from p */
            chopsat_pos q;
            step s;
            g->unindex(r, (i * 7919 + t * 104729) % n, &q);
            bool listed = false;
            for (size_t m = 0; m < nm; m++)
                listed = listed || chopsat_pos_equal(&buf[m].to, &q);
            bool found = g->step_to(r, &p, &q, &s);
            bad += found != listed;
            CHECKF(found == listed, "%s: step_to at %s finds %d, the list %d", spec, text, found,
                   listed);
        }
    }
    CHECKF(edges == unedges, "%s: %llu moves, %llu un-moves", spec, (unsigned long long)edges,
           (unsigned long long)unedges);
    free(buf), free(ub), free(ids);
    chopsat_rules_free(r);
}

TEST(many_every_count_pair_agrees_with_itself)
{
    static const char *presets[] = {"standard",
                                    "no-split",
                                    "rollover",
                                    "even-split",
                                    "chinese",
                                    "standard,suicide=no",
                                    "standard,revive=no",
                                    "standard,hands=ordered",
                                    "standard,tap=self-add"};
    for (int a = 1; a <= 4; a++)
        for (int b = 1; b <= 4; b++)
            for (size_t k = 0; k < sizeof presets / sizeof *presets; k++)
                for (int f = 2; f <= (a + b <= 4 ? 6 : 4); f++) {
                    if (!strcmp(presets[k], "even-split") && (a == 1 || b == 1)) continue;
                    char spec[120];
                    snprintf(spec, sizeof spec, "%s,count=%d/%d,fingers=%d", presets[k], a, b, f);
                    check_count(spec);
                }
}

/* check_count of spec at the count pair `count`; even-lone only where both have two hands. */
static void check_at(const char *spec, const char *count)
{
    char with[240];
    if (strstr(spec, "even-lone") && strchr(count, '1')) return;
    snprintf(with, sizeof with, "%s,count=%s", spec, count);
    check_count(with);
}
static void check_3_2(const char *spec)
{
    check_at(spec, "3/2");
}
static void check_1_3(const char *spec)
{
    check_at(spec, "1/3");
}
static void check_4_1(const char *spec)
{
    check_at(spec, "4/1");
}

TEST(many_every_option_at_other_counts)
{
    test_option_combinations(2, 4, check_3_2);
    test_option_combinations(2, 4, check_1_3);
    test_option_combinations(2, 3, check_4_1);
}

/* The names of the moves at `at` under spec, joined by "; ". */
static void names_at(const char *spec, const char *at, char *buf, size_t size)
{
    chopsat_rules *r = test_rules(spec);
    buf[0] = 0;
    if (!r) return;
    chopsat_pos p = test_pos(r, at);
    chopsat_moves ms = {0};
    chopsat_err err;
    if (chopsat_moves_list(r, &p, &ms, &err)) {
        snprintf(buf, size, "error: %s", err.msg);
    } else {
        size_t len = 0;
        for (size_t i = 0; i < ms.n && len < size; i++) {
            char to[CHOPSAT_POS_MAX];
            chopsat_pos_format(r, &ms.items[i].to, to, sizeof to);
            len += (size_t)snprintf(buf + len, size - len, "%s%s %s", i ? "; " : "",
                                    ms.items[i].name, to);
        }
    }
    chopsat_moves_free(&ms);
    chopsat_rules_free(r);
}

#define CHECK_MOVES(spec, at, want)                                                                \
    do {                                                                                           \
        char got_[2048];                                                                           \
        names_at(spec, at, got_, sizeof got_);                                                     \
        CHECKF(!strcmp(got_, want), "%s at %s: got '%s', want '%s'", spec, at, got_, want);        \
    } while (0)

TEST(many_hand_worked_positions)
{
    /* one hand each: the only move is a tap */
    CHECK_MOVES("standard,count=1", "start", "tap 1>1 1/2:2");
    /* a 3-hand split: the total 3 shared out anew, results smallest first in order */
    CHECK_MOVES("standard,count=3", "start",
                "tap 1>1 111/112:2; split 0,0,3 003/111:2; split 0,1,2 012/111:2");
    CHECK_MOVES("standard,count=3,suicide=no", "start", "tap 1>1 111/112:2");
    CHECK_MOVES("standard,count=3/2,revive=no", "004/11:1", "tap 4>1 004/01:2");
    CHECK_MOVES("standard,count=3/2", "004/11:1",
                "tap 4>1 004/01:2; split 0,1,3 013/11:2; split 0,2,2 022/11:2; "
                "split 1,1,2 112/11:2");
    /* taps with 3/2: the mover's 1 and 4 on player 2's 1 and 3 (cutoff kills at 5) */
    CHECK_MOVES("standard,count=3/2", "114/13:1",
                "tap 1>1 114/23:2; tap 1>3 114/14:2; tap 4>1 114/03:2; tap 4>3 114/01:2; "
                "split 0,2,4 024/13:2; split 0,3,3 033/13:2; split 1,2,3 123/13:2; "
                "split 2,2,2 222/13:2");
    CHECK_MOVES("standard,count=3/2", "012/11:2",
                "tap 1>1 022/11:1; tap 1>2 013/11:1; split 0,2 012/02:1");
    /* even-lone with three hands: the lone 2m and one dead hand become m, m */
    CHECK_MOVES("even-split,count=3", "002/111:1", "tap 2>1 002/113:2; split 0,1,1 011/111:2");
    CHECK_MOVES("even-split,count=3", "003/111:1", "tap 3>1 003/114:2");
    CHECK_MOVES("even-split,count=3,hands=ordered", "020/111:1",
                "tap B>A 020/311:2; tap B>B 020/131:2; tap B>C 020/113:2; split 1,1,0 110/111:2");
    CHECK_MOVES("even-split,count=3,hands=ordered", "002/111:1",
                "tap C>A 002/311:2; tap C>B 002/131:2; tap C>C 002/113:2; split 1,0,1 101/111:2");
    /* ordered hands off 2/2 are lettered A, B, C in hand order */
    CHECK_MOVES("no-split,count=3/2,hands=ordered", "103/21:1",
                "tap A>A 103/31:2; tap A>B 103/22:2; tap C>A 103/01:2; tap C>B 103/24:2");
    CHECK_MOVES("standard,count=2/3,tap=self-add,split=none", "12/111:1",
                "add 1+1 22/111:2; add 2+1 13/111:2");
    /* a player with no live hand has lost (eliminate) or won (finish) */
    chopsat_rules *r = test_rules("standard,count=3/1");
    chopsat_rules *f = test_rules("standard,count=3/1,win=finish");
    REQUIRE(r && f);
    chopsat_pos p = test_pos(r, "000/1:1");
    CHECK(chopsat_pos_winner(r, &p) == 2 && chopsat_pos_winner(f, &p) == 1);
    p = test_pos(r, "012/0:1");
    CHECK(chopsat_pos_winner(r, &p) == 1);
    chopsat_rules_free(r);
    chopsat_rules_free(f);
}

/* Positions with the wrong number of hands are refused with the count the rules need; commas
 * read the same positions as digits. */
TEST(many_notation)
{
    chopsat_rules *r = test_rules("standard,count=3");
    chopsat_rules *w = test_rules("standard,count=3/2,fingers=11");
    REQUIRE(r && w);
    chopsat_pos p, q;
    chopsat_err err;
    CHECK(chopsat_pos_parse(r, "11/111", &p, &err) == CHOPSAT_ERROR);
    CHECKF(strstr(err.msg, "player 1 has 2 hands") && strstr(err.msg, "need 3"), "%s", err.msg);
    CHECK(chopsat_pos_parse(r, "111/1111:2", &p, &err) == CHOPSAT_ERROR);
    CHECKF(strstr(err.msg, "player 2 has 4 hands"), "%s", err.msg);
    CHECK(chopsat_pos_parse(r, "1,1,/111", &p, &err) == CHOPSAT_ERROR);
    CHECK(chopsat_pos_parse(r, "151/111", &p, &err) == CHOPSAT_ERROR);
    CHECKF(strstr(err.msg, "out of range"), "%s", err.msg);
    CHECK(!chopsat_pos_parse(r, "3,0,1/1,1,1:2", &p, &err) &&
          !chopsat_pos_parse(r, "013/111:2", &q, &err));
    CHECK(chopsat_pos_equal(&p, &q));
    CHECK(chopsat_pos_parse(w, "111/11", &p, &err) == CHOPSAT_ERROR);
    CHECKF(strstr(err.msg, "commas"), "%s", err.msg);
    CHECK(!chopsat_pos_parse(w, "10,0,3/1,10:2", &p, &err));
    char text[CHOPSAT_POS_MAX];
    chopsat_pos_format(w, &p, text, sizeof text);
    CHECKF(!strcmp(text, "0,3,10/1,10:2"), "%s", text);
    chopsat_rules_free(r);
    chopsat_rules_free(w);
}

/* Hands up to 2^64 - 1 with count=3: read, written, and a tap and a split decided by step_to in
 * exact arithmetic (sums past 2^64). */
TEST(many_wide_hands)
{
    chopsat_rules *r = test_rules("standard,count=3,fingers=18446744073709551615");
    chopsat_rules *roll = test_rules("rollover,count=3,fingers=18446744073709551615");
    REQUIRE(r && roll);
    const char *text = "9223372036854775808,1,18446744073709551614/9223372036854775808,1,1:1";
    chopsat_pos p = test_pos(r, text), q, back;
    char out[CHOPSAT_POS_MAX];
    chopsat_pos_format(r, &p, out, sizeof out);
    CHECKF(!strcmp(out, "1,9223372036854775808,18446744073709551614/1,1,9223372036854775808:1"),
           "%s", out);
    chopsat_err err;
    CHECK(!chopsat_pos_parse(r, out, &back, &err) && chopsat_pos_equal(&back, &p));
    CHECK(chopsat_pos_parse(r, "1,1,18446744073709551615/1,1,1", &back, &err) == CHOPSAT_ERROR);
    CHECK(chopsat_pos_parse(r, "1,1,18446744073709551616/1,1,1", &back, &err) == CHOPSAT_ERROR);
    step s;
    /* 2^63 taps 2^63: 2^64 >= N, the hand dies (cutoff) or keeps 1 (rollover) */
    q = test_pos(r, "1,9223372036854775808,18446744073709551614/0,1,1:2");
    CHECK(r->game->step_to(r, &p, &q, &s) && s.kind == CHOPSAT_TAP);
    r->game->move_name(r, &p, &s, out, sizeof out);
    CHECKF(!strcmp(out, "tap 9223372036854775808>9223372036854775808"), "%s", out);
    q = test_pos(roll, "1,9223372036854775808,18446744073709551614/1,1,1:2");
    CHECK(roll->game->step_to(roll, &p, &q, &s) && s.kind == CHOPSAT_TAP);
    /* the mover's total 2^63 + 2^64 - 1 (past 2^64) shared out anew */
    q = test_pos(r, "0,9223372036854775809,18446744073709551614/1,1,9223372036854775808:2");
    CHECK(r->game->step_to(r, &p, &q, &s) && s.kind == CHOPSAT_SPLIT);
    r->game->move_name(r, &p, &s, out, sizeof out);
    CHECKF(!strcmp(out, "split 0,9223372036854775809,18446744073709551614"), "%s", out);
    q = test_pos(r, "1,9223372036854775809,18446744073709551614/1,1,9223372036854775808:2");
    CHECK(!r->game->step_to(r, &p, &q, &s)); /* one finger more */
    q = test_pos(
        r,
        "9223372036854775808,9223372036854775808,18446744073709551614/1,1,9223372036854775808:2");
    CHECK(!r->game->step_to(r, &p, &q, &s)); /* another total */
    CHECK(r->game->count(r) == 0 && r->game->moves_at(r, &p) == SIZE_MAX);
    chopsat_rules_free(r);
    chopsat_rules_free(roll);
}

SCHEDULE_FILE(many)
{
    SCHEDULE(many_hand_worked_positions);
    SCHEDULE(many_notation);
    SCHEDULE(many_wide_hands);
    SCHEDULE(many_every_count_pair_agrees_with_itself);
    SCHEDULE(many_every_option_at_other_counts);
    SCHEDULE(many_agrees_with_chop_at_2x2_every_preset);
    SCHEDULE(many_agrees_with_chop_at_2x2_every_option);
    SCHEDULE(many_agrees_with_chop_at_2x2_text);
}
