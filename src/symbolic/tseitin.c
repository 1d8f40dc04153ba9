/* tseitin.c: the on-demand, incremental Tseitin / Plaisted-Greenbaum encoder. */
#include "symbolic/tseitin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"

struct cnf {
    circuit *c;
    bool pg;
    sat *solver;
    VEC(int) var_of;      /* node -> CNF variable (0 = none) */
    VEC(uint8_t) emitted; /* node -> polarities whose clauses are out */
    VEC(uint32_t) node_of; /* CNF variable -> node */
    VEC(int) lits;
    size_t nclauses;
};

cnf *cnf_new(circuit *c, bool plaisted_greenbaum, sat *solver)
{
    cnf *f = xcalloc(1, sizeof *f);
    f->c = c;
    f->pg = plaisted_greenbaum;
    f->solver = solver;
    VEC_PUSH(f->node_of, 0); /* variables are 1-based */
    return f;
}

void cnf_free(cnf *f)
{
    if (!f) return;
    VEC_FREE(f->var_of);
    VEC_FREE(f->emitted);
    VEC_FREE(f->node_of);
    VEC_FREE(f->lits);
    free(f);
}

static void add_lit(cnf *f, int l)
{
    VEC_PUSH(f->lits, l);
    if (f->solver) sat_add(f->solver, l);
    if (!l) f->nclauses++;
}

static void clause3(cnf *f, int a, int b, int c)
{
    add_lit(f, a);
    if (b) add_lit(f, b);
    if (c) add_lit(f, c);
    add_lit(f, 0);
}

static void grow(cnf *f)
{
    size_t n = circuit_size(f->c);
    if (f->var_of.n >= n) return;
    VEC_RESERVE(f->var_of, n);
    VEC_RESERVE(f->emitted, n);
    memset(f->var_of.items + f->var_of.n, 0, (n - f->var_of.n) * sizeof(int));
    memset(f->emitted.items + f->emitted.n, 0, n - f->emitted.n);
    f->var_of.n = f->emitted.n = n;
}

/* The polarity a node needs when literal l is used with polarity pol: a negated literal needs
 * the opposite one. */
static int node_pol(lit l, int pol)
{
    if (!LIT_NEG(l)) return pol;
    return ((pol & POL_POS) ? POL_NEG : 0) | ((pol & POL_NEG) ? POL_POS : 0);
}

/* A node whose definition is being emitted: its children's variables are gathered first (in
 * the order a, b, c), then its clauses. */
typedef struct frame {
    uint32_t n;
    int g, need, next; /* next: the child to encode next */
    int child[3];
    node nd;
} frame;

/* Gives node n a variable; returns it, or 0 when clauses of polarities pol are still missing
 * (the caller then pushes a frame for n with fr->need set). */
static int enter(cnf *f, uint32_t n, int pol, frame *fr)
{
    if (!f->pg) pol = POL_BOTH;
    int g = f->var_of.items[n];
    if (!g) {
        g = (int)f->node_of.n;
        VEC_PUSH(f->node_of, n);
        f->var_of.items[n] = g;
        if (n == 0) clause3(f, -g, 0, 0); /* the constant node is false */
    }
    int need = pol & ~f->emitted.items[n];
    if (!need) return g;
    f->emitted.items[n] |= (uint8_t)need;
    fr->n = n;
    fr->g = g;
    fr->need = need;
    fr->next = 0;
    fr->nd = *circuit_node(f->c, n);
    return 0;
}

/* The number of children of a node and the polarity child i needs for polarities need. */
static int child_count(const node *nd)
{
    return nd->kind == NODE_AND || nd->kind == NODE_XOR ? 2 : nd->kind == NODE_ITE ? 3 : 0;
}

static lit child_lit(const node *nd, int i) { return i == 0 ? nd->a : i == 1 ? nd->b : nd->c; }

static int child_pol(const node *nd, int i, int need)
{
    if (nd->kind == NODE_XOR || (nd->kind == NODE_ITE && i == 0)) return POL_BOTH;
    return need;
}

/* Emits the clauses defining fr->g once its children are known. */
static void emit(cnf *f, const frame *fr)
{
    int g = fr->g, need = fr->need;
    const int *c = fr->child;
    if (fr->nd.kind == NODE_AND) {
        if (need & POL_POS) clause3(f, -g, c[0], 0), clause3(f, -g, c[1], 0);
        if (need & POL_NEG) clause3(f, g, -c[0], -c[1]);
    } else if (fr->nd.kind == NODE_XOR) {
        if (need & POL_POS) clause3(f, -g, c[0], c[1]), clause3(f, -g, -c[0], -c[1]);
        if (need & POL_NEG) clause3(f, g, -c[0], c[1]), clause3(f, g, c[0], -c[1]);
    } else if (fr->nd.kind == NODE_ITE) {
        if (need & POL_POS) clause3(f, -g, -c[0], c[1]), clause3(f, -g, c[0], c[2]);
        if (need & POL_NEG) clause3(f, g, -c[0], -c[1]), clause3(f, g, c[0], -c[2]);
    }
}

