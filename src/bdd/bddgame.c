/* bddgame.c: the BDD engine (bddgame.h) over BuDDy. The only file that calls BuDDy, whose node
 * table is global: `open_engine` guards it so that one engine exists at a time, and BuDDy's
 * error, garbage-collection and resize hooks are replaced so that it never prints or exits
 * (an error is recorded and the computation fails with a message).
 *
 * Reference counting: every BDD kept in a variable across another BuDDy call is bdd_addref'ed
 * (the helpers below return referenced results) and released with bdd_delref. */
#include "bdd/bddgame.h"

#include <bdd.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/oom.h"
#include "core/util.h"
#include "games/game.h"
#include "games/game_sym.h"

/* ---- the global BuDDy state, guarded ---- */

static bool engine_open;
static int engine_error; /* the last BuDDy error code, 0 none */

static void on_error(int code) { engine_error = code; }
static void on_gbc(int pre, bddGbcStat *st) { (void)pre, (void)st; }

static int check(chopsat_err *err, const char *what)
{
    if (!engine_error) return 0;
    return fail(err, "bdd: %s: %s (the BDD node limit; try a smaller game)", what,
                bdd_errstring(engine_error));
}

/* ---- referenced results ---- */

static BDD ref(BDD b) { return bdd_addref(b); }
static void unref(BDD b) { bdd_delref(b); }
/* *acc = *acc op b, keeping the reference. */
static void update(BDD *acc, BDD b, int op)
{
    BDD r = ref(bdd_apply(*acc, b, op));
    unref(*acc);
    *acc = r;
}

/* ---- the engine ---- */

struct bddg_game {
    const chopsat_rules *r;
    int nw, width[4], off[5], nstate, nmove, nvars;
    int *cur, *next;  /* the variables of state bit b = off[word] + bit */
    int *move_var;    /* the variable of move input k */
    int *bit_of_var;  /* state bit of a current variable, -1 otherwise */
    BDD T[2];         /* T[m-1](cur, next): mover m moves from cur to next, cur a position of
                         the game (domain) and not over */
    BDD terminal, domain;
    BDD won[2][2];    /* won[m-1][p-1]: terminal, mover m to move, player p has won */
    BDD curset, nextset;
    bddPair *to_next, *to_cur;
    int symmetric;     /* the mirror maps the game onto itself with the players exchanged:
                          -1 not checked yet, 0 no, 1 yes */
    bddPair *mirror;   /* the mirror's renaming (NULL when it renames nothing) */
    double build_seconds;
};

const char *bddg_order_name(bddg_order o)
{
    static const char *names[] = {"sliced", "msb", "lsb", "separate"};
    return names[o];
}

int bddg_order_parse(const char *name, bddg_order *out)
{
    for (int o = BDDG_ORDER_SLICED; o <= BDDG_ORDER_SEPARATE; o++)
        if (!strcmp(name, bddg_order_name((bddg_order)o))) {
            *out = (bddg_order)o;
            return 0;
        }
    return -1;
}

/* The bit index of a move input named "<word>[j]" (a word of inputs, word.h), or -1. */
static int input_bit(const char *name)
{
    const char *b = strrchr(name, '[');
    if (!b || !b[1]) return -1;
    char *end;
    long j = strtol(b + 1, &end, 10);
    return *end == ']' && j >= 0 && j < WORD_MAX ? (int)j : -1;
}

/* The number of move inputs named like input k up to its "[j]" (the width of its word). */
static int same_word(const circuit *c, const lit_vec *moves, int k)
{
    const char *name = circuit_input_name(c, LIT_NODE(moves->items[k]));
    size_t len = (size_t)(strrchr(name, '[') - name);
    int n = 0;
    for (size_t i = 0; i < moves->n; i++) {
        const char *o = circuit_input_name(c, LIT_NODE(moves->items[i]));
        n += !strncmp(o, name, len) && o[len] == '[';
    }
    return n;
}

/* Numbers the variables from the top of the order (docs/forced.md). sliced: the move inputs
 * that are no word bits first, then per bit significance j (from the top) the current and
 * next variable of bit j of every word, then the move inputs that are bit j of an input word
 * (the split's new hand; a word as wide as the widest state word): data bits that are added and compared stay together. The other
 * orders put all move inputs above (or below, moves_last) the state bits. */
