/* parallel.c: one function on several workers at once (parallel.h). */
#include "core/parallel.h"

#include <pthread.h>
#include <stdbool.h>
#include <unistd.h>

int parallel_workers(uint64_t n)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    int nt = cpus < 1 ? 1 : cpus > PARALLEL_MAX ? PARALLEL_MAX : (int)cpus;
    return n < 4096 ? 1 : nt;
}

void parallel_run(int nt, void *(*fn)(void *), void *arg, size_t stride)
{
    pthread_t tid[PARALLEL_MAX];
    bool started[PARALLEL_MAX] = {false};
    char *base = arg;
    for (int t = 1; t < nt && t < PARALLEL_MAX; t++) {
        started[t] = pthread_create(&tid[t], NULL, fn, base + (size_t)t * stride) == 0;
        if (!started[t]) fn(base + (size_t)t * stride);
    }
    fn(base);
    for (int t = 1; t < nt && t < PARALLEL_MAX; t++)
        if (started[t]) pthread_join(tid[t], NULL);
}
