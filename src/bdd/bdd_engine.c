/* bdd_engine.c: the BDD engine's hold on BuDDy, whose node table is global: bddg_open guards it
 * so that one engine exists at a time, and BuDDy's error, garbage-collection and resize hooks
 * are replaced so that it never prints or exits (an error is recorded and the computation fails
 * with a message: bddg_check). The only global state of the library is here. Also positions as
 * sets over the current variables: membership, cubes, decoding and counting. */
#include "bdd/bdd_engine.h"

#include <stdlib.h>
#include <string.h>

#include "core/oom.h"
#include "core/util.h"

/* ---- the global BuDDy state, guarded ---- */

static bool engine_open;
static int engine_error; /* the last BuDDy error code, 0 none */

static void on_error(int code)
{
    engine_error = code;
}
static void on_gbc(int pre, bddGbcStat *st)
{
    (void)pre, (void)st;
}

bool bddg_failed(void)
{
    return engine_error != 0;
}

int bddg_check(chopsat_err *err, const char *what)
{
    if (!engine_error) return 0;
    return fail(err, "bdd: %s: %s (the BDD node limit; try a smaller game)", what,
                bdd_errstring(engine_error));
}

/* A public call that runs out of memory closes the engine on its way out (core/oom.h). */
static void close_engine_cb(void *arg)
{
    (void)arg;
    bddg_close();
}
static cs_unwind engine_unwind = {.fn = close_engine_cb};

int bddg_open(const bddg_opts *o, int nstate, int nvars, chopsat_err *err)
{
    if (engine_open) return fail(err, "bdd: another BDD engine is open (BuDDy allows one)");
    engine_error = 0;
    int max = (int)(o->max_nodes ? o->max_nodes : 1u << 24);
    /* The node table (and caches, half as many entries) starts at 2^(10 + state bits / 2)
     * nodes, between 2^16 and 2^21, and grows when a garbage collection frees too little:
     * filling 190 MiB up front cost 0.15 s of every small game's run. */
    int bits = 10 + nstate / 2;
    bits = bits < 16 ? 16 : bits > 21 ? 21 : bits;
    if (o->wide_start) bits = 23; /* the whole fixpoint with wide caches (bddg_widen) */
    int start = max / 2 < (1 << bits) ? max / 2 : 1 << bits; /* below the limit, which BuDDy asks */
    if (bdd_init(start, o->wide_start ? start : start / 2) < 0)
        return fail(err, "bdd: BuDDy could not start");
    engine_open = true;
    cs_unwind_add(&engine_unwind);
    bdd_error_hook(on_error);
    bdd_gbc_hook(on_gbc);
    bdd_resize_hook(NULL);
    bdd_setmaxincrease(1 << 22);
    bdd_setmaxnodenum(max);
    bdd_setcacheratio(o->wide_start ? 1 : 2);
    bdd_setvarnum(nvars);
    return 0;
}

void bddg_close(void)
{
    if (!engine_open) return;
    bdd_done();
    engine_open = false;
    cs_unwind_remove(&engine_unwind);
}

/* BuDDy's own threshold: a garbage collection that frees less than this percentage of the table
 * grows it. */
#define MINFREE_DEFAULT 20

void bddg_widen(void)
{
    bdd_setcacheratio(1);
    if (bdd_getallocnum() < BDDG_WIDE_NODES) bdd_setminfreenodes(100);
}

void bddg_widen_step(void)
{
    if (bdd_getallocnum() >= BDDG_WIDE_NODES) bdd_setminfreenodes(MINFREE_DEFAULT);
}

/* ---- positions ---- */

static int bit_of(const bddg_game *g, const chopsat_pos *p, int b)
{
    int i = 0;
    while (b >= g->off[i + 1])
        i++;
    return (int)((p->v[i] >> (b - g->off[i])) & 1u);
}

