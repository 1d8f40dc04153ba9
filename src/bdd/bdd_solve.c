/* bdd_solve.c: the BDD engine's whole-game calls (include/chopsat.h, "Solving with BDDs"):
 * values from both players' closed forcing layers (the second a mirror image when the game is
 * symmetric), the counts per value and distance, reachable statistics, and the JSON
 * report. The engine itself is bdd_relation.c, bdd_layers.c and bdd_reach.c. */
#include <stdlib.h>
#include <string.h>

#include "bdd/bdd_reach.h"
#include "chopsat_tool.h"
#include "core/oom.h"
#include "core/util.h"
#include "games/game_sym.h"
#include "games/rules.h"

/* ---- whole-game values ---- */

struct chopsat_bdd {
    const chopsat_rules *r; /* the caller's, which outlive s */
    bddg_game *g;
    bddg_layers *by[2]; /* by[1 - first] NULL when it is the mirror of by[first], not made */
    int first;          /* the player (0-based) whose layers were computed first */
    bool only;          /* the layers are not kept: only `watched` has a value */
    chopsat_pos watched;
    uint32_t max_distance;
    double *fresh[2][2]; /* fresh[p][m][k]: positions first in player p+1's layer k, mover m+1 */
    chopsat_count *exact[2][2]; /* the same, exactly */
    chopsat_count positions_exact;
    bool exact_ok;      /* no count passed 2^128 - 1 */
    uint32_t max_nodes; /* the node limit asked for (0: the default) */
    size_t n[2];
};

/* The widest hand (a player's word) for which whole-game values are attempted: about two
 * layers per finger, and the layers grow with the width (docs/forced.md). */
#define WIDEST_HAND 20

/* The hands from this width on (fingers=8193 and up) start the engine with wide caches: 2^14
 * layers and more, where the caches carry most of a layer's work into the next. */
#define WIDE_START_HAND 14

/* The widest hand of r (a player's word), in bits (0: none). */
static int widest_hand(const chopsat_rules *r)
{
    int w[CHOPSAT_POS_WORDS], most = 0;
    const char *names[CHOPSAT_POS_WORDS];
    int nw = game_sym_of(r->game)->words(r, w, names);
    for (int i = 0; i < nw; i++)
        if (!strncmp(names[i], "p1.", 3) && w[i] > most) most = w[i];
    return most;
}

/* 0, or -1 with a message when r's hands are too wide for the whole game to finish. */
static int refuse_wide(const chopsat_rules *r, chopsat_err *err)
{
    int w = widest_hand(r);
    if (w > WIDEST_HAND)
        return fail(err,
                    "bdd: hands of %d bits take about 2^%d layers, beyond any run; the "
                    "largest whole game valued is fingers=%llu (hours of CPU)",
                    w, w + 1, 1ull << WIDEST_HAND);
    return 0;
}

/* The watched positions of a fixpoint: the position valued, and its mirror when the other
 * player's layers are the mirror (its value there is that of the mirror here). */
static int watch_list(const chopsat_bdd *s, bool mirror, chopsat_pos *w)
{
    if (!s->only) return 0;
    w[0] = s->watched;
    if (mirror) bddg_mirror_pos(s->g, &s->watched, &w[1]);
    return mirror ? 2 : 1;
}

/* Player p's layers computed with their counts (i: 0 the first fixpoint, 1 the second); -1
 * with a message when the engine fails. */
static int solve_player(chopsat_bdd *s, int p, int i, chopsat_err *err)
{
    bool mirror = bddg_symmetric(s->g);
    if (i && mirror) { /* the mirror image: the original's counts, the movers exchanged (the
                          mirror is a bijection of the positions that exchanges the movers) */
        s->n[p] = s->n[s->first];
        for (int m = 0; m < 2; m++) {
            s->fresh[p][m] = xmalloc(s->n[p] * sizeof(double));
            s->exact[p][m] = xmalloc(s->n[p] * sizeof(chopsat_count));
            memcpy(s->fresh[p][m], s->fresh[s->first][1 - m], s->n[p] * sizeof(double));
            memcpy(s->exact[p][m], s->exact[s->first][1 - m], s->n[p] * sizeof(chopsat_count));
        }
        return 0;
    }
    chopsat_pos w[BDDG_WATCH_MAX];
    bddg_tally t = {.keep = !s->only, .watch = w, .nwatch = watch_list(s, mirror, w)};
    s->by[p] = bddg_layers_tally(s->g, p + 1, &t, err);
    if (!s->by[p]) return -1;
    s->n[p] = (size_t)bddg_layers_n(s->by[p]);
    if (s->n[p] - 1 > s->max_distance) s->max_distance = (uint32_t)(s->n[p] - 1);
    for (int m = 0; m < 2; m++) {
        s->fresh[p][m] = xmalloc(s->n[p] * sizeof(double));
        s->exact[p][m] = xmalloc(s->n[p] * sizeof(chopsat_count));
        for (size_t k = 0; k < s->n[p]; k++)
            if (!bddg_layer_counts(s->by[p], (int)k, m + 1, &s->fresh[p][m][k], &s->exact[p][m][k]))
                s->exact_ok = false;
    }
    return 0;
}

