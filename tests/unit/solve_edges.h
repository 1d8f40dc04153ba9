/* solve_edges.h: the edge-list solver, the unit tests' reference for the tablebase solver
 * (tests/unit/solve_edges.c; built into the unit tests only, never into the library). */
#ifndef CHOPSAT_TEST_SOLVE_EDGES_H
#define CHOPSAT_TEST_SOLVE_EDGES_H

#include "chopsat.h"

/* The retrograde solve of the whole game keeping every reversed edge in memory (the engine
 * before the tablebase solver; several times slower and larger): the same results as
 * chopsat_solve, or NULL with *err set. */
chopsat_solution *solve_with_edges(const chopsat_rules *r, chopsat_err *err);

#endif
