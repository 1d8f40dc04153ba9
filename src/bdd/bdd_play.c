/* bdd_play.c: playing from the BDD layers within a horizon (chopsat_horizon_* in chopsat.h;
 * docs/play.md, "Wide hands"): both players' forcing layers up to H moves, computed once (the
 * second the mirror of the first when the game is symmetric), and per position its value within
 * H, the layers' move, the number of its moves, its moves when few, and a uniformly random one,
 * all on the BDD of the position's successors (its image), never by listing its moves. A
 * chosen successor is named by the game's rules (chopsat_move_between). */
#include <stdlib.h>
#include <string.h>

#include "bdd/bdd_engine.h"
#include "core/oom.h"
#include "core/util.h"

struct chopsat_horizon {
    const chopsat_rules *r;
    bddg_game *g;
    bddg_layers *by[2]; /* by[p]: player p+1 has won within k, k = 0..horizon */
    int horizon;
    double seconds;
};

/* ---- the layers ---- */

/* Player 1's layers, and player 2's as their mirror when the game is symmetric (else computed
 * the same way); -1 with a message when the engine fails. */
static int layers_both(chopsat_horizon *h, chopsat_err *err)
{
    h->by[0] = bddg_layers_new(h->g, 1, NULL, h->horizon, err);
    if (!h->by[0]) return -1;
    chopsat_err merr = {{0}};
    h->by[1] = bddg_layers_mirror(h->by[0], &merr);
    if (!h->by[1] && merr.msg[0]) {
        if (err) *err = merr;
        return -1;
    }
    if (!h->by[1]) h->by[1] = bddg_layers_new(h->g, 2, NULL, h->horizon, err);
    return h->by[1] ? 0 : -1;
}

/* chopsat_horizon_new inside the out-of-memory guard. */
static chopsat_horizon *horizon_new_body(const chopsat_rules *r, int horizon,
                                         const chopsat_bdd_opts *o, chopsat_err *err)
{
    if (horizon < 1 || horizon > CHOPSAT_HORIZON_MAX) {
        fail(err, "horizon: %d is out of range (1 to %d moves)", horizon, CHOPSAT_HORIZON_MAX);
        return NULL;
    }
    bddg_opts bo;
    if (bddg_opts_of(o, &bo, err)) return NULL;
    double t0 = now_seconds();
    chopsat_horizon *h = xcalloc(1, sizeof *h);
    h->r = r;
    h->horizon = horizon;
    h->g = bddg_new(r, &bo, err);
    if (!h->g || layers_both(h, err)) {
        chopsat_horizon_free(h);
        return NULL;
    }
    h->seconds = now_seconds() - t0;
    return h;
}

chopsat_horizon *chopsat_horizon_new(const chopsat_rules *r, int horizon, const chopsat_bdd_opts *o,
                                     chopsat_err *err)
{
    CS_GUARDED(chopsat_horizon *, NULL, err, horizon_new_body(r, horizon, o, err));
}

void chopsat_horizon_free(chopsat_horizon *h)
{
    if (!h) return;
    bddg_layers_free(h->by[0]);
    bddg_layers_free(h->by[1]);
    bddg_free(h->g);
    free(h);
}

int chopsat_horizon_depth(const chopsat_horizon *h)
{
    return h->horizon;
}
double chopsat_horizon_seconds(const chopsat_horizon *h)
{
    return h->seconds;
}

/* ---- the value and the layers' move ---- */

int chopsat_horizon_value(const chopsat_horizon *h, const chopsat_pos *pos, uint32_t *distance)
{
    if (chopsat_pos_check(h->r, pos, NULL)) { /* no position of these rules: no value */
        *distance = 0;
        return CHOPSAT_UNKNOWN;
    }
    int m = (int)pos->mover;
    int k = bddg_layer_of(h->by[m - 1], pos);
    int v = CHOPSAT_WIN;
    if (k < 0) {
        k = bddg_layer_of(h->by[2 - m], pos);
        v = k < 0 ? CHOPSAT_UNKNOWN : CHOPSAT_LOSS;
    }
    *distance = k < 0 ? 0 : (uint32_t)k;
    return v;
}

/* The successor the layers choose at pos (see chopsat_horizon_move), into *to; -1 with a
 * message when pos has no move or the engine failed. */
static int choose_successor(chopsat_horizon *h, const chopsat_pos *pos, chopsat_pos *to,
                            chopsat_err *err)
{
    int me = (int)pos->mover - 1;
    /* least: a successor in the mover's own layers, the least one (a win within H: its
     * fastest; otherwise one in layer H, a win within H + 1) */
    int k = bddg_layers_pick(h->by[me], pos, true, to, err);
    if (k == -2) return -1;
    if (k == -1) return fail(err, "play: the game is over: there is no move to choose");
    if (k < bddg_layers_n(h->by[me])) return 0;
    /* else the slowest for the opponent: outside its layers when a successor is, else the
     * greatest of its layers */
    k = bddg_layers_pick(h->by[1 - me], pos, false, to, err);
    return k < 0 ? -1 : 0;
}

