/* test_oom.c: running out of memory (core/oom.h, chopsat_set_oom_handler): without a handler a
 * public call returns CHOPSAT_NOMEM with the size in its message, from however deep (an inner
 * public call, a worker thread) the allocation failed; a handler that returns is called once
 * first; cleanups registered on the way run once; and a real public call under an address-space
 * limit gives NULL and the message instead of printing or aborting. */
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/oom.h"
#include "core/parallel.h"
#include "core/util.h"
#include "harness.h"

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#define HUGE ((size_t)1 << 62) /* no machine has it: malloc says NULL at once */

/* Asks for n bytes. Under AddressSanitizer, whose allocator reports an impossible size instead
 * of returning NULL, the helpers' call for a failed malloc is made directly. */
static void allocate(size_t n)
{
#ifdef UNDER_ASAN
    if (n == HUGE) cs_out_of_memory(n);
#endif
    free(xmalloc(n));
}

static int reached; /* how far a guarded body got */

static int alloc_body(size_t n)
{
    allocate(n);
    reached++;
    return CHOPSAT_OK;
}

/* A public call in miniature: allocates n bytes under a recovery point. */
static int guarded_alloc(size_t n, chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err, alloc_body(n));
}

static int outer_body(chopsat_err *err)
{
    chopsat_err inner;
    int rc = guarded_alloc(HUGE, &inner); /* does not return: the outer call's point catches */
    reached += 100;
    (void)err;
    return rc;
}

static int guarded_outer(chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err, outer_body(err));
}

static int handler_calls;
static size_t handler_size;
static void counting_handler(void *ctx, size_t bytes)
{
    (void)ctx;
    handler_calls++;
    handler_size = bytes;
}

TEST(oom_without_a_handler_a_call_returns_nomem)
{
    chopsat_set_oom_handler(NULL, NULL);
    chopsat_err err;
    reached = 0;
    CHECK(guarded_alloc(64, &err) == CHOPSAT_OK && reached == 1);
    CHECK(guarded_alloc(HUGE, &err) == CHOPSAT_NOMEM && reached == 1);
    CHECKF(!strcmp(err.msg, "out of memory (asked for 4611686018427387904 bytes)"), "%s", err.msg);
    /* the recovery point is gone afterwards: the next call works and can fail again */
    CHECK(guarded_alloc(64, NULL) == CHOPSAT_OK && reached == 2);
    CHECK(guarded_alloc(HUGE, NULL) == CHOPSAT_NOMEM);
    /* an inner public call's failure unwinds to the outermost call */
    reached = 0;
    CHECK(guarded_outer(&err) == CHOPSAT_NOMEM && reached == 0);
    CHECK(strstr(err.msg, "out of memory") != NULL);
    chopsat_set_oom_handler(test_out_of_memory, NULL);
}

TEST(oom_a_handler_that_returns_is_called_once)
{
    handler_calls = 0;
    chopsat_set_oom_handler(counting_handler, NULL);
    chopsat_err err;
    CHECK(guarded_alloc(HUGE, &err) == CHOPSAT_NOMEM);
    CHECK(handler_calls == 1 && handler_size == HUGE);
    CHECK(guarded_alloc(100, &err) == CHOPSAT_OK && handler_calls == 1);
    chopsat_set_oom_handler(test_out_of_memory, NULL);
}

/* Workers of parallel_run: the one numbered `fails` asks for too much. */
typedef struct worker {
    int index, fails;
    bool done;
} worker;

static void *work(void *arg)
{
    worker *w = arg;
    if (w->index == w->fails) allocate(HUGE);
    w->done = true;
    return NULL;
}

static int workers_body(int fails)
{
    worker w[2] = {{0, fails, false}, {1, fails, false}};
    parallel_run(2, work, w, sizeof *w);
    reached += 1000; /* not reached: the failure is raised again here */
    return CHOPSAT_OK + (w[0].done && w[1].done);
}

static int guarded_workers(int fails, chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err, workers_body(fails));
}

