/* circuit.c: the gate circuit. Every gate is normalised (constants folded, negations moved out
 * of xor and the condition of ite, operands ordered) and then looked up in an open-addressing
 * hash table, so a gate built twice is one node. */
#include "circuit/circuit.h"

#include <stdlib.h>
#include <string.h>

#include "core/util.h"

struct circuit {
    VEC(node) nodes;
    VEC(char *) names;
    uint32_t *table; /* node indices, 0 = empty (node 0 is the constant, never hashed) */
    size_t table_size, hashed;
};

circuit *circuit_new(void)
{
    circuit *c = xcalloc(1, sizeof *c);
    node k = {.kind = NODE_CONST};
    VEC_PUSH(c->nodes, k);
    c->table_size = 1024;
    c->table = xcalloc(c->table_size, sizeof *c->table);
    return c;
}

void circuit_free(circuit *c)
{
    if (!c) return;
    for (size_t i = 0; i < c->names.n; i++)
        free(c->names.items[i]);
    VEC_FREE(c->names);
    VEC_FREE(c->nodes);
    free(c->table);
    free(c);
}

size_t circuit_size(const circuit *c)
{
    return c->nodes.n;
}
const node *circuit_node(const circuit *c, uint32_t i)
{
    return &c->nodes.items[i];
}
const char *circuit_input_name(const circuit *c, uint32_t i)
{
    return c->names.items[c->nodes.items[i].name];
}

lit circuit_input(circuit *c, const char *name)
{
    node n = {.kind = NODE_INPUT, .name = (uint32_t)c->names.n};
    VEC_PUSH(c->names, xstrdup(name));
    VEC_PUSH(c->nodes, n);
    return (lit)(c->nodes.n - 1) << 1;
}

static uint64_t hash_node(uint8_t kind, lit a, lit b, lit d)
{
    uint64_t h = kind * 0x9E3779B97F4A7C15ull;
    h ^= a + 0x632BE59BD9B4E019ull + (h << 6) + (h >> 2);
    h ^= b + 0x85EBCA77C2B2AE63ull + (h << 6) + (h >> 2);
    h ^= d + 0xC2B2AE3D27D4EB4Full + (h << 6) + (h >> 2);
    return h * 0xFF51AFD7ED558CCDull;
}

static void rehash(circuit *c)
{
    size_t size = c->table_size * 2;
    uint32_t *t = xcalloc(size, sizeof *t);
    for (size_t i = 0; i < c->table_size; i++) {
        uint32_t idx = c->table[i];
        if (!idx) continue;
        const node *n = &c->nodes.items[idx];
        size_t h = hash_node(n->kind, n->a, n->b, n->c) & (size - 1);
        while (t[h])
            h = (h + 1) & (size - 1);
        t[h] = idx;
    }
    free(c->table);
    c->table = t;
    c->table_size = size;
}

/* The node (kind, a, b, d), found or created; returns its positive literal. */
static lit find_or_add(circuit *c, uint8_t kind, lit a, lit b, lit d)
{
    if (2 * (c->hashed + 1) > c->table_size) rehash(c);
    size_t mask = c->table_size - 1, h = hash_node(kind, a, b, d) & mask;
    for (; c->table[h]; h = (h + 1) & mask) {
        const node *n = &c->nodes.items[c->table[h]];
        if (n->kind == kind && n->a == a && n->b == b && n->c == d) return (lit)c->table[h] << 1;
    }
    node n = {.kind = kind, .a = a, .b = b, .c = d};
    VEC_PUSH(c->nodes, n);
    c->table[h] = (uint32_t)(c->nodes.n - 1);
    c->hashed++;
    return (lit)(c->nodes.n - 1) << 1;
}

lit gate_and(circuit *c, lit a, lit b)
{
    if (a == LIT_FALSE || b == LIT_FALSE || a == LIT_NOT(b)) return LIT_FALSE;
    if (a == LIT_TRUE || a == b) return b;
    if (b == LIT_TRUE) return a;
    if (a > b) {
        lit t = a;
        a = b;
        b = t;
    }
    return find_or_add(c, NODE_AND, a, b, 0);
}