/* Names the move from pos to the successor to by the game's rules into *move; -1 with a
 * message when the rules know no such move (the two halves of the game would disagree). */
static int name_move(const chopsat_horizon *h, const chopsat_pos *pos, const chopsat_pos *to,
                     chopsat_move *move, chopsat_err *err)
{
    if (chopsat_move_between(h->r, pos, to, move, NULL) == CHOPSAT_OK) return 0;
    char a[CHOPSAT_POS_MAX], b[CHOPSAT_POS_MAX];
    chopsat_pos_format(h->r, pos, a, sizeof a);
    chopsat_pos_format(h->r, to, b, sizeof b);
    return fail(err,
                "play: the BDD relation leads from %s to %s, which no move of the rules "
                "does",
                a, b);
}

static int horizon_move_body(chopsat_horizon *h, const chopsat_pos *pos, chopsat_move *move,
                             chopsat_err *err)
{
    chopsat_pos to;
    if (choose_successor(h, pos, &to, err) || name_move(h, pos, &to, move, err))
        return CHOPSAT_ERROR;
    return CHOPSAT_OK;
}

int chopsat_horizon_move(chopsat_horizon *h, const chopsat_pos *pos, chopsat_move *move,
                         chopsat_err *err)
{
    if (chopsat_pos_check(h->r, pos, err)) return CHOPSAT_ERROR;
    CS_GUARDED(int, CHOPSAT_NOMEM, err, horizon_move_body(h, pos, move, err));
}

/* ---- the moves of a position, on its image ---- */

/* The successors of pos as a set over the current variables, within the game's positions
 * (referenced). */
static BDD image_of(chopsat_horizon *h, const chopsat_pos *pos)
{
    BDD c = bddg_cube(h->g, pos);
    BDD img = bddg_image(h->g, (int)pos->mover, c);
    unref(c);
    update(&img, h->g->domain, bddop_and);
    return img;
}

/* The exact number of the successors img; -1 with a message when the engine failed or the
 * count passes 2^128 - 1. */
static int image_count(chopsat_horizon *h, BDD img, bddg_u128 *n, chopsat_err *err)
{
    if (bddg_check(err, "the moves of a position")) return -1;
    if (!bddg_count_exact(h->g, img, n)) return fail(err, "play: the moves pass 2^128 - 1");
    return 0;
}

static int horizon_count_body(chopsat_horizon *h, const chopsat_pos *pos, chopsat_count *n,
                              chopsat_err *err)
{
    BDD img = image_of(h, pos);
    bddg_u128 c;
    int rc = image_count(h, img, &c, err);
    unref(img);
    if (rc) return CHOPSAT_ERROR;
    *n = bddg_count_of(c);
    return CHOPSAT_OK;
}

int chopsat_horizon_count(chopsat_horizon *h, const chopsat_pos *pos, chopsat_count *n,
                          chopsat_err *err)
{
    if (chopsat_pos_check(h->r, pos, err)) return CHOPSAT_ERROR;
    CS_GUARDED(int, CHOPSAT_NOMEM, err, horizon_count_body(h, pos, n, err));
}

/* Appends the first max successors of img (least first in the variable order) to out, named;
 * -1 with a message. */
static int list_first(chopsat_horizon *h, const chopsat_pos *pos, BDD img, size_t max,
                      chopsat_moves *out, chopsat_err *err)
{
    BDD rest = ref(img);
    int rc = 0;
    while (rest != bdd_false() && out->n < max && !rc && !bddg_failed()) {
        BDD one = ref(bdd_satoneset(rest, h->g->curset, bdd_false()));
        chopsat_move m;
        chopsat_pos to;
        bddg_decode(h->g, one, 3 - (int)pos->mover, &to);
        rc = name_move(h, pos, &to, &m, err);
        if (!rc) VEC_PUSH(*out, m);
        update(&rest, one, bddop_diff);
        unref(one);
    }
    unref(rest);
    return rc ? -1 : bddg_check(err, "the moves of a position");
}

static int horizon_moves_body(chopsat_horizon *h, const chopsat_pos *pos, size_t max,
                              chopsat_moves *out, chopsat_err *err)
{
    out->n = 0;
    BDD img = image_of(h, pos);
    bddg_u128 n;
    int rc = image_count(h, img, &n, err);
    if (!rc) rc = list_first(h, pos, img, max, out, err);
    unref(img);
    if (rc) return CHOPSAT_ERROR;
    return n > max ? CHOPSAT_LIMIT : CHOPSAT_OK;
}

