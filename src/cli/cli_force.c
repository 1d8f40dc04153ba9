/* cli_force.c: the forced questions on the command line. `force` answers "can P force a win
 * (or position B) within K moves?" with a QBF solver (K first, then a binary search for the least k),
 * takes the first move from the solver's assignment of the outermost block, builds the strategy
 * tree (yes) or the opponent's refutation tree (no) below it with the explicit engine, walks
 * that tree with the explicit move generator, and cross-checks the answer against explicit
 * bounded forcing and, for wins, the explicit solver's values. `qdimacs force` writes the QBF. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "symbolic/qbf.h"
#include "explicit/strategy.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int build_query(const cli_opts *o, chopsat_query *q)
{
    memset(q, 0, sizeof *q);
    if (o->nargs != 1)
        return cli_usage("%s force A [--to B] -k K [--player P] [options] (see 'chopsat help')",
                         strcmp(o->cmd, "force") ? o->cmd : "force:");
    if (o->k < 0) return cli_usage("%s: -k K is required (the bound on the number of moves)", o->cmd);
    q->kind = o->to ? CHOPSAT_Q_REACH : CHOPSAT_Q_WIN;
    int rc = cli_position(o, o->args[0], &q->from);
    if (!rc && o->to) rc = cli_position(o, o->to, &q->target);
    q->k = (int)o->k;
    q->player = (int)o->player;
    return rc;
}

static qbf_opts force_opts(const cli_opts *o)
{
    qbf_opts f = {.binary_moves = o->move_encoding && !strcmp(o->move_encoding, "binary"),
                  .plaisted_greenbaum = o->polarity,
                  .innermost = o->prefix && !strcmp(o->prefix, "innermost")};
    return f;
}

/* One QBF call for the question from p with bound k: 10/20 (and the first move in *to when
 * the solver gave one) or -1. */
static int ask_at(const cli_opts *o, const chopsat_query *q, const chopsat_pos *p, int k,
                  chopsat_pos *to, bool *have, qbf_result *acc, chopsat_err *err)
{
    chopsat_query qk = *q;
    qk.from = *p;
    qk.k = k;
    qbf_opts fo = force_opts(o);
    double t0 = now();
    qbf *f = qbf_encode(o->rules, &qk, &fo, err);
    if (!f) return -1;
    acc->encode_seconds += now() - t0;
    signed char *val = malloc((size_t)qbf_var_count(f) + 1);
    t0 = now();
    int rc = val ? qbf_solve(f, o->solver, o->timeout, val, err) : -1;
    acc->solve_seconds += now() - t0;
    acc->solver_calls++;
    *have = rc > 0 && qbf_first_move(f, val, to) == 0;
    free(val);
    qbf_free(f);
    return rc;
}

typedef struct first_moves {
    strat_choice items[64];
    char before[64][40], name[64][40]; /* the other side's move before, the chosen move */
    size_t n;
} first_moves;

static void add_first(first_moves *fm, const chopsat_rules *r, const chopsat_pos *from,
                      const chopsat_pos *to, const char *before)
{
    if (fm->n >= 64) return;
    chopsat_move m;
    fm->items[fm->n].from = *from;
    fm->items[fm->n].to = *to;
    snprintf(fm->before[fm->n], 40, "%s", before);
    snprintf(fm->name[fm->n], 40, "%s",
             chopsat_move_between(r, from, to, &m) == 0 ? m.name : "(illegal)");
    fm->n++;
}

/* The chooser's first move(s) from the QBF solver: at the root when the chooser moves there
 * (P for yes, the opponent for no), else the chooser's answer to each move of the other side,
 * one QBF call per move. Returns 0, EXIT_MISMATCH or EXIT_ERROR (printed). */
