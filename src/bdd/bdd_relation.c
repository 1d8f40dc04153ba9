/* bdd_relation.c: the BDD engine built (bdd_relation.h): the game's symbolic step and
 * predicates evaluated gate by gate as BDDs, each mover's transition relation with the move
 * inputs quantified away, the engine's facts, and the successors of a position under the
 * relation. */
#include "bdd/bdd_engine.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/util.h"

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
    for (size_t i = 0; i < nouts; i++)
        need[LIT_NODE(outs[i])] = 1;
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
        if (nd->kind == NODE_AND)
            v[i] = ref(bdd_and(a, b));
        else if (nd->kind == NODE_XOR)
            v[i] = ref(bdd_xor(a, b));
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
    for (size_t i = 0; i < n; i++)
        unref(v[i]);
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
    for (size_t i = 0; i < n; i++)
        var_of[i] = -1;
    for (int i = 0; i < g->nw; i++)
        for (int j = 0; j < g->width[i]; j++)
            var_of[LIT_NODE(s[i].b[j])] = g->cur[g->off[i] + j];
    if (moves)
        for (size_t k = 0; k < moves->n; k++)
            var_of[LIT_NODE(moves->items[k])] = move_var[k];
    return var_of;
}

/* The state predicates: domain, terminal, won[m][p]. */
static void build_predicates(bddg_game *g, const char *const *names)
{
    const game_sym *gm = game_sym_of(g->r->game);
    circuit *c = circuit_new();
    word s[CHOPSAT_POS_WORDS];
    state_inputs(c, g, s, names);
    lit outs[6];
    outs[0] = gm->valid ? gm->valid(c, g->r, s) : LIT_TRUE;
    outs[1] = gm->terminal(c, g->r, s);
    for (int m = 1; m <= 2; m++)
        for (int p = 1; p <= 2; p++)
            outs[2 + 2 * (m - 1) + (p - 1)] = gm->won(c, g->r, s, m, p);
    int *var_of = input_map(c, g, s, NULL, NULL);
    BDD *v = eval_circuit(c, var_of, outs, 6);
    g->domain = lit_bdd(v, outs[0]);
    g->terminal = lit_bdd(v, outs[1]);
    for (int m = 0; m < 2; m++)
        for (int p = 0; p < 2; p++)
            g->won[m][p] = lit_bdd(v, outs[2 + 2 * m + p]);
    free_nodes(v, circuit_size(c));
    free(var_of);
    circuit_free(c);
}

/* One mover's step circuit: its inputs and outputs. */
typedef struct step_circuit {
    circuit *c;
    word s[CHOPSAT_POS_WORDS], next[CHOPSAT_POS_WORDS];
    lit_vec moves;
    lit ok, terminal;
} step_circuit;

static void step_build(step_circuit *sc, const bddg_game *g, int mover, const bddg_opts *o,
                       const char *const *names)
{
    const game_sym *gm = game_sym_of(g->r->game);
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
        for (int j = 0; j < g->width[i]; j++)
            outs[2 + g->off[i] + j] = sc->next[i].b[j];
    int *var_of = input_map(sc->c, g, sc->s, &sc->moves, g->move_var);
    BDD *v = eval_circuit(sc->c, var_of, outs, nouts);
    BDD rel = lit_bdd(v, outs[0]);
    BDD nt = lit_bdd(v, outs[1]);
    update(&rel, nt, bddop_and);
    unref(nt);
    int *bits = xmalloc((size_t)g->nstate * sizeof *bits);
    for (int b = 0; b < g->nstate; b++)
        bits[b] = b;
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
        for (size_t k = 0; k < sc->moves.n; k++)
            mv[k] = g->move_var[k];
        mset = ref(bdd_makeset(mv, (int)sc->moves.n));
        free(mv);
    }
    BDD t = ref(bdd_exist(rel, mset));
    unref(rel);
    unref(mset);
    update(&t, g->domain, bddop_and);
    return t;
}

static BDD var_set(const int *vars, int n)
{
    return ref(bdd_makeset((int *)vars, n));
}

