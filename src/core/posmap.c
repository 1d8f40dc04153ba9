/* posmap.c: the one position hash, the position index and the position map (see posmap.h),
 * and the occurrence counter of `chopsat play` built on them (chopsat_tool.h). */
#include "core/posmap.h"

#include <stdlib.h>
#include <string.h>

#include "chopsat_tool.h"
#include "core/oom.h"
#include "core/util.h"

/* Each word mixed in by a multiply with a constant whose low bits are dense, so that the low
 * bits the tables mask with depend on every bit of every hand (the explicit search's hash
 * before it moved here: FNV's prime, 0x100000001b3, left them on the hands' low bits alone and
 * made `win -k 40` at fingers=65536 probe 16% longer). */
uint64_t posmap_hash(const chopsat_pos *p)
{
    uint64_t h = 0x9E3779B97F4A7C15u;
    for (int i = 0; i < CHOPSAT_POS_WORDS; i++)
        h = (h ^ p->v[i]) * 0xFF51AFD7ED558CCDu;
    h = (h ^ p->mover) * 0xC4CEB9FE1A85EC53u;
    return h ^ (h >> 29);
}

static bool same(const chopsat_pos *a, const chopsat_pos *b)
{
    return !memcmp(a, b, sizeof *a);
}

/* The slot holding p, or the empty slot where it belongs (x->cap > 0). */
static size_t slot_of(const posindex *x, const chopsat_pos *keys, const chopsat_pos *p)
{
    size_t mask = x->cap - 1, s = (size_t)posmap_hash(p) & mask;
    while (x->slots[s] && !same(&keys[x->slots[s] - 1], p))
        s = (s + 1) & mask;
    return s;
}

int64_t posindex_find(const posindex *x, const chopsat_pos *keys, const chopsat_pos *p)
{
    if (!x->cap) return -1;
    uint32_t v = x->slots[slot_of(x, keys, p)];
    return v ? (int64_t)v - 1 : -1;
}

void posindex_add(posindex *x, const chopsat_pos *keys, size_t n, uint32_t id)
{
    if (2 * n > x->cap) {
        free(x->slots);
        x->cap = x->cap ? 2 * x->cap : 256;
        while (2 * n > x->cap)
            x->cap *= 2;
        x->slots = xcalloc(x->cap, sizeof *x->slots);
        for (size_t i = 0; i < n; i++)
            if (i != id) x->slots[slot_of(x, keys, &keys[i])] = (uint32_t)i + 1;
    }
    x->slots[slot_of(x, keys, &keys[id])] = id + 1;
}

void posindex_free(posindex *x)
{
    free(x->slots);
    memset(x, 0, sizeof *x);
}

void posmap_put(posmap *m, const chopsat_pos *p, size_t v)
{
    int64_t id = posindex_find(&m->ix, m->keys, p);
    if (id >= 0) {
        m->vals[id] = v;
        return;
    }
    if (m->n == m->cap) {
        m->cap = m->cap ? 2 * m->cap : 64;
        m->keys = xrealloc(m->keys, m->cap * sizeof *m->keys);
        m->vals = xrealloc(m->vals, m->cap * sizeof *m->vals);
    }
    m->keys[m->n] = *p;
    m->vals[m->n] = v;
    m->n++;
    posindex_add(&m->ix, m->keys, m->n, (uint32_t)(m->n - 1));
}

bool posmap_get(const posmap *m, const chopsat_pos *p, size_t *v)
{
    int64_t id = posindex_find(&m->ix, m->keys, p);
    if (id < 0) return false;
    *v = m->vals[id];
    return true;
}

void posmap_free(posmap *m)
{
    posindex_free(&m->ix);
    free(m->keys);
    free(m->vals);
    memset(m, 0, sizeof *m);
}

/* ---- the occurrence counter (chopsat_tool.h) ---- */

struct chopsat_pos_counter {
    posmap seen;
};

static chopsat_pos_counter *counter_new(void)
{
    return xcalloc(1, sizeof(chopsat_pos_counter));
}

chopsat_pos_counter *chopsat_pos_counter_new(void)
{
    CS_GUARDED(chopsat_pos_counter *, NULL, NULL, counter_new());
}

/* One more occurrence of p: the count now. */
static size_t count_add(chopsat_pos_counter *c, const chopsat_pos *p)
{
    size_t k = 0;
    posmap_get(&c->seen, p, &k);
    posmap_put(&c->seen, p, k + 1);
    return k + 1;
}

size_t chopsat_pos_count_add(chopsat_pos_counter *c, const chopsat_pos *p)
{
    CS_GUARDED(size_t, 0, NULL, count_add(c, p));
}

void chopsat_pos_counter_free(chopsat_pos_counter *c)
{
    if (!c) return;
    posmap_free(&c->seen);
    free(c);
}
