/* bounded.h: the inside of bounded.c that the unit tests reach: the explicit answer with the
 * position limit as a parameter (the public chopsat_explicit_answer uses
 * CHOPSAT_EXPLICIT_LIMIT), so that the "passed the limit" path can be tested on small games. */
#ifndef CHOPSAT_BOUNDED_H
#define CHOPSAT_BOUNDED_H

#include "chopsat.h"

/* chopsat_explicit_answer with at most `limit` positions visited (and 4 * limit edges, layer
 * entries or depth-first steps). */
int bounded_answer(const chopsat_rules *rules, const chopsat_query *q, uint64_t limit,
                   int *moves, chopsat_pos **path, chopsat_err *err);

#endif