static int first_moves_from_qbf(const cli_opts *o, const chopsat_query *q, const qbf_result *res,
                                first_moves *fm, qbf_result *acc)
{
    int bound = res->answer ? res->moves : q->k;
    bool yes = res->answer;
    if (bound == 0) return 0;
    if (chopsat_pos_winner(o->rules, &q->from)) return 0;
    bool chooser_at_root = ((int)q->from.mover == q->player) == yes;
    chopsat_err err;
    if (chooser_at_root) {
        if (res->have_first) {
            add_first(fm, o->rules, &q->from, &res->first, "");
            return 0;
        }
        /* no values from the solver (an external one without V lines): try each move */
        chopsat_moves ms = {0};
        chopsat_moves_list(o->rules, &q->from, &ms);
        for (size_t i = 0; i < ms.n; i++) {
            chopsat_pos dummy;
            bool have;
            int rc = ask_at(o, q, &ms.items[i].to, bound - 1, &dummy, &have, acc, &err);
            if (rc < 0) {
                chopsat_moves_free(&ms);
                return cli_error("%s", err.msg);
            }
            if ((rc == 10) == yes) {
                add_first(fm, o->rules, &q->from, &ms.items[i].to, "");
                break;
            }
        }
        chopsat_moves_free(&ms);
        if (!fm->n) return cli_error("cross-check failed: no first move passes the QBF solver"), EXIT_MISMATCH;
        return 0;
    }
    chopsat_moves ms = {0};
    chopsat_moves_list(o->rules, &q->from, &ms);
    int status = 0;
    for (size_t i = 0; i < ms.n && !status; i++) {
        const chopsat_pos *p = &ms.items[i].to;
        if (chopsat_pos_winner(o->rules, p) || bound - 1 == 0) continue;
        chopsat_pos to;
        bool have;
        int rc = ask_at(o, q, p, bound - 1, &to, &have, acc, &err);
        if (rc < 0) status = cli_error("%s", err.msg);
        else if ((rc == 10) != yes) {
            cli_error("cross-check failed: the QBF solver answers %s after %s but %s from the start",
                      rc == 10 ? "yes" : "no", ms.items[i].name, yes ? "yes" : "no");
            status = EXIT_MISMATCH;
        } else if (have) add_first(fm, o->rules, p, &to, ms.items[i].name);
    }
    chopsat_moves_free(&ms);
    return status;
}

/* The explicit cross-check: 1 agrees, 0 not done (note says why), -1 disagrees (note). */
static int cross_check(const cli_opts *o, const chopsat_query *q, const qbf_result *res,
                       const force_table *t, char *note, size_t size, double *seconds)
{
    int d = force_table_dist(t, &q->from);
    bool ex_yes = d >= 0 && d <= q->k;
    if (ex_yes != (res->answer == 1) || (ex_yes && d != res->moves)) {
        snprintf(note, size, "explicit bounded forcing says %s (in %d moves)", ex_yes ? "yes" : "no", d);
        return -1;
    }
    if (q->kind != CHOPSAT_Q_WIN) {
        snprintf(note, size, "explicit bounded forcing agrees");
        return 1;
    }
    double t0 = now();
    chopsat_err err;
    chopsat_solution *sol = chopsat_solve(o->rules, NULL, NULL, &err);
    *seconds = now() - t0;
    if (!sol) {
        snprintf(note, size, "explicit bounded forcing agrees; the explicit solver: %s", err.msg);
        return 1;
    }
    uint32_t dist;
    int v = chopsat_value(sol, &q->from, &dist);
    chopsat_solution_free(sol);
    bool p_moves = (int)q->from.mover == q->player;
    bool sol_yes = (v == (p_moves ? CHOPSAT_WIN : CHOPSAT_LOSS)) && dist <= (uint32_t)q->k;
    const char *vn = v == CHOPSAT_WIN ? "win" : v == CHOPSAT_LOSS ? "loss" : "draw";
    char from[64];
    chopsat_pos_format(o->rules, &q->from, from, sizeof from);
    if (sol_yes != (res->answer == 1) || (sol_yes && (int)dist != res->moves)) {
        snprintf(note, size, "the explicit solver values %s as a %s for player %u at distance %u",
                 from, vn, q->from.mover, dist);
        return -1;
    }
    if (v == CHOPSAT_DRAW)
        snprintf(note, size, "explicit bounded forcing and the explicit solver agree (%s is a draw)", from);
    else
        snprintf(note, size, "explicit bounded forcing and the explicit solver agree (%s: a %s for "
                 "player %u at distance %u)", from, vn, q->from.mover, dist);
    return 1;
}

