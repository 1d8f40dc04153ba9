/* textbook.c: the textbook encoding of one move; see textbook.h. The clauses are the move's
 * table (game_sym.h: tb_move on every position) written as few clauses: every case the clauses
 * must cover starts as one position (all state bits fixed) and is widened bit by bit, in bit
 * order, while it contains no position that contradicts it; a case another case already covers
 * starts none, and a case whose positions all lie in other cases is dropped at the end. */
#include "bounded/textbook.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"

/* A clause of the table of one move: -m | (the state is not in the case mask/val) | out, where
 * out is a bit of the next frame (effect) or absent (precondition). */
typedef struct tb_clause {
    int move;           /* index among the kept moves */
    uint32_t mask, val; /* the case: the state bits in mask equal those of val */
    int out;            /* -1: precondition; else the next frame's bit index */
    bool out_true;      /* the next bit is 1 in this case */
} tb_clause;

typedef struct tb_table {
    bool built;
    int nmoves;
    int move_of[TB_MAX_MOVES]; /* kept move -> index in the game's list */
    VEC(tb_clause) clauses;
} tb_table;

struct textbook {
    const chopsat_rules *r;
    int nwords, widths[CHOPSAT_POS_WORDS], offset[CHOPSAT_POS_WORDS], nbits;
    char names[TB_MAX_MOVES][TB_NAME];
    int nall;
    tb_table t[2]; /* per mover */
};

static int state_bits(const chopsat_rules *r, int *widths, int *nwords)
{
    const char *names[CHOPSAT_POS_WORDS];
    *nwords = game_sym_of(r->game)->words(r, widths, names);
    int n = 0;
    for (int i = 0; i < *nwords; i++)
        n += widths[i];
    return n;
}

int textbook_check(const chopsat_rules *r, chopsat_err *err)
{
    const game_sym *g = game_sym_of(r->game);
    if (!g->tb_moves || !g->tb_move)
        return fail(err, "the textbook encoding is not written for the game %s", r->game->name);
    int widths[CHOPSAT_POS_WORDS], nwords;
    int n = state_bits(r, widths, &nwords);
    if (n > TEXTBOOK_MAX_BITS)
        return fail(err,
                    "the textbook encoding is for small games (at most %d state bits per "
                    "frame, e.g. fingers <= 8 or target <= 506); these rules need %d",
                    TEXTBOOK_MAX_BITS, n);
    char names[TB_MAX_MOVES][TB_NAME];
    if (g->tb_moves(r, names) < 0)
        return fail(err,
                    "the textbook encoding takes at most %d moves a player and these rules have "
                    "more; the one-hot and binary move encodings take them",
                    TB_MAX_MOVES);
    return 0;
}

textbook *textbook_new(const chopsat_rules *r)
{
    textbook *tb = xcalloc(1, sizeof *tb);
    tb->r = r;
    tb->nbits = state_bits(r, tb->widths, &tb->nwords);
    for (int i = 1; i < tb->nwords; i++)
        tb->offset[i] = tb->offset[i - 1] + tb->widths[i - 1];
    tb->nall = game_sym_of(r->game)->tb_moves(r, tb->names);
    return tb;
}

void textbook_free(textbook *tb)
{
    if (!tb) return;
    for (int p = 0; p < 2; p++)
        VEC_FREE(tb->t[p].clauses);
    free(tb);
}

static void unpack(const textbook *tb, uint32_t st, uint32_t *v)
{
    for (int i = 0; i < tb->nwords; i++)
        v[i] = (st >> tb->offset[i]) & ((1u << tb->widths[i]) - 1);
}

static uint32_t pack(const textbook *tb, const uint32_t *v)
{
    uint32_t st = 0;
    for (int i = 0; i < tb->nwords; i++)
        st |= v[i] << tb->offset[i];
    return st;
}

/* "the case mask/val holds a position marked in off" */
static bool meets(uint32_t mask, uint32_t val, uint32_t all, const uint8_t *off)
{
    uint32_t free_bits = all & ~mask, sub = free_bits;
    for (;;) {
        if (off[val | sub]) return true;
        if (!sub) return false;
        sub = (sub - 1) & free_bits;
    }
}

/* Cases covering every position marked in on and none marked in off, appended as clauses of
 * move `move` with output `out`. */
