/* bdd_layers.c: the BDD engine's forcing layers (bdd_layers.h): the backward fixpoint layer by
 * layer, the other player's layers of a symmetric game as a mirror image, membership and sizes,
 * and the value of a position from both players' closed layers. */
#include "bdd/bdd_engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"

typedef struct layer {
    BDD w[2]; /* cumulative: positions forced within k, mover 1 and mover 2 */
} layer;

/* A layer's figures recorded by a tally while the fixpoint runs. */
typedef struct tally {
    double fresh[2];        /* positions first in the layer, per mover */
    chopsat_count exact[2]; /* the same, exactly */
    bool exact_ok[2];       /* the exact counts fit */
    int nodes;              /* nodes of the layer (both movers) */
} tally;

struct bddg_layers {
    bddg_game *g;
    int player;
    bool won_goal;               /* the goal is "player has won" (no target) */
    bool mirrored;               /* made by bddg_layers_mirror */
    VEC(layer) k;                /* every layer, or only the last when a tally keeps none */
    int n;                       /* the layers computed */
    bool kept;                   /* every layer is in k */
    VEC(tally) t;                /* a tally's figures per layer (empty without a tally) */
    int watch_k[BDDG_WATCH_MAX]; /* the first layer of each watched position, -1 none */
    bool closed;
    bool widened; /* the fixpoint widened the caches (bddg_widen) */
    double seconds;
};

/* "mover m to move, not over, some move reaches x" (x over the current variables). */
static BDD pre_exists(bddg_game *g, int m, BDD x)
{
    BDD xn = ref(bdd_replace(x, g->to_next));
    BDD pre = ref(bdd_relprod(g->T[m - 1], xn, g->nextset));
    unref(xn);
    return pre;
}

/* "mover m to move, not over, every move reaches x": no move reaches outside x. */
static BDD pre_forall(bddg_game *g, int m, BDD x)
{
    BDD out = ref(bdd_not(x));
    BDD outn = ref(bdd_replace(out, g->to_next));
    unref(out);
    BDD leaves = ref(bdd_relprod(g->T[m - 1], outn, g->nextset));
    unref(outn);
    BDD pre = ref(bdd_not(leaves));
    unref(leaves);
    update(&pre, g->terminal, bddop_diff);
    return pre;
}

static BDD goal_set(bddg_game *g, int player, const chopsat_pos *target, int mover)
{
    if (!target) return ref(bdd_and(g->won[mover - 1][player - 1], g->domain));
    if ((int)target->mover != mover) return bdd_false();
    return bddg_cube(g, target);
}

/* Counts the positions of d (both movers' new positions of a layer) into *t. */
static void tally_count(const bddg_game *g, const BDD d[2], tally *t)
{
    for (int m = 0; m < 2; m++) {
        bddg_u128 n;
        bool ok = bddg_count_exact(g, d[m], &n);
        t->exact[m] = bddg_count_of(n);
        t->fresh[m] = ok ? (double)n : bddg_count(g, d[m]);
        t->exact_ok[m] = ok;
    }
}

/* Records layer l (number k; prev the layer before, NULL for k = 0) in L's tally: its new
 * positions' counts, its nodes, and the watched positions first in it. */
static void tally_layer(bddg_layers *L, const bddg_tally *tl, const layer *l, const layer *prev,
                        int k)
{
    tally t;
    BDD d[2];
    for (int m = 0; m < 2; m++)
        d[m] = prev ? ref(bdd_apply(l->w[m], prev->w[m], bddop_diff)) : ref(l->w[m]);
    tally_count(L->g, d, &t);
    unref(d[0]);
    unref(d[1]);
    t.nodes = bdd_anodecount((BDD *)l->w, 2);
    VEC_PUSH(L->t, t);
    for (int i = 0; i < tl->nwatch; i++)
        if (L->watch_k[i] < 0 && bddg_member(L->g, l->w[tl->watch[i].mover - 1], &tl->watch[i]))
            L->watch_k[i] = k;
}