static chopsat_bdd *bdd_solve_body(const chopsat_rules *r, const chopsat_bdd_opts *o,
                                   chopsat_err *err)
{
    bddg_opts bo;
    if (bddg_opts_of(o, &bo, err) || refuse_wide(r, err)) return NULL;
    bo.wide_start = widest_hand(r) >= WIDE_START_HAND;
    chopsat_bdd *s = xcalloc(1, sizeof *s);
    s->exact_ok = true;
    s->r = r;
    s->max_nodes = bo.max_nodes;
    s->only = o && o->only && !chopsat_pos_check(r, o->only, NULL);
    if (s->only) s->watched = *o->only;
    s->g = bddg_new(r, &bo, err);
    /* A symmetric game's second fixpoint is the mirror of the first: compute the player whose
     * opponent's relation (the universal preimages, most of the time) is the smaller one. */
    if (s->g) {
        bddg_info in;
        bddg_info_get(s->g, &in);
        s->first = bddg_symmetric(s->g) && in.relation_nodes[0] < in.relation_nodes[1];
    }
    for (int i = 0; i < 2 && s->g; i++)
        if (solve_player(s, i ? 1 - s->first : s->first, i, err)) break;
    if (!s->g || !s->by[s->first] || (!s->by[1 - s->first] && !bddg_symmetric(s->g))) {
        chopsat_bdd_free(s);
        return NULL;
    }
    if (!bddg_positions_count(s->g, &s->positions_exact)) s->exact_ok = false;
    return s;
}

chopsat_bdd *chopsat_bdd_solve(const chopsat_rules *r, const chopsat_bdd_opts *o, chopsat_err *err)
{
    CS_GUARDED(chopsat_bdd *, NULL, err, bdd_solve_body(r, o, err));
}

void chopsat_bdd_free(chopsat_bdd *s)
{
    if (!s) return;
    for (int p = 0; p < 2; p++) {
        bddg_layers_free(s->by[p]);
        for (int m = 0; m < 2; m++) {
            free(s->fresh[p][m]);
            free(s->exact[p][m]);
        }
    }
    bddg_free(s->g);
    free(s);
}

/* The first layer of player p (0-based) holding pos, -1 none: from p's layers, or from the
 * mirror of pos in the other player's when p's are their mirror. */
static int layer_for(const chopsat_bdd *s, int p, const chopsat_pos *pos)
{
    bool mirrored = !s->by[p];
    const bddg_layers *L = s->by[mirrored ? s->first : p];
    if (s->only) return bddg_layers_watched(L, mirrored);
    if (!mirrored) return bddg_layer_of(L, pos);
    chopsat_pos m;
    bddg_mirror_pos(s->g, pos, &m);
    return bddg_layer_of(L, &m);
}

/* chopsat_bdd_value for a position of the game. */
static int value_of(const chopsat_bdd *s, const chopsat_pos *pos, uint32_t *distance)
{
    if (s->only && memcmp(pos, &s->watched, sizeof *pos)) return CHOPSAT_UNKNOWN;
    int m = (int)pos->mover;
    int k = layer_for(s, m - 1, pos);
    if (k >= 0) {
        *distance = (uint32_t)k;
        return CHOPSAT_WIN;
    }
    k = layer_for(s, 2 - m, pos);
    *distance = k >= 0 ? (uint32_t)k : 0;
    return k >= 0 ? CHOPSAT_LOSS : CHOPSAT_DRAW;
}

int chopsat_bdd_value(const chopsat_bdd *s, const chopsat_pos *pos, uint32_t *distance)
{
    uint32_t d = 0;
    /* no position of these rules: no value */
    int v = chopsat_pos_check(s->r, pos, NULL) ? CHOPSAT_UNKNOWN : value_of(s, pos, &d);
    if (distance) *distance = d;
    return v;
}

uint32_t chopsat_bdd_max_distance(const chopsat_bdd *s)
{
    return s->max_distance;
}

/* The message of a count past 2^128 - 1: CHOPSAT_LIMIT. */
static int count_too_large(chopsat_err *err)
{
    fail(err, "bdd: a count of positions passes 2^128 - 1");
    return CHOPSAT_LIMIT;
}

int chopsat_bdd_positions_exact(const chopsat_bdd *s, chopsat_count *out, chopsat_err *err)
{
    *out = s->positions_exact;
    return s->exact_ok ? CHOPSAT_OK : count_too_large(err);
}

