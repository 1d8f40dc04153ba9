/* posmap.c: the position map (see posmap.h). */
#include "core/posmap.h"

#include <stdlib.h>
#include <string.h>

#include "core/util.h"

static size_t pos_hash(const chopsat_pos *p, size_t cap)
{
    uint64_t h = p->mover;
    for (int i = 0; i < 4; i++) h = (h ^ p->v[i]) * 0x100000001b3ULL + 0x9E3779B97F4A7C15ULL;
    h ^= h >> 31;
    return (size_t)h & (cap - 1);
}

static bool same(const chopsat_pos *a, const chopsat_pos *b) { return !memcmp(a, b, sizeof *a); }

/* Doubles the table (or makes the first, 256 slots) and puts every entry back. */
static void grow(posmap *m)
{
    posmap old = *m;
    m->cap = old.cap ? 2 * old.cap : 256;
    m->keys = xcalloc(m->cap, sizeof *m->keys);
    m->vals = xcalloc(m->cap, sizeof *m->vals);
    m->used = xcalloc(m->cap, 1);
    m->n = 0;
    for (size_t i = 0; i < old.cap; i++)
        if (old.used[i]) posmap_put(m, &old.keys[i], old.vals[i]);
    free(old.keys);
    free(old.vals);
    free(old.used);
}

void posmap_put(posmap *m, const chopsat_pos *p, size_t v)
{
    if (2 * (m->n + 1) > m->cap) grow(m);
    size_t i = pos_hash(p, m->cap);
    while (m->used[i] && !same(&m->keys[i], p)) i = (i + 1) & (m->cap - 1);
    if (!m->used[i]) m->n++;
    m->used[i] = true;
    m->keys[i] = *p;
    m->vals[i] = v;
}

bool posmap_get(const posmap *m, const chopsat_pos *p, size_t *v)
{
    if (!m->cap) return false;
    for (size_t i = pos_hash(p, m->cap); m->used[i]; i = (i + 1) & (m->cap - 1))
        if (same(&m->keys[i], p)) {
            *v = m->vals[i];
            return true;
        }
    return false;
}

void posmap_free(posmap *m)
{
    free(m->keys);
    free(m->vals);
    free(m->used);
    memset(m, 0, sizeof *m);
}