/* Adds layer l (referenced, number L->n) to L: kept, or in place of the last. */
static void add_layer(bddg_layers *L, const bddg_tally *tl, layer l)
{
    if (tl) tally_layer(L, tl, &l, L->n ? &L->k.items[L->k.n - 1] : NULL, L->n);
    if (L->kept || !L->k.n)
        VEC_PUSH(L->k, l);
    else {
        unref(L->k.items[0].w[0]);
        unref(L->k.items[0].w[1]);
        L->k.items[0] = l;
    }
    L->n++;
}

/* The fixpoint of bddg_layers_new and bddg_layers_tally (tl NULL: no tally, every layer kept). */
static bddg_layers *layers_run(bddg_game *g, int player, const chopsat_pos *target, int kmax,
                               const bddg_tally *tl, chopsat_err *err)
{
    double t0 = now_seconds();
    bddg_layers *L = xcalloc(1, sizeof *L);
    L->g = g;
    L->player = player;
    L->won_goal = !target;
    L->kept = !tl || tl->keep;
    for (int i = 0; i < BDDG_WATCH_MAX; i++)
        L->watch_k[i] = -1;
    layer l0;
    for (int m = 1; m <= 2; m++)
        l0.w[m - 1] = goal_set(g, player, target, m);
    add_layer(L, tl, l0);
    int P = player - 1, O = 1 - P;
    BDD frontier = ref(l0.w[O]); /* the opponent-side positions new in the last layer */
    bool grew = true;            /* the player's side grew in the last layer (layer 0 did) */
    while ((kmax < 0 || L->n <= kmax) && !bddg_failed()) {
        const layer *last = &L->k.items[L->k.n - 1];
        layer nl;
        BDD ex = pre_exists(g, player, frontier);
        nl.w[P] = ref(bdd_or(last->w[P], ex));
        update(&nl.w[P], g->domain, bddop_and);
        unref(ex);
        if (grew) { /* else the universal preimage is that of the layer before, in last */
            BDD all = pre_forall(g, 3 - player, last->w[P]);
            nl.w[O] = ref(bdd_or(last->w[O], all));
            update(&nl.w[O], g->domain, bddop_and);
            unref(all);
        } else
            nl.w[O] = ref(last->w[O]);
        grew = nl.w[P] != last->w[P];
        unref(frontier);
        frontier = ref(bdd_apply(nl.w[O], last->w[O], bddop_diff));
        if (nl.w[P] == last->w[P] && nl.w[O] == last->w[O]) {
            unref(nl.w[0]);
            unref(nl.w[1]);
            L->closed = true;
            break;
        }
        add_layer(L, tl, nl);
        if (L->n == g->wide_layers) {
            bddg_widen();
            L->widened = true;
        }
        if (g->wide_layers > 0 && L->n >= g->wide_layers) bddg_widen_step();
        if (g->progress && L->n % 1024 == 0) {
            char phase[64];
            snprintf(phase, sizeof phase, "BDD layers: k = %d (player %d)", L->n, player);
            g->progress(g->progress_ctx, phase, 0.0);
        }
    }
    unref(frontier);
    L->seconds = now_seconds() - t0;
    if (bddg_check(err, "the layers")) {
        bddg_layers_free(L);
        return NULL;
    }
    return L;
}

bddg_layers *bddg_layers_new(bddg_game *g, int player, const chopsat_pos *target, int kmax,
                             chopsat_err *err)
{
    return layers_run(g, player, target, kmax, NULL, err);
}

bddg_layers *bddg_layers_tally(bddg_game *g, int player, const bddg_tally *t, chopsat_err *err)
{
    return layers_run(g, player, NULL, -1, t, err);
}

bool bddg_layers_kept(const bddg_layers *L)
{
    return L->kept;
}

int bddg_layers_watched(const bddg_layers *L, int i)
{
    return L->watch_k[i];
}