TEST(oom_in_a_worker_thread_is_raised_in_the_caller)
{
    chopsat_set_oom_handler(NULL, NULL);
    for (int fails = 0; fails <= 1; fails++) {
        chopsat_err err;
        reached = 0;
        CHECKF(guarded_workers(fails, &err) == CHOPSAT_NOMEM && reached == 0, "worker %d fails",
               fails);
        CHECK(strstr(err.msg, "4611686018427387904") != NULL);
    }
    CHECK(guarded_workers(-1, NULL) == 1); /* none fails: both done */
    chopsat_set_oom_handler(test_out_of_memory, NULL);
}

static int cleaned;
static void cleanup(void *arg)
{
    cleaned += *(int *)arg;
}

static int cleanup_body(void)
{
    static int one = 1, ten = 10;
    cs_unwind a = {.fn = cleanup, .arg = &one}, b = {.fn = cleanup, .arg = &ten};
    cs_unwind_add(&a);
    cs_unwind_add(&b);
    cs_unwind_add(&a);    /* twice: still once */
    cs_unwind_remove(&b); /* done with: not run */
    allocate(HUGE);
    return CHOPSAT_OK;
}

static int guarded_cleanup(chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err, cleanup_body());
}

TEST(oom_cleanups_run_once_on_the_way_out)
{
    chopsat_set_oom_handler(NULL, NULL);
    cleaned = 0;
    CHECK(guarded_cleanup(NULL) == CHOPSAT_NOMEM);
    CHECK(cleaned == 1);
    CHECK(guarded_alloc(HUGE, NULL) == CHOPSAT_NOMEM && cleaned == 1); /* the list is empty */
    chopsat_set_oom_handler(test_out_of_memory, NULL);
}

#ifndef UNDER_ASAN
/* The process's address space in bytes (/proc/self/statm), 0 if unknown. */
static size_t address_space(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long pages = 0;
    if (f && fscanf(f, "%lu", &pages) != 1) pages = 0;
    if (f) fclose(f);
    return (size_t)pages * (size_t)sysconf(_SC_PAGESIZE);
}
#endif

TEST(oom_a_real_call_under_an_address_limit)
{
#ifdef UNDER_ASAN
    printf("    (skipped under AddressSanitizer: it reserves terabytes of address space)\n");
#else
    /* in a child, so that the limit and what the failed call leaves behind go with it */
    fflush(stdout);
    pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        alarm(60); /* a call left without its recovery point would wait for memory for ever */
        chopsat_set_oom_handler(NULL, NULL);
        setenv("CHOPSAT_MEMORY", "100000", 1); /* the estimate lets the solve start */
        chopsat_err err;
        chopsat_rules *r = chopsat_rules_parse("standard,fingers=128", &err);
        if (!r) _exit(2);
        struct rlimit rl = {address_space() + ((size_t)128 << 20),
                            address_space() + ((size_t)128 << 20)};
        if (setrlimit(RLIMIT_AS, &rl)) _exit(3);
        /* 136 million positions: about 1.3 GB of arrays */
        chopsat_solution *s = chopsat_solve(r, NULL, NULL, &err);
        if (s) _exit(4);
        if (!strstr(err.msg, "out of memory (asked for ")) _exit(5);
        /* and the library still answers afterwards */
        chopsat_pos p;
        chopsat_moves ms = {0};
        chopsat_pos_start(r, &p);
        if (chopsat_moves_list(r, &p, &ms, NULL) != CHOPSAT_OK || ms.n == 0) _exit(6);
        _exit(0);
    }
    int status = 0;
    REQUIRE(waitpid(pid, &status, 0) == pid);
    CHECKF(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child status %d", status);
#endif
}

SCHEDULE_FILE(oom)
{
    SCHEDULE(oom_without_a_handler_a_call_returns_nomem);
    SCHEDULE(oom_a_handler_that_returns_is_called_once);
    SCHEDULE(oom_in_a_worker_thread_is_raised_in_the_caller);
    SCHEDULE(oom_cleanups_run_once_on_the_way_out);
    SCHEDULE(oom_a_real_call_under_an_address_limit);
}