/* The DIMACS literal of l used with polarity pol, emitting every missing definition below it:
 * variables are numbered in depth-first pre-order and clauses come out in post-order, as a
 * recursive encoder would do, but with an explicit stack (a circuit unrolled over 100000
 * frames is that deep). */
static int encode_lit(cnf *f, lit l, int pol)
{
    grow(f);
    VEC(frame) st = {0};
    VEC_RESERVE(st, 1);
    int v = enter(f, LIT_NODE(l), node_pol(l, pol), &st.items[0]);
    if (v) {
        VEC_FREE(st);
        return LIT_NEG(l) ? -v : v;
    }
    st.n = 1;
    int result = 0;
    while (st.n) {
        frame *top = &st.items[st.n - 1];
        if (top->next < child_count(&top->nd)) {
            int i = top->next;
            lit cl = child_lit(&top->nd, i);
            VEC_RESERVE(st, st.n + 1);
            top = &st.items[st.n - 1];
            int cv = enter(f, LIT_NODE(cl), node_pol(cl, child_pol(&top->nd, i, top->need)),
                           &st.items[st.n]);
            if (cv) {
                top->child[i] = LIT_NEG(cl) ? -cv : cv;
                top->next++;
            } else {
                st.n++;
            }
            continue;
        }
        emit(f, top);
        int g = top->g;
        st.n--;
        if (!st.n) {
            result = g;
            break;
        }
        frame *parent = &st.items[st.n - 1];
        lit cl = child_lit(&parent->nd, parent->next);
        parent->child[parent->next++] = LIT_NEG(cl) ? -g : g;
    }
    VEC_FREE(st);
    return LIT_NEG(l) ? -result : result;
}

int cnf_lit(cnf *f, lit l, int pol) { return encode_lit(f, l, pol); }

void cnf_clause(cnf *f, const lit *ls, size_t n)
{
    VEC(int) tmp = {0};
    for (size_t i = 0; i < n; i++) VEC_PUSH(tmp, encode_lit(f, ls[i], POL_POS));
    for (size_t i = 0; i < tmp.n; i++) add_lit(f, tmp.items[i]);
    add_lit(f, 0);
    VEC_FREE(tmp);
}

void cnf_assert(cnf *f, lit l) { cnf_clause(f, &l, 1); }

int cnf_var_count(const cnf *f) { return (int)f->node_of.n - 1; }
size_t cnf_clause_count(const cnf *f) { return f->nclauses; }

const int *cnf_clause_lits(const cnf *f, size_t *nlits)
{
    *nlits = f->lits.n;
    return f->lits.items;
}

int cnf_node_var(const cnf *f, uint32_t node)
{
    return node < f->var_of.n ? f->var_of.items[node] : 0;
}

static int var_lit(const cnf *f, lit l)
{
    int v = cnf_node_var(f, LIT_NODE(l));
    return LIT_NEG(l) ? -v : v;
}

void cnf_var_name(const cnf *f, int v, char *buf, size_t size)
{
    uint32_t n = f->node_of.items[v];
    const node *nd = circuit_node(f->c, n);
    switch (nd->kind) {
    case NODE_CONST: snprintf(buf, size, "false (constant)"); break;
    case NODE_INPUT: snprintf(buf, size, "%s", circuit_input_name(f->c, n)); break;
    case NODE_AND: snprintf(buf, size, "and %d %d", var_lit(f, nd->a), var_lit(f, nd->b)); break;
    case NODE_XOR: snprintf(buf, size, "xor %d %d", var_lit(f, nd->a), var_lit(f, nd->b)); break;
    case NODE_ITE:
        snprintf(buf, size, "ite %d %d %d", var_lit(f, nd->a), var_lit(f, nd->b), var_lit(f, nd->c));
        break;
    }
}

void cnf_var_map(const cnf *f, str_vec *lines)
{
    char name[256];
    for (int v = 1; v <= cnf_var_count(f); v++) {
        cnf_var_name(f, v, name, sizeof name);
        str_vec_addf(lines, "var %d %s", v, name);
    }
}