bddg_game *bddg_new(const chopsat_rules *r, const bddg_opts *o, chopsat_err *err)
{
    double t0 = now_seconds();
    const game_sym *gm = game_sym_of(r->game);
    const char *names[CHOPSAT_POS_WORDS];
    bddg_game *g = xcalloc(1, sizeof *g);
    g->r = r;
    g->progress = o->progress;
    g->progress_ctx = o->progress_ctx;
    g->wide_layers = o->wide_layers ? o->wide_layers : BDDG_WIDE_LAYERS;
    g->nw = gm->words(r, g->width, names);
    for (int i = 0; i < g->nw; i++)
        g->off[i + 1] = g->off[i] + g->width[i];
    g->nstate = g->off[g->nw];
    step_circuit sc[2];
    for (int m = 0; m < 2; m++)
        step_build(&sc[m], g, m + 1, o, names);
    g->nmove = (int)(sc[0].moves.n > sc[1].moves.n ? sc[0].moves.n : sc[1].moves.n);
    g->nvars = 2 * g->nstate + g->nmove;
    g->cur = xmalloc((size_t)g->nstate * sizeof *g->cur);
    g->next = xmalloc((size_t)g->nstate * sizeof *g->next);
    g->move_var = xmalloc((size_t)(g->nmove + 1) * sizeof *g->move_var);
    bddg_assign_vars(g, o, sc[0].moves.n >= sc[1].moves.n ? sc[0].c : sc[1].c,
                     sc[0].moves.n >= sc[1].moves.n ? &sc[0].moves : &sc[1].moves);
    if (bddg_open(o, g->nstate, g->nvars, err)) {
        for (int m = 0; m < 2; m++)
            step_free(&sc[m]);
        free(g->cur);
        free(g->next);
        free(g->move_var);
        free(g);
        return NULL;
    }
    g->bit_of_var = xmalloc((size_t)g->nvars * sizeof *g->bit_of_var);
    for (int v = 0; v < g->nvars; v++)
        g->bit_of_var[v] = -1;
    for (int b = 0; b < g->nstate; b++)
        g->bit_of_var[g->cur[b]] = b;
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
    if (bddg_check(err, "building the transition relation")) {
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
        for (int p = 0; p < 2; p++)
            unref(g->won[m][p]);
    }
    unref(g->terminal);
    unref(g->domain);
    unref(g->curset);
    unref(g->nextset);
    bdd_freepair(g->to_next);
    bdd_freepair(g->to_cur);
    if (g->mirror) bdd_freepair(g->mirror);
    bddg_close();
    free(g->cur);
    free(g->next);
    free(g->bit_of_var);
    free(g->move_var);
    free(g);
}

void bddg_info_get(const bddg_game *g, bddg_info *out)
{
    memset(out, 0, sizeof *out);
    out->state_bits = g->nstate;
    out->move_bits = g->nmove;
    out->vars = g->nvars;
    for (int m = 0; m < 2; m++)
        out->relation_nodes[m] = bdd_nodecount(g->T[m]);
    out->domain_nodes = bdd_nodecount(g->domain);
    out->positions = 2 * bddg_count(g, bdd_true());
    out->build_seconds = g->build_seconds;
    const char *names[CHOPSAT_POS_WORDS];
    int w[CHOPSAT_POS_WORDS];
    game_sym_of(g->r->game)->words(g->r, w, names);
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
        while (b >= g->off[i + 1])
            i++;
        len += (size_t)snprintf(out->order + len, sizeof out->order - len, "%s[%d]%s ", names[i],
                                b - g->off[i], nx ? "'" : "");
    }
    if (len) out->order[len - 1] = 0;
}

/* ---- positions ---- */

bool bddg_terminal(const bddg_game *g, const chopsat_pos *pos)
{
    return bddg_member(g, g->terminal, pos);
}

BDD bddg_image(bddg_game *g, int m, BDD set)
{
    BDD nx = ref(bdd_relprod(g->T[m - 1], set, g->curset));
    BDD out = ref(bdd_replace(nx, g->to_cur));
    unref(nx);
    return out;
}

int bddg_successors(bddg_game *g, const chopsat_pos *pos, size_t max, chopsat_pos **out, size_t *n,
                    size_t *cap, chopsat_err *err)
{
    BDD c = bddg_cube(g, pos);
    BDD img = bddg_image(g, (int)pos->mover, c);
    unref(c);
    if (!bddg_failed() && bdd_satcountset(img, g->curset) > (double)max) {
        unref(img);
        return bddg_check(err, "successors") ? -1 : 1;
    }
    while (img != bdd_false() && !bddg_failed()) {
        BDD one = ref(bdd_satoneset(img, g->curset, bdd_false()));
        if (*n == *cap) {
            *cap = *cap ? 2 * *cap : 16;
            *out = xrealloc(*out, *cap * sizeof **out);
        }
        bddg_decode(g, one, 3 - (int)pos->mover, &(*out)[(*n)++]);
        BDD rest = ref(bdd_apply(img, one, bddop_diff));
        unref(one);
        unref(img);
        img = rest;
    }
    unref(img);
    return bddg_check(err, "successors");
}
