/* test_unmoves.c: every game's un-move generator (game.h's unmoves, used by the tablebase
 * solver) against its move generator, exhaustively: for every position p of every preset at
 * fingers 2..8, of every option combination at fingers 2..6 and of the one-die game at several
 * targets, unmoves(p) is exactly the set of non-terminal q with p among moves(q), without
 * repeats. */
#include <stdlib.h>
#include <string.h>

#include "games/game.h"
#include "harness.h"

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Checks unmoves against moves at every position of spec; returns the number of edges. */
static uint64_t check_unmoves(const char *spec)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return 0;
    const game *g = r->game;
    uint64_t n = g->count(r), edges = 0;
    /* the forward edges, reversed: predecessors of j in pred[off[j] .. off[j+1]) */
    uint64_t *off = calloc(n + 1, sizeof *off);
    step *buf = malloc(g->max_moves(r) * sizeof *buf);
    chopsat_pos *ub = malloc(g->max_unmoves(r) * sizeof *ub);
    uint64_t *got = malloc(g->max_unmoves(r) * sizeof *got);
    chopsat_pos p;
    for (uint64_t i = 0; i < n; i++) {
        if (!g->unindex(r, i, &p) || g->winner(r, &p)) continue;
        size_t k = g->moves(r, &p, buf);
        for (size_t m = 0; m < k; m++)
            off[g->index(r, &buf[m].to) + 1]++;
    }
    for (uint64_t i = 0; i < n; i++)
        off[i + 1] += off[i];
    edges = off[n];
    uint64_t *pred = malloc((edges + 1) * sizeof *pred), *fill = malloc((n + 1) * sizeof *fill);
    memcpy(fill, off, (n + 1) * sizeof *fill);
    for (uint64_t i = 0; i < n; i++) {
        if (!g->unindex(r, i, &p) || g->winner(r, &p)) continue;
        size_t k = g->moves(r, &p, buf);
        for (size_t m = 0; m < k; m++)
            pred[fill[g->index(r, &buf[m].to)]++] = i;
    }
    int bad = 0;
    for (uint64_t j = 0; j < n && bad < 5; j++) {
        if (!g->unindex(r, j, &p)) continue;
        size_t k = g->unmoves(r, &p, ub);
        CHECKF(k <= g->max_unmoves(r), "%s: %zu un-moves", spec, k);
        for (size_t m = 0; m < k; m++)
            got[m] = g->index(r, &ub[m]);
        qsort(got, k, sizeof *got, cmp_u64);
        uint64_t *want = pred + off[j];
        size_t nw = (size_t)(off[j + 1] - off[j]);
        qsort(want, nw, sizeof *want, cmp_u64);
        bool same = k == nw && (k == 0 || !memcmp(got, want, k * sizeof *got));
        for (size_t m = 1; m < k && same; m++)
            same = got[m] != got[m - 1]; /* no repeats */
        if (!same) {
            char name[64];
            g->format(r, &p, name, sizeof name);
            test_fail(__FILE__, __LINE__, "%s: %s has %zu un-moves, %zu predecessors", spec, name,
                      k, nw);
            bad++;
        }
    }
    free(fill);
    free(pred);
    free(got);
    free(ub);
    free(buf);
    free(off);
    chopsat_rules_free(r);
    return edges;
}

TEST(unmoves_every_preset_fingers_2_to_8)
{
    const char *presets[] = {"standard", "no-split", "rollover", "even-split", "chinese"};
    for (size_t k = 0; k < sizeof presets / sizeof *presets; k++)
        for (int n = 2; n <= 8; n++) {
            char spec[64];
            snprintf(spec, sizeof spec, "%s,fingers=%d", presets[k], n);
            CHECKF(check_unmoves(spec) > 0, "%s: no edges", spec);
        }
}

static void unmoves_checked(const char *spec)
{
    check_unmoves(spec);
}

TEST(unmoves_every_option_combination)
{
    test_option_combinations(2, 6, unmoves_checked);
}

TEST(unmoves_onedie_targets)
{
    for (int t = 1; t <= 40; t++) {
        char spec[64];
        snprintf(spec, sizeof spec, "onedie,target=%d", t);
        CHECKF(check_unmoves(spec) > 0, "%s: no edges", spec);
    }
    CHECK(check_unmoves("onedie,target=100") > 0);
}

SCHEDULE_FILE(unmoves)
{
    SCHEDULE(unmoves_every_preset_fingers_2_to_8);
    SCHEDULE(unmoves_every_option_combination);
    SCHEDULE(unmoves_onedie_targets);
}
