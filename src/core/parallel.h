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

/* A worker's appends to an array that workers share (a breadth-first queue): up to
 * APPEND_BUFFER entries are kept in the worker, then copied to the array's end in one block
 * claimed atomically, so what the workers append costs no memory beyond the array (the order
 * within what they append together depends on their timing). */
#define APPEND_BUFFER 1024
typedef struct appender {
    uint32_t *dst;
    uint64_t *end; /* the array's end, shared */
    uint32_t n, buf[APPEND_BUFFER];
} appender;

/* Copies the kept entries to the shared array. */
static inline void append_flush(appender *a)
{
    if (!a->n) return;
    uint64_t at = __atomic_fetch_add(a->end, a->n, __ATOMIC_RELAXED);
    for (uint32_t i = 0; i < a->n; i++)
        a->dst[at + i] = a->buf[i];
    a->n = 0;
}

static inline void append(appender *a, uint32_t x)
{
    if (a->n == APPEND_BUFFER) append_flush(a);
    a->buf[a->n++] = x;
}

#endif