static void assign_vars(bddg_game *g, const bddg_opts *o, const circuit *c, const lit_vec *moves)
{
    int v = 0, maxw = 0;
    bool sliced = o->order == BDDG_ORDER_SLICED && !o->moves_last;
    int *bitk = xmalloc((size_t)(g->nmove + 1) * sizeof *bitk);
    for (int i = 0; i < g->nw; i++) maxw = g->width[i] > maxw ? g->width[i] : maxw;
    for (int k = 0; k < g->nmove; k++) {
        bitk[k] = k < (int)moves->n && sliced
                      ? input_bit(circuit_input_name(c, LIT_NODE(moves->items[k]))) : -1;
        if (bitk[k] >= 0 && same_word(c, moves, k) != maxw) bitk[k] = -1; /* not a data word */
        if (!o->moves_last && bitk[k] < 0) g->move_var[k] = v++;
    }
    if (o->order == BDDG_ORDER_SLICED) {
        for (int j = maxw - 1; j >= 0; j--) {
            for (int i = 0; i < g->nw; i++)
                if (j < g->width[i]) {
                    g->cur[g->off[i] + j] = v++;
                    g->next[g->off[i] + j] = v++;
                }
            for (int k = 0; k < g->nmove; k++)
                if (bitk[k] == j) g->move_var[k] = v++;
        }
        for (int k = 0; k < g->nmove; k++) /* bits above every state word */
            if (bitk[k] >= maxw) g->move_var[k] = v++;
    } else {
        int half = o->order == BDDG_ORDER_SEPARATE ? g->nstate : 0;
        for (int i = 0; i < g->nw; i++)
            for (int j = 0; j < g->width[i]; j++) {
                int b = g->off[i] + (o->order == BDDG_ORDER_LSB ? j : g->width[i] - 1 - j);
                g->cur[b] = v;
                g->next[b] = half ? v + half : v + 1;
                v += half ? 1 : 2;
            }
        v += half;
    }
    if (o->moves_last)
        for (int k = 0; k < g->nmove; k++) g->move_var[k] = v++;
    free(bitk);
}

/* The BDD of literal l given the node BDDs v (referenced). */
static BDD lit_bdd(const BDD *v, lit l)
{
    BDD n = v[LIT_NODE(l)];
    return LIT_NEG(l) ? ref(bdd_not(n)) : ref(n);
}

/* Evaluates the cone of the outputs of c as BDDs: var_of[node] for inputs (-1: not an input
 * of interest, then false). Returns the node array (entries outside the cone are false); the
 * caller releases it with free_nodes. */
static BDD *eval_circuit(const circuit *c, const int *var_of, const lit *outs, size_t nouts)
{
    size_t n = circuit_size(c);
    uint8_t *need = xcalloc(n, 1);
    for (size_t i = 0; i < nouts; i++) need[LIT_NODE(outs[i])] = 1;
    for (size_t i = n; i-- > 1;) {
        if (!need[i]) continue;
        const node *nd = circuit_node(c, (uint32_t)i);
        if (nd->kind == NODE_AND || nd->kind == NODE_XOR || nd->kind == NODE_ITE) {
            need[LIT_NODE(nd->a)] = need[LIT_NODE(nd->b)] = 1;
            if (nd->kind == NODE_ITE) need[LIT_NODE(nd->c)] = 1;
        }
    }
    BDD *v = xmalloc(n * sizeof *v);
    v[0] = bdd_false();
    for (size_t i = 1; i < n; i++) {
        v[i] = bdd_false();
        if (!need[i]) continue;
        const node *nd = circuit_node(c, (uint32_t)i);
        if (nd->kind == NODE_INPUT) {
            v[i] = var_of[i] >= 0 ? ref(bdd_ithvar(var_of[i])) : bdd_false();
            continue;
        }
        BDD a = lit_bdd(v, nd->a), b = lit_bdd(v, nd->b);
        if (nd->kind == NODE_AND) v[i] = ref(bdd_and(a, b));
        else if (nd->kind == NODE_XOR) v[i] = ref(bdd_xor(a, b));
        else {
            BDD e = lit_bdd(v, nd->c);
            v[i] = ref(bdd_ite(a, b, e));
            unref(e);
        }
        unref(a);
        unref(b);
    }
    free(need);
    return v;
}

static void free_nodes(BDD *v, size_t n)
{
    for (size_t i = 0; i < n; i++) unref(v[i]);
    free(v);
}

/* The state words of a circuit's frame as inputs, recording their BDD variables in var_of
 * (grown to the circuit's size by the caller after building). */
static void state_inputs(circuit *c, const bddg_game *g, word *s, const char *const *names)
{
    char name[64];
    for (int i = 0; i < g->nw; i++) {
        snprintf(name, sizeof name, "s.%s", names[i]);
        s[i] = word_input(c, g->width[i], name);
    }
}

/* var_of for circuit c: state word bits -> current variables, the move inputs (in order) ->
 * the move variables. */
static int *input_map(const circuit *c, const bddg_game *g, const word *s, const lit_vec *moves,
                      const int *move_var)
{
    size_t n = circuit_size(c);
    int *var_of = xmalloc(n * sizeof *var_of);
    for (size_t i = 0; i < n; i++) var_of[i] = -1;
    for (int i = 0; i < g->nw; i++)
        for (int j = 0; j < g->width[i]; j++) var_of[LIT_NODE(s[i].b[j])] = g->cur[g->off[i] + j];
    if (moves)
        for (size_t k = 0; k < moves->n; k++) var_of[LIT_NODE(moves->items[k])] = move_var[k];
    return var_of;
}

