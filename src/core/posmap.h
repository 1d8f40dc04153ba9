/* posmap.h: the library's one map from positions to numbers (open addressing with linear
 * probing on a power-of-two table kept at most half full), for the strategy trees of the
 * explicit engine (explicit/strategy.c) and of the BDD engine (bdd/bdd_force.c). A zeroed
 * posmap is empty. Positions compare whole (chopsat_pos: unused fields are 0). */
#ifndef CHOPSAT_POSMAP_H
#define CHOPSAT_POSMAP_H

#include <stdbool.h>
#include <stddef.h>

#include "chopsat.h"

typedef struct posmap {
    chopsat_pos *keys;
    size_t *vals;
    bool *used;
    size_t cap, n; /* slots (a power of two, or 0) and entries */
} posmap;

/* Maps p to v (replacing p's number if it has one). */
void posmap_put(posmap *m, const chopsat_pos *p, size_t v);
/* p's number into *v: true, or false when p has none. */
bool posmap_get(const posmap *m, const chopsat_pos *p, size_t *v);
/* Frees the table; m is empty again. */
void posmap_free(posmap *m);

#endif
