/* test_tablebase.c: the tablebase solver (solve.c: un-moves, no stored edges, threads) against
 * the edge-list solver kept as a reference (tests/unit/solve_edges.c), value by value and distance
 * by distance at every index of every preset at fingers 2..32, of option combinations and of the
 * one-die game at several targets; and the up-front memory refusal. */
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

/* Compares both solvers at every index of spec; returns the number of positions compared. */
static uint64_t compare_solvers(const char *spec)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return 0;
    chopsat_err err;
    chopsat_solution *a = chopsat_solve(r, NULL, NULL, &err);
    chopsat_solution *b = solve_with_edges(r, &err);
    uint64_t count = 0;
    int bad = 0;
    if (a && b && a->n == b->n) {
        for (uint64_t i = 0; i < a->n && bad < 5; i++) {
            count += a->vd[i] != VD_INVALID;
            if (a->vd[i] == b->vd[i]) continue;
            chopsat_pos p;
            char name[64] = "?";
            if (r->game->unindex(r, i, &p)) r->game->format(r, &p, name, sizeof name);
            test_fail(__FILE__, __LINE__, "%s: %s tablebase %08x, edges %08x", spec, name, a->vd[i],
                      b->vd[i]);
            bad++;
        }
    } else {
        test_fail(__FILE__, __LINE__, "%s: a solver failed", spec);
    }
    chopsat_solution_free(a);
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
