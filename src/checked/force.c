/* force.c: a forced question answered and checked (chopsat_force in chopsat.h). One engine
 * answers: the BDD layers (bdd/bdd_force.c, the default) or a QBF solver (bounded/qbf.c; K
 * first, then a binary search for the least k). Then the explicit engine checks what it can
 * afford: bounded forcing over the positions within K moves (explicit/strategy.h) and, for wins,
 * the solver's values; past its limit, the largest depth that fits. The first move comes from
 * the answering engine (the QBF solver's outermost block, or the BDD tree); the tree below it is
 * built from layer membership (BDD) or the explicit table (QBF), and walked by the explicit move
 * generator, which trusts neither. Nothing here prints: the command prints the result. */
#include <stdlib.h>
#include <string.h>

#include "bounded/qbf.h"
#include "chopsat_tool.h"
#include "core/oom.h"
#include "core/util.h"
#include "explicit/limit.h"
#include "explicit/strategy.h"

/* chopsat.h's chopsat_force_result: what chopsat_force answered and checked. */
struct chopsat_force_result {
    int answer;         /* 1 yes, 0 no */
    int moves;          /* for yes: the least k */
    int chooser;        /* who the tree and first moves belong to */
    const char *solver; /* "bdd", or the QBF solver named */
    chopsat_force_move first[CHOPSAT_FORCE_FIRST_MAX];
    size_t nfirst;
    const char *first_by;   /* "bdd", "qbf" or "explicit" */
    char first_note[400];   /* what the first moves leave out, "" when nothing */
    chopsat_strategy *tree; /* walked by the explicit engine; NULL when not built */
    char tree_note[700];    /* how the tree was built and checked, or why there is none */
    bool checked;           /* the answer agrees with the explicit engine over the whole K */
    char check_note[600];   /* what checked the answer, or why it was not (fully) checked */
    int checked_depth;      /* QBF past the explicit limit: the depth it checked; else -1 */
    chopsat_force_figures fig;
    chopsat_bdd_force_result *bdd; /* the BDD engine's result when it answered */
};

/* The chooser's first moves gathered while answering (P's for yes, the opponent's for no). */
typedef struct first_moves {
    strat_choice items[CHOPSAT_FORCE_FIRST_MAX];
    chopsat_force_move moves[CHOPSAT_FORCE_FIRST_MAX];
    size_t n;
} first_moves;

/* Adds the chooser's move from `from` to `to`, after the other side's move `after` (NULL at the
 * root); a move the rules do not have is named "(illegal)". */
static void add_first(first_moves *fm, const chopsat_rules *r, const chopsat_pos *from,
                      const chopsat_pos *to, const chopsat_move *after)
{
    if (fm->n >= CHOPSAT_FORCE_FIRST_MAX) return;
    fm->items[fm->n].from = *from;
    fm->items[fm->n].to = *to;
    chopsat_force_move *m = &fm->moves[fm->n];
    memset(m, 0, sizeof *m);
    if (after) m->after = *after;
    m->from = *from;
    if (chopsat_move_between(r, from, to, &m->move, NULL) != CHOPSAT_OK) {
        m->move.to = *to;
        snprintf(m->move.name, sizeof m->move.name, "(illegal)");
    }
    fm->n++;
}

static void copy_first(chopsat_force_result *res, const first_moves *fm)
{
    res->nfirst = fm->n;
    for (size_t i = 0; i < fm->n; i++)
        res->first[i] = fm->moves[i];
}

static qbf_opts qbf_options(const chopsat_force_opts *o)
{
    qbf_opts f = {.binary_moves = o->binary_moves,
                  .plaisted_greenbaum = o->plaisted_greenbaum,
                  .innermost = o->innermost};
    return f;
}

bool chopsat_force_uses_bdd(const chopsat_force_opts *o)
{
    if (o->solver) return !strcmp(o->solver, "bdd");
    return !(o->binary_moves || o->plaisted_greenbaum || o->innermost || o->timeout > 0);
}

/* ---- the explicit checks ---- */

/* The explicit cross-check of an answer (yes in `moves`, or no) against the table for the whole
 * K and, for wins, the explicit solver: 1 agrees, -1 disagrees (note says how). */
