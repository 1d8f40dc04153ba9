/* tseitin.c: the on-demand, incremental Tseitin / Plaisted-Greenbaum encoder. */
#include "bounded/tseitin.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"

struct cnf {
    circuit *c;
    bool pg;
    sat *solver;
    VEC(int) var_of;       /* node -> CNF variable (0 = none) */
    VEC(uint8_t) emitted;  /* node -> polarities whose clauses are out */
    VEC(uint32_t) node_of; /* CNF variable -> node */
    VEC(int) lits;
    size_t nclauses;
    /* annotations: the notes (what clauses encode) and, per clause, the note it was made
     * under, or -v for the definition of gate variable v */
    str_vec notes;
    VEC(int) clause_note;
    int defining; /* the gate variable whose definition is being emitted, or 0 */
    bool noting;  /* cnf_keep_notes: notes are recorded (else cnf_note does nothing) */
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
    str_vec_free(&f->notes);
    VEC_FREE(f->clause_note);
    free(f);
}

void cnf_keep_notes(cnf *f)
{
    f->noting = true;
}

void cnf_note(cnf *f, const char *fmt, ...)
{
    if (!f->noting) return;
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    str_vec_addf(&f->notes, "%s", buf);
}

static void add_lit(cnf *f, int l)
{
    VEC_PUSH(f->lits, l);
    if (f->solver) sat_add(f->solver, l);
    if (l) return;
    f->nclauses++;
    if (f->noting) VEC_PUSH(f->clause_note, f->defining ? -f->defining : (int)f->notes.n - 1);
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
        if (n == 0) { /* the constant node is false */
            f->defining = g;
            clause3(f, -g, 0, 0);
            f->defining = 0;
        }
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

static lit child_lit(const node *nd, int i)
{
    return i == 0 ? nd->a : i == 1 ? nd->b : nd->c;
}

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
    f->defining = g;
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
    f->defining = 0;
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

int cnf_lit(cnf *f, lit l, int pol)
{
    return encode_lit(f, l, pol);
}

/* ---- clause expansion ----
 * A clause over gate literals is first rewritten into clauses over simpler literals, so that
 * gates used only there need no variable: an or (a negated and) is spliced into the clause;
 * the clause distributes over a positive and (one clause per conjunct) and, a few levels deep,
 * over an xor, an xnor or an if-then-else (two clauses each: C | x^y is (C|x|y)(C|-x|-y);
 * C | (s?t:e) is (C|-s|t)(C|s|e)). A gate that already has the definition the clause needs is
 * used as it is. The clauses are equivalent to the original one over the circuit's inputs.
 * Distributing over ands one inside another multiplies clauses, so a path of rewrites crosses at
 * most EXPAND_ANDS ands and EXPAND_DEPTH xors or if-then-elses. */
enum {
    EXPAND_LEN = 16,
    EXPAND_DEPTH = 2,
    EXPAND_ANDS = 2,
    EXPAND_SPLIT_LEN = 6,
    EXPAND_LEAVES = 256
};

typedef VEC(lit) lits;

/* "l is a gate whose positive-polarity definition (in l's sense) is not out yet" */
static bool open_gate(const cnf *f, lit l)
{
    uint32_t n = LIT_NODE(l);
    const node *nd = circuit_node(f->c, n);
    if (nd->kind != NODE_AND && nd->kind != NODE_XOR && nd->kind != NODE_ITE) return false;
    if (!f->var_of.items[n]) return true;
    return (node_pol(l, POL_POS) & ~f->emitted.items[n]) != 0;
}

static void emit_clause(cnf *f, const lit *ls, size_t n)
{
    VEC(int) tmp = {0};
    for (size_t i = 0; i < n; i++)
        VEC_PUSH(tmp, encode_lit(f, ls[i], POL_POS));
    for (size_t i = 0; i < tmp.n; i++)
        add_lit(f, tmp.items[i]);
    add_lit(f, 0);
    VEC_FREE(tmp);
}

/* The conjuncts of l through positive and gates that are still open, into out (at most
 * EXPAND_LEAVES; false when there would be more). */
static bool conjuncts(const cnf *f, lit l, lits *out)
{
    lits todo = {0};
    VEC_PUSH(todo, l);
    bool ok = true;
    while (todo.n && ok) {
        lit x = todo.items[--todo.n];
        const node *nd = circuit_node(f->c, LIT_NODE(x));
        if (!LIT_NEG(x) && nd->kind == NODE_AND && open_gate(f, x)) {
            VEC_PUSH(todo, nd->b);
            VEC_PUSH(todo, nd->a);
        } else if (out->n < EXPAND_LEAVES) {
            VEC_PUSH(*out, x);
        } else {
            ok = false;
        }
    }
    VEC_FREE(todo);
    return ok;
}

static void expand(cnf *f, const lit *in, size_t n, int depth, int ands);

/* Emits C | x and C | y (with the literals of C in c[0..n)) expanded further. */
static void split2(cnf *f, const lit *c, size_t n, lit x1, lit x2, lit y1, lit y2, int depth,
                   int ands)
{
    lits cl = {0};
    for (int half = 0; half < 2; half++) {
        cl.n = 0;
        for (size_t i = 0; i < n; i++)
            VEC_PUSH(cl, c[i]);
        VEC_PUSH(cl, half ? y1 : x1);
        VEC_PUSH(cl, half ? y2 : x2);
        expand(f, cl.items, cl.n, depth + 1, ands);
    }
    VEC_FREE(cl);
}

/* Splices ors into the clause; false when the clause is satisfied (a true literal, or a
 * literal and its negation). */
static bool flatten(const cnf *f, const lit *in, size_t n, lits *out)
{
    lits todo = {0};
    for (size_t i = n; i-- > 0;)
        VEC_PUSH(todo, in[i]);
    bool live = true;
    while (todo.n && live) {
        lit x = todo.items[--todo.n];
        if (x == LIT_TRUE) live = false;
        if (x == LIT_TRUE || x == LIT_FALSE) continue;
        const node *nd = circuit_node(f->c, LIT_NODE(x));
        if (LIT_NEG(x) && nd->kind == NODE_AND && open_gate(f, x) &&
            out->n + todo.n + 2 <= EXPAND_LEN) {
            VEC_PUSH(todo, LIT_NOT(nd->b));
            VEC_PUSH(todo, LIT_NOT(nd->a));
            continue;
        }
        bool dup = false;
        for (size_t i = 0; i < out->n; i++) {
            if (out->items[i] == LIT_NOT(x)) live = false;
            if (out->items[i] == x) dup = true;
        }
        if (!dup) VEC_PUSH(*out, x);
    }
    VEC_FREE(todo);
    return live;
}

static void expand(cnf *f, const lit *in, size_t n, int depth, int ands)
{
    lits cl = {0}, leaves = {0};
    if (!flatten(f, in, n, &cl)) goto done;
    /* distribute over the first open gate that allows it */
    for (size_t i = 0; i < cl.n; i++) {
        lit x = cl.items[i];
        if (!open_gate(f, x)) continue;
        const node *nd = circuit_node(f->c, LIT_NODE(x));
        lit rest_last = cl.items[cl.n - 1];
        if (!LIT_NEG(x) && nd->kind == NODE_AND) {
            if (!ands || !conjuncts(f, x, &leaves)) continue;
            cl.items[i] = rest_last, cl.n--; /* C without x, then C | leaf for each leaf */
            for (size_t k = 0; k < leaves.n; k++) {
                VEC_PUSH(cl, leaves.items[k]);
                expand(f, cl.items, cl.n, depth, ands - 1);
                cl.n--;
            }
            goto done;
        }
        if (depth >= EXPAND_DEPTH || cl.n > EXPAND_SPLIT_LEN) continue;
        cl.items[i] = rest_last, cl.n--;
        if (nd->kind == NODE_XOR) {
            lit a = nd->a, b = nd->b;
            if (LIT_NEG(x))
                split2(f, cl.items, cl.n, LIT_NOT(a), b, a, LIT_NOT(b), depth, ands);
            else
                split2(f, cl.items, cl.n, a, b, LIT_NOT(a), LIT_NOT(b), depth, ands);
        } else if (nd->kind == NODE_ITE) {
            lit s = nd->a, t = LIT_NEG(x) ? LIT_NOT(nd->b) : nd->b;
            lit e = LIT_NEG(x) ? LIT_NOT(nd->c) : nd->c;
            split2(f, cl.items, cl.n, LIT_NOT(s), t, s, e, depth, ands);
        } else { /* a negated and that did not fit: encode it */
            VEC_PUSH(cl, x);
            emit_clause(f, cl.items, cl.n);
        }
        goto done;
    }
    emit_clause(f, cl.items, cl.n);
done:
    VEC_FREE(cl);
    VEC_FREE(leaves);
}

void cnf_clause(cnf *f, const lit *ls, size_t n)
{
    grow(f);
    emit_clause(f, ls, n);
}

void cnf_clause_expanded(cnf *f, const lit *ls, size_t n)
{
    grow(f);
    /* only the last literal is rewritten: the others (a guard used by many clauses) get their
     * variables first, so that they stay as they are */
    for (size_t i = 0; i + 1 < n; i++)
        encode_lit(f, ls[i], POL_POS);
    expand(f, ls, n, 0, EXPAND_ANDS);
}

void cnf_assert(cnf *f, lit l)
{
    cnf_clause(f, &l, 1);
}

int cnf_var_count(const cnf *f)
{
    return (int)f->node_of.n - 1;
}
size_t cnf_clause_count(const cnf *f)
{
    return f->nclauses;
}

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
    case NODE_CONST:
        snprintf(buf, size, "false (constant)");
        break;
    case NODE_INPUT:
        snprintf(buf, size, "%s", circuit_input_name(f->c, n));
        break;
    case NODE_AND:
        snprintf(buf, size, "and %d %d", var_lit(f, nd->a), var_lit(f, nd->b));
        break;
    case NODE_XOR:
        snprintf(buf, size, "xor %d %d", var_lit(f, nd->a), var_lit(f, nd->b));
        break;
    case NODE_ITE:
        snprintf(buf, size, "ite %d %d %d", var_lit(f, nd->a), var_lit(f, nd->b),
                 var_lit(f, nd->c));
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

/* ---- stable names ----
 * A gate's number depends on everything encoded before it; its stable name depends only on
 * what it computes: the kind and a 48-bit hash of its structure down to the inputs' names (and
 * and xor hash their two operands in either order). Two formulas share a gate's stable name
 * exactly when they share the gate (barring a hash collision). */
static uint64_t mix(uint64_t h, uint64_t x)
{
    h ^= x + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    h ^= h >> 31;
    h *= 0xbf58476d1ce4e5b9ull;
    return h ^ (h >> 29);
}

static uint64_t lit_hash(const uint64_t *h, lit l)
{
    return LIT_NEG(l) ? mix(h[LIT_NODE(l)], 1) : h[LIT_NODE(l)];
}

static const uint64_t *node_hashes(const cnf *f, uint64_t **cache)
{
    size_t n = circuit_size(f->c);
    uint64_t *h = xcalloc(n ? n : 1, sizeof *h);
    for (size_t i = 0; i < n; i++) {
        const node *nd = circuit_node(f->c, (uint32_t)i);
        uint64_t x = 0, y;
        switch (nd->kind) {
        case NODE_CONST:
            h[i] = 0x5bd1e995ull;
            break;
        case NODE_INPUT:
            for (const char *p = circuit_input_name(f->c, (uint32_t)i); *p; p++)
                x = mix(x, (unsigned char)*p);
            h[i] = mix(x, 2);
            break;
        case NODE_AND:
        case NODE_XOR:
            x = lit_hash(h, nd->a), y = lit_hash(h, nd->b);
            h[i] = mix(mix(nd->kind, x < y ? x : y), x < y ? y : x);
            break;
        case NODE_ITE:
            h[i] =
                mix(mix(mix(NODE_ITE, lit_hash(h, nd->a)), lit_hash(h, nd->b)), lit_hash(h, nd->c));
            break;
        }
    }
    *cache = h;
    return h;
}

static const char *kind_name(int kind)
{
    return kind == NODE_AND ? "and" : kind == NODE_XOR ? "xor" : kind == NODE_ITE ? "ite" : "false";
}

static void stable_name(const cnf *f, const uint64_t *h, int v, char *buf, size_t size)
{
    uint32_t n = f->node_of.items[v];
    const node *nd = circuit_node(f->c, n);
    if (nd->kind == NODE_INPUT)
        snprintf(buf, size, "%s", circuit_input_name(f->c, n));
    else if (nd->kind == NODE_CONST)
        snprintf(buf, size, "false");
    else
        snprintf(buf, size, "%s_%012llx", kind_name(nd->kind),
                 (unsigned long long)(h[n] & 0xffffffffffffull));
}

static void lit_stable_name(const cnf *f, const uint64_t *h, int l, char *buf, size_t size)
{
    char name[256];
    stable_name(f, h, abs(l), name, sizeof name);
    if (snprintf(buf, size, "%s%s", l < 0 ? "-" : "", name) >= (int)size) buf[size - 1] = 0;
}

/* The definition of gate variable v in stable names: "and_... = and(a, -b)". */
static void definition(const cnf *f, const uint64_t *h, int v, char *buf, size_t size)
{
    uint32_t n = f->node_of.items[v];
    const node *nd = circuit_node(f->c, n);
    char name[256], args[3][256];
    stable_name(f, h, v, name, sizeof name);
    if (nd->kind == NODE_CONST) {
        snprintf(buf, size, "the constant false");
        return;
    }
    int k = child_count(nd);
    for (int i = 0; i < k; i++)
        lit_stable_name(f, h, var_lit(f, child_lit(nd, i)), args[i], sizeof args[i]);
    int len =
        k == 2 ? snprintf(buf, size, "gate %s = %s(%s, %s)", name, kind_name(nd->kind), args[0],
                          args[1])
               : snprintf(buf, size, "gate %s = ite(%s, %s, %s)", name, args[0], args[1], args[2]);
    if (len >= (int)size) buf[size - 1] = 0;
}

void cnf_annotations(const cnf *f, str_vec *names, str_vec *notes)
{
    uint64_t *h = NULL;
    node_hashes(f, &h);
    char buf[1024];
    for (int v = 1; v <= cnf_var_count(f); v++) {
        stable_name(f, h, v, buf, sizeof buf);
        str_vec_addf(names, "var %d %s", v, buf);
    }
    size_t i = 0, start = 0;
    for (size_t k = 0; k < f->lits.n; k++) {
        if (f->lits.items[k]) continue;
        int note = i < f->clause_note.n ? f->clause_note.items[i] : (int)f->notes.n;
        if (note < 0)
            definition(f, h, -note, buf, sizeof buf);
        else
            snprintf(buf, sizeof buf, "%s",
                     note < (int)f->notes.n ? f->notes.items[note] : "clause");
        /* the clause itself in names */
        size_t len = strlen(buf);
        snprintf(buf + len, sizeof buf - len, ":");
        for (size_t j = start; j < k; j++) {
            char lname[300];
            lit_stable_name(f, h, f->lits.items[j], lname, sizeof lname);
            len = strlen(buf);
            snprintf(buf + len, sizeof buf - len, "%s%s", j == start ? " " : " | ", lname);
        }
        str_vec_addf(notes, "%s", buf);
        i++;
        start = k + 1;
    }
    free(h);
}
