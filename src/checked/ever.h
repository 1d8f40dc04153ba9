/* ever.h: the explicit answer of "ever?" (ever.c), for the checks of src/checked/ only. */
#ifndef CHOPSAT_CHECKED_EVER_H
#define CHOPSAT_CHECKED_EVER_H

#include "chopsat.h"

/* The explicit answer of "ever?" (q's bound is ignored): a breadth-first search over every
 * position reachable from q->from, when the explicit limit lets it run. CHOPSAT_YES (*least:
 * the minimum number of moves) or CHOPSAT_NO, *count the reachable positions; CHOPSAT_LIMIT
 * (err says which limit). Called inside a public call's recovery point (core/oom.h). */
int checked_ever_explicit(const chopsat_rules *r, const chopsat_query *q, int *least,
                          unsigned long long *count, chopsat_err *err);

#endif