static int cross_check(const chopsat_rules *rules, const chopsat_query *q, int answer, int moves,
                       const force_table *t, char *note, size_t size, double *seconds)
{
    int d = force_table_dist(t, &q->from);
    bool ex_yes = d >= 0 && d <= q->k;
    if (ex_yes != (answer == 1) || (ex_yes && d != moves)) {
        if (ex_yes)
            snprintf(note, size, "explicit bounded forcing says yes (in %d move%s)", d,
                     d == 1 ? "" : "s");
        else
            snprintf(note, size,
                     "explicit bounded forcing says no (the goal cannot be forced "
                     "within %d move%s)",
                     q->k, q->k == 1 ? "" : "s");
        return -1;
    }
    if (q->kind != CHOPSAT_Q_WIN) {
        snprintf(note, size, "explicit bounded forcing agrees");
        return 1;
    }
    double t0 = now_seconds();
    chopsat_err err;
    chopsat_solution *sol = chopsat_solve(rules, NULL, NULL, &err);
    *seconds = now_seconds() - t0;
    if (!sol) {
        snprintf(note, size,
                 "explicit bounded forcing agrees; the explicit solver's values were not "
                 "compared (%s)",
                 err.msg);
        return 1;
    }
    uint32_t dist;
    int v = chopsat_value(sol, &q->from, &dist);
    chopsat_solution_free(sol);
    bool p_moves = (int)q->from.mover == q->player;
    bool sol_yes = (v == (p_moves ? CHOPSAT_WIN : CHOPSAT_LOSS)) && dist <= (uint32_t)q->k;
    const char *vn = v == CHOPSAT_WIN ? "win" : v == CHOPSAT_LOSS ? "loss" : "draw";
    char from[CHOPSAT_POS_MAX];
    chopsat_pos_format(rules, &q->from, from, sizeof from);
    if (sol_yes != (answer == 1) || (sol_yes && (int)dist != moves)) {
        snprintf(note, size, "the explicit solver values %s as a %s for player %u at distance %u",
                 from, vn, q->from.mover, dist);
        return -1;
    }
    if (v == CHOPSAT_DRAW)
        snprintf(note, size,
                 "explicit bounded forcing and the explicit solver agree (%s is a draw)", from);
    else
        snprintf(note, size,
                 "explicit bounded forcing and the explicit solver agree (%s: a %s for "
                 "player %u at distance %u)",
                 from, vn, q->from.mover, dist);
    return 1;
}

/* Past the explicit limit: *t, the table for the largest depth D < K that fits, checks what it can.
 * A yes in m <= D moves is then checked in full (*t is kept for the strategy tree: returns 1);
 * otherwise the QBF answer must agree that P cannot force the goal within D moves (returns 0,
 * *t freed: no tree), or it is caught (-1). note says what was checked and what was not. */
static int partial_check(const chopsat_query *q, int answer, int moves, force_table **t, int D,
                         char *note, size_t size)
{
    char limit[600];
    snprintf(limit, sizeof limit, "%s", note);
    int d = force_table_dist(*t, &q->from);
    if (answer && moves <= D) {
        if (d != moves) {
            snprintf(note, size, "explicit bounded forcing (checked to depth %d) says %s", D,
                     d < 0 ? "no forced win within those moves" : "a different minimum");
            if (d >= 0)
                snprintf(note, size,
                         "explicit bounded forcing (checked to depth %d) "
                         "finds the minimum %d",
                         D, d);
            return -1;
        }
        snprintf(note, size,
                 "explicit bounded forcing over the positions within %d move%s agrees "
                 "(the whole K was past its limit, but the answer's %d move%s not)",
                 D, D == 1 ? "" : "s", moves, moves == 1 ? " was" : "s were");
        return 1;
    }
    force_table_free(*t);
    *t = NULL;
    if (d >= 0) {
        snprintf(note, size,
                 "explicit bounded forcing (checked to depth %d) finds a forced %s "
                 "within %d move%s",
                 D, q->kind == CHOPSAT_Q_WIN ? "win" : "reach", d, d == 1 ? "" : "s");
        return -1;
    }
    snprintf(note, size,
             "checked only to depth %d: explicit bounded forcing agrees that player "
             "%d cannot force it within %d move%s; beyond that the %s on the QBF solver "
             "alone (%.150s)",
             D, q->player, D, D == 1 ? "" : "s", answer ? "yes and its strategy rest" : "no rests",
             limit);
    return 0;
}

