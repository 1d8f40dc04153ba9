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

/* ---- whole-game values ---- */

struct chopsat_bdd {
    const chopsat_rules *r; /* the caller's, which outlive s */
    bddg_game *g;
    bddg_layers *by[2];
    uint32_t max_distance;
    double *fresh[2][2]; /* fresh[p][m][k]: positions first in player p+1's layer k, mover m+1 */
    chopsat_count *exact[2][2]; /* the same, exactly */
    chopsat_count positions_exact;
    bool exact_ok;      /* no count passed 2^128 - 1 */
    uint32_t max_nodes; /* the node limit asked for (0: the default) */
    size_t n[2];
};

static chopsat_bdd *bdd_solve_body(const chopsat_rules *r, const chopsat_bdd_opts *o,
                                   chopsat_err *err)
{
    bddg_opts bo;
    if (bddg_opts_of(o, &bo, err)) return NULL;
    chopsat_bdd *s = xcalloc(1, sizeof *s);
    s->exact_ok = true;
    s->r = r;
    s->max_nodes = bo.max_nodes;
    s->g = bddg_new(r, &bo, err);
    /* A symmetric game's second fixpoint is the mirror of the first: compute the player whose
     * opponent's relation (the universal preimages, most of the time) is the smaller one. */
    int first = 0;
    if (s->g) {
        bddg_info in;
        bddg_info_get(s->g, &in);
        first = bddg_symmetric(s->g) && in.relation_nodes[0] < in.relation_nodes[1];
    }
    for (int i = 0; i < 2 && s->g; i++) {
        int p = i ? 1 - first : first;
        chopsat_err merr = {{0}};
        s->by[p] = i ? bddg_layers_mirror(s->by[first], &merr) : NULL;
        if (!s->by[p] && merr.msg[0]) {
            if (err) *err = merr;
            break;
        }
        if (!s->by[p]) s->by[p] = bddg_layers_new(s->g, p + 1, NULL, -1, err);
        if (!s->by[p]) break;
        s->n[p] = (size_t)bddg_layers_n(s->by[p]);
        if (s->n[p] - 1 > s->max_distance) s->max_distance = (uint32_t)(s->n[p] - 1);
        for (int m = 0; m < 2; m++) {
            s->fresh[p][m] = xmalloc(s->n[p] * sizeof(double));
            s->exact[p][m] = xmalloc(s->n[p] * sizeof(chopsat_count));
            /* a mirror image has its original's counts, the movers exchanged (the mirror is a
             * bijection of the positions that exchanges the movers) */
            if (i && bddg_layers_mirrored(s->by[p])) {
                memcpy(s->fresh[p][m], s->fresh[first][1 - m], s->n[p] * sizeof(double));
                memcpy(s->exact[p][m], s->exact[first][1 - m], s->n[p] * sizeof(chopsat_count));
                continue;
            }
            for (size_t k = 0; k < s->n[p]; k++)
                if (!bddg_layer_counts(s->by[p], (int)k, m + 1, &s->fresh[p][m][k],
                                       &s->exact[p][m][k]))
                    s->exact_ok = false;
        }
    }
    if (!s->g || !s->by[0] || !s->by[1]) {
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

int chopsat_bdd_value(const chopsat_bdd *s, const chopsat_pos *pos, uint32_t *distance)
{
    if (chopsat_pos_check(s->r, pos, NULL)) { /* no position of these rules: no value */
        if (distance) *distance = 0;
        return CHOPSAT_UNKNOWN;
    }
    const bddg_layers *const by[2] = {s->by[0], s->by[1]};
    uint32_t d;
    int v = bddg_value(by, pos, &d);
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
    const bddg_layers *const by[2] = {s->by[0], s->by[1]};
    int rc = bddg_walk_fits(s->r, s->max_nodes, err);
    return rc ? rc : bddg_stats(s->g, by, from, out, err);
}

int chopsat_bdd_stats_fits(const chopsat_rules *rules, const chopsat_bdd_opts *o, chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err, bddg_walk_fits(rules, o ? o->max_nodes : 0, err));
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
        const bddg_layers *L = s->by[p];
        chopsat_json_object(j);
        chopsat_json_kint(j, "player", p + 1);
        chopsat_json_kint(j, "layers", (long long)s->n[p]);
        chopsat_json_kbool(j, "mirrored", bddg_layers_mirrored(L));
        chopsat_json_key(j, "fixpoint_seconds");
        chopsat_json_fixed(j, bddg_layers_seconds(L), 4);
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