static void cover(const textbook *tb, tb_table *t, int move, int out, bool out_true,
                  const uint8_t *on, const uint8_t *off)
{
    uint32_t n = 1u << tb->nbits, all = n - 1;
    uint8_t *count = xcalloc(n, 1);
    size_t first = t->clauses.n;
    for (uint32_t st = 0; st < n; st++) {
        if (!on[st] || count[st]) continue;
        uint32_t mask = all;
        for (int b = 0; b < tb->nbits; b++) {
            uint32_t m2 = mask & ~(1u << b);
            if (!meets(m2, st & m2, all, off)) mask = m2;
        }
        tb_clause cl = {
            .move = move, .mask = mask, .val = st & mask, .out = out, .out_true = out_true};
        VEC_PUSH(t->clauses, cl);
        uint32_t free_bits = all & ~mask, sub = free_bits;
        for (;;) {
            if (on[cl.val | sub] && count[cl.val | sub] < 255) count[cl.val | sub]++;
            if (!sub) break;
            sub = (sub - 1) & free_bits;
        }
    }
    /* drop, last first, a case whose positions all lie in other cases too */
    for (size_t i = t->clauses.n; i-- > first;) {
        tb_clause *cl = &t->clauses.items[i];
        uint32_t free_bits = all & ~cl->mask, sub = free_bits;
        bool needed = false;
        for (;;) {
            uint32_t st = cl->val | sub;
            if (on[st] && count[st] < 2) needed = true;
            if (!sub || needed) break;
            sub = (sub - 1) & free_bits;
        }
        if (needed) continue;
        sub = free_bits;
        for (;;) {
            if (on[cl->val | sub]) count[cl->val | sub]--;
            if (!sub) break;
            sub = (sub - 1) & free_bits;
        }
        memmove(cl, cl + 1, (t->clauses.n - i - 1) * sizeof *cl);
        t->clauses.n--;
    }
    free(count);
}

/* The table of `mover`: every move on every position of the game. */
static void build(textbook *tb, int mover)
{
    tb_table *t = &tb->t[mover - 1];
    t->built = true;
    const chopsat_rules *r = tb->r;
    const game_sym *g = game_sym_of(r->game);
    uint32_t n = 1u << tb->nbits;
    /* the positions of the game: the game's "valid" on constant words folds to a constant */
    uint8_t *valid = xmalloc(n);
    circuit *c = circuit_new();
    for (uint32_t st = 0; st < n; st++) {
        uint32_t v[CHOPSAT_POS_WORDS];
        unpack(tb, st, v);
        word w[CHOPSAT_POS_WORDS];
        for (int i = 0; i < tb->nwords; i++)
            w[i] = word_const(v[i], tb->widths[i]);
        valid[st] = !g->valid || g->valid(c, r, w) != LIT_FALSE;
    }
    circuit_free(c);
    uint8_t *legal = xmalloc(n), *illegal = xmalloc(n), *one = xmalloc(n), *zero = xmalloc(n);
    uint32_t *next = xmalloc(n * sizeof *next);
    for (int m = 0; m < tb->nall; m++) {
        bool somewhere = false;
        for (uint32_t st = 0; st < n; st++) {
            uint32_t v[CHOPSAT_POS_WORDS], nv[CHOPSAT_POS_WORDS] = {0};
            legal[st] = illegal[st] = 0;
            if (!valid[st]) continue;
            unpack(tb, st, v);
            if (g->tb_move(r, mover, m, v, nv)) {
                legal[st] = 1;
                next[st] = pack(tb, nv);
                somewhere = true;
            } else {
                illegal[st] = 1;
            }
        }
        if (!somewhere) continue; /* a move legal nowhere gets no selector */
        int k = t->nmoves++;
        t->move_of[k] = m;
        cover(tb, t, k, -1, false, illegal, legal);
        for (int b = 0; b < tb->nbits; b++) {
            /* a bit the move leaves as it is: the two copy clauses, as a textbook writes a
             * frame axiom (even where the precondition fixes the bit) */
            bool copy = true;
            for (uint32_t st = 0; st < n && copy; st++)
                if (legal[st]) copy = ((next[st] >> b) & 1) == ((st >> b) & 1);
            if (copy) {
                for (int v = 1; v >= 0; v--) {
                    tb_clause cl = {.move = k,
                                    .mask = 1u << b,
                                    .val = (uint32_t)v << b,
                                    .out = b,
                                    .out_true = v};
                    VEC_PUSH(t->clauses, cl);
                }
                continue;
            }
            for (uint32_t st = 0; st < n; st++) {
                one[st] = legal[st] && ((next[st] >> b) & 1);
                zero[st] = legal[st] && !((next[st] >> b) & 1);
            }
            cover(tb, t, k, b, true, one, zero);
            cover(tb, t, k, b, false, zero, one);
        }
    }
    free(valid);
    free(legal);
    free(illegal);
    free(one);
    free(zero);
    free(next);
}