int chopsat_bdd_count_exact(const chopsat_bdd *s, int v, uint32_t d, chopsat_count *out,
                            chopsat_err *err)
{
    *out = (chopsat_count){0, 0};
    if (!s->exact_ok) return count_too_large(err);
    if (v == CHOPSAT_DRAW) { /* the positions less every win and loss */
        chopsat_count decided = {0, 0};
        for (int p = 0; p < 2; p++)
            for (int m = 0; m < 2; m++)
                for (size_t k = 0; k < s->n[p]; k++)
                    if (!chopsat_count_add(&decided, s->exact[p][m][k]))
                        return count_too_large(err);
        chopsat_count all = s->positions_exact;
        uint64_t lo = all.lo - decided.lo;
        uint64_t borrow = all.lo < decided.lo;
        *out = (chopsat_count){.hi = all.hi - decided.hi - borrow, .lo = lo};
        return CHOPSAT_OK;
    }
    for (int p = 0; p < 2; p++) {
        int m = v == CHOPSAT_WIN ? p : 1 - p; /* a win for the mover: the mover's own layers */
        if (d < s->n[p] && !chopsat_count_add(out, s->exact[p][m][d])) return count_too_large(err);
    }
    return CHOPSAT_OK;
}

static int bdd_stats_body(chopsat_bdd *s, const chopsat_pos *from, chopsat_stats *out,
                          chopsat_err *err)
{
    if (s->only) return fail(err, "bdd: the statistics need every layer kept");
    int rc = bddg_walk_fits(s->r, s->max_nodes, err);
    if (rc) return rc;
    int o = 1 - s->first;
    if (!s->by[o]) { /* the mirror image, made now: the forward statistics ask for sets */
        s->by[o] = bddg_layers_mirror(s->by[s->first], err);
        if (!s->by[o]) return CHOPSAT_ERROR;
    }
    const bddg_layers *const by[2] = {s->by[0], s->by[1]};
    return bddg_stats(s->g, by, from, out, err);
}

int chopsat_bdd_stats_fits(const chopsat_rules *rules, const chopsat_bdd_opts *o, chopsat_err *err)
{
    uint32_t max;
    if (bddg_node_limit(o ? o->max_nodes : 0, &max, err)) return CHOPSAT_ERROR;
    CS_GUARDED(int, CHOPSAT_NOMEM, err, bddg_walk_fits(rules, max, err));
}

int chopsat_bdd_stats(chopsat_bdd *s, const chopsat_pos *from, chopsat_stats *out, chopsat_err *err)
{
    if (chopsat_pos_check(s->r, from, err)) return CHOPSAT_ERROR;
    CS_GUARDED(int, CHOPSAT_NOMEM, err, bdd_stats_body(s, from, out, err));
}

/* The engine's facts as JSON members of the open object. */
static void write_info(const bddg_game *g, chopsat_json *j)
{
    bddg_info in;
    bddg_info_get(g, &in);
    chopsat_json_kstring(j, "order", in.order);
    chopsat_json_kint(j, "state_bits", in.state_bits);
    chopsat_json_kint(j, "move_bits", in.move_bits);
    chopsat_json_kint(j, "vars", in.vars);
    chopsat_json_key(j, "relation_nodes");
    chopsat_json_array(j, false);
    chopsat_json_int(j, in.relation_nodes[0]);
    chopsat_json_int(j, in.relation_nodes[1]);
    chopsat_json_end(j);
    chopsat_json_kint(j, "domain_nodes", in.domain_nodes);
    chopsat_json_key(j, "positions");
    chopsat_json_fixed(j, in.positions, 0);
    chopsat_json_key(j, "build_seconds");
    chopsat_json_fixed(j, in.build_seconds, 4);
}

static void bdd_report_body(const chopsat_bdd *s, chopsat_json *j)
{
    chopsat_json_object(j);
    write_info(s->g, j);
    chopsat_json_key(j, "players");
    chopsat_json_array(j, false);
    for (int p = 0; p < 2; p++) {
        /* a mirror image not made: the nodes of the layers it mirrors, no time */
        const bddg_layers *L = s->by[p] ? s->by[p] : s->by[s->first];
        bool mirrored = L != s->by[p] || bddg_layers_mirrored(L);
        chopsat_json_object(j);
        chopsat_json_kint(j, "player", p + 1);
        chopsat_json_kint(j, "layers", (long long)s->n[p]);
        chopsat_json_kbool(j, "mirrored", mirrored);
        chopsat_json_key(j, "fixpoint_seconds");
        chopsat_json_fixed(j, L == s->by[p] ? bddg_layers_seconds(L) : 0.0, 4);
        chopsat_json_key(j, "sizes");
        chopsat_json_array(j, false);
        for (size_t k = 0; k < s->n[p]; k++) {
            chopsat_json_array(j, false);
            chopsat_json_fixed(j, s->fresh[p][0][k], 0);
            chopsat_json_fixed(j, s->fresh[p][1][k], 0);
            chopsat_json_int(j, bddg_layer_nodes(L, (int)k));
            chopsat_json_end(j);
        }
        chopsat_json_end(j);
        chopsat_json_end(j);
    }
    chopsat_json_end(j);
    chopsat_json_end(j);
}

void chopsat_bdd_report(const chopsat_bdd *s, chopsat_json *j)
{
    CS_GUARDED_VOID(bdd_report_body(s, j));
}