/* "walked by the explicit engine: ..." for a tree that passed strategy_check. */
static void walked_note(const chopsat_query *q, int answer, int moves, const char *prefix,
                        char *note, size_t size)
{
    snprintf(note, size,
             answer ? "%swalked by the explicit engine: every reply of player %d covered, every "
                      "leaf a win for player %d within %d move%s"
                    : "%swalked by the explicit engine: every move of player %d answered, no leaf "
                      "reaches player %d's goal within %d move%s",
             prefix, answer ? 3 - q->player : q->player, q->player, answer ? moves : q->k,
             (answer ? moves : q->k) == 1 ? "" : "s");
}

/* ---- the BDD engine ---- */

/* The BDD tree as a strategy for the explicit walk (strategy_check), with move names. */
static strategy *tree_to_strategy(const chopsat_rules *r, const chopsat_query *q,
                                  const chopsat_tree *t)
{
    strategy *s = xcalloc(1, sizeof *s);
    s->refutation = t->refutation;
    s->q = *q;
    for (size_t i = 0; i < t->nnodes; i++) {
        const chopsat_tree_node *n = &t->nodes[i];
        strat_node sn = {
            .pos = n->pos, .bound = n->bound, .end = n->end, .first = n->first, .n = n->n};
        VEC_PUSH(s->nodes, sn);
    }
    for (size_t i = 0; i < t->nnodes; i++)
        for (size_t e = t->nodes[i].first; e < t->nodes[i].first + t->nodes[i].n; e++) {
            strat_edge ed = {.child = t->child[e]};
            chopsat_move m;
            snprintf(
                ed.name, sizeof ed.name, "%s",
                chopsat_move_between(r, &t->nodes[i].pos, &t->nodes[t->child[e]].pos, &m, NULL) == 0
                    ? m.name
                    : "(illegal)");
            VEC_PUSH(s->edges, ed);
        }
    return s;
}

/* The chooser's moves within one move of the root, read off the tree. */
static void first_moves_from_tree(const chopsat_rules *r, const strategy *s, int chooser,
                                  first_moves *fm)
{
    const strat_node *root = &s->nodes.items[0];
    if (root->end) return;
    if ((int)root->pos.mover == chooser) {
        const strat_edge *e = &s->edges.items[root->first];
        add_first(fm, r, &root->pos, &s->nodes.items[e->child].pos, NULL);
        return;
    }
    for (size_t i = root->first; i < root->first + root->n; i++) {
        const strat_node *c = &s->nodes.items[s->edges.items[i].child];
        if (c->end || c->n != 1) continue;
        chopsat_move after;
        if (chopsat_move_between(r, &root->pos, &c->pos, &after, NULL) != CHOPSAT_OK) {
            memset(&after, 0, sizeof after);
            after.to = c->pos;
            snprintf(after.name, sizeof after.name, "%s", s->edges.items[i].name);
        }
        add_first(fm, r, &c->pos, &s->nodes.items[s->edges.items[c->first].child].pos, &after);
    }
}

/* Tells the caller's progress callback, if any, that a phase starts. */
static void phase(const chopsat_force_opts *o, const char *fmt, int k)
{
    if (!o->progress) return;
    char buf[128];
    snprintf(buf, sizeof buf, fmt, k);
    o->progress(o->progress_ctx, buf, 0.0);
}