/* Past the explicit limit: *t, the table for the largest depth D < K that fits, checks what it can.
 * A yes in m <= D moves is then checked in full (*t is kept for the strategy tree: returns 1);
 * otherwise the QBF answer must agree that P cannot force the goal within D moves (returns 0,
 * *t freed: no tree), or it is caught (-1). note says what was checked and what was not. */
static int partial_check(const chopsat_query *q, const qbf_result *res, force_table **t, int D,
                         char *note, size_t size)
{
    char limit[600];
    snprintf(limit, sizeof limit, "%s", note);
    int d = force_table_dist(*t, &q->from);
    if (res->answer && res->moves <= D) {
        if (d != res->moves) {
            snprintf(note, size, "explicit bounded forcing (checked to depth %d) says %s", D,
                     d < 0 ? "no forced win within those moves" : "a different minimum");
            if (d >= 0) snprintf(note, size, "explicit bounded forcing (checked to depth %d) "
                                 "finds the minimum %d", D, d);
            return -1;
        }
        snprintf(note, size, "explicit bounded forcing over the positions within %d moves agrees "
                 "(the whole K was past its limit, but the answer's %d moves were not)", D,
                 res->moves);
        return 1;
    }
    force_table_free(*t);
    *t = NULL;
    if (d >= 0) {
        snprintf(note, size, "explicit bounded forcing (checked to depth %d) finds a forced %s "
                 "within %d moves", D, q->kind == CHOPSAT_Q_WIN ? "win" : "reach", d);
        return -1;
    }
    snprintf(note, size, "checked only to depth %d: explicit bounded forcing agrees that player "
             "%d cannot force it within %d moves; beyond that the %s rests on the QBF solver "
             "alone (%.150s)", D, q->player, D, res->answer ? "yes and its strategy" : "no", limit);
    return 0;
}

/* After a tree printed with --tree-depth D: how many nodes the cut left out. */
static void print_tree_cut(const cli_opts *o, size_t cut)
{
    if (o->tree_depth >= 0)
        printf("  (cut at depth %ld by --tree-depth: %zu more node%s not shown)\n",
               o->tree_depth, cut, cut == 1 ? "" : "s");
}

/* ---- the BDD back end (the default) ---- */

/* The BDD tree as a strategy for the explicit walk (strategy_check), with move names. */
static strategy *tree_to_strategy(const chopsat_rules *r, const chopsat_query *q,
                                  const chopsat_tree *t)
{
    strategy *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->refutation = t->refutation;
    s->q = *q;
    for (size_t i = 0; i < t->nnodes; i++) {
        const chopsat_tree_node *n = &t->nodes[i];
        strat_node sn = {.pos = n->pos, .bound = n->bound, .end = n->end, .first = n->first, .n = n->n};
        VEC_PUSH(s->nodes, sn);
    }
    for (size_t i = 0; i < t->nnodes; i++)
        for (size_t e = t->nodes[i].first; e < t->nodes[i].first + t->nodes[i].n; e++) {
            strat_edge ed = {.child = t->child[e]};
            chopsat_move m;
            snprintf(ed.name, sizeof ed.name, "%s",
                     chopsat_move_between(r, &t->nodes[i].pos, &t->nodes[t->child[e]].pos, &m) == 0
                         ? m.name : "(illegal)");
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
        add_first(fm, r, &root->pos, &s->nodes.items[e->child].pos, "");
        return;
    }
    for (size_t i = root->first; i < root->first + root->n; i++) {
        const strat_node *c = &s->nodes.items[s->edges.items[i].child];
        if (c->end || c->n != 1) continue;
        add_first(fm, r, &c->pos, &s->nodes.items[s->edges.items[c->first].child].pos,
                  s->edges.items[i].name);
    }
}

