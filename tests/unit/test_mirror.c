/* test_mirror.c: the mirror of a symmetric game (game.h's mirror_index and mirror_successors,
 * which let the solver keep only player 1's half): at every index position of every preset at
 * fingers 2..9 and 24 and of every option combination at fingers 2..7, the mirror exchanges
 * the halves and is its own inverse, its position is the players' hands exchanged with the
 * other mover, the winner is the other player, the moves of the mirror lead to the mirrors of
 * the moves' positions (the rules treat both players alike), and mirror_successors lists the
 * mirrors of successors. */
#include <stdlib.h>
#include <string.h>

#include "games/game.h"
#include "harness.h"

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* p with the players' hands exchanged and the other mover (two hands each). */
static chopsat_pos swapped(const chopsat_pos *p)
{
    chopsat_pos q = *p;
    q.v[0] = p->v[2], q.v[1] = p->v[3], q.v[2] = p->v[0], q.v[3] = p->v[1];
    q.mover = 3 - p->mover;
    return q;
}

/* The sorted indices of moves(p)'s positions into out (room for max_moves); how many. */
static size_t move_indices(const chopsat_rules *r, const chopsat_pos *p, step *buf, uint64_t *out)
{
    const game *g = r->game;
    size_t k = g->moves(r, p, buf);
    for (size_t m = 0; m < k; m++)
        out[m] = g->index(r, &buf[m].to);
    qsort(out, k, sizeof *out, cmp_u64);
    return k;
}

/* Whether index i of r is mirrored as the rules say (failures reported); a = moves of i. */
static bool check_one(const chopsat_rules *r, const char *spec, uint64_t i, step *buf, uint64_t *a,
                      uint64_t *b)
{
    const game *g = r->game;
    uint64_t n = g->count(r), j = g->mirror_index(r, i);
    chopsat_pos p, q;
    if (!g->unindex(r, i, &p)) return true;
    char name[64];
    g->format(r, &p, name, sizeof name);
    if (j >= n || (i < n / 2) == (j < n / 2) || g->mirror_index(r, j) != i)
        return test_fail(__FILE__, __LINE__, "%s: %s: mirror %llu of %llu", spec, name,
                         (unsigned long long)j, (unsigned long long)i),
               false;
    chopsat_pos s = swapped(&p);
    if (!g->unindex(r, j, &q) || !chopsat_pos_equal(&q, &s))
        return test_fail(__FILE__, __LINE__, "%s: %s: the mirror is another position", spec, name),
               false;
    int w = g->winner(r, &p), wq = g->winner(r, &q);
    if ((w ? 3 - w : 0) != wq)
        return test_fail(__FILE__, __LINE__, "%s: %s: winner %d, mirror's %d", spec, name, w, wq),
               false;
    if (w) return true;
    size_t k = move_indices(r, &p, buf, a), kq = move_indices(r, &q, buf, b);
    for (size_t m = 0; m < k; m++)
        a[m] = g->mirror_index(r, a[m]);
    qsort(a, k, sizeof *a, cmp_u64);
    if (k != kq || (k && memcmp(a, b, k * sizeof *a)))
        return test_fail(__FILE__, __LINE__, "%s: %s: the mirror's moves differ", spec, name),
               false;
    size_t ks = g->mirror_successors(r, &p, b);
    qsort(b, ks, sizeof *b, cmp_u64);
    if (ks != k || (k && memcmp(a, b, k * sizeof *a)))
        return test_fail(__FILE__, __LINE__, "%s: %s: mirror_successors differ", spec, name), false;
    return true;
}

/* Checks the mirror at every index position of spec (a game of two hands each). */
static void check_mirror(const char *spec)
{
    chopsat_rules *r = test_rules(spec);
    if (!r) return;
    const game *g = r->game;
    CHECKF(g->mirror_index && g->mirror_successors, "%s: no mirror", spec);
    size_t mm = g->max_moves(r);
    step *buf = malloc(mm * sizeof *buf);
    uint64_t *a = malloc(mm * sizeof *a), *b = malloc(mm * sizeof *b);
    int bad = 0;
    for (uint64_t i = 0; g->mirror_index && i < g->count(r) && bad < 5; i++)
        bad += !check_one(r, spec, i, buf, a, b);
    free(a);
    free(b);
    free(buf);
    chopsat_rules_free(r);
}

TEST(mirror_every_preset)
{
    test_presets(check_mirror);
}

TEST(mirror_every_option_combination)
{
    test_option_combinations(2, 7, check_mirror);
}

TEST(mirror_only_where_the_players_are_alike)
{
    const char *specs[] = {"standard,count=3/2", "standard,count=3", "onedie"};
    for (size_t k = 0; k < sizeof specs / sizeof *specs; k++) {
        chopsat_rules *r = test_rules(specs[k]);
        if (!r) continue;
        CHECKF(!r->game->mirror_index, "%s: a mirror the solver would trust", specs[k]);
        chopsat_rules_free(r);
    }
}

SCHEDULE_FILE(mirror)
{
    SCHEDULE(mirror_every_preset);
    SCHEDULE(mirror_every_option_combination);
    SCHEDULE(mirror_only_where_the_players_are_alike);
}
