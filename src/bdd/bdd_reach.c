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
    for (int m = 0; m < 2; m++) f->reach[m] = ref(bdd_false()), f->front[m] = ref(bdd_false());
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

int bddg_within(bddg_game *g, const chopsat_pos *from, int k, double limit, double *out,
                int *steps, chopsat_err *err)
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

/* Positions of set (mover m) that a player's final layer holds. */
static double count_in(const bddg_game *g, BDD set, BDD in)
{
    BDD x = ref(bdd_and(set, in));
    double n = bddg_count(g, x);
    unref(x);
    return n;
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
    for (int m = 0; m < 2; m++) {
        out->positions += (uint64_t)bddg_count(g, reach[m]);
        out->terminal += (uint64_t)count_in(g, reach[m], g->terminal);
        BDD e = ref(bdd_and(g->T[m], reach[m]));
        out->edges += (uint64_t)bdd_satcountset(e, both);
        unref(e);
        BDD live = ref(bdd_apply(reach[m], g->terminal, bddop_diff));
        BDD win = ref(bdd_and(live, bddg_layers_final(by[m], m)));
        BDD loss = ref(bdd_and(live, bddg_layers_final(by[1 - m], m)));
        double nl = bddg_count(g, live), nw = bddg_count(g, win), nlo = bddg_count(g, loss);
        out->wins += (uint64_t)nw;
        out->losses += (uint64_t)nlo;
        out->draws += (uint64_t)(nl - nw - nlo);
        unref(win);
        unref(loss);
        unref(reach[m]);
        reach[m] = live;
    }
    unref(both);
    for (int p = 0; p < 2; p++) {
        int d = bddg_layers_deepest(by[p], reach);
        if (d > (int)out->longest_distance) out->longest_distance = (uint64_t)d;
    }
    forward_free(&f);
    return bddg_check(err, "reachability");
}