int chopsat_horizon_moves(chopsat_horizon *h, const chopsat_pos *pos, size_t max,
                          chopsat_moves *out, chopsat_err *err)
{
    if (chopsat_pos_check(h->r, pos, err)) return CHOPSAT_ERROR;
    CS_GUARDED(int, CHOPSAT_NOMEM, err, horizon_moves_body(h, pos, max, out, err));
}

/* ---- a uniformly random move ---- */

/* A uniform number in [0, n), n > 0, from draw's words: a 64- or 128-bit word, drawn again
 * while it falls in the last, partial block of n (at most 64 tries; each succeeds with
 * probability above 1/2); false when every try fell there. */
static bool uniform_below(bddg_u128 n, uint64_t (*draw)(void *), void *ctx, bddg_u128 *out)
{
    bool wide = n >> 64 != 0;
    bddg_u128 span_rem = wide ? (bddg_u128)(0 - n) % n /* 2^128 mod n */
                              : (bddg_u128)((0 - (uint64_t)n) % (uint64_t)n);
    bddg_u128 span_max = wide ? (bddg_u128)0 - 1 : (bddg_u128)UINT64_MAX;
    for (int tries = 0; tries < 64; tries++) {
        bddg_u128 r = draw(ctx);
        if (wide) r = r << 64 | draw(ctx);
        if (span_rem && r > span_max - span_rem) continue; /* the partial block */
        *out = r % n;
        return true;
    }
    return false;
}

/* The successor of the given rank among img's n (n > 0), into *to; -1 with a message. */
static int successor_of_rank(chopsat_horizon *h, const chopsat_pos *pos, BDD img, bddg_u128 rank,
                             chopsat_pos *to, chopsat_err *err)
{
    BDD cube;
    if (!bddg_unrank(img, h->g->curset, rank, &cube))
        return fail(err, "play: the moves could not be ranked");
    bddg_decode(h->g, cube, 3 - (int)pos->mover, to);
    unref(cube);
    return 0;
}

/* A uniformly random successor of pos into *to; -1 with a message. Not inlined into the
 * guarded call: its 128-bit locals would live in registers across the guard's setjmp. */
__attribute__((noinline)) static int random_successor(chopsat_horizon *h, const chopsat_pos *pos,
                                                      uint64_t (*draw)(void *), void *ctx,
                                                      chopsat_pos *to, chopsat_err *err)
{
    BDD img = image_of(h, pos);
    bddg_u128 n = 0, rank = 0;
    int rc = image_count(h, img, &n, err);
    if (!rc && n == 0) rc = fail(err, "play: the game is over: there is no move to draw");
    if (!rc && !uniform_below(n, draw, ctx, &rank))
        rc = fail(err, "play: the random words never fell below the count of moves");
    if (!rc) rc = successor_of_rank(h, pos, img, rank, to, err);
    unref(img);
    return rc;
}

static int horizon_random_body(chopsat_horizon *h, const chopsat_pos *pos, uint64_t (*draw)(void *),
                               void *ctx, chopsat_move *move, chopsat_err *err)
{
    chopsat_pos to;
    if (random_successor(h, pos, draw, ctx, &to, err) || name_move(h, pos, &to, move, err))
        return CHOPSAT_ERROR;
    return CHOPSAT_OK;
}

int chopsat_horizon_random(chopsat_horizon *h, const chopsat_pos *pos, uint64_t (*draw)(void *ctx),
                           void *ctx, chopsat_move *move, chopsat_err *err)
{
    if (chopsat_pos_check(h->r, pos, err)) return CHOPSAT_ERROR;
    CS_GUARDED(int, CHOPSAT_NOMEM, err, horizon_random_body(h, pos, draw, ctx, move, err));
}

/* A 64-bit word of the generator ctx, for chopsat_horizon_random. */
static uint64_t rng_word(void *ctx)
{
    return chopsat_rng_next(ctx);
}

int chopsat_horizon_pick(chopsat_horizon *h, const chopsat_pos *pos, chopsat_rng *rng,
                         double blunder, chopsat_move *m, chopsat_err *err)
{
    if (chopsat_pos_check(h->r, pos, err)) return CHOPSAT_ERROR;
    bool any = chopsat_pos_chance(h->r, pos) || chopsat_rng_unit(rng) < blunder;
    return any ? chopsat_horizon_random(h, pos, rng_word, rng, m, err)
               : chopsat_horizon_move(h, pos, m, err);
}