/* The state predicates: domain, terminal, won[m][p]. */
static void build_predicates(bddg_game *g, const char *const *names)
{
    const game_sym *gm = g->r->game->sym;
    circuit *c = circuit_new();
    word s[4];
    state_inputs(c, g, s, names);
    lit outs[6];
    outs[0] = gm->valid ? gm->valid(c, g->r, s) : LIT_TRUE;
    outs[1] = gm->terminal(c, g->r, s);
    for (int m = 1; m <= 2; m++)
        for (int p = 1; p <= 2; p++) outs[2 + 2 * (m - 1) + (p - 1)] = gm->won(c, g->r, s, m, p);
    int *var_of = input_map(c, g, s, NULL, NULL);
    BDD *v = eval_circuit(c, var_of, outs, 6);
    g->domain = lit_bdd(v, outs[0]);
    g->terminal = lit_bdd(v, outs[1]);
    for (int m = 0; m < 2; m++)
        for (int p = 0; p < 2; p++) g->won[m][p] = lit_bdd(v, outs[2 + 2 * m + p]);
    free_nodes(v, circuit_size(c));
    free(var_of);
    circuit_free(c);
}

/* One mover's step circuit: its inputs and outputs. */
typedef struct step_circuit {
    circuit *c;
    word s[4], next[4];
    lit_vec moves;
    lit ok, terminal;
} step_circuit;

static void step_build(step_circuit *sc, const bddg_game *g, int mover, const bddg_opts *o,
                       const char *const *names)
{
    const game_sym *gm = g->r->game->sym;
    memset(sc, 0, sizeof *sc);
    sc->c = circuit_new();
    state_inputs(sc->c, g, sc->s, names);
    sym_opts so = {.binary_moves = !o->onehot_moves};
    sc->ok = gm->step(sc->c, g->r, &so, sc->s, mover, "m", &sc->moves, sc->next);
    sc->terminal = gm->terminal(sc->c, g->r, sc->s);
}

static void step_free(step_circuit *sc)
{
    VEC_FREE(sc->moves);
    circuit_free(sc->c);
}

/* T = exists moves. ok & !terminal & AND_b (next_b <-> f_b), the bits from the bottom of the
 * order up, then restricted to current states in the domain: every set the engine asks about
 * is in it, and the bit patterns that are no position (hands out of order) cost nodes (at
 * fingers=1024 T_1 / T_2 have 13,318 / 11,192 nodes instead of 22,544 / 15,807, and the
 * fixpoint's preimages are that much cheaper). */
static BDD build_relation(bddg_game *g, step_circuit *sc)
{
    size_t nouts = 2 + (size_t)g->nstate;
    lit *outs = xmalloc(nouts * sizeof *outs);
    outs[0] = sc->ok;
    outs[1] = LIT_NOT(sc->terminal);
    for (int i = 0; i < g->nw; i++)
        for (int j = 0; j < g->width[i]; j++) outs[2 + g->off[i] + j] = sc->next[i].b[j];
    int *var_of = input_map(sc->c, g, sc->s, &sc->moves, g->move_var);
    BDD *v = eval_circuit(sc->c, var_of, outs, nouts);
    BDD rel = lit_bdd(v, outs[0]);
    BDD nt = lit_bdd(v, outs[1]);
    update(&rel, nt, bddop_and);
    unref(nt);
    int *bits = xmalloc((size_t)g->nstate * sizeof *bits);
    for (int b = 0; b < g->nstate; b++) bits[b] = b;
    /* bottom of the order first: largest next variable first */
    for (int x = 0; x < g->nstate; x++)
        for (int y = x + 1; y < g->nstate; y++)
            if (g->next[bits[y]] > g->next[bits[x]]) {
                int t = bits[x];
                bits[x] = bits[y];
                bits[y] = t;
            }
    for (int k = 0; k < g->nstate; k++) {
        int b = bits[k];
        BDD f = lit_bdd(v, outs[2 + b]);
        BDD eq = ref(bdd_biimp(bdd_ithvar(g->next[b]), f));
        update(&rel, eq, bddop_and);
        unref(eq);
        unref(f);
    }
    free(bits);
    free_nodes(v, circuit_size(sc->c));
    free(var_of);
    free(outs);
    BDD mset = bdd_true();
    if (sc->moves.n) {
        int *mv = xmalloc(sc->moves.n * sizeof *mv);
        for (size_t k = 0; k < sc->moves.n; k++) mv[k] = g->move_var[k];
        mset = ref(bdd_makeset(mv, (int)sc->moves.n));
        free(mv);
    }
    BDD t = ref(bdd_exist(rel, mset));
    unref(rel);
    unref(mset);
    update(&t, g->domain, bddop_and);
    return t;
}