lit gate_or(circuit *c, lit a, lit b)
{
    return LIT_NOT(gate_and(c, LIT_NOT(a), LIT_NOT(b)));
}

lit gate_xor(circuit *c, lit a, lit b)
{
    if (a == LIT_FALSE) return b;
    if (b == LIT_FALSE) return a;
    if (a == LIT_TRUE) return LIT_NOT(b);
    if (b == LIT_TRUE) return LIT_NOT(a);
    if (a == b) return LIT_FALSE;
    if (a == LIT_NOT(b)) return LIT_TRUE;
    lit neg = LIT_NEG(a) ^ LIT_NEG(b);
    a &= ~1u;
    b &= ~1u;
    if (a > b) {
        lit t = a;
        a = b;
        b = t;
    }
    return find_or_add(c, NODE_XOR, a, b, 0) ^ neg;
}

lit gate_eq(circuit *c, lit a, lit b)
{
    return LIT_NOT(gate_xor(c, a, b));
}
lit gate_implies(circuit *c, lit a, lit b)
{
    return gate_or(c, LIT_NOT(a), b);
}

lit gate_ite(circuit *c, lit s, lit t, lit e)
{
    if (s == LIT_TRUE || t == e) return t;
    if (s == LIT_FALSE) return e;
    if (LIT_NEG(s)) {
        s = LIT_NOT(s);
        lit x = t;
        t = e;
        e = x;
    }
    if (t == LIT_TRUE || t == s) return gate_or(c, s, e);
    if (t == LIT_FALSE || t == LIT_NOT(s)) return gate_and(c, LIT_NOT(s), e);
    if (e == LIT_FALSE || e == s) return gate_and(c, s, t);
    if (e == LIT_TRUE || e == LIT_NOT(s)) return gate_or(c, LIT_NOT(s), t);
    if (t == LIT_NOT(e)) return gate_eq(c, s, t);
    if (LIT_NEG(t)) return LIT_NOT(find_or_add(c, NODE_ITE, s, LIT_NOT(t), LIT_NOT(e)));
    return find_or_add(c, NODE_ITE, s, t, e);
}

lit gate_and_n(circuit *c, const lit *xs, size_t n)
{
    lit r = LIT_TRUE;
    for (size_t i = 0; i < n; i++)
        r = gate_and(c, r, xs[i]);
    return r;
}

lit gate_or_n(circuit *c, const lit *xs, size_t n)
{
    lit r = LIT_FALSE;
    for (size_t i = 0; i < n; i++)
        r = gate_or(c, r, xs[i]);
    return r;
}

lit gate_exactly_one(circuit *c, const lit *xs, size_t n)
{
    lit r = gate_or_n(c, xs, n);
    if (n <= EXACTLY_ONE_PAIRWISE) {
        for (size_t i = 0; i < n; i++)
            for (size_t j = i + 1; j < n; j++)
                r = gate_and(c, r, LIT_NOT(gate_and(c, xs[i], xs[j])));
        return r;
    }
    lit before = LIT_FALSE; /* one of xs[0 .. i-1] */
    for (size_t i = 0; i < n; i++) {
        r = gate_and(c, r, LIT_NOT(gate_and(c, before, xs[i])));
        before = gate_or(c, before, xs[i]);
    }
    return r;
}

void circuit_eval(const circuit *c, const uint8_t *in, uint8_t *out)
{
    out[0] = 0;
    for (size_t i = 1; i < c->nodes.n; i++) {
        const node *n = &c->nodes.items[i];
        switch (n->kind) {
        case NODE_INPUT:
            out[i] = in[i] ? 1 : 0;
            break;
        case NODE_AND:
            out[i] = lit_value(out, n->a) & lit_value(out, n->b);
            break;
        case NODE_XOR:
            out[i] = lit_value(out, n->a) ^ lit_value(out, n->b);
            break;
        case NODE_ITE:
            out[i] = lit_value(out, n->a) ? lit_value(out, n->b) : lit_value(out, n->c);
            break;
        default:
            out[i] = 0;
        }
    }
}
