/* tests/unit/main.c: the unit tests' runner. It builds the schedule (each test file's schedule
 * function, from the lowest layer of docs/architecture.md up, so that a broken layer shows
 * first), runs the scheduled tests in that order, prints one line per test and the closing line
 * `N passed, N failed`. An optional argument selects the tests whose name contains it. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "harness.h"

typedef struct {
    const char *name, *file;
    test_fn fn;
} entry;

static entry *tests; /* the schedule, in order; grows without a cap */
static size_t ntests, room;
static int failures_in_test;

void test_schedule(const char *name, test_fn fn, const char *file)
{
    if (ntests == room) {
        room = room ? 2 * room : 256;
        tests = realloc(tests, room * sizeof *tests);
        if (!tests) {
            fprintf(stdout, "FAIL the schedule: out of memory at %zu tests\n", ntests);
            exit(1);
        }
    }
    tests[ntests++] = (entry){name, file, fn};
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

int test_failed(void)
{
    return failures_in_test;
}

chopsat_rules *test_rules(const char *spec)
{
    chopsat_err err;
    chopsat_rules *r = chopsat_rules_parse(spec, &err);
    if (!r) test_fail(__FILE__, __LINE__, "rules '%s': %s", spec, err.msg);
    return r;
}

void test_invariant_copy(chopsat_invariant *dst, const chopsat_invariant *src)
{
    *dst = *src;
    dst->names = malloc((size_t)src->nbits * sizeof *dst->names + 1);
    dst->lits = malloc(src->nlits * sizeof *dst->lits + 1);
    if (!dst->names || !dst->lits) test_out_of_memory(NULL, 0);
    for (int i = 0; i < src->nbits; i++) {
        dst->names[i] = malloc(strlen(src->names[i]) + 1);
        if (!dst->names[i]) test_out_of_memory(NULL, 0);
        strcpy(dst->names[i], src->names[i]);
    }
    if (src->nlits) memcpy(dst->lits, src->lits, src->nlits * sizeof *dst->lits);
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
               *split[] = {"none",
                           "even-lone",
                           "free,suicide=no,revive=no",
                           "free,suicide=no,revive=yes",
                           "free,suicide=yes,revive=no",
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

void test_presets(void (*each)(const char *spec))
{
    const char *presets[] = {"standard",
                             "no-split",
                             "rollover",
                             "even-split",
                             "chinese",
                             "standard,hands=ordered",
                             "standard,tap=self-add"};
    int fingers[] = {2, 3, 4, 5, 6, 7, 8, 9, 24};
    for (size_t k = 0; k < sizeof presets / sizeof *presets; k++)
        for (size_t f = 0; f < sizeof fingers / sizeof *fingers; f++) {
            char spec[64];
            snprintf(spec, sizeof spec, "%s,fingers=%d", presets[k], fingers[f]);
            each(spec);
        }
}

chopsat_pos test_pos(const chopsat_rules *r, const char *text)
{
    chopsat_err err;
    chopsat_pos p = {{0}, 0, 0};
    if (chopsat_pos_parse(r, text, &p, &err))
        test_fail(__FILE__, __LINE__, "position '%s': %s", text, err.msg);
    return p;
}

/* Calls the schedule function of test_<file>.c (declared here: main.c is its only caller). */
#define FILE_TESTS(file)                                                                           \
    do {                                                                                           \
        void schedule_##file(void);                                                                \
        schedule_##file();                                                                         \
    } while (0)

/* Every test file, from the lowest layer up (the order of src/'s folders in
 * docs/architecture.md); a file is listed under the highest layer it tests. */
static void schedule(void)
{
    /* core/ */
    FILE_TESTS(json);
    FILE_TESTS(posmap);
    FILE_TESTS(oom);
    /* games/ */
    FILE_TESTS(rules);
    FILE_TESTS(query);
    FILE_TESTS(options);
    FILE_TESTS(position);
    FILE_TESTS(header);
    FILE_TESTS(typed_move);
    FILE_TESTS(successors);
    FILE_TESTS(mirror);
    FILE_TESTS(unmoves);
    FILE_TESTS(many);
    /* explicit/ */
    FILE_TESTS(solve);
    FILE_TESTS(tablebase);
    FILE_TESTS(within);
    FILE_TESTS(squarefree);
    FILE_TESTS(witness);
    FILE_TESTS(play);
    /* circuit/ */
    FILE_TESTS(circuit);
    FILE_TESTS(word);
    /* formats/ */
    FILE_TESTS(dimacs);
    FILE_TESTS(cnf_names);
    /* solvers/ */
    FILE_TESTS(sat);
    FILE_TESTS(subprocess);
    FILE_TESTS(runner);
    FILE_TESTS(qbf_eval);
    /* bounded/ */
    FILE_TESTS(tseitin);
    FILE_TESTS(unroll);
    FILE_TESTS(game_sym);
    FILE_TESTS(many_sym);
    FILE_TESTS(bmc);
    FILE_TESTS(cnf_export);
    FILE_TESTS(qbf);
    FILE_TESTS(unsat_core);
    /* unbounded/ */
    FILE_TESTS(unbounded);
    /* bdd/ */
    FILE_TESTS(bdd);
    FILE_TESTS(bdd_play);
    /* exports/ */
    FILE_TESTS(aiger);
    /* checked/ */
    FILE_TESTS(force);
    FILE_TESTS(ask);
    FILE_TESTS(settle);
    FILE_TESTS(certify);
    FILE_TESTS(decode_check);
    FILE_TESTS(many_engines);
    FILE_TESTS(bad_position);
    /* report/ */
    FILE_TESTS(report);
    FILE_TESTS(html);
    /* pack/ */
    FILE_TESTS(pack_gbd);
    /* grade/ */
    FILE_TESTS(grade);
    /* serve/ */
    FILE_TESTS(serve);
}

/* The first test scheduled twice (a slip in a SCHEDULE list), or NULL. */
static const entry *scheduled_twice(void)
{
    for (size_t i = 0; i < ntests; i++)
        for (size_t j = 0; j < i; j++)
            if (!strcmp(tests[i].name, tests[j].name)) return &tests[i];
    return NULL;
}

/* The tests' out-of-memory handler: the test run ends with the allocation's size. */
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
    schedule();
    const entry *twice = scheduled_twice();
    if (twice) {
        printf("FAIL %s: scheduled twice (%s)\n", twice->name, twice->file);
        printf("0 passed, 1 failed\n");
        return 1;
    }
    for (size_t i = 0; i < ntests; i++) {
        if (argc > 1 && !strstr(tests[i].name, argv[1])) continue;
        failures_in_test = 0;
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        tests[i].fn();
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
        printf("%s %s (%.2fs)\n", failures_in_test ? "FAIL" : "ok  ", tests[i].name, s);
        fflush(stdout);
        if (failures_in_test)
            failed++;
        else
            passed++;
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