bool bddg_member(const bddg_game *g, BDD set, const chopsat_pos *p)
{
    while (set != bdd_true() && set != bdd_false()) {
        int b = g->bit_of_var[bdd_var(set)];
        set = b >= 0 && bit_of(g, p, b) ? bdd_high(set) : bdd_low(set);
    }
    return set == bdd_true();
}

BDD bddg_cube(const bddg_game *g, const chopsat_pos *p)
{
    BDD c = ref(bdd_true());
    for (int b = 0; b < g->nstate; b++) {
        BDD v = bit_of(g, p, b) ? bdd_ithvar(g->cur[b]) : bdd_nithvar(g->cur[b]);
        update(&c, v, bddop_and);
    }
    return c;
}

void bddg_decode(const bddg_game *g, BDD c, int mover, chopsat_pos *p)
{
    memset(p, 0, sizeof *p);
    p->mover = (uint32_t)mover;
    while (c != bdd_true() && c != bdd_false()) {
        int b = g->bit_of_var[bdd_var(c)];
        bool one = bdd_low(c) == bdd_false();
        if (b >= 0 && one) {
            int i = 0;
            while (b >= g->off[i + 1])
                i++;
            p->v[i] |= (uint64_t)1 << (b - g->off[i]);
        }
        c = one ? bdd_high(c) : bdd_low(c);
    }
}

double bddg_count(const bddg_game *g, BDD set)
{
    BDD in = ref(bdd_and(set, g->domain));
    double n = bdd_satcountset(in, g->curset);
    unref(in);
    return n;
}

/* ---- exact counting ---- */

/* The state of one exact count: rank[l], how many of the counted variables have a level below
 * l (rank[nlevels]: all of them); a memo of the nodes counted, open addressing on the node. */
typedef struct exact_count {
    int *rank, *is_counted, nlevels;
    BDD *key;
    bddg_u128 *val;
    size_t mask;
    bool bad;
} exact_count;

static int rank_of(const exact_count *c, BDD n)
{
    return n == bdd_true() || n == bdd_false() ? c->rank[c->nlevels]
                                               : c->rank[bdd_var2level(bdd_var(n))];
}

/* x * 2^s, or bad when it passes 2^128 - 1. */
static bddg_u128 shifted(exact_count *c, bddg_u128 x, int s)
{
    if (!x) return 0;
    if (s >= 128 || (s > 0 && x >> (128 - s))) {
        c->bad = true;
        return 0;
    }
    return x << s;
}

/* The assignments to the counted variables at or below n's level that satisfy n. */
static bddg_u128 count_node(exact_count *c, BDD n)
{
    if (n == bdd_false()) return 0;
    if (n == bdd_true()) return 1;
    size_t h = ((size_t)(unsigned)n * 0x9E3779B1u) & c->mask;
    while (c->key[h] >= 0 && c->key[h] != n)
        h = (h + 1) & c->mask;
    if (c->key[h] == n) return c->val[h];
    int level = bdd_var2level(bdd_var(n));
    if (!c->is_counted[level]) c->bad = true; /* a variable outside the set counted */
    bddg_u128 sum = 0;
    BDD kids[2] = {bdd_low(n), bdd_high(n)};
    for (int i = 0; i < 2 && !c->bad; i++) {
        bddg_u128 x = shifted(c, count_node(c, kids[i]), rank_of(c, kids[i]) - rank_of(c, n) - 1);
        if (sum + x < sum) c->bad = true;
        sum += x;
    }
    c->key[h] = n;
    c->val[h] = sum;
    return sum;
}

