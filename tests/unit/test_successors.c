/* test_successors.c: the optional successor-index generator (game.h's successors, used by the
 * statistics' walk and the solver's move counts) against index() of every move: for every
 * non-terminal position of every preset at fingers 2..9 and 24, and of every option
 * combination at fingers 2..7, successors(p) is exactly the set of indices of moves(p)'s
 * positions, without repeats; and successor_count(p), the count without the list, is their
 * number (it may decline, SIZE_MAX, only with self-add taps). */
#include <stdlib.h>
#include <string.h>

#include "games/game.h"
#include "harness.h"

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Whether r's taps are self-add (option "tap" at its second choice). */
static bool taps_self_add(const chopsat_rules *r)
{
    const game *g = r->game;
    for (int k = 0; g->options[k].key; k++)
        if (!strcmp(g->options[k].key, "tap")) return g->get_option(r, k) == 1;
    return false;
}

/* Checks successors against moves at every position of spec; returns the number of edges
 * (0 when the game has no successors generator). */
static uint64_t check_successors(const char *spec)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return 0;
    const game *g = r->game;
    uint64_t n = g->count(r), edges = 0;
    size_t mm = g->max_moves(r);
    step *buf = malloc(mm * sizeof *buf);
    uint64_t *want = malloc(mm * sizeof *want), *got = malloc((mm + 1) * sizeof *got);
    chopsat_pos p;
    int bad = 0;
    for (uint64_t i = 0; g->successors && i < n && bad < 5; i++) {
        if (!g->unindex(r, i, &p) || g->winner(r, &p)) continue;
        size_t k = g->moves(r, &p, buf);
        for (size_t m = 0; m < k; m++)
            want[m] = g->index(r, &buf[m].to);
        got[mm] = 0xC0FFEE; /* a guard past the room the table promises */
        size_t kg = g->successors(r, &p, got);
        CHECKF(kg <= mm && got[mm] == 0xC0FFEE, "%s: %zu successors", spec, kg);
        qsort(want, k, sizeof *want, cmp_u64);
        qsort(got, kg, sizeof *got, cmp_u64);
        bool same = k == kg && (k == 0 || !memcmp(got, want, k * sizeof *got));
        for (size_t m = 1; m < kg && same; m++)
            same = got[m] != got[m - 1]; /* no repeats */
        if (!same) {
            char name[64];
            g->format(r, &p, name, sizeof name);
            test_fail(__FILE__, __LINE__, "%s: %s has %zu successors, %zu moves", spec, name, kg,
                      k);
            bad++;
        }
        size_t kc = g->successor_count ? g->successor_count(r, &p) : SIZE_MAX;
        if (g->successor_count && (kc == SIZE_MAX ? !taps_self_add(r) : kc != k)) {
            char name[64];
            g->format(r, &p, name, sizeof name);
            test_fail(__FILE__, __LINE__, "%s: %s has %zu successors, a count of %zu", spec, name,
                      k, kc);
            bad++;
        }
        edges += k;
    }
    free(got);
    free(want);
    free(buf);
    chopsat_rules_free(r);
    return edges;
}

static void successors_have_edges(const char *spec)
{
    CHECKF(check_successors(spec) > 0, "%s: no edges", spec);
}

TEST(successors_every_preset)
{
    test_presets(successors_have_edges);
}

TEST(successors_every_option_combination)
{
    test_option_combinations(2, 7, successors_have_edges);
}

SCHEDULE_FILE(successors)
{
    SCHEDULE(successors_every_preset);
    SCHEDULE(successors_every_option_combination);
}
