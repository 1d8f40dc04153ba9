/* harness.h: a small unit-test harness. `TEST(name) { ... }` defines a test (a static
 * function); each test file ends with its schedule, `SCHEDULE_FILE(file) { SCHEDULE(name); ...
 * }`, which lists its tests in the order they run, and tests/unit/main.c calls the schedule of
 * every file from the lowest layer up. A test left out of its file's schedule is an unused
 * static function, which this header makes a compile error (whatever the CFLAGS); a file left
 * out of main.c fails tests/lint/tests.sh. CHECK(cond) records a failure and goes on,
 * REQUIRE(cond) records it and leaves the test. The runner runs every scheduled test (or those
 * whose name contains argv[1]) and ends with the line `N passed, N failed`. */
#ifndef CHOPSAT_TEST_HARNESS_H
#define CHOPSAT_TEST_HARNESS_H

#include <stdio.h>

#include "chopsat.h"

#pragma GCC diagnostic error "-Wunused-function"

typedef void (*test_fn)(void);
/* Appends a test to the run (SCHEDULE calls it); the file is the test's source, for messages. */
void test_schedule(const char *name, test_fn fn, const char *file);
void test_fail(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int test_failed(void);

#define TEST(name) static void test_##name(void)
/* The schedule of the test file test_<file>.c, called by tests/unit/main.c. */
#define SCHEDULE_FILE(file)                                                                        \
    void schedule_##file(void);                                                                    \
    void schedule_##file(void)
#define SCHEDULE(name) test_schedule(#name, test_##name, __FILE__)

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) test_fail(__FILE__, __LINE__, "CHECK(%s)", #cond);                            \
    } while (0)
#define CHECKF(cond, ...)                                                                          \
    do {                                                                                           \
        if (!(cond)) test_fail(__FILE__, __LINE__, __VA_ARGS__);                                   \
    } while (0)
#define REQUIRE(cond)                                                                              \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            test_fail(__FILE__, __LINE__, "REQUIRE(%s)", #cond);                                   \
            return;                                                                                \
        }                                                                                          \
    } while (0)

/* The tests' out-of-memory handler (chopsat_set_oom_handler), installed by main: the test
 * run fails at once with one line. */
void test_out_of_memory(void *ctx, size_t bytes);

/* Parses rules or a position and fails the test (returning NULL / false) when they do not. */
chopsat_rules *test_rules(const char *spec);
chopsat_pos test_pos(const chopsat_rules *r, const char *text);
/* The rules of spec and their explicit solution (*sol); NULL, with the test failed, when either
 * fails. */
chopsat_rules *test_solved(const char *spec, chopsat_solution **sol);
/* A deep copy of src into *dst, which the caller frees with chopsat_invariant_free. */
void test_invariant_copy(chopsat_invariant *dst, const chopsat_invariant *src);
/* Calls each(spec) for the chopsticks rules of every combination of options (overflow, hands,
 * tap, win, split with suicide and revive) at fingers lo..hi. */
void test_option_combinations(int lo, int hi, void (*each)(const char *spec));
/* Calls each(spec) for every chopsticks preset, ordered hands and self-add taps, at fingers 2..9
 * and 24. */
void test_presets(void (*each)(const char *spec));

#endif