static int force_bdd(const chopsat_rules *rules, const chopsat_query *q,
                     const chopsat_force_opts *o, chopsat_force_result *res, chopsat_err *err)
{
    phase(o, "BDD layers up to k = %d", q->k);
    int brc = chopsat_bdd_force(rules, q, NULL, &res->bdd, err);
    if (brc < 0) return brc;
    phase(o, "the tree and the explicit cross-check (k = %d)", q->k);
    const chopsat_bdd_force_result *b = res->bdd;
    const chopsat_bdd_figures *fig = chopsat_bdd_force_figures(b);
    int answer = brc == CHOPSAT_YES, bmoves = chopsat_bdd_force_moves(b);
    res->solver = "bdd";
    res->answer = answer;
    res->moves = answer ? bmoves : 0;
    res->chooser = answer ? q->player : 3 - q->player;
    const char *kind = answer ? "strategy" : "refutation";

    /* the tree, walked by the explicit move generator */
    const chopsat_tree *bt = chopsat_bdd_force_tree(b);
    strategy *s = bt ? tree_to_strategy(rules, q, bt) : NULL;
    chopsat_err e2;
    if (s && strategy_check(rules, s, &e2)) {
        strategy_free(s);
        return fail(err, "cross-check failed: the %s tree from the BDD layers does not check: %s",
                    kind, e2.msg),
               CHOPSAT_MISMATCH;
    }
    res->tree = s;
    if (s)
        walked_note(q, answer, bmoves, "built from the BDD layers, ", res->tree_note,
                    sizeof res->tree_note);
    else
        snprintf(res->tree_note, sizeof res->tree_note, "not built: more than %d nodes",
                 CHOPSAT_TREE_LIMIT);

    /* the answer, against the explicit engine where it fits */
    double t0 = now_seconds(), solve_seconds = 0;
    force_table *t = NULL;
    int trc;
    if (fig->within_k > CHOPSAT_EXPLICIT_LIMIT) { /* counted by the BDD engine */
        trc = -2;
        snprintf(e2.msg, sizeof e2.msg,
                 "%.0f positions lie within %d moves (BDD count): more "
                 "than the explicit check's limit of %d",
                 fig->within_k, fig->within_steps, CHOPSAT_EXPLICIT_LIMIT);
    } else if (fig->within_steps < q->k && fig->within_k > 0) {
        trc = -2;
        snprintf(e2.msg, sizeof e2.msg,
                 "the positions within %d moves grow too fast for the "
                 "explicit check (%.0f within %d moves, BDD count)",
                 q->k, fig->within_k, fig->within_steps);
    } else
        trc = force_table_build(rules, q, &t, &e2);
    double table_seconds = now_seconds() - t0;
    char *note = res->check_note;
    size_t size = sizeof res->check_note;
    if (trc == -1) return fail(err, "%s", e2.msg);
    if (trc == -2)
        snprintf(note, size, "%s; the answer rests on the BDD layers%s", e2.msg,
                 s ? " and the tree walked by the explicit engine" : "");
    else if (o->no_check)
        snprintf(note, size, "%s", o->no_check_why ? o->no_check_why : "not asked for");
    else {
        int agree = cross_check(rules, q, answer, bmoves, t, note, size, &solve_seconds);
        if (agree < 0) {
            force_table_free(t);
            return fail(err, "cross-check failed: the BDD answer is %s (in %d moves), %s",
                        answer ? "yes" : "no", bmoves, note),
                   CHOPSAT_MISMATCH;
        }
        res->checked = true;
    }
    force_table_free(t);
    res->fig.explicit_seconds = table_seconds + solve_seconds;
    first_moves fm = {0};
    if (s) first_moves_from_tree(rules, s, res->chooser, &fm);
    copy_first(res, &fm);
    return 0;
}

/* ---- a QBF solver ---- */

/* The chooser's first move(s) from the QBF solver: at the root when the chooser moves there
 * (P for yes, the opponent for no), else the chooser's answer to each move of the other side,
 * one QBF call per move. A solver that gave no values for the root (an external one without V
 * lines) is asked once per candidate move, unless the explicit table covers K (it then gives
 * the move) or there are more than CHOPSAT_FORCE_FIRST_MAX candidates (no first move then).
 * The phase is bounded as the BDD tree is: at most CHOPSAT_FORCE_FIRST_MAX solver calls, and no
 * new call once it has taken o->timeout seconds (when one is set); a solver that gives no answer
 * here ends the phase (the answer stands). What was left out goes to note (empty when nothing
 * was). Returns 0 or CHOPSAT_MISMATCH (err). */
