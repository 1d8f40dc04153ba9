/* layers.h: a layer of a layer-by-layer pass over the whole index space (the statistics'
 * breadth-first walk, explore.c) kept as one bit an index position
 * instead of a 4-byte queue slot, with one byte a chunk of LAYER_CHUNK words saying the chunk
 * has a bit set, so a sparse layer is walked without reading the whole bitmap. Workers add to
 * a layer at once (atomically) and take a layer's chunks one at a time (layer_claim), so work
 * is shared out by chunk whatever the layer's shape. */
#ifndef CHOPSAT_LAYERS_H
#define CHOPSAT_LAYERS_H

#include <stdbool.h>
#include <stdint.h>

/* Words (64 index positions each) a chunk: the unit workers claim. */
#define LAYER_CHUNK 1024u

typedef struct layer {
    uint64_t *bits; /* one bit an index position */
    uint8_t *dirty; /* one byte a chunk: 1 when some bit of the chunk may be set */
    uint64_t words, chunks;
} layer;

/* An empty layer over the indices [0, n). */
void layer_init(layer *l, uint64_t n);

void layer_free(layer *l);

/* Adds index i; true when it was not in the layer (safe from several workers at once). */
static inline bool layer_add(layer *l, uint64_t i)
{
    uint64_t m = (uint64_t)1 << (i & 63),
             old = __atomic_fetch_or(&l->bits[i >> 6], m, __ATOMIC_RELAXED);
    if (old & m) return false;
    if (!__atomic_load_n(&l->dirty[(i >> 6) / LAYER_CHUNK], __ATOMIC_RELAXED))
        __atomic_store_n(&l->dirty[(i >> 6) / LAYER_CHUNK], 1, __ATOMIC_RELAXED);
    return true;
}

/* Whether index i is in the layer. */
static inline bool layer_has(const layer *l, uint64_t i)
{
    return (__atomic_load_n(&l->bits[i >> 6], __ATOMIC_RELAXED) >> (i & 63)) & 1;
}

/* Claims the next chunk with bits set, counting chunks with the shared *cursor (0 at the start
 * of a pass): true with its words [*lo, *hi), false when none is left. The claimer alone then
 * reads and clears those words (layer_take) while the others add to other layers. */
bool layer_claim(layer *l, uint64_t *cursor, uint64_t *lo, uint64_t *hi);

/* The bits of word w, which the caller has claimed, and clears them. */
static inline uint64_t layer_take(layer *l, uint64_t w)
{
    uint64_t b = l->bits[w];
    if (b) l->bits[w] = 0;
    return b;
}

#endif