/* Starts an exact count over varset's variables, its memo sized for set (exact_done frees it). */
static void exact_start(exact_count *c, BDD set, BDD varset)
{
    *c = (exact_count){.nlevels = bdd_varnum()};
    c->rank = xcalloc((size_t)c->nlevels + 1, sizeof *c->rank);
    c->is_counted = xcalloc((size_t)c->nlevels + 1, sizeof *c->is_counted);
    for (BDD v = varset; v != bdd_true() && v != bdd_false(); v = bdd_high(v))
        c->is_counted[bdd_var2level(bdd_var(v))] = 1;
    for (int l = 0; l < c->nlevels; l++)
        c->rank[l + 1] = c->rank[l] + c->is_counted[l];
    size_t nodes = (size_t)bdd_nodecount(set), size = 16;
    while (size < 2 * nodes + 2)
        size *= 2;
    c->mask = size - 1;
    c->key = xmalloc(size * sizeof *c->key);
    for (size_t i = 0; i < size; i++)
        c->key[i] = -1;
    c->val = xmalloc(size * sizeof *c->val);
}

static void exact_done(exact_count *c)
{
    free(c->val);
    free(c->key);
    free(c->is_counted);
    free(c->rank);
}

bool bddg_count_vars(BDD set, BDD varset, bddg_u128 *out)
{
    exact_count c;
    exact_start(&c, set, varset);
    *out = shifted(&c, count_node(&c, set), rank_of(&c, set));
    exact_done(&c);
    return !c.bad;
}

/* Sets the counted variables of levels [from, to) in *cube from the bits of *index above
 * below (the assignments under them): the skipped variables' bits, most significant first. */
static void unrank_skipped(exact_count *c, int from, int to, bddg_u128 below, bddg_u128 *index,
                           BDD *cube)
{
    int skipped = c->rank[to] - c->rank[from];
    for (int l = from; l < to; l++) {
        if (!c->is_counted[l]) continue;
        skipped--;
        bddg_u128 half = below << skipped; /* assignments with this variable 0 */
        bool one = *index >= half;
        if (one) *index -= half;
        update(cube, one ? bdd_ithvar(bdd_level2var(l)) : bdd_nithvar(bdd_level2var(l)), bddop_and);
    }
}

/* The level of n, the number of levels for a terminal. */
static int level_of(const exact_count *c, BDD n)
{
    return n == bdd_true() || n == bdd_false() ? c->nlevels : bdd_var2level(bdd_var(n));
}

bool bddg_unrank(BDD set, BDD varset, bddg_u128 index, BDD *cube)
{
    exact_count c;
    exact_start(&c, set, varset);
    bddg_u128 total = shifted(&c, count_node(&c, set), rank_of(&c, set));
    *cube = ref(bdd_true());
    bool ok = !c.bad && index < total;
    if (ok) {
        unrank_skipped(&c, 0, level_of(&c, set), count_node(&c, set), &index, cube);
        BDD n = set;
        while (n != bdd_true() && n != bdd_false()) {
            int l = level_of(&c, n);
            BDD lo = bdd_low(n), hi = bdd_high(n);
            bddg_u128 nlo = count_node(&c, lo), nhi = count_node(&c, hi);
            bddg_u128 wlo = nlo ? nlo << (rank_of(&c, lo) - rank_of(&c, n) - 1) : 0;
            bool one = index >= wlo;
            if (one) index -= wlo;
            update(cube, one ? bdd_ithvar(bdd_var(n)) : bdd_nithvar(bdd_var(n)), bddop_and);
            n = one ? hi : lo;
            unrank_skipped(&c, l + 1, level_of(&c, n), one ? nhi : nlo, &index, cube);
        }
        ok = n == bdd_true(); /* always, as index stays below the count under n */
    }
    exact_done(&c);
    if (!ok) {
        unref(*cube);
        *cube = bdd_false();
    }
    return ok;
}

bool bddg_count_exact(const bddg_game *g, BDD set, bddg_u128 *out)
{
    BDD in = ref(bdd_and(set, g->domain));
    bool ok = bddg_count_vars(in, g->curset, out);
    unref(in);
    return ok;
}

bool bddg_positions_count(const bddg_game *g, chopsat_count *out)
{
    bddg_u128 one;
    bool ok = bddg_count_exact(g, bdd_true(), &one) && one >> 127 == 0;
    *out = bddg_count_of(one << 1); /* both movers */
    return ok;
}
