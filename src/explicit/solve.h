/* solve.h: the explicit solution's layout, shared by the tablebase solver (solve.c) and the
 * edge-list solver the unit tests keep as an independent reference (tests/unit/solve_edges.c). */
#ifndef CHOPSAT_SOLVE_H
#define CHOPSAT_SOLVE_H

#include "chopsat.h"

/* A position's value and distance packed in 32 bits: the value in the top two bits, the
 * distance in the low 30. 0 is "not resolved" (a draw once the solve is over). */
enum { VD_WIN = 1u << 30, VD_LOSS = 2u << 30, VD_INVALID = 3u << 30, VD_DIST = (1u << 30) - 1 };

struct chopsat_solution {
    const chopsat_rules *rules;
    uint64_t n;
    uint32_t *vd; /* per index: value and distance (VD_*) */
};

/* Indices are stored as uint32_t. */
#define SOLVE_LIMIT 0xFFFFFFF0u

#endif
