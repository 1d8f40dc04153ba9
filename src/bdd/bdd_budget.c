/* bdd_budget.c: the BDD nodes that the forward walk of the statistics (bddg_stats) needs,
 * estimated from the game's number of positions before anything is built (bdd_reach.h:
 * bddg_walk_fits), so that a walk that cannot fit the node limit is refused at once instead of
 * failing at the limit after minutes (docs/forced.md, "The statistics' forward walk").
 *
 * The model, measured on the standard rules from the start (release build; the largest set is
 * the largest BDD of the walk's reached or new positions, the peak the most live nodes after a
 * garbage collection, relation and layers included):
 *
 *   fingers  positions P      largest set  peak live   CPU
 *        16        36,992           2,201          -   0.04 s
 *        32       557,568          18,279     45,472   0.55 s
 *        64     8,652,800         152,851    408,006   6.1 s
 *       128   136,323,072       1,374,734  3,509,734  106.5 s
 *       160   331,788,800               -  6,896,465  259.9 s
 *       184   579,360,800               - 10,053,627  422.7 s
 *
 * Each doubling of fingers multiplies P by about 15.7 and the largest set by 8.3, 8.4 and 9.0:
 * the sets grow as P^0.78, P^0.78 and P^0.80. The peak is
 *
 *   peak(P) = 3,509,734 * (P / 136,323,072)^0.8
 *
 * (the growth of the last doubling, the fastest measured, from the peak at fingers=128), and the
 * walk needs a node table of 1.5 peak(P): the garbage between two collections and the work of an
 * image need room too. fingers=209, whose peak(P) is the whole default table (16.77 million),
 * failed at the limit after 434 s; fingers=184, the largest at which 1.5 peak(P) fits it, answers
 * (docs/forced.md). Other rule sets of the chopsticks family grew alike from 16 to 32 fingers
 * (no-split, rollover, even-split, tap=self-add, win=finish: sets within 15% of standard's);
 * ordered hands (chinese, hands=ordered) grow faster than the model says, so there the walk can
 * still fail at the node limit after the estimate let it through. peak(P) is within 11% of every
 * measured peak (43,118 at 32 and 386,673 at 64, 5% under; 7,150,034 at 160 and 11,168,067 at 184,
 * 4% and 11% over). The start does not enter it: from another position the walk is taken to need
 * as much (as the explicit statistics' memory estimate does). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bdd/bdd_reach.h"
#include "core/util.h"
#include "games/game.h"
#include "games/rules.h"

#define MODEL_POSITIONS 136323072.0 /* P at fingers=128 */
#define MODEL_NODES     3509734.0   /* the walk's peak live nodes there */
#define MODEL_EXPONENT  0.8
#define MODEL_ROOM      1.5        /* the table the walk needs, in peaks */
#define DEFAULT_NODES   (1u << 24) /* bddg_opts' max_nodes 0 (bdd_engine.c) */
#define NODES_LEAST     (1u << 16) /* CHOPSAT_BDD_NODES' range */
#define NODES_MOST      (1u << 30)

/* The node table the walk needs for a game of p positions (p 0: too many to count, more than
 * any limit). */
static double walk_nodes(uint64_t p)
{
    if (!p) return HUGE_VAL;
    return MODEL_ROOM * MODEL_NODES * pow((double)p / MODEL_POSITIONS, MODEL_EXPONENT);
}

/* The index of the game's first number option (the one that sizes it: fingers, target), or
 * -1. */
static int size_option(const struct game *g)
{
    for (int k = 0; g->options[k].key; k++)
        if (!g->options[k].values) return k;
    return -1;
}

/* The largest value of option k, from its least up to below `from`, at which the walk of r's
 * game with that value fits max nodes; 0 when none does. */
static uint64_t largest_fitting(const chopsat_rules *r, int k, uint64_t from, double max)
{
    const struct game *g = r->game;
    chopsat_rules *t = xmalloc(g->rules_size);
    memcpy(t, r, g->rules_size);
    uint64_t lo = g->options[k].lo, hi = from; /* the answer is in [lo - 1, hi) */
    g->set_option(t, k, lo);
    if (walk_nodes(g->count(t)) > max) lo = 0, hi = 0;
    while (hi - lo > 1) { /* lo fits, hi does not */
        uint64_t mid = lo + (hi - lo) / 2;
        g->set_option(t, k, mid);
        if (walk_nodes(g->count(t)) <= max)
            lo = mid;
        else
            hi = mid;
    }
    free(t);
    return lo;
}

int bddg_node_limit(uint32_t asked, uint32_t *out, chopsat_err *err)
{
    *out = asked ? asked : DEFAULT_NODES;
    const char *env = getenv("CHOPSAT_BDD_NODES");
    if (asked || !env || !*env) return 0;
    uint64_t v = 0;
    for (const char *c = env; *c; c++) {
        if (*c < '0' || *c > '9' || v > NODES_MOST)
            return fail(err, "CHOPSAT_BDD_NODES='%.40s' is not a number of BDD nodes", env);
        v = v * 10 + (uint64_t)(*c - '0');
    }
    if (v < NODES_LEAST || v > NODES_MOST)
        return fail(err, "CHOPSAT_BDD_NODES=%.40s: the node limit must be %u to %u", env,
                    NODES_LEAST, NODES_MOST);
    *out = (uint32_t)v;
    return 0;
}

int bddg_walk_fits(const chopsat_rules *r, uint32_t max_nodes, chopsat_err *err)
{
    double max = max_nodes ? max_nodes : DEFAULT_NODES;
    uint64_t p = r->game->count(r);
    double need = walk_nodes(p);
    if (need <= max) return CHOPSAT_OK;
    char size[96] = "", fits[96] = "no size of these rules fits";
    int k = size_option(r->game);
    if (k >= 0) {
        const char *key = r->game->options[k].key;
        uint64_t v = r->game->get_option(r, k), best = largest_fitting(r, k, v, max);
        snprintf(size, sizeof size, "at %s=%llu ", key, (unsigned long long)v);
        if (best)
            snprintf(fits, sizeof fits, "the largest %s that fits is %llu", key,
                     (unsigned long long)best);
    }
    char pos[64] = "too many positions to count", nodes[64] = "more BDD nodes than the limit";
    if (p) snprintf(pos, sizeof pos, "%llu positions", (unsigned long long)p);
    if (!isinf(need))
        snprintf(nodes, sizeof nodes, "about %.*f%s BDD nodes, more than the limit",
                 need >= 1e6 ? 1 : 0, need >= 1e6 ? need / 1e6 : need,
                 need >= 1e6 ? " million" : "");
    fail(err,
         "bdd: the statistics' forward walk %s(%s) needs %s of %.0f; %s (CHOPSAT_BDD_NODES "
         "raises the limit; docs/forced.md, \"The statistics' forward walk\")",
         size, pos, nodes, max, fits);
    return CHOPSAT_LIMIT;
}