bddg_layers *bddg_layers_mirror(const bddg_layers *L, chopsat_err *err)
{
    bddg_game *g = L->g;
    if (!L->won_goal || !L->kept || !bddg_symmetric(g)) {
        if (err) err->msg[0] = 0;
        return NULL;
    }
    double t0 = now_seconds();
    bddg_layers *M = xcalloc(1, sizeof *M);
    M->g = g;
    M->player = 3 - L->player;
    M->won_goal = true;
    M->mirrored = true;
    M->closed = L->closed;
    for (size_t k = 0; k < L->k.n && !bddg_failed(); k++) {
        layer l;
        for (int m = 0; m < 2; m++)
            l.w[m] = bddg_mirror(g, L->k.items[k].w[1 - m]);
        VEC_PUSH(M->k, l);
    }
    M->n = (int)M->k.n;
    M->kept = true;
    for (int i = 0; i < BDDG_WATCH_MAX; i++)
        M->watch_k[i] = -1;
    M->seconds = now_seconds() - t0;
    if (bddg_check(err, "mirroring the layers")) {
        bddg_layers_free(M);
        return NULL;
    }
    return M;
}

bool bddg_layers_mirrored(const bddg_layers *L)
{
    return L->mirrored;
}

bool bddg_layers_widened(const bddg_layers *L)
{
    return L->widened;
}

bool bddg_layers_same(const bddg_layers *a, const bddg_layers *b)
{
    if (a->g != b->g || a->player != b->player || a->closed != b->closed || a->k.n != b->k.n)
        return false;
    for (size_t k = 0; k < a->k.n; k++)
        for (int m = 0; m < 2; m++)
            if (a->k.items[k].w[m] != b->k.items[k].w[m]) return false;
    return true;
}

void bddg_layers_free(bddg_layers *L)
{
    if (!L) return;
    for (size_t i = 0; i < L->k.n; i++) {
        unref(L->k.items[i].w[0]);
        unref(L->k.items[i].w[1]);
    }
    VEC_FREE(L->k);
    VEC_FREE(L->t);
    free(L);
}

int bddg_layers_n(const bddg_layers *L)
{
    return L->n;
}
bool bddg_layers_closed(const bddg_layers *L)
{
    return L->closed;
}
double bddg_layers_seconds(const bddg_layers *L)
{
    return L->seconds;
}

