/* oom.h: running out of memory without printing, exiting or aborting (chopsat.h,
 * chopsat_set_oom_handler). An allocation helper that cannot allocate calls cs_out_of_memory:
 * it calls the program's handler, if any, and then jumps back to the thread's recovery point,
 * set by the outermost public call the thread is in (CS_GUARDED below), which returns
 * CHOPSAT_NOMEM (or NULL, false, 0) with the message in its err. Cleanups registered with
 * cs_unwind_add run first (the BDD engine closed, a running external solver stopped and its
 * temporaries removed); the memory the call held is not released.
 *
 * The recovery points are per thread: parallel_run (parallel.c) gives each worker its own and
 * raises a worker's failure again in the calling thread once all have finished. Outside every
 * recovery point (never the case through the public API: only internal code run directly, as
 * the unit tests do, which install a handler), the helper waits for memory and tries again,
 * every tenth of a second: it still neither prints nor exits. */
#ifndef CHOPSAT_OOM_H
#define CHOPSAT_OOM_H

#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>

#include "chopsat.h"

/* A recovery point. */
typedef struct cs_guard {
    jmp_buf jb;
    bool active;           /* this guard is the thread's recovery point */
    bool outer;            /* a public call's (runs the cleanups), not a worker's */
    struct cs_guard *prev; /* the recovery point it covers (a worker's) */
    size_t asked;          /* the allocation that failed */
} cs_guard;

/* A public call starts: g becomes the thread's recovery point when there is none yet (an inner
 * public call leaves the outer one's in place). Call setjmp(g->jb) right after. */
void cs_guard_enter(cs_guard *g);
/* The call ends normally: the recovery point is removed if it was g. */
void cs_guard_leave(cs_guard *g);
/* After the jump back to g: runs the cleanups, removes g, writes "out of memory (asked for N
 * bytes)" into err (may be NULL) and returns CHOPSAT_NOMEM. */
int cs_guard_caught(cs_guard *g, chopsat_err *err);

/* A worker (parallel.c): g is the thread's recovery point until cs_guard_pop, whatever was
 * there before; its jump runs no cleanups (the public call's recovery point does, once the
 * failure is raised again there with cs_raise_nomem). */
void cs_guard_push(cs_guard *g);
void cs_guard_pop(cs_guard *g);
/* Jumps to the thread's recovery point as if an allocation of `asked` bytes had just failed,
 * without calling the handler again (it was called in the worker). */
void cs_raise_nomem(size_t asked);

/* The allocation helpers' call when malloc fails (util.c); returns only when there is no
 * recovery point, after a pause, for the caller to try again. */
void cs_out_of_memory(size_t asked);

/* A cleanup for a jump back to a public call's recovery point: fn(arg), run once and removed.
 * Nodes live in the caller's storage (no allocation); add is harmless for a node already in
 * the list. The list is the thread's. */
typedef struct cs_unwind {
    void (*fn)(void *arg);
    void *arg;
    struct cs_unwind *prev, *next;
    bool linked;
} cs_unwind;
void cs_unwind_add(cs_unwind *u);
void cs_unwind_remove(cs_unwind *u);

/* The body of a public call that can fail, run under a recovery point: returns `call` (of
 * `type`), or `nomem` with the message in err when an allocation failed and no handler ended
 * the program. CS_GUARDED_VOID: the same for a call that returns nothing. */
#define CS_GUARDED(type, nomem, err, call)                                                         \
    do {                                                                                           \
        cs_guard cs_g_;                                                                            \
        cs_guard_enter(&cs_g_);                                                                    \
        if (setjmp(cs_g_.jb)) return (cs_guard_caught(&cs_g_, (err)), (nomem));                    \
        type cs_r_ = (call);                                                                       \
        cs_guard_leave(&cs_g_);                                                                    \
        return cs_r_;                                                                              \
    } while (0)
#define CS_GUARDED_VOID(call)                                                                      \
    do {                                                                                           \
        cs_guard cs_g_;                                                                            \
        cs_guard_enter(&cs_g_);                                                                    \
        if (setjmp(cs_g_.jb)) {                                                                    \
            cs_guard_caught(&cs_g_, NULL);                                                         \
            return;                                                                                \
        }                                                                                          \
        call;                                                                                      \
        cs_guard_leave(&cs_g_);                                                                    \
    } while (0)

#endif
