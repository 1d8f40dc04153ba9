/* layers.c: the bitmap layers of the whole-index passes (layers.h). */
#include "explicit/layers.h"

#include <stdlib.h>

#include "core/util.h"

void layer_init(layer *l, uint64_t n)
{
    l->words = (n + 63) / 64;
    l->chunks = (l->words + LAYER_CHUNK - 1) / LAYER_CHUNK;
    l->bits = xcalloc(l->words ? l->words : 1, sizeof *l->bits);
    l->dirty = xcalloc(l->chunks ? l->chunks : 1, sizeof *l->dirty);
}

void layer_free(layer *l)
{
    free(l->bits);
    free(l->dirty);
    l->bits = NULL;
    l->dirty = NULL;
}

bool layer_claim(layer *l, uint64_t *cursor, uint64_t *lo, uint64_t *hi)
{
    for (;;) {
        uint64_t c = __atomic_fetch_add(cursor, 1, __ATOMIC_RELAXED);
        if (c >= l->chunks) return false;
        if (!l->dirty[c]) continue;
        l->dirty[c] = 0;
        *lo = c * LAYER_CHUNK;
        *hi = *lo + LAYER_CHUNK < l->words ? *lo + LAYER_CHUNK : l->words;
        return true;
    }
}