void textbook_start(cnf *f, const word *s, int nwords, const chopsat_pos *p)
{
    for (int i = 0; i < nwords; i++)
        for (int b = 0; b < s[i].w; b++)
            cnf_assert(f, (p->v[i] >> b) & 1 ? s[i].b[b] : LIT_NOT(s[i].b[b]));
}

/* State bit i of the words s. */
static lit bit_of(const textbook *tb, const word *s, int i)
{
    int w = 0;
    while (w + 1 < tb->nwords && i >= tb->offset[w + 1])
        w++;
    return s[w].b[i - tb->offset[w]];
}

/* The name of the next frame's bit i, for the notes: "p2.h1[0]". */
static void bit_name(const textbook *tb, int i, char *buf, size_t size)
{
    int widths[CHOPSAT_POS_WORDS];
    const char *names[CHOPSAT_POS_WORDS];
    game_sym_of(tb->r->game)->words(tb->r, widths, names);
    int w = 0;
    while (w + 1 < tb->nwords && i >= tb->offset[w + 1])
        w++;
    snprintf(buf, size, "%s[%d]", names[w], i - tb->offset[w]);
}

lit textbook_step(textbook *tb, circuit *c, cnf *f, int mover, const word *s, const word *next,
                  const char *prefix, lit_vec *inputs, lit released)
{
    tb_table *t = &tb->t[mover - 1];
    if (!t->built) build(tb, mover);
    lit sel[TB_MAX_MOVES + 1];
    char name[200];
    for (int k = 0; k < t->nmoves; k++) {
        snprintf(name, sizeof name, "%s.move.%s", prefix, tb->names[t->move_of[k]]);
        sel[k] = circuit_input(c, name);
        VEC_PUSH(*inputs, sel[k]);
        cnf_lit(f, sel[k], POL_BOTH);
    }
    /* exactly one move: at least one (until the goal is met), and no two */
    if (released != LIT_TRUE) {
        lit alo[TB_MAX_MOVES + 1];
        size_t n = 0;
        if (released != LIT_FALSE) alo[n++] = released;
        for (int k = 0; k < t->nmoves; k++)
            alo[n++] = sel[k];
        cnf_note(f, "%s: player %d makes a move%s", prefix, mover,
                 released != LIT_FALSE ? " (unless the goal is met already)" : "");
        cnf_clause(f, alo, n);
    }
    cnf_note(f, "%s: player %d makes at most one move", prefix, mover);
    for (int a = 0; a < t->nmoves; a++)
        for (int b = a + 1; b < t->nmoves; b++) {
            lit cl[2] = {LIT_NOT(sel[a]), LIT_NOT(sel[b])};
            cnf_clause(f, cl, 2);
        }
    /* each move's precondition and effect */
    int last_move = -1, last_out = -2;
    for (size_t i = 0; i < t->clauses.n; i++) {
        const tb_clause *tc = &t->clauses.items[i];
        const char *mname = tb->names[t->move_of[tc->move]];
        if (tc->move != last_move || tc->out != last_out) {
            if (tc->out < 0) {
                cnf_note(f, "%s: %s of player %d needs", prefix, mname, mover);
            } else {
                char bn[64];
                bit_name(tb, tc->out, bn, sizeof bn);
                cnf_note(f, "%s: %s of player %d sets the next %s", prefix, mname, mover, bn);
            }
            last_move = tc->move, last_out = tc->out;
        }
        lit cl[TEXTBOOK_MAX_BITS + 2];
        size_t n = 0;
        cl[n++] = LIT_NOT(sel[tc->move]);
        for (int b = 0; b < tb->nbits; b++)
            if ((tc->mask >> b) & 1) {
                lit x = bit_of(tb, s, b);
                cl[n++] = (tc->val >> b) & 1 ? LIT_NOT(x) : x;
            }
        if (tc->out >= 0) {
            lit y = bit_of(tb, next, tc->out);
            cl[n++] = tc->out_true ? y : LIT_NOT(y);
        }
        cnf_clause(f, cl, n);
    }
    return gate_or_n(c, sel, (size_t)t->nmoves);
}
