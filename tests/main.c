/* tests/main.c: runs the registered unit tests and prints one line per test and the closing
 * line `N passed, N failed`. An optional argument selects the tests whose name contains it. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "harness.h"

typedef struct {
    const char *name;
    test_fn fn;
} entry;

static entry tests[1024];
static int ntests, failures_in_test;

void test_register(const char *name, test_fn fn)
{
    if (ntests < 1024) tests[ntests++] = (entry){name, fn};
}

void test_fail(const char *file, int line, const char *fmt, ...)
{
    if (failures_in_test++ >= 10) return; /* keep the log readable */
    va_list ap;
    va_start(ap, fmt);
    fprintf(stdout, "    %s:%d: ", file, line);
    vfprintf(stdout, fmt, ap);
    fprintf(stdout, "\n");
    va_end(ap);
}

int test_failed(void) { return failures_in_test; }

chopsat_rules *test_rules(const char *spec)
{
    chopsat_err err;
    chopsat_rules *r = chopsat_rules_parse(spec, &err);
    if (!r) test_fail(__FILE__, __LINE__, "rules '%s': %s", spec, err.msg);
    return r;
}

chopsat_rules *test_solved(const char *spec, chopsat_solution **sol)
{
    *sol = NULL;
    chopsat_rules *r = test_rules(spec);
    if (!r) return NULL;
    chopsat_err err;
    *sol = chopsat_solve(r, NULL, NULL, &err);
    if (*sol) return r;
    test_fail(__FILE__, __LINE__, "%s: %s", spec, err.msg);
    chopsat_rules_free(r);
    return NULL;
}

void test_option_combinations(int lo, int hi, void (*each)(const char *spec))
{
    const char *overflow[] = {"cutoff", "rollover"}, *hands[] = {"unordered", "ordered"},
               *tap[] = {"opponent", "self-add"}, *win[] = {"eliminate", "finish"},
               *split[] = {"none", "even-lone", "free,suicide=no,revive=no",
                           "free,suicide=no,revive=yes", "free,suicide=yes,revive=no",
                           "free,suicide=yes,revive=yes"};
    for (int n = lo; n <= hi; n++)
        for (int i = 0; i < 2 * 2 * 2 * 2 * 6; i++) {
            char spec[160];
            snprintf(spec, sizeof spec,
                     "standard,fingers=%d,overflow=%s,hands=%s,tap=%s,win=%s,split=%s", n,
                     overflow[i % 2], hands[i / 2 % 2], tap[i / 4 % 2], win[i / 8 % 2],
                     split[i / 16]);
            each(spec);
        }
}

chopsat_pos test_pos(const chopsat_rules *r, const char *text)
{
    chopsat_err err;
    chopsat_pos p = {{0}, 0};
    if (chopsat_pos_parse(r, text, &p, &err)) test_fail(__FILE__, __LINE__, "position '%s': %s", text, err.msg);
    return p;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(((const entry *)a)->name, ((const entry *)b)->name);
}

void test_out_of_memory(void *ctx, size_t bytes)
{
    (void)ctx;
    printf("FAIL out of memory (asked for %zu bytes)\n", bytes);
    fflush(stdout);
    exit(1);
}

int main(int argc, char **argv)
{
    int passed = 0, failed = 0;
    chopsat_set_oom_handler(test_out_of_memory, NULL);
    qsort(tests, (size_t)ntests, sizeof tests[0], by_name);
    for (int i = 0; i < ntests; i++) {
        if (argc > 1 && !strstr(tests[i].name, argv[1])) continue;
        failures_in_test = 0;
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        tests[i].fn();
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
        printf("%s %s (%.2fs)\n", failures_in_test ? "FAIL" : "ok  ", tests[i].name, s);
        fflush(stdout);
        if (failures_in_test) failed++;
        else passed++;
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
