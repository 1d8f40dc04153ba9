/* bdd_reach.c: the BDD engine's forward images (bdd_reach.h): one forward walk from a start,
 * move by move, under each mover's relation (forward_start, forward_step), which counts the
 * positions within K moves (bddg_within) and gathers the reachable positions for the statistics
 * (bddg_stats). */
#include "bdd/bdd_engine.h"

#include <string.h>

#include "core/util.h"

/* ---- the forward walk ---- */

/* The positions reached so far and those new in the last step, per mover to move (all
 * referenced). */
typedef struct forward {
    BDD reach[2], front[2];
} forward;

/* The walk at `from`: reached and new are {from}. */
static void forward_start(bddg_game *g, const chopsat_pos *from, forward *f)
{
    for (int m = 0; m < 2; m++)
        f->reach[m] = ref(bdd_false()), f->front[m] = ref(bdd_false());
    int m0 = (int)from->mover - 1;
    unref(f->front[m0]);
    f->front[m0] = bddg_cube(g, from);
    update(&f->reach[m0], f->front[m0], bddop_or);
}

/* Did the last step find nothing new (no further step can)? */
static bool forward_done(const forward *f)
{
    return f->front[0] == bdd_false() && f->front[1] == bdd_false();
}

/* One move more: the new positions are the images of the last new ones not reached before. */
static void forward_step(bddg_game *g, forward *f)
{
    BDD nf[2];
    for (int m = 0; m < 2; m++) {
        nf[1 - m] = bddg_image(g, m + 1, f->front[m]);
        update(&nf[1 - m], f->reach[1 - m], bddop_diff);
    }
    for (int m = 0; m < 2; m++) {
        unref(f->front[m]);
        f->front[m] = nf[m];
        update(&f->reach[m], f->front[m], bddop_or);
    }
}

static void forward_free(forward *f)
{
    for (int m = 0; m < 2; m++) {
        unref(f->reach[m]);
        unref(f->front[m]);
    }
}

/* ---- what the walk is for ---- */

int bddg_within(bddg_game *g, const chopsat_pos *from, int k, double limit, double *out, int *steps,
                chopsat_err *err)
{
    *out = 0;
    forward f;
    forward_start(g, from, &f);
    int t = 0;
    for (; t < k && !bddg_failed() && *out <= limit; t++) {
        if (forward_done(&f)) {
            t = k; /* complete: nothing new within any bound */
            break;
        }
        if (bdd_anodecount(f.reach, 2) > 20000) break; /* arithmetic sets grow: stop early */
        forward_step(g, &f);
        *out = bddg_count(g, f.reach[0]) + bddg_count(g, f.reach[1]);
    }
    *out = bddg_count(g, f.reach[0]) + bddg_count(g, f.reach[1]);
    *steps = t < k ? t : k;
    forward_free(&f);
    return bddg_check(err, "positions within K");
}

/* *acc += the positions of set (mover m), exactly; false when a count passes 2^64 - 1. */
static bool add_count(const bddg_game *g, BDD set, uint64_t *acc)
{
    bddg_u128 n;
    if (!bddg_count_exact(g, set, &n) || n > UINT64_MAX - *acc) return false;
    *acc += (uint64_t)n;
    return true;
}

int bddg_stats(bddg_game *g, const bddg_layers *const by[2], const chopsat_pos *from,
               chopsat_stats *out, chopsat_err *err)
{
    memset(out, 0, sizeof *out);
    forward f;
    forward_start(g, from, &f);
    for (int depth = 0; !bddg_failed() && !forward_done(&f); depth++) {
        out->depth = (uint64_t)depth;
        forward_step(g, &f);
    }
    BDD *reach = f.reach;
    BDD both = ref(bdd_and(g->curset, g->nextset)); /* the union of two variable sets */
    bool fits = true;
    for (int m = 0; m < 2; m++) {
        BDD over = ref(bdd_and(reach[m], g->terminal));
        BDD e = ref(bdd_and(g->T[m], reach[m]));
        BDD live = ref(bdd_apply(reach[m], g->terminal, bddop_diff));
        BDD win = ref(bdd_and(live, bddg_layers_final(by[m], m)));
        BDD loss = ref(bdd_and(live, bddg_layers_final(by[1 - m], m)));
        BDD decided = ref(bdd_apply(win, loss, bddop_or));
        BDD draw = ref(bdd_apply(live, decided, bddop_diff));
        unref(decided);
        bddg_u128 edges;
        fits = fits && add_count(g, reach[m], &out->positions) &&
               add_count(g, over, &out->terminal) && bddg_count_vars(e, both, &edges) &&
               edges <= UINT64_MAX - out->edges && add_count(g, win, &out->wins) &&
               add_count(g, loss, &out->losses) && add_count(g, draw, &out->draws);
        if (fits) out->edges += (uint64_t)edges;
        unref(draw);
        unref(win);
        unref(loss);
        unref(e);
        unref(over);
        unref(reach[m]);
        reach[m] = live;
    }
    unref(both);
    for (int p = 0; p < 2; p++) {
        int d = bddg_layers_deepest(by[p], reach);
        if (d > (int)out->longest_distance) out->longest_distance = (uint64_t)d;
    }
    forward_free(&f);
    if (bddg_check(err, "reachability")) return CHOPSAT_ERROR;
    if (fits) return CHOPSAT_OK;
    fail(err, "stats: a count of the reachable positions or their edges passes 2^64 - 1, more "
              "than the statistics hold");
    return CHOPSAT_LIMIT;
}