static int force_bdd(cli_opts *o, const chopsat_query *q)
{
    if (o->move_encoding || o->polarity || o->prefix)
        return cli_usage("force: --move-encoding, --polarity and --prefix shape the QBF; the bdd "
                         "solver takes none of them (use --solver depqbf)");
    chopsat_bdd_force_result res;
    chopsat_err err;
    if (chopsat_bdd_force(o->rules, q, NULL, &res, &err)) return cli_error("%s", err.msg);
    char question[256];
    chopsat_query_describe(o->rules, q, true, question, sizeof question);
    int chooser = res.answer ? q->player : 3 - q->player;
    const char *kind = res.answer ? "strategy" : "refutation";

    /* the tree, walked by the explicit move generator */
    strategy *s = res.tree ? tree_to_strategy(o->rules, q, res.tree) : NULL;
    char tree_note[700] = "";
    int status = 0;
    if (res.tree && !s) status = cli_error("out of memory");
    else if (s && strategy_check(o->rules, s, &err)) {
        status = cli_error("cross-check failed: the %s tree from the BDD layers does not check: %s", kind, err.msg);
        status = EXIT_MISMATCH;
    } else if (s)
        snprintf(tree_note, sizeof tree_note,
                 res.answer ? "built from the BDD layers, walked by the explicit engine: every reply "
                              "of player %d covered, every leaf a win for player %d within %d moves"
                            : "built from the BDD layers, walked by the explicit engine: every move "
                              "of player %d answered, no leaf reaches player %d's goal within %d moves",
                 res.answer ? 3 - q->player : q->player, q->player, res.answer ? res.moves : q->k);
    else
        snprintf(tree_note, sizeof tree_note, "not built: more than %d nodes", CHOPSAT_TREE_LIMIT);

    /* the answer, against the explicit engine where it fits */
    double t0 = now(), solve_seconds = 0;
    force_table *t = NULL;
    char note[600] = "";
    int agree = 0;
    int trc = 0;
    if (!status && res.within_k > CHOPSAT_EXPLICIT_LIMIT) { /* counted by the BDD engine */
        trc = -2;
        snprintf(err.msg, sizeof err.msg, "%.0f positions lie within %d moves (BDD count): more "
                 "than the explicit check's limit of %d", res.within_k, res.within_steps,
                 CHOPSAT_EXPLICIT_LIMIT);
    } else if (!status && res.within_steps < q->k && res.within_k > 0) {
        trc = -2;
        snprintf(err.msg, sizeof err.msg, "the positions within %d moves grow too fast for the "
                 "explicit check (%.0f within %d moves, BDD count)", q->k, res.within_k,
                 res.within_steps);
    } else if (!status)
        trc = force_table_build(o->rules, q, &t, &err);
    double table_seconds = now() - t0;
    if (trc == -1) status = cli_error("%s", err.msg);
    else if (status) {
    } else if (trc == -2)
        snprintf(note, sizeof note, "%s; the answer rests on the BDD layers%s", err.msg,
                 s ? " and the tree walked by the explicit engine" : "");
    else if (o->no_check) snprintf(note, sizeof note, "--no-check");
    else {
        qbf_result r = {.answer = res.answer, .moves = res.moves};
        agree = cross_check(o, q, &r, t, note, sizeof note, &solve_seconds);
        if (agree < 0) {
            cli_error("cross-check failed: the BDD answer is %s (in %d moves), %s",
                      res.answer ? "yes" : "no", res.moves, note);
            status = EXIT_MISMATCH;
        }
    }
    force_table_free(t);
    if (status) {
        strategy_free(s);
        chopsat_bdd_force_free(&res);
        return status;
    }
    first_moves fm = {0};
    if (s) first_moves_from_tree(o->rules, s, chooser, &fm);
    if (o->format == FMT_JSON) {
        chopsat_json j;
        chopsat_json_init(&j, stdout);
        chopsat_json_object(&j);
        chopsat_json_kstring(&j, "question", question);
        chopsat_json_kstring(&j, "answer", res.answer ? "yes" : "no");
        chopsat_json_key(&j, "moves");
        if (res.answer) chopsat_json_int(&j, res.moves);
        else chopsat_json_null(&j);
        chopsat_json_key(&j, "first_moves");
        chopsat_json_array(&j, false);
        for (size_t i = 0; i < fm.n; i++) {
            char pos[64];
            chopsat_pos_format(o->rules, &fm.items[i].to, pos, sizeof pos);
            chopsat_json_object(&j);
            chopsat_json_kstring(&j, "after", fm.before[i][0] ? fm.before[i] : NULL);
            chopsat_json_kint(&j, "player", chooser);
            chopsat_json_kstring(&j, "move", fm.name[i]);
            chopsat_json_kstring(&j, "position", pos);
            chopsat_json_kstring(&j, "by", "bdd");
            chopsat_json_end(&j);
        }
        chopsat_json_end(&j);
        chopsat_json_key(&j, "strategy");
        if (s) strategy_write_json_to(o->rules, s, &j, (int)o->tree_depth);
        else chopsat_json_null(&j);
        chopsat_json_kbool(&j, "tree_checked", s != NULL);
        chopsat_json_kstring(&j, "tree_check", tree_note);
        chopsat_json_kbool(&j, "checked", agree > 0);
        chopsat_json_kstring(&j, "check", agree > 0 ? note : "not cross-checked");
        chopsat_json_kstring(&j, "check_note", note);
        chopsat_json_kstring(&j, "solver", "bdd");
        chopsat_json_kint(&j, "layers", res.layers);
        chopsat_json_kbool(&j, "closed", res.closed);
        chopsat_json_key(&j, "bdd");
        chopsat_json_object(&j);
        chopsat_json_kstring(&j, "order", res.order);
        chopsat_json_kint(&j, "state_bits", res.state_bits);
        chopsat_json_kint(&j, "move_bits", res.move_bits);
        chopsat_json_kint(&j, "vars", res.vars);
        chopsat_json_key(&j, "relation_nodes");
        chopsat_json_array(&j, false);
        chopsat_json_int(&j, res.relation_nodes[0]);
        chopsat_json_int(&j, res.relation_nodes[1]);
        chopsat_json_end(&j);
        chopsat_json_key(&j, "sizes"); /* per layer: new positions with mover 1, mover 2; nodes */
        chopsat_json_array(&j, false);
        for (int k = 0; k < res.layers; k++) {
            chopsat_json_array(&j, false);
            chopsat_json_fixed(&j, res.fresh[0][k], 0);
            chopsat_json_fixed(&j, res.fresh[1][k], 0);
            chopsat_json_int(&j, res.layer_nodes[k]);
            chopsat_json_end(&j);
        }
        chopsat_json_end(&j);
        chopsat_json_end(&j);
        chopsat_json_key(&j, "within");
        chopsat_json_fixed(&j, res.within_k, 0);
        chopsat_json_kint(&j, "within_moves", res.within_steps);
        chopsat_json_key(&j, "build_seconds");
        chopsat_json_fixed(&j, res.build_seconds, 4);
        chopsat_json_key(&j, "fixpoint_seconds");
        chopsat_json_fixed(&j, res.fixpoint_seconds, 4);
        chopsat_json_key(&j, "tree_seconds");
        chopsat_json_fixed(&j, res.tree_seconds, 4);
        chopsat_json_key(&j, "explicit_seconds");
        chopsat_json_fixed(&j, table_seconds + solve_seconds, 4);
        chopsat_json_end(&j);
        putchar('\n');
    } else {
        printf("question: %s\n", question);
        if (res.answer)
            printf("answer: yes, within %d move%s (the minimum)\n", res.moves,
                   res.moves == 1 ? "" : "s");
        else
            printf("answer: no\n");
        if (fm.n) {
            printf("first move%s (from the BDD layers):\n", fm.n > 1 ? "s" : "");
            for (size_t i = 0; i < fm.n; i++) {
                char pos[64];
                chopsat_pos_format(o->rules, &fm.items[i].to, pos, sizeof pos);
                if (fm.before[i][0])
                    printf("  after player %d %-12s player %d %-12s -> %s\n", 3 - chooser,
                           fm.before[i], chooser, fm.name[i], pos);
                else
                    printf("  player %d %-12s -> %s\n", chooser, fm.name[i], pos);
            }
        }
        if (s) {
            printf("%s of player %d (#n: a position already shown above):\n", kind, chooser);
            print_tree_cut(o, strategy_write_text_to(o->rules, s, stdout, (int)o->tree_depth));
            printf("%s tree: %zu nodes, %s.\n", kind, s->nodes.n, tree_note);
        } else {
            printf("%s tree: %s.\n", kind, tree_note);
        }
        if (agree > 0) printf("checked: %s.\n", note);
        else printf("checked: the answer was NOT cross-checked by the explicit engine (%s).\n", note);
        printf("bdd: %d layers%s; building %.3f s, layers %.3f s, tree %.3f s; explicit %.3f s\n",
               res.layers, res.closed ? " (the fixpoint)" : "", res.build_seconds,
               res.fixpoint_seconds, res.tree_seconds, table_seconds + solve_seconds);
    }
    strategy_free(s);
    chopsat_bdd_force_free(&res);
    return res.answer ? EXIT_YES : EXIT_NO;
}

