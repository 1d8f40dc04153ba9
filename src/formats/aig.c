/* aig.c: the and-inverter graph (see aig.h). */
#include "formats/aig.h"

#include <stdlib.h>
#include <string.h>

aig *aig_new(void)
{
    aig *g = xcalloc(1, sizeof *g);
    g->table_size = 1024;
    g->table = xcalloc(g->table_size, sizeof *g->table);
    return g;
}

static void props_free(aig_prop *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(p[i].name);
}

void aig_free(aig *g)
{
    if (!g) return;
    for (size_t i = 0; i < g->inputs.n; i++)
        free(g->inputs.items[i]);
    for (size_t i = 0; i < g->latches.n; i++)
        free(g->latches.items[i].name);
    props_free(g->outputs.items, g->outputs.n);
    props_free(g->bad.items, g->bad.n);
    props_free(g->constraints.items, g->constraints.n);
    VEC_FREE(g->inputs);
    VEC_FREE(g->latches);
    VEC_FREE(g->gates);
    VEC_FREE(g->outputs);
    VEC_FREE(g->bad);
    VEC_FREE(g->constraints);
    str_vec_free(&g->comments);
    free(g->table);
    free(g);
}

uint32_t aig_maxvar(const aig *g)
{
    return (uint32_t)(g->inputs.n + g->latches.n + g->gates.n);
}

aig_lit aig_input(aig *g, const char *name)
{
    VEC_PUSH(g->inputs, name ? xstrdup(name) : NULL);
    return (aig_lit)g->inputs.n << 1;
}

aig_lit aig_latch_new(aig *g, const char *name, int init)
{
    aig_latch l = {AIG_FALSE, init, name ? xstrdup(name) : NULL};
    VEC_PUSH(g->latches, l);
    return (aig_lit)(g->inputs.n + g->latches.n) << 1;
}

void aig_set_next(aig *g, aig_lit latch, aig_lit next)
{
    g->latches.items[(latch >> 1) - g->inputs.n - 1].next = next;
}

static size_t hash_pair(aig_lit a, aig_lit b, size_t size)
{
    uint64_t h = (uint64_t)a * 0x9E3779B97F4A7C15ull ^ ((uint64_t)b + 0x632BE59BD9B4E019ull);
    return (size_t)((h * 0xFF51AFD7ED558CCDull) >> 17) & (size - 1);
}

static void rehash(aig *g)
{
    size_t size = g->table_size * 2;
    uint32_t *t = xcalloc(size, sizeof *t);
    for (size_t i = 0; i < g->gates.n; i++) {
        size_t h = hash_pair(g->gates.items[i].a, g->gates.items[i].b, size);
        while (t[h])
            h = (h + 1) & (size - 1);
        t[h] = (uint32_t)i + 1;
    }
    free(g->table);
    g->table = t;
    g->table_size = size;
}

aig_lit aig_and(aig *g, aig_lit a, aig_lit b)
{
    if (a < b) {
        aig_lit t = a;
        a = b, b = t;
    }
    if (b == AIG_FALSE || a == (b ^ 1)) return AIG_FALSE;
    if (b == AIG_TRUE || a == b) return a;
    size_t h = hash_pair(a, b, g->table_size);
    for (uint32_t idx; (idx = g->table[h]); h = (h + 1) & (g->table_size - 1)) {
        const aig_gate *x = &g->gates.items[idx - 1];
        if (x->a == a && x->b == b) return (aig_lit)(g->inputs.n + g->latches.n + idx) << 1;
    }
    aig_gate x = {a, b};
    VEC_PUSH(g->gates, x);
    g->table[h] = (uint32_t)g->gates.n;
    if (2 * g->gates.n > g->table_size) rehash(g);
    return aig_maxvar(g) << 1;
}

aig_lit aig_or(aig *g, aig_lit a, aig_lit b)
{
    return aig_and(g, a ^ 1, b ^ 1) ^ 1;
}

aig_lit aig_xor(aig *g, aig_lit a, aig_lit b)
{
    return aig_or(g, aig_and(g, a, b ^ 1), aig_and(g, a ^ 1, b));
}

aig_lit aig_ite(aig *g, aig_lit c, aig_lit t, aig_lit e)
{
    if (t == e) return t;
    return aig_or(g, aig_and(g, c, t), aig_and(g, c ^ 1, e));
}

static void add_prop(aig_prop **items, size_t *n, size_t *cap, aig_lit l, const char *name)
{
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 4;
        *items = xrealloc(*items, *cap * sizeof **items);
    }
    (*items)[(*n)++] = (aig_prop){l, name ? xstrdup(name) : NULL};
}

void aig_add_bad(aig *g, aig_lit l, const char *name)
{
    add_prop(&g->bad.items, &g->bad.n, &g->bad.cap, l, name);
}

void aig_add_output(aig *g, aig_lit l, const char *name)
{
    add_prop(&g->outputs.items, &g->outputs.n, &g->outputs.cap, l, name);
}

void aig_add_constraint(aig *g, aig_lit l, const char *name)
{
    add_prop(&g->constraints.items, &g->constraints.n, &g->constraints.cap, l, name);
}

void aig_eval(const aig *g, uint8_t *val)
{
    uint32_t first = (uint32_t)(g->inputs.n + g->latches.n) + 1;
    val[0] = 0;
    for (size_t i = 0; i < g->gates.n; i++)
        val[first + i] = aig_value(val, g->gates.items[i].a) & aig_value(val, g->gates.items[i].b);
}