int bddg_layer_of(const bddg_layers *L, const chopsat_pos *pos)
{
    int m = (int)pos->mover - 1;
    if (!bddg_member(L->g, L->k.items[L->k.n - 1].w[m], pos)) return -1;
    int lo = 0, hi = (int)L->k.n - 1; /* in layer hi; find the least */
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (bddg_member(L->g, L->k.items[mid].w[m], pos))
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

double bddg_layer_new(const bddg_layers *L, int k, int mover)
{
    BDD s = L->k.items[k].w[mover - 1];
    if (k == 0) return bddg_count(L->g, s);
    BDD d = ref(bdd_apply(s, L->k.items[k - 1].w[mover - 1], bddop_diff));
    double n = bddg_count(L->g, d);
    unref(d);
    return n;
}

bool bddg_layer_counts(const bddg_layers *L, int k, int mover, double *approx, chopsat_count *exact)
{
    if (L->t.n) {
        const tally *t = &L->t.items[k];
        *approx = t->fresh[mover - 1];
        *exact = t->exact[mover - 1];
        return t->exact_ok[mover - 1];
    }
    BDD s = L->k.items[k].w[mover - 1];
    BDD d = k ? ref(bdd_apply(s, L->k.items[k - 1].w[mover - 1], bddop_diff)) : ref(s);
    bddg_u128 n;
    bool ok = bddg_count_exact(L->g, d, &n);
    *exact = bddg_count_of(n);
    *approx = ok ? (double)n : bddg_count(L->g, d);
    unref(d);
    return ok;
}

int bddg_layer_nodes(const bddg_layers *L, int k)
{
    if (L->t.n) return L->t.items[k].nodes;
    return bdd_anodecount((BDD *)L->k.items[k].w, 2);
}

BDD bddg_layers_final(const bddg_layers *L, int m)
{
    return L->k.items[L->k.n - 1].w[m];
}

int bddg_layers_deepest(const bddg_layers *L, const BDD *reach)
{
    for (int k = (int)L->k.n - 1; k >= 0; k--) {
        for (int m = 0; m < 2; m++) {
            BDD fresh = k ? ref(bdd_apply(L->k.items[k].w[m], L->k.items[k - 1].w[m], bddop_diff))
                          : ref(L->k.items[k].w[m]);
            BDD x = ref(bdd_and(fresh, reach[m]));
            bool any = x != bdd_false();
            unref(x);
            unref(fresh);
            if (any) return k;
        }
    }
    return -1;
}

/* Is some position of img outside layer k (k < 0: the empty layer) for mover m? */
static bool leaves_layer(const bddg_layers *L, BDD img, int k, int m)
{
    if (k < 0) return img != bdd_false();
    BDD x = ref(bdd_apply(img, L->k.items[k].w[m], bddop_diff));
    bool any = x != bdd_false();
    unref(x);
    return any;
}

/* Does some position of img lie in layer k for mover m? */
static bool meets_layer(const bddg_layers *L, BDD img, int k, int m)
{
    BDD x = ref(bdd_and(img, L->k.items[k].w[m]));
    bool any = x != bdd_false();
    unref(x);
    return any;
}

/* The least-ordered position of img with no position of layer below (below < 0: any), into *out. */
static void pick_above(const bddg_layers *L, BDD img, int below, int m, chopsat_pos *out)
{
    BDD s = below < 0 ? ref(img) : ref(bdd_apply(img, L->k.items[below].w[m], bddop_diff));
    BDD one = ref(bdd_satoneset(s, L->g->curset, bdd_false()));
    bddg_decode(L->g, one, m + 1, out);
    unref(one);
    unref(s);
}

int bddg_layers_pick(const bddg_layers *L, const chopsat_pos *pos, bool least, chopsat_pos *out,
                     chopsat_err *err)
{
    int m = 2 - (int)pos->mover, n = (int)L->k.n; /* m: the successors' mover, 0-based */
    BDD c = bddg_cube(L->g, pos);
    BDD img = bddg_image(L->g, (int)pos->mover, c);
    unref(c);
    int k = -1;
    if (bddg_failed())
        k = -2;
    else if (img == bdd_false())
        k = -1;
    else if (least ? !meets_layer(L, img, n - 1, m) : leaves_layer(L, img, n - 1, m)) {
        k = n;
        if (!least) pick_above(L, img, n - 1, m, out);
    } else {
        /* binary search: least, the least layer img meets; else the least layer holding all of
         * img (the greatest layer of a successor) */
        int lo = 0, hi = n - 1;
        while (lo < hi) {
            int mid = (lo + hi) / 2;
            if (least ? meets_layer(L, img, mid, m) : !leaves_layer(L, img, mid, m))
                hi = mid;
            else
                lo = mid + 1;
        }
        k = lo;
        if (least) {
            BDD s = ref(bdd_and(img, L->k.items[k].w[m]));
            pick_above(L, s, -1, m, out);
            unref(s);
        } else
            pick_above(L, img, k - 1, m, out);
    }
    unref(img);
    return bddg_check(err, "choosing a move") ? -2 : k;
}

/* ---- the whole game ---- */

int bddg_value(const bddg_layers *const by[2], const chopsat_pos *pos, uint32_t *distance)
{
    int m = (int)pos->mover;
    int k = bddg_layer_of(by[m - 1], pos);
    if (k >= 0) {
        *distance = (uint32_t)k;
        return CHOPSAT_WIN;
    }
    k = bddg_layer_of(by[2 - m], pos);
    *distance = k >= 0 ? (uint32_t)k : 0;
    return k >= 0 ? CHOPSAT_LOSS : CHOPSAT_DRAW;
}