/* A public call that runs out of memory closes the engine on its way out (core/oom.h). */
static void close_engine(void);
static void close_engine_cb(void *arg)
{
    (void)arg;
    close_engine();
}
static cs_unwind engine_unwind = {.fn = close_engine_cb};

static int open_engine(const bddg_opts *o, int nstate, int nvars, chopsat_err *err)
{
    if (engine_open) return fail(err, "bdd: another BDD engine is open (BuDDy allows one)");
    engine_error = 0;
    int max = (int)(o->max_nodes ? o->max_nodes : 1u << 24);
    /* The node table (and caches, half as many entries) starts at 2^(10 + state bits / 2)
     * nodes, between 2^16 and 2^21, and grows when a garbage collection frees too little:
     * filling 190 MiB up front cost 0.15 s of every small game's run. */
    int bits = 10 + nstate / 2;
    bits = bits < 16 ? 16 : bits > 21 ? 21 : bits;
    int start = max < (1 << bits) ? max : 1 << bits;
    if (bdd_init(start, start / 2) < 0) return fail(err, "bdd: BuDDy could not start");
    engine_open = true;
    cs_unwind_add(&engine_unwind);
    bdd_error_hook(on_error);
    bdd_gbc_hook(on_gbc);
    bdd_resize_hook(NULL);
    bdd_setmaxincrease(1 << 22);
    bdd_setmaxnodenum(max);
    bdd_setcacheratio(2);
    bdd_setvarnum(nvars);
    return 0;
}

static void close_engine(void)
{
    if (!engine_open) return;
    bdd_done();
    engine_open = false;
    cs_unwind_remove(&engine_unwind);
}

static BDD var_set(const int *vars, int n)
{
    return ref(bdd_makeset((int *)vars, n));
}

/* ---- the players' mirror ---- */

/* The image of x (over current and next variables) under the mirror (referenced). */
static BDD mirror(const bddg_game *g, BDD x)
{
    return g->mirror ? ref(bdd_replace(x, g->mirror)) : ref(x);
}

/* Does the mirror take a to b? */
static bool mirrors_to(const bddg_game *g, BDD a, BDD b)
{
    BDD m = mirror(g, a);
    bool same = m == b;
    unref(m);
    return same;
}

/* The mirror exchanges word "p1.X" with "p2.X" (the same width) and keeps the other words. The
 * game is symmetric when the mirror takes the positions, the terminal positions and mover 1's
 * relation to themselves and mover 2's relation, and "mover m to move, player p has won" to
 * "mover 3-m, player 3-p": then player 2's forcing layers are the mirror of player 1's with the
 * movers exchanged (docs/forced.md). Checked on the BDDs, so exact for any game. */
static bool find_mirror(bddg_game *g)
{
    const char *names[4];
    int w[4], to[4], nold = 0;
    g->r->game->sym->words(g->r, w, names);
    for (int i = 0; i < g->nw; i++) {
        to[i] = i;
        bool p1 = !strncmp(names[i], "p1.", 3), p2 = !strncmp(names[i], "p2.", 3);
        if (!p1 && !p2) continue;
        to[i] = -1;
        for (int j = 0; j < g->nw; j++)
            if (!strncmp(names[j], p1 ? "p2." : "p1.", 3) && !strcmp(names[j] + 3, names[i] + 3) &&
                g->width[j] == g->width[i])
                to[i] = j;
        if (to[i] < 0) return false; /* a player's word without its counterpart */
        nold += 2 * g->width[i];
    }
    if (nold) {
        int *from = xmalloc((size_t)nold * sizeof *from), *into = xmalloc((size_t)nold * sizeof *into);
        int n = 0;
        for (int i = 0; i < g->nw; i++)
            for (int j = 0; j < g->width[i] && to[i] != i; j++) {
                from[n] = g->cur[g->off[i] + j];
                into[n++] = g->cur[g->off[to[i]] + j];
                from[n] = g->next[g->off[i] + j];
                into[n++] = g->next[g->off[to[i]] + j];
            }
        g->mirror = bdd_newpair();
        bdd_setpairs(g->mirror, from, into, n);
        free(from);
        free(into);
    }
    return mirrors_to(g, g->domain, g->domain) && mirrors_to(g, g->terminal, g->terminal) &&
           mirrors_to(g, g->T[0], g->T[1]) && mirrors_to(g, g->won[0][0], g->won[1][1]) &&
           mirrors_to(g, g->won[0][1], g->won[1][0]) && !engine_error;
}

/* Checked on first use: forced questions, which solve for one player, never pay for it. */
bool bddg_symmetric(bddg_game *g)
{
    if (g->symmetric < 0) g->symmetric = find_mirror(g);
    return g->symmetric;
}

