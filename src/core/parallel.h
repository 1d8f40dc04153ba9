/* parallel.h: running one function on several workers at once (pthreads), for the explicit
 * engine's passes over index ranges and breadth-first layers. */
#ifndef CHOPSAT_PARALLEL_H
#define CHOPSAT_PARALLEL_H

#include <stddef.h>
#include <stdint.h>

#define PARALLEL_MAX 8

/* The number of workers for a pass over n items: one per online processor (at most
 * PARALLEL_MAX), 1 when n is small. */
int parallel_workers(uint64_t n);

/* Calls fn(arg + k * stride) for k = 0 .. nt-1 at once, the first in this thread, and returns
 * when all have returned. A worker whose thread cannot be created runs here. */
void parallel_run(int nt, void *(*fn)(void *), void *arg, size_t stride);

#endif