static int first_moves_from_qbf(const chopsat_rules *rules, const chopsat_query *q,
                                const chopsat_force_opts *o, const qbf_result *res, first_moves *fm,
                                qbf_result *acc, bool table_covers, char *note, size_t size,
                                chopsat_err *err)
{
    int bound = res->answer ? res->moves : q->k;
    bool yes = res->answer;
    if (bound == 0) return 0;
    if (chopsat_pos_winner(rules, &q->from)) return 0;
    bool chooser_at_root = ((int)q->from.mover == q->player) == yes;
    qbf_opts fo = qbf_options(o);
    const char *solver = o->solver ? o->solver : "depqbf";
    chopsat_moves ms = {0};
    chopsat_err e2;
    if (chopsat_moves_list(rules, &q->from, &ms, &e2) != CHOPSAT_OK) {
        if (chooser_at_root && res->have_first) add_first(fm, rules, &q->from, &res->first, NULL);
        if (!fm->n)
            snprintf(note, size,
                     "none: player %u may have more than %zu moves at the root, too "
                     "many to list",
                     q->from.mover, (size_t)CHOPSAT_MOVES_LIST_MAX);
        return 0;
    }
    int status = 0;
    if (chooser_at_root) {
        if (res->have_first) add_first(fm, rules, &q->from, &res->first, NULL);
        if (!fm->n && (table_covers || ms.n > CHOPSAT_FORCE_FIRST_MAX)) {
            chopsat_moves_free(&ms);
            return 0;
        }
        /* no values from the solver (an external one without V lines): try each move */
        for (size_t i = 0; i < ms.n && !fm->n; i++) {
            chopsat_query qi = *q;
            qi.from = ms.items[i].to;
            qi.k = bound - 1;
            int rc = qbf_force_at(rules, &qi, &fo, solver, o->timeout, acc, &e2);
            if (rc < 0) {
                snprintf(note, size, "none: the QBF solver gave no answer after %.60s (%.200s)",
                         ms.items[i].name, e2.msg);
                break;
            }
            if ((rc == 10) == yes) add_first(fm, rules, &q->from, &ms.items[i].to, NULL);
        }
        if (!note[0] && !fm->n)
            status = (fail(err, "cross-check failed: no first move passes the QBF solver"),
                      CHOPSAT_MISMATCH);
        chopsat_moves_free(&ms);
        return status;
    }
    double t0 = now_seconds();
    size_t asked = 0, i = 0;
    for (; i < ms.n && !status; i++) {
        const chopsat_pos *p = &ms.items[i].to;
        if (chopsat_pos_winner(rules, p) || bound - 1 == 0) continue;
        if (asked == CHOPSAT_FORCE_FIRST_MAX ||
            (o->timeout > 0 && now_seconds() - t0 >= o->timeout))
            break;
        chopsat_query qi = *q;
        qi.from = *p;
        qi.k = bound - 1;
        acc->have_first = false;
        asked++;
        int rc = qbf_force_at(rules, &qi, &fo, solver, o->timeout, acc, &e2);
        if (rc < 0) {
            snprintf(note, size,
                     "the QBF solver gave no answer after %.60s (%.200s): no further replies asked",
                     ms.items[i].name, e2.msg);
            i++;
            break;
        }
        if ((rc == 10) != yes) {
            fail(err,
                 "cross-check failed: the QBF solver answers %s after %s but %s from the start",
                 rc == 10 ? "yes" : "no", ms.items[i].name, yes ? "yes" : "no");
            status = CHOPSAT_MISMATCH;
        } else if (acc->have_first)
            add_first(fm, rules, p, &acc->first, &ms.items[i]);
    }
    if (!status && i < ms.n && !note[0])
        snprintf(note, size,
                 "the QBF solver was asked for player %d's replies to %zu of player %d's %zu "
                 "first moves (one call each: at most %d calls%s), not to the other %zu",
                 3 - (int)q->from.mover, asked, (int)q->from.mover, ms.n, CHOPSAT_FORCE_FIRST_MAX,
                 o->timeout > 0 ? ", and none once the phase took the time limit" : "", ms.n - i);
    chopsat_moves_free(&ms);
    return status;
}