bddg_game *bddg_new(const chopsat_rules *r, const bddg_opts *o, chopsat_err *err)
{
    double t0 = now_seconds();
    const game_sym *gm = r->game->sym;
    const char *names[4];
    bddg_game *g = xcalloc(1, sizeof *g);
    g->r = r;
    g->nw = gm->words(r, g->width, names);
    for (int i = 0; i < g->nw; i++) g->off[i + 1] = g->off[i] + g->width[i];
    g->nstate = g->off[g->nw];
    step_circuit sc[2];
    for (int m = 0; m < 2; m++) step_build(&sc[m], g, m + 1, o, names);
    g->nmove = (int)(sc[0].moves.n > sc[1].moves.n ? sc[0].moves.n : sc[1].moves.n);
    g->nvars = 2 * g->nstate + g->nmove;
    g->cur = xmalloc((size_t)g->nstate * sizeof *g->cur);
    g->next = xmalloc((size_t)g->nstate * sizeof *g->next);
    g->move_var = xmalloc((size_t)(g->nmove + 1) * sizeof *g->move_var);
    assign_vars(g, o, sc[0].moves.n >= sc[1].moves.n ? sc[0].c : sc[1].c,
                sc[0].moves.n >= sc[1].moves.n ? &sc[0].moves : &sc[1].moves);
    if (open_engine(o, g->nstate, g->nvars, err)) {
        for (int m = 0; m < 2; m++) step_free(&sc[m]);
        free(g->cur);
        free(g->next);
        free(g->move_var);
        free(g);
        return NULL;
    }
    g->bit_of_var = xmalloc((size_t)g->nvars * sizeof *g->bit_of_var);
    for (int v = 0; v < g->nvars; v++) g->bit_of_var[v] = -1;
    for (int b = 0; b < g->nstate; b++) g->bit_of_var[g->cur[b]] = b;
    g->curset = var_set(g->cur, g->nstate);
    g->nextset = var_set(g->next, g->nstate);
    g->to_next = bdd_newpair();
    g->to_cur = bdd_newpair();
    bdd_setpairs(g->to_next, g->cur, g->next, g->nstate);
    bdd_setpairs(g->to_cur, g->next, g->cur, g->nstate);
    build_predicates(g, names);
    for (int m = 0; m < 2; m++) {
        g->T[m] = build_relation(g, &sc[m]);
        step_free(&sc[m]);
    }
    g->symmetric = -1;
    g->build_seconds = now_seconds() - t0;
    if (check(err, "building the transition relation")) {
        bddg_free(g);
        return NULL;
    }
    return g;
}

void bddg_free(bddg_game *g)
{
    if (!g) return;
    for (int m = 0; m < 2; m++) {
        unref(g->T[m]);
        for (int p = 0; p < 2; p++) unref(g->won[m][p]);
    }
    unref(g->terminal);
    unref(g->domain);
    unref(g->curset);
    unref(g->nextset);
    bdd_freepair(g->to_next);
    bdd_freepair(g->to_cur);
    if (g->mirror) bdd_freepair(g->mirror);
    close_engine();
    free(g->cur);
    free(g->next);
    free(g->bit_of_var);
    free(g->move_var);
    free(g);
}

/* The number of positions (one mover) in a set over the current variables. */
static double count(const bddg_game *g, BDD set)
{
    BDD in = ref(bdd_and(set, g->domain));
    double n = bdd_satcountset(in, g->curset);
    unref(in);
    return n;
}

void bddg_info_get(const bddg_game *g, bddg_info *out)
{
    memset(out, 0, sizeof *out);
    out->state_bits = g->nstate;
    out->move_bits = g->nmove;
    out->vars = g->nvars;
    for (int m = 0; m < 2; m++) out->relation_nodes[m] = bdd_nodecount(g->T[m]);
    out->domain_nodes = bdd_nodecount(g->domain);
    out->positions = 2 * count(g, bdd_true());
    out->build_seconds = g->build_seconds;
    const char *names[4];
    int w[4];
    g->r->game->sym->words(g->r, w, names);
    size_t len = 0;
    for (int level = 0; level < g->nvars && len + 40 < sizeof out->order; level++) {
        int b = -1;
        bool nx = false;
        for (int k = 0; k < g->nstate && b < 0; k++)
            if (g->cur[k] == level || g->next[k] == level) {
                b = k;
                nx = g->next[k] == level;
            }
        if (b < 0) {
            len += (size_t)snprintf(out->order + len, sizeof out->order - len, "%smove ",
                                    level && out->order[len - 1] == ' ' ? "" : "");
            continue;
        }
        int i = 0;
        while (b >= g->off[i + 1]) i++;
        len += (size_t)snprintf(out->order + len, sizeof out->order - len, "%s[%d]%s ", names[i],
                                b - g->off[i], nx ? "'" : "");
    }
    if (len) out->order[len - 1] = 0;
}

/* ---- positions ---- */