/* The BDD back end answers unless a QBF solver is named or a QBF-only option is given. */
static bool use_bdd(const cli_opts *o)
{
    if (o->solver) return !strcmp(o->solver, "bdd");
    return !(o->move_encoding || o->polarity || o->prefix || o->timeout > 0);
}

/* What `force` prints, gathered once for the text and the JSON form. */
typedef struct force_report {
    const cli_opts *o;
    const chopsat_query *q;
    const char *question, *solver, *kind, *note, *tree_note;
    qbf_result res, acc;
    first_moves fm;
    const strategy *s;
    int agree, depth, chooser;
    double explicit_seconds;
} force_report;

/* The JSON form of the report on stdout. */
static void print_force_json(const force_report *r)
{
    const cli_opts *o = r->o;
    const qbf_result res = r->res, acc = r->acc;
    const first_moves fm = r->fm;
    const strategy *s = r->s;
    const char *question = r->question, *solver = r->solver;
    const char *note = r->note, *tree_note = r->tree_note;
    int agree = r->agree, depth = r->depth, chooser = r->chooser;
    double explicit_seconds = r->explicit_seconds;
    chopsat_json j;
    chopsat_json_init(&j, stdout);
    chopsat_json_object(&j);
    chopsat_json_kstring(&j, "question", question);
    chopsat_json_kstring(&j, "answer", res.answer ? "yes" : "no");
    chopsat_json_key(&j, "moves");
    if (res.answer) chopsat_json_int(&j, res.moves);
    else chopsat_json_null(&j);
    chopsat_json_key(&j, "first_moves");
    chopsat_json_array(&j, false);
    for (size_t i = 0; i < fm.n; i++) {
        char pos[64];
        chopsat_pos_format(o->rules, &fm.items[i].to, pos, sizeof pos);
        chopsat_json_object(&j);
        chopsat_json_kstring(&j, "after", fm.before[i][0] ? fm.before[i] : NULL);
        chopsat_json_kint(&j, "player", chooser);
        chopsat_json_kstring(&j, "move", fm.name[i]);
        chopsat_json_kstring(&j, "position", pos);
        chopsat_json_kstring(&j, "by", "qbf");
        chopsat_json_end(&j);
    }
    chopsat_json_end(&j);
    chopsat_json_key(&j, "strategy");
    if (s) strategy_write_json_to(o->rules, s, &j, (int)o->tree_depth);
    else chopsat_json_null(&j);
    chopsat_json_kbool(&j, "tree_checked", s != NULL);
    chopsat_json_kstring(&j, "tree_check", tree_note);
    chopsat_json_key(&j, "checked_depth");
    if (depth >= 0) chopsat_json_int(&j, depth);
    else chopsat_json_null(&j);
    chopsat_json_kbool(&j, "checked", agree > 0);
    chopsat_json_kstring(&j, "check", agree > 0 ? note : "not cross-checked");
    chopsat_json_kstring(&j, "check_note", note);
    chopsat_json_kstring(&j, "solver", solver);
    chopsat_json_kint(&j, "vars", res.vars);
    chopsat_json_key(&j, "clauses");
    chopsat_json_uint(&j, res.clauses);
    chopsat_json_key(&j, "blocks");
    chopsat_json_uint(&j, res.blocks);
    chopsat_json_kint(&j, "solver_calls", acc.solver_calls);
    chopsat_json_key(&j, "encode_seconds");
    chopsat_json_fixed(&j, acc.encode_seconds, 4);
    chopsat_json_key(&j, "solve_seconds");
    chopsat_json_fixed(&j, acc.solve_seconds, 4);
    chopsat_json_key(&j, "explicit_seconds");
    chopsat_json_fixed(&j, explicit_seconds, 4);
    chopsat_json_end(&j);
    putchar('\n');
}

