/* posmap.h: the library's one position hash and the tables built on it (open addressing with
 * linear probing on a power-of-two table kept at most half full; positions compare whole:
 * chopsat_pos's unused fields are 0).
 *
 * - posindex: an index over positions the caller keeps in an array of its own (node id ->
 *   position), slot -> id + 1: the explicit search's graph (explicit/within.c) in hash mode.
 * - posmap: positions -> numbers, the positions kept here: the strategy trees of the explicit
 *   engine (explicit/strategy.c) and of the BDD engine (bdd/bdd_force.c), and how often a game
 *   met each position (chopsat_pos_count_add, chopsat_tool.h: `chopsat play`).
 * A zeroed posindex or posmap is empty. */
#ifndef CHOPSAT_POSMAP_H
#define CHOPSAT_POSMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chopsat.h"

/* The one position hash. */
uint64_t posmap_hash(const chopsat_pos *p);

typedef struct posindex {
    uint32_t *slots; /* id + 1 of the position in each slot, 0 for an empty one */
    size_t cap;      /* slots: a power of two, or 0 */
} posindex;

/* The id of p (keys[id] equals it), or -1 when p has none. */
int64_t posindex_find(const posindex *x, const chopsat_pos *keys, const chopsat_pos *p);
/* Adds id, the last of the n positions of keys (keys[id], id == n - 1, not in x yet); grows
 * the table, rehashing keys[0 .. n-1], when it would pass half full. */
void posindex_add(posindex *x, const chopsat_pos *keys, size_t n, uint32_t id);
void posindex_free(posindex *x);

typedef struct posmap {
    posindex ix;
    chopsat_pos *keys; /* the positions in the order first put */
    size_t *vals;      /* their numbers */
    size_t n, cap;     /* entries, and room in keys and vals */
} posmap;

/* Maps p to v (replacing p's number if it has one). */
void posmap_put(posmap *m, const chopsat_pos *p, size_t v);
/* p's number into *v: true, or false when p has none. */
bool posmap_get(const posmap *m, const chopsat_pos *p, size_t *v);
/* Frees the table; m is empty again. */
void posmap_free(posmap *m);

#endif
