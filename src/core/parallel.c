/* parallel.c: one function on several workers at once (parallel.h). Each worker runs under a
 * recovery point of its own (core/oom.h): one that runs out of memory stops, and once every
 * worker has finished the failure is raised again in the calling thread, whose public call
 * then returns CHOPSAT_NOMEM. */
#include "core/parallel.h"

#include <pthread.h>
#include <stdbool.h>
#include <unistd.h>

#include "core/oom.h"

/* One worker: its function and argument, and the allocation that failed in it (0: none). */
typedef struct job {
    void *(*fn)(void *);
    void *arg;
    size_t failed;
} job;

static void *run_job(void *p)
{
    job *j = p;
    cs_guard g;
    cs_guard_push(&g);
    if (setjmp(g.jb)) {
        j->failed = g.asked ? g.asked : 1;
        cs_guard_pop(&g);
        return NULL;
    }
    j->fn(j->arg);
    cs_guard_pop(&g);
    return NULL;
}

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
    job jobs[PARALLEL_MAX];
    char *base = arg;
    if (nt > PARALLEL_MAX) nt = PARALLEL_MAX;
    if (nt < 1) nt = 1;
    for (int t = 0; t < nt; t++)
        jobs[t] = (job){fn, base + (size_t)t * stride, 0};
    for (int t = 1; t < nt; t++) {
        started[t] = pthread_create(&tid[t], NULL, run_job, &jobs[t]) == 0;
        if (!started[t]) run_job(&jobs[t]);
    }
    run_job(&jobs[0]);
    for (int t = 1; t < nt; t++)
        if (started[t]) pthread_join(tid[t], NULL);
    for (int t = 0; t < nt; t++)
        if (jobs[t].failed) cs_raise_nomem(jobs[t].failed);
}