/* The text form of the report on stdout. */
static void print_force_text(const force_report *r)
{
    const cli_opts *o = r->o;
    const chopsat_query q = *r->q;
    const qbf_result res = r->res, acc = r->acc;
    const first_moves fm = r->fm;
    const strategy *s = r->s;
    const char *question = r->question, *solver = r->solver, *kind = r->kind;
    const char *note = r->note, *tree_note = r->tree_note;
    int agree = r->agree, chooser = r->chooser;
    double explicit_seconds = r->explicit_seconds;
    printf("question: %s\n", question);
    if (res.answer)
        printf("answer: yes, within %d move%s (the minimum%s)\n", res.moves,
               res.moves == 1 ? "" : "s",
               s ? "" : "; NOT checked: no strategy was verified, see below");
    else
        printf("answer: no\n");
    if (fm.n) {
        printf("first move%s (from the QBF solver's outermost block):\n", fm.n > 1 ? "s" : "");
        for (size_t i = 0; i < fm.n; i++) {
            char pos[64];
            chopsat_pos_format(o->rules, &fm.items[i].to, pos, sizeof pos);
            if (fm.before[i][0])
                printf("  after player %d %-12s player %d %-12s -> %s\n", 3 - chooser,
                       fm.before[i], chooser, fm.name[i], pos);
            else
                printf("  player %d %-12s -> %s\n", chooser, fm.name[i], pos);
        }
    }
    if (s) {
        printf("%s of player %d (#n: a position already shown above):\n", kind, chooser);
        print_tree_cut(o, strategy_write_text_to(o->rules, s, stdout, (int)o->tree_depth));
        printf("%s tree: %zu nodes, %s.\n", kind, s->nodes.n, tree_note);
    } else {
        printf("%s tree: not built (%s).\n", kind, note);
    }
    if (agree > 0) printf("checked: %s.\n", note);
    else printf("checked: the answer was NOT cross-checked (%s).\n", note);
    printf("formula: %d variables, %zu clauses, %zu quantifier blocks (k = %d); %s, %d solver "
           "call%s; encoding %.3f s, solving %.3f s; explicit %.3f s\n",
           res.vars, res.clauses, res.blocks, res.answer ? res.moves : q.k, solver,
           acc.solver_calls, acc.solver_calls == 1 ? "" : "s", acc.encode_seconds,
           acc.solve_seconds, explicit_seconds);
}