static int bit_of(const bddg_game *g, const chopsat_pos *p, int b)
{
    int i = 0;
    while (b >= g->off[i + 1]) i++;
    return (int)((p->v[i] >> (b - g->off[i])) & 1u);
}

/* Is p in set (over the current variables)? A walk from the root, no new nodes. */
static bool member(const bddg_game *g, BDD set, const chopsat_pos *p)
{
    while (set != bdd_true() && set != bdd_false()) {
        int b = g->bit_of_var[bdd_var(set)];
        set = b >= 0 && bit_of(g, p, b) ? bdd_high(set) : bdd_low(set);
    }
    return set == bdd_true();
}

/* The cube of p over the current variables (referenced). */
static BDD cube(const bddg_game *g, const chopsat_pos *p)
{
    BDD c = ref(bdd_true());
    for (int b = 0; b < g->nstate; b++) {
        BDD v = bit_of(g, p, b) ? bdd_ithvar(g->cur[b]) : bdd_nithvar(g->cur[b]);
        update(&c, v, bddop_and);
    }
    return c;
}

/* Decodes a full cube over the current variables into p (mover given). */
static void decode(const bddg_game *g, BDD c, int mover, chopsat_pos *p)
{
    memset(p, 0, sizeof *p);
    p->mover = (uint32_t)mover;
    while (c != bdd_true() && c != bdd_false()) {
        int b = g->bit_of_var[bdd_var(c)];
        bool one = bdd_low(c) == bdd_false();
        if (b >= 0 && one) {
            int i = 0;
            while (b >= g->off[i + 1]) i++;
            p->v[i] |= 1u << (b - g->off[i]);
        }
        c = one ? bdd_high(c) : bdd_low(c);
    }
}

bool bddg_terminal(const bddg_game *g, const chopsat_pos *pos) { return member(g, g->terminal, pos); }

/* The image of a set of mover m's positions: their successors, over the current variables. */
static BDD image(bddg_game *g, int m, BDD set)
{
    BDD nx = ref(bdd_relprod(g->T[m - 1], set, g->curset));
    BDD out = ref(bdd_replace(nx, g->to_cur));
    unref(nx);
    return out;
}

int bddg_successors(bddg_game *g, const chopsat_pos *pos, chopsat_pos **out, size_t *n,
                   size_t *cap, chopsat_err *err)
{
    BDD c = cube(g, pos);
    BDD img = image(g, (int)pos->mover, c);
    unref(c);
    while (img != bdd_false() && !engine_error) {
        BDD one = ref(bdd_satoneset(img, g->curset, bdd_false()));
        if (*n == *cap) {
            *cap = *cap ? 2 * *cap : 16;
            *out = xrealloc(*out, *cap * sizeof **out);
        }
        decode(g, one, 3 - (int)pos->mover, &(*out)[(*n)++]);
        BDD rest = ref(bdd_apply(img, one, bddop_diff));
        unref(one);
        unref(img);
        img = rest;
    }
    unref(img);
    return check(err, "successors");
}

/* ---- layers ---- */

typedef struct layer {
    BDD w[2]; /* cumulative: positions forced within k, mover 1 and mover 2 */
} layer;

struct bddg_layers {
    bddg_game *g;
    int player;
    bool won_goal; /* the goal is "player has won" (no target) */
    bool mirrored; /* made by bddg_layers_mirror */
    VEC(layer) k;
    bool closed;
    double seconds;
};

/* "mover m to move, not over, some move reaches x" (x over the current variables). */
static BDD pre_exists(bddg_game *g, int m, BDD x)
{
    BDD xn = ref(bdd_replace(x, g->to_next));
    BDD pre = ref(bdd_relprod(g->T[m - 1], xn, g->nextset));
    unref(xn);
    return pre;
}

/* "mover m to move, not over, every move reaches x". */
static BDD pre_forall(bddg_game *g, int m, BDD x)
{
    BDD xn = ref(bdd_replace(x, g->to_next));
    BDD pre = ref(bdd_appall(g->T[m - 1], xn, bddop_imp, g->nextset));
    unref(xn);
    update(&pre, g->terminal, bddop_diff);
    return pre;
}

static BDD goal_set(bddg_game *g, int player, const chopsat_pos *target, int mover)
{
    if (!target) return ref(bdd_and(g->won[mover - 1][player - 1], g->domain));
    if ((int)target->mover != mover) return bdd_false();
    return cube(g, target);
}

