/* squarefree.h: the explicit check of the course report's repetition rule (--no-repeat
 * immediate, docs/questions.md): a sequence of positions is invalid when it ends with two
 * adjacent blocks that are the same. Checked after every move, this keeps the whole sequence
 * square-free (no block of consecutive positions immediately repeated). Written from the rule,
 * independently of the SAT encoding (src/bounded/repeat.c). */
#ifndef CHOPSAT_SQUAREFREE_H
#define CHOPSAT_SQUAREFREE_H

#include <stddef.h>
#include <stdint.h>

#include "chopsat.h"

/* The length L >= 1 of the shortest block that ends seq[0..n) and equals the L items just
 * before it (seq[n-2L..n-L) == seq[n-L..n)), or 0 when there is none. Over positions, and over
 * node ids of a graph whose ids name positions one to one. */
size_t square_suffix(const chopsat_pos *seq, size_t n);
size_t square_suffix_ids(const uint32_t *seq, size_t n);

#endif