static int force(cli_opts *o)
{
    chopsat_query q;
    int rc = build_query(o, &q);
    if (rc) return rc;
    if (use_bdd(o)) return force_bdd(o, &q);
    const char *solver = o->solver ? o->solver : "depqbf";
    qbf_opts fo = force_opts(o);
    qbf_result res;
    chopsat_err err;
    if (qbf_force(o->rules, &q, &fo, solver, o->timeout, &res, &err)) return cli_error("%s", err.msg);
    qbf_result acc = res;
    char question[256];
    chopsat_query_describe(o->rules, &q, true, question, sizeof question);

    /* the explicit engine: bounded forcing over the positions within K moves */
    double t0 = now(), solve_seconds = 0;
    force_table *t = NULL;
    /* the whole bound, or as deep as the limit allows (trc -2: then depth < K) */
    int depth = force_table_build_partial(o->rules, &q, &t, &err);
    int trc = depth < 0 ? -1 : depth < q.k ? -2 : 0;
    double table_seconds = now() - t0;
    char note[600] = "", tree_note[700] = "";
    int agree = 0;
    if (trc == -1) return cli_error("%s", err.msg);
    if (trc == 0) depth = -1; /* reported only when K was past the limit */
    if (trc == -2) snprintf(note, sizeof note, "%s", err.msg);
    else if (o->no_check) snprintf(note, sizeof note, "--no-check");
    if (trc == -2 && o->no_check) {
        force_table_free(t); /* no tree without the check */
        t = NULL;
    } else if (trc == -2) {
        agree = partial_check(&q, &res, &t, depth, note, sizeof note);
    } else if (!o->no_check)
        agree = cross_check(o, &q, &res, t, note, sizeof note, &solve_seconds);
    if (agree < 0) {
        force_table_free(t);
        cli_error("cross-check failed: the QBF answer is %s (in %d moves), %s",
                  res.answer ? "yes" : "no", res.moves, note);
        return EXIT_MISMATCH;
    }

    /* the first move(s) from the QBF solver, the tree below them, and its check */
    first_moves fm = {0};
    rc = first_moves_from_qbf(o, &q, &res, &fm, &acc);
    if (rc) {
        force_table_free(t);
        return rc;
    }
    strategy *s = NULL;
    if (t) {
        s = strategy_build(o->rules, &q, res.answer ? res.moves : q.k, !res.answer, t, fm.items,
                           fm.n, &err);
        if (!s) {
            force_table_free(t);
            cli_error("cross-check failed: %s", err.msg);
            return EXIT_MISMATCH;
        }
        if (strategy_check(o->rules, s, &err)) {
            strategy_free(s);
            force_table_free(t);
            cli_error("cross-check failed: the %s tree does not check: %s",
                      res.answer ? "strategy" : "refutation", err.msg);
            return EXIT_MISMATCH;
        }
        snprintf(tree_note, sizeof tree_note,
                 res.answer ? "walked by the explicit engine: every reply of player %d covered, "
                              "every leaf a win for player %d within %d moves"
                            : "walked by the explicit engine: every move of player %d answered, "
                              "no leaf reaches player %d's goal within %d moves",
                 res.answer ? 3 - q.player : q.player, q.player, res.answer ? res.moves : q.k);
    } else {
        snprintf(tree_note, sizeof tree_note, "no tree: %s", note);
    }
    force_report rep = {.o = o, .q = &q, .question = question, .solver = solver,
                        .kind = res.answer ? "strategy" : "refutation", .note = note,
                        .tree_note = tree_note, .res = res, .acc = acc, .fm = fm, .s = s,
                        .agree = agree, .depth = depth,
                        .chooser = res.answer ? q.player : 3 - q.player,
                        .explicit_seconds = table_seconds + solve_seconds};
    if (o->format == FMT_JSON) print_force_json(&rep);
    else print_force_text(&rep);
    strategy_free(s);
    force_table_free(t);
    return res.answer ? EXIT_YES : EXIT_NO;
}

int cli_force(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("force", argc, argv, 1, &o);
    if (!rc) rc = force(&o);
    cli_opts_free(&o);
    return rc;
}

int cli_qdimacs(int argc, char **argv)
{
    if (argc < 1 || strcmp(argv[0], "force"))
        return cli_usage("qdimacs force A [--to B] -k K [--player P] [-o FILE]");
    cli_opts o;
    int rc = cli_parse("qdimacs", argc - 1, argv + 1, 1, &o);
    if (rc) return rc;
    chopsat_query q;
    rc = build_query(&o, &q);
    if (!rc) {
        qbf_opts fo = force_opts(&o);
        chopsat_err err;
        qbf *f = qbf_encode(o.rules, &q, &fo, &err);
        if (!f) rc = cli_error("%s", err.msg);
        else {
            cli_out out;
            rc = cli_out_open(&out, o.out_path);
            if (!rc) {
                rc = cli_out_finish(&out, qbf_write_qdimacs(f, out.f, &err), &err);
            }
            qbf_free(f);
        }
    }
    cli_opts_free(&o);
    return rc;
}