bddg_layers *bddg_layers_new(bddg_game *g, int player, const chopsat_pos *target, int kmax,
                           chopsat_err *err)
{
    double t0 = now_seconds();
    bddg_layers *L = xcalloc(1, sizeof *L);
    L->g = g;
    L->player = player;
    L->won_goal = !target;
    layer l0;
    for (int m = 1; m <= 2; m++) l0.w[m - 1] = goal_set(g, player, target, m);
    VEC_PUSH(L->k, l0);
    int P = player - 1, O = 1 - P;
    BDD frontier = ref(l0.w[O]); /* the opponent-side positions new in the last layer */
    while ((kmax < 0 || (int)L->k.n <= kmax) && !engine_error) {
        const layer *last = &L->k.items[L->k.n - 1];
        layer nl;
        BDD ex = pre_exists(g, player, frontier);
        nl.w[P] = ref(bdd_or(last->w[P], ex));
        update(&nl.w[P], g->domain, bddop_and);
        unref(ex);
        BDD all = pre_forall(g, 3 - player, last->w[P]);
        nl.w[O] = ref(bdd_or(last->w[O], all));
        update(&nl.w[O], g->domain, bddop_and);
        unref(all);
        unref(frontier);
        frontier = ref(bdd_apply(nl.w[O], last->w[O], bddop_diff));
        if (nl.w[P] == last->w[P] && nl.w[O] == last->w[O]) {
            unref(nl.w[0]);
            unref(nl.w[1]);
            L->closed = true;
            break;
        }
        VEC_PUSH(L->k, nl);
    }
    unref(frontier);
    L->seconds = now_seconds() - t0;
    if (check(err, "the layers")) {
        bddg_layers_free(L);
        return NULL;
    }
    return L;
}

bddg_layers *bddg_layers_mirror(const bddg_layers *L, chopsat_err *err)
{
    bddg_game *g = L->g;
    if (!L->won_goal || !bddg_symmetric(g)) {
        if (err) err->msg[0] = 0;
        return NULL;
    }
    double t0 = now_seconds();
    bddg_layers *M = xcalloc(1, sizeof *M);
    M->g = g;
    M->player = 3 - L->player;
    M->won_goal = true;
    M->mirrored = true;
    M->closed = L->closed;
    for (size_t k = 0; k < L->k.n && !engine_error; k++) {
        layer l;
        for (int m = 0; m < 2; m++) l.w[m] = mirror(g, L->k.items[k].w[1 - m]);
        VEC_PUSH(M->k, l);
    }
    M->seconds = now_seconds() - t0;
    if (check(err, "mirroring the layers")) {
        bddg_layers_free(M);
        return NULL;
    }
    return M;
}

bool bddg_layers_mirrored(const bddg_layers *L) { return L->mirrored; }

bool bddg_layers_same(const bddg_layers *a, const bddg_layers *b)
{
    if (a->g != b->g || a->player != b->player || a->closed != b->closed || a->k.n != b->k.n)
        return false;
    for (size_t k = 0; k < a->k.n; k++)
        for (int m = 0; m < 2; m++)
            if (a->k.items[k].w[m] != b->k.items[k].w[m]) return false;
    return true;
}

void bddg_layers_free(bddg_layers *L)
{
    if (!L) return;
    for (size_t i = 0; i < L->k.n; i++) {
        unref(L->k.items[i].w[0]);
        unref(L->k.items[i].w[1]);
    }
    VEC_FREE(L->k);
    free(L);
}

int bddg_layers_n(const bddg_layers *L) { return (int)L->k.n; }
bool bddg_layers_closed(const bddg_layers *L) { return L->closed; }
double bddg_layers_seconds(const bddg_layers *L) { return L->seconds; }

int bddg_layer_of(const bddg_layers *L, const chopsat_pos *pos)
{
    int m = (int)pos->mover - 1;
    if (!member(L->g, L->k.items[L->k.n - 1].w[m], pos)) return -1;
    int lo = 0, hi = (int)L->k.n - 1; /* in layer hi; find the least */
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (member(L->g, L->k.items[mid].w[m], pos)) hi = mid;
        else lo = mid + 1;
    }
    return lo;
}

double bddg_layer_new(const bddg_layers *L, int k, int mover)
{
    BDD s = L->k.items[k].w[mover - 1];
    if (k == 0) return count(L->g, s);
    BDD d = ref(bdd_apply(s, L->k.items[k - 1].w[mover - 1], bddop_diff));
    double n = count(L->g, d);
    unref(d);
    return n;
}

int bddg_layer_nodes(const bddg_layers *L, int k)
{
    return bdd_anodecount((BDD *)L->k.items[k].w, 2);
}

/* ---- the whole game ---- */

int bddg_value(const bddg_layers *const by[2], const chopsat_pos *pos, uint32_t *distance)
{
    int m = (int)pos->mover;
    int k = bddg_layer_of(by[m - 1], pos);
    if (k >= 0) {
        *distance = (uint32_t)k;
        return CHOPSAT_WIN;
    }
    k = bddg_layer_of(by[2 - m], pos);
    *distance = k >= 0 ? (uint32_t)k : 0;
    return k >= 0 ? CHOPSAT_LOSS : CHOPSAT_DRAW;
}

