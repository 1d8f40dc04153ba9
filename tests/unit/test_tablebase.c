/* test_tablebase.c: the tablebase solver (solve.c: un-moves, no stored edges, threads; wide and
 * narrow values) against the edge-list solver kept as a reference (tests/unit/solve_edges.c), value
 * by value and distance by distance at every index of every preset at fingers 2..32, of option
 * combinations and of the one-die game at several targets; and the up-front memory refusal. */
#include <stdlib.h>
#include <string.h>

#include "explicit/solve.h"
#include "games/game.h"
#include "harness.h"
#include "solve_edges.h"

/* The sanitizer builds run the sweep to 16 fingers (fingers 17..32 take minutes there); the
 * release and clang builds run it to 32. */
#if defined(__SANITIZE_ADDRESS__)
#define MAX_FINGERS 16
#else
#define MAX_FINGERS 32
#endif

/* Compares solution a (the tablebase solver's, `name`) with the reference b at every index;
 * returns the number of positions compared. */
static uint64_t compare_values(const chopsat_rules *r, const char *spec, const char *name,
                               const chopsat_solution *a, const chopsat_solution *b)
{
    uint64_t count = 0;
    int bad = 0;
    for (uint64_t i = 0; i < a->n && bad < 5; i++) {
        uint32_t va = solution_vd(a, i), vb = solution_vd(b, i);
        count += va != VD_INVALID;
        if (va == vb) continue;
        chopsat_pos p;
        char pos[64] = "?";
        if (r->game->unindex(r, i, &p)) r->game->format(r, &p, pos, sizeof pos);
        test_fail(__FILE__, __LINE__, "%s: %s %s tablebase %08x, edges %08x", spec, pos, name, va,
                  vb);
        bad++;
    }
    return count;
}

/* Compares the tablebase solver, as chopsat_solve runs it and at both widths with low counter
 * caps (solve.h, so that counters are counted again), with the edge-list solver at every index of
 * spec; returns the number of positions compared. A narrow solve whose distances pass what it keeps
 * must say so. */
static uint64_t compare_solvers(const char *spec)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return 0;
    chopsat_err err;
    chopsat_solution *b = solve_with_edges(r, &err);
    uint64_t count = 0;
    for (int width = 0; width < 3; width++) {
        const char *name = width == 0   ? "(solve)"
                           : width == 1 ? "(wide, counters capped at 3)"
                                        : "(narrow, counters capped at 2)";
        chopsat_err e = {{0}};
        chopsat_solution *a = width == 0
                                  ? chopsat_solve(r, NULL, NULL, &e)
                                  : solve_width(r, width == 2, (unsigned)width + 1, NULL, NULL, &e);
        if (a && b && a->n == b->n)
            count += compare_values(r, spec, name, a, b);
        else if (width == 2 && !a)
            CHECKF(strstr(e.msg, "a distance passes"), "%s: %s", spec, e.msg);
        else
            test_fail(__FILE__, __LINE__, "%s: %s a solver failed", spec, name);
        chopsat_solution_free(a);
    }
    chopsat_solution_free(b);
    chopsat_rules_free(r);
    return count;
}

TEST(tablebase_agrees_with_edges_every_preset_fingers_2_to_32)
{
    const char *presets[] = {"standard", "no-split", "rollover", "even-split", "chinese"};
    for (size_t k = 0; k < sizeof presets / sizeof *presets; k++)
        for (int n = 2; n <= MAX_FINGERS; n++) {
            char spec[64];
            snprintf(spec, sizeof spec, "%s,fingers=%d", presets[k], n);
            CHECKF(compare_solvers(spec) > 0, "%s: nothing compared", spec);
        }
}

TEST(tablebase_agrees_with_edges_options_and_onedie)
{
    const char *specs[] = {
        "standard,suicide=no,fingers=11",
        "standard,revive=no,fingers=13",
        "standard,hands=ordered,suicide=no,revive=no,fingers=12",
        "standard,tap=self-add,fingers=10",
        "standard,tap=self-add,overflow=rollover,hands=ordered,fingers=9",
        "standard,win=finish,fingers=14",
        "no-split,win=finish,overflow=rollover,fingers=15",
        "even-split,hands=ordered,fingers=16",
        "chinese,split=free,fingers=12",
        "onedie,target=1",
        "onedie,target=7",
        "onedie",
        "onedie,target=1000",
        "onedie,target=100000",
    };
    for (size_t k = 0; k < sizeof specs / sizeof *specs; k++)
        CHECKF(compare_solvers(specs[k]) > 0, "%s: nothing compared", specs[k]);
}

TEST(tablebase_refuses_what_memory_cannot_hold)
{
    chopsat_rules *r = test_rules("standard,fingers=64");
    REQUIRE(r);
    setenv("CHOPSAT_MEMORY", "50", 1); /* MiB: less than the 8.65 M positions need */
    chopsat_err err = {{0}};
    chopsat_solution *s = chopsat_solve(r, NULL, NULL, &err);
    unsetenv("CHOPSAT_MEMORY");
    CHECK(s == NULL);
    CHECKF(strstr(err.msg, "needs about") && strstr(err.msg, "CHOPSAT_MEMORY"), "%s", err.msg);
    chopsat_solution_free(s);
    chopsat_rules_free(r);
}

SCHEDULE_FILE(tablebase)
{
    SCHEDULE(tablebase_agrees_with_edges_every_preset_fingers_2_to_32);
    SCHEDULE(tablebase_agrees_with_edges_options_and_onedie);
    SCHEDULE(tablebase_refuses_what_memory_cannot_hold);
}