static int force_qbf(const chopsat_rules *rules, const chopsat_query *q,
                     const chopsat_force_opts *o, chopsat_force_result *res, chopsat_err *err)
{
    const char *solver = o->solver ? o->solver : "depqbf";
    qbf_opts fo = qbf_options(o);

    /* the explicit engine first: bounded forcing over the positions within K moves, or as deep
     * as the limit allows (then depth < K); its least k is the QBF search's first probe. That
     * orders the probes only: the answer's least k is where the QBF solver's own calls say true
     * at k and false at k-1, whatever the hint (docs/architecture.md, the known exception) */
    phase(o, "explicit bounded forcing within k = %d", q->k);
    double t0 = now_seconds(), solve_seconds = 0;
    force_table *t = NULL;
    chopsat_err e2;
    int depth = force_table_build_partial(rules, q, &t, &e2);
    if (depth < 0) return fail(err, "%s", e2.msg);
    double table_seconds = now_seconds() - t0;
    bool partial = depth < q->k;
    int hint = !partial && !o->no_check ? force_table_dist(t, &q->from) : -1;

    qbf_result qr;
    phase(o, "QBF, k up to %d", q->k);
    if (qbf_force(rules, q, &fo, solver, o->timeout, hint, &qr, err)) {
        force_table_free(t);
        return -1;
    }
    phase(o, "the explicit cross-check, the first moves and the tree (k = %d)", q->k);
    qbf_result acc = qr;
    res->solver = solver;
    res->answer = qr.answer;
    res->moves = qr.answer ? qr.moves : 0;
    res->chooser = qr.answer ? q->player : 3 - q->player;

    char *note = res->check_note;
    size_t size = sizeof res->check_note;
    res->checked_depth = partial ? depth : -1; /* reported only when K was past the limit */
    int agree = 0;
    if (partial)
        snprintf(note, size, "%s", e2.msg);
    else if (o->no_check)
        snprintf(note, size, "%s", o->no_check_why ? o->no_check_why : "not asked for");
    if (partial && o->no_check) {
        force_table_free(t); /* no tree without the check */
        t = NULL;
    } else if (partial) {
        agree = partial_check(q, qr.answer, qr.moves, &t, depth, note, size);
    } else if (!o->no_check)
        agree = cross_check(rules, q, qr.answer, qr.moves, t, note, size, &solve_seconds);
    if (agree < 0) {
        force_table_free(t);
        return fail(err, "cross-check failed: the QBF answer is %s (in %d moves), %s",
                    qr.answer ? "yes" : "no", qr.moves, note),
               CHOPSAT_MISMATCH;
    }
    res->checked = agree > 0;

    /* the first move(s): the QBF solver's outermost block where the chooser moves first; the
     * chooser's replies to each first move of the other side from the explicit table when it
     * covers the whole K (one QBF call per reply otherwise) */
    first_moves fm = {0};
    bool replies_from_table = t && !partial && ((int)q->from.mover == q->player) != qr.answer;
    if (!replies_from_table) {
        int rc = first_moves_from_qbf(rules, q, o, &qr, &fm, &acc, t && !partial, res->first_note,
                                      sizeof res->first_note, err);
        if (rc) {
            force_table_free(t);
            return rc;
        }
    }
    if (t) {
        strategy *s = strategy_build(rules, q, qr.answer ? qr.moves : q->k, !qr.answer, t, fm.items,
                                     fm.n, &e2);
        force_table_free(t);
        if (!s) return fail(err, "cross-check failed: %s", e2.msg), CHOPSAT_MISMATCH;
        if (strategy_check(rules, s, &e2)) {
            strategy_free(s);
            return fail(err, "cross-check failed: the %s tree does not check: %s",
                        qr.answer ? "strategy" : "refutation", e2.msg),
                   CHOPSAT_MISMATCH;
        }
        res->tree = s;
        /* the tree is the explicit table's, not the QBF solver's: the note says so */
        walked_note(q, qr.answer, qr.moves, "built from the explicit bounded-forcing table, ",
                    res->tree_note, sizeof res->tree_note);
        if (replies_from_table || !fm.n) {
            first_moves_from_tree(rules, s, res->chooser, &fm);
            res->first_by = "explicit";
        }
    } else {
        snprintf(res->tree_note, sizeof res->tree_note, "no tree: %s", note);
    }
    copy_first(res, &fm);
    res->fig.vars = qr.vars;
    res->fig.clauses = qr.clauses;
    res->fig.blocks = qr.blocks;
    res->fig.solver_calls = acc.solver_calls;
    res->fig.encode_seconds = acc.encode_seconds;
    res->fig.solve_seconds = acc.solve_seconds;
    res->fig.explicit_seconds = table_seconds + solve_seconds;
    return 0;
}

