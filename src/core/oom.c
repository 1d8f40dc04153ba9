/* oom.c: the out-of-memory handler and the recovery points of public calls (oom.h). The
 * handler is the library's one process-wide setting; the recovery points and cleanups are per
 * thread. */
#include "core/oom.h"

#include <stdio.h>
#include <time.h>

static chopsat_oom_fn oom_fn;
static void *oom_ctx;
static _Thread_local cs_guard *recovery;  /* the thread's recovery point, NULL when none */
static _Thread_local cs_unwind *cleanups; /* the most recent first */

void chopsat_set_oom_handler(chopsat_oom_fn fn, void *ctx)
{
    oom_fn = fn;
    oom_ctx = ctx;
}

void cs_guard_enter(cs_guard *g)
{
    g->asked = 0;
    g->prev = NULL;
    g->outer = true;
    g->active = recovery == NULL;
    if (g->active) recovery = g;
}

void cs_guard_leave(cs_guard *g)
{
    if (g->active && recovery == g) recovery = g->prev;
    g->active = false;
}

void cs_guard_push(cs_guard *g)
{
    g->asked = 0;
    g->outer = false;
    g->active = true;
    g->prev = recovery;
    recovery = g;
}

void cs_guard_pop(cs_guard *g)
{
    cs_guard_leave(g);
}

int cs_guard_caught(cs_guard *g, chopsat_err *err)
{
    while (g->outer && cleanups) {
        cs_unwind *u = cleanups;
        cs_unwind_remove(u);
        u->fn(u->arg);
    }
    size_t asked = g->asked;
    cs_guard_leave(g);
    if (err) snprintf(err->msg, sizeof err->msg, "out of memory (asked for %zu bytes)", asked);
    return CHOPSAT_NOMEM;
}

void cs_raise_nomem(size_t asked)
{
    cs_guard *g = recovery;
    if (!g) return;
    g->asked = asked;
    longjmp(g->jb, 1);
}

void cs_out_of_memory(size_t asked)
{
    if (oom_fn) oom_fn(oom_ctx, asked);
    cs_raise_nomem(asked);
    struct timespec pause = {0, 100000000};
    nanosleep(&pause, NULL);
}

void cs_unwind_add(cs_unwind *u)
{
    if (u->linked) return;
    u->prev = NULL;
    u->next = cleanups;
    if (cleanups) cleanups->prev = u;
    cleanups = u;
    u->linked = true;
}

void cs_unwind_remove(cs_unwind *u)
{
    if (!u->linked) return;
    if (u->prev)
        u->prev->next = u->next;
    else if (cleanups == u)
        cleanups = u->next;
    if (u->next) u->next->prev = u->prev;
    u->prev = u->next = NULL;
    u->linked = false;
}