/* Positions of set (mover m) that a player's final layer holds. */
static double count_in(const bddg_game *g, BDD set, BDD in)
{
    BDD x = ref(bdd_and(set, in));
    double n = count(g, x);
    unref(x);
    return n;
}

/* The largest layer k of L holding some position of reach (per mover), or -1. */
static int deepest(const bddg_layers *L, const BDD *reach)
{
    for (int k = (int)L->k.n - 1; k >= 0; k--) {
        for (int m = 0; m < 2; m++) {
            BDD fresh = k ? ref(bdd_apply(L->k.items[k].w[m], L->k.items[k - 1].w[m], bddop_diff))
                          : ref(L->k.items[k].w[m]);
            BDD x = ref(bdd_and(fresh, reach[m]));
            bool any = x != bdd_false();
            unref(x);
            unref(fresh);
            if (any) return k;
        }
    }
    return -1;
}

int bddg_within(bddg_game *g, const chopsat_pos *from, int k, double limit, double *out,
                int *steps, chopsat_err *err)
{
    *out = 0;
    BDD reach[2] = {ref(bdd_false()), ref(bdd_false())}, front[2] = {ref(bdd_false()), ref(bdd_false())};
    int m0 = (int)from->mover - 1;
    unref(front[m0]);
    front[m0] = cube(g, from);
    update(&reach[m0], front[m0], bddop_or);
    int t = 0;
    for (; t < k && !engine_error && *out <= limit; t++) {
        if (front[0] == bdd_false() && front[1] == bdd_false()) {
            t = k; /* complete: nothing new within any bound */
            break;
        }
        if (bdd_anodecount(reach, 2) > 20000) break; /* arithmetic sets grow: stop early */
        BDD nf[2];
        for (int m = 0; m < 2; m++) {
            nf[1 - m] = image(g, m + 1, front[m]);
            update(&nf[1 - m], reach[1 - m], bddop_diff);
        }
        for (int m = 0; m < 2; m++) {
            unref(front[m]);
            front[m] = nf[m];
            update(&reach[m], front[m], bddop_or);
        }
        *out = count(g, reach[0]) + count(g, reach[1]);
    }
    *out = count(g, reach[0]) + count(g, reach[1]);
    *steps = t < k ? t : k;
    for (int m = 0; m < 2; m++) {
        unref(reach[m]);
        unref(front[m]);
    }
    return check(err, "positions within K");
}

int bddg_stats(bddg_game *g, const bddg_layers *const by[2], const chopsat_pos *from,
              chopsat_stats *out, chopsat_err *err)
{
    memset(out, 0, sizeof *out);
    BDD reach[2] = {ref(bdd_false()), ref(bdd_false())}, front[2] = {ref(bdd_false()), ref(bdd_false())};
    int m0 = (int)from->mover - 1;
    unref(front[m0]);
    front[m0] = cube(g, from);
    update(&reach[m0], front[m0], bddop_or);
    for (int depth = 0; !engine_error; depth++) {
        if (front[0] == bdd_false() && front[1] == bdd_false()) break;
        out->depth = (uint64_t)depth;
        BDD nf[2];
        for (int m = 0; m < 2; m++) {
            nf[1 - m] = image(g, m + 1, front[m]);
            update(&nf[1 - m], reach[1 - m], bddop_diff);
        }
        for (int m = 0; m < 2; m++) {
            unref(front[m]);
            front[m] = nf[m];
            update(&reach[m], front[m], bddop_or);
        }
    }
    BDD both = ref(bdd_and(g->curset, g->nextset)); /* the union of two variable sets */
    for (int m = 0; m < 2; m++) {
        out->positions += (uint64_t)count(g, reach[m]);
        out->terminal += (uint64_t)count_in(g, reach[m], g->terminal);
        BDD e = ref(bdd_and(g->T[m], reach[m]));
        out->edges += (uint64_t)bdd_satcountset(e, both);
        unref(e);
        BDD live = ref(bdd_apply(reach[m], g->terminal, bddop_diff));
        BDD win = ref(bdd_and(live, by[m]->k.items[by[m]->k.n - 1].w[m]));
        BDD loss = ref(bdd_and(live, by[1 - m]->k.items[by[1 - m]->k.n - 1].w[m]));
        double nl = count(g, live), nw = count(g, win), nlo = count(g, loss);
        out->wins += (uint64_t)nw;
        out->losses += (uint64_t)nlo;
        out->draws += (uint64_t)(nl - nw - nlo);
        unref(win);
        unref(loss);
        unref(reach[m]);
        reach[m] = live;
    }
    unref(both);
    for (int p = 0; p < 2; p++) {
        int d = deepest(by[p], reach);
        if (d > (int)out->longest_distance) out->longest_distance = (uint64_t)d;
    }
    for (int m = 0; m < 2; m++) {
        unref(reach[m]);
        unref(front[m]);
    }
    return check(err, "reachability");
}