static int force_body(const chopsat_rules *rules, const chopsat_query *q,
                      const chopsat_force_opts *o, chopsat_force_result **out, chopsat_err *err)
{
    chopsat_force_result *res = xcalloc(1, sizeof *res);
    *out = NULL;
    res->checked_depth = -1;
    res->first_by = chopsat_force_uses_bdd(o) ? "bdd" : "qbf";
    int rc = chopsat_force_uses_bdd(o) ? force_bdd(rules, q, o, res, err)
                                       : force_qbf(rules, q, o, res, err);
    if (rc) {
        chopsat_force_free(res);
        return rc < 0 ? rc : CHOPSAT_ERROR;
    }
    *out = res;
    return res->answer ? CHOPSAT_YES : CHOPSAT_NO;
}

int chopsat_force(const chopsat_rules *rules, const chopsat_query *q, const chopsat_force_opts *o,
                  chopsat_force_result **out, chopsat_err *err)
{
    *out = NULL;
    if (chopsat_query_check(rules, q, err)) return CHOPSAT_ERROR;
    CS_GUARDED(int, CHOPSAT_NOMEM, err, force_body(rules, q, o, out, err));
}

void chopsat_force_free(chopsat_force_result *res)
{
    if (!res) return;
    strategy_free(res->tree);
    chopsat_bdd_force_free(res->bdd);
    free(res);
}

int chopsat_force_value(const chopsat_force_result *res)
{
    return res->answer ? CHOPSAT_YES : CHOPSAT_NO;
}

int chopsat_force_moves(const chopsat_force_result *res)
{
    return res->answer ? res->moves : -1;
}
int chopsat_force_chooser(const chopsat_force_result *res)
{
    return res->chooser;
}
const char *chopsat_force_solver(const chopsat_force_result *res)
{
    return res->solver;
}

size_t chopsat_force_first_moves(const chopsat_force_result *res, const chopsat_force_move **moves)
{
    if (moves) *moves = res->first;
    return res->nfirst;
}

const char *chopsat_force_first_by(const chopsat_force_result *res)
{
    return res->first_by;
}
const char *chopsat_force_first_note(const chopsat_force_result *res)
{
    return res->first_note[0] ? res->first_note : NULL;
}
const chopsat_strategy *chopsat_force_tree(const chopsat_force_result *res)
{
    return res->tree;
}
const char *chopsat_force_tree_note(const chopsat_force_result *res)
{
    return res->tree_note;
}
bool chopsat_force_checked(const chopsat_force_result *res)
{
    return res->checked;
}
const char *chopsat_force_check_note(const chopsat_force_result *res)
{
    return res->check_note;
}
int chopsat_force_checked_depth(const chopsat_force_result *res)
{
    return res->checked_depth;
}

const chopsat_force_figures *chopsat_force_figures_of(const chopsat_force_result *res)
{
    return &res->fig;
}

const chopsat_bdd_force_result *chopsat_force_bdd(const chopsat_force_result *res)
{
    return res->bdd;
}

static int force_qdimacs_body(const chopsat_rules *rules, const chopsat_query *q,
                              const chopsat_force_opts *o, FILE *out, chopsat_err *err)
{
    qbf_opts fo = qbf_options(o);
    qbf *f = qbf_encode(rules, q, &fo, err);
    if (!f) return -1;
    int rc = qbf_write_qdimacs(f, out, err);
    qbf_free(f);
    return rc;
}

int chopsat_force_qdimacs(const chopsat_rules *rules, const chopsat_query *q,
                          const chopsat_force_opts *o, FILE *out, chopsat_err *err)
{
    if (chopsat_query_check(rules, q, err)) return CHOPSAT_ERROR;
    CS_GUARDED(int, CHOPSAT_NOMEM, err, force_qdimacs_body(rules, q, o, out, err));
}
