/* harness.h: a small unit-test harness. `TEST(name) { ... }` defines and registers a test;
 * CHECK(cond) records a failure and goes on, REQUIRE(cond) records it and leaves the test.
 * tests/main.c runs every registered test (or those whose name contains argv[1]) and ends with
 * the line `N passed, N failed`. */
#ifndef CHOPSAT_TEST_HARNESS_H
#define CHOPSAT_TEST_HARNESS_H

#include <stdio.h>

#include "chopsat.h"

typedef void (*test_fn)(void);
void test_register(const char *name, test_fn fn);
void test_fail(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int test_failed(void);

#define TEST(name)                                                                             \
    static void test_##name(void);                                                             \
    __attribute__((constructor)) static void register_##name(void)                             \
    {                                                                                          \
        test_register(#name, test_##name);                                                     \
    }                                                                                          \
    static void test_##name(void)

#define CHECK(cond)                                                                            \
    do {                                                                                       \
        if (!(cond)) test_fail(__FILE__, __LINE__, "CHECK(%s)", #cond);                        \
    } while (0)
#define CHECKF(cond, ...)                                                                      \
    do {                                                                                       \
        if (!(cond)) test_fail(__FILE__, __LINE__, __VA_ARGS__);                               \
    } while (0)
#define REQUIRE(cond)                                                                          \
    do {                                                                                       \
        if (!(cond)) {                                                                         \
            test_fail(__FILE__, __LINE__, "REQUIRE(%s)", #cond);                               \
            return;                                                                            \
        }                                                                                      \
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
/* Calls each(spec) for the chopsticks rules of every combination of options (overflow, hands,
 * tap, win, split with suicide and revive) at fingers lo..hi. */
void test_option_combinations(int lo, int hi, void (*each)(const char *spec));

#endif
