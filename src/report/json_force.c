/* json_force.c: a checked forced answer (chopsat_force) as one JSON object: the question, the
 * answer, the first moves, the tree, the check and the engine's figures (the BDD layers' or
 * the QBF solver's). */
#include "report/text_write.h"

/* "key": seconds, to the tenth of a millisecond. */
static void kseconds(chopsat_json *j, const char *key, double seconds)
{
    chopsat_json_key(j, key);
    chopsat_json_fixed(j, seconds, 4);
}

/* The first moves, "by" the engine that gave them. */
static void first_moves(const chopsat_rules *rules, const chopsat_force_result *res, const char *by,
                        chopsat_json *j)
{
    const chopsat_force_move *first;
    size_t n = chopsat_force_first_moves(res, &first);
    chopsat_json_key(j, "first_moves");
    chopsat_json_array(j, false);
    for (size_t i = 0; i < n; i++) {
        char pos[CHOPSAT_POS_MAX];
        chopsat_pos_format(rules, &first[i].move.to, pos, sizeof pos);
        chopsat_json_object(j);
        chopsat_json_kstring(j, "after", first[i].after.name[0] ? first[i].after.name : NULL);
        chopsat_json_kint(j, "player", chopsat_force_chooser(res));
        chopsat_json_kstring(j, "move", first[i].move.name);
        chopsat_json_kstring(j, "position", pos);
        chopsat_json_kstring(j, "by", by);
        chopsat_json_end(j);
    }
    chopsat_json_end(j);
}

/* The question, the answer, the first moves and the tree (the object stays open). */
static void head(const chopsat_rules *rules, const chopsat_force_result *res,
                 const chopsat_report_force_opts *o, const char *by, chopsat_json *j)
{
    const chopsat_strategy *tree = chopsat_force_tree(res);
    bool yes = chopsat_force_value(res) == CHOPSAT_YES;
    chopsat_json_object(j);
    chopsat_json_kstring(j, "question", o->question);
    chopsat_json_kstring(j, "answer", yes ? "yes" : "no");
    chopsat_json_key(j, "moves");
    if (yes)
        chopsat_json_int(j, chopsat_force_moves(res));
    else
        chopsat_json_null(j);
    first_moves(rules, res, by, j);
    chopsat_json_key(j, "strategy");
    if (tree)
        chopsat_strategy_write_json(rules, tree, j, o->tree_depth);
    else
        chopsat_json_null(j);
    chopsat_json_kbool(j, "tree_checked", tree != NULL);
    chopsat_json_kstring(j, "tree_check", chopsat_force_tree_note(res));
}

/* The check's three members: whether, what (or "not cross-checked"), and the note; then what
 * the first moves leave out (null when nothing). */
static void check(const chopsat_force_result *res, chopsat_json *j)
{
    bool checked = chopsat_force_checked(res);
    const char *note = chopsat_force_check_note(res);
    chopsat_json_kbool(j, "checked", checked);
    chopsat_json_kstring(j, "check", checked ? note : "not cross-checked");
    chopsat_json_kstring(j, "check_note", note);
    chopsat_json_kstring(j, "first_moves_note", chopsat_force_first_note(res));
}

/* The BDD engine's sizes, variables and order (the "bdd" member's object). */
static void bdd_member(const chopsat_bdd_force_result *b, chopsat_json *j)
{
    const chopsat_bdd_figures *fig = chopsat_bdd_force_figures(b);
    chopsat_json_key(j, "bdd");
    chopsat_json_object(j);
    chopsat_json_kstring(j, "order", chopsat_bdd_force_order(b));
    chopsat_json_kint(j, "state_bits", fig->state_bits);
    chopsat_json_kint(j, "move_bits", fig->move_bits);
    chopsat_json_kint(j, "vars", fig->vars);
    chopsat_json_key(j, "relation_nodes");
    chopsat_json_array(j, false);
    chopsat_json_int(j, fig->relation_nodes[0]);
    chopsat_json_int(j, fig->relation_nodes[1]);
    chopsat_json_end(j);
    chopsat_json_key(j, "sizes"); /* per layer: new positions with mover 1, mover 2; nodes */
    chopsat_json_array(j, false);
    for (int k = 0; k < fig->layers; k++) {
        chopsat_json_array(j, false);
        chopsat_json_fixed(j, chopsat_bdd_force_fresh(b, k, 1), 0);
        chopsat_json_fixed(j, chopsat_bdd_force_fresh(b, k, 2), 0);
        chopsat_json_int(j, chopsat_bdd_force_layer_nodes(b, k));
        chopsat_json_end(j);
    }
    chopsat_json_end(j);
    chopsat_json_end(j);
}

/* The BDD engine's report. */
static void bdd_json(const chopsat_rules *rules, const chopsat_force_result *res,
                     const chopsat_report_force_opts *o, chopsat_json *j)
{
    const chopsat_bdd_force_result *b = chopsat_force_bdd(res);
    const chopsat_bdd_figures *fig = chopsat_bdd_force_figures(b);
    head(rules, res, o, "bdd", j);
    check(res, j);
    chopsat_json_kstring(j, "solver", "bdd");
    chopsat_json_kint(j, "layers", fig->layers);
    chopsat_json_kbool(j, "closed", fig->closed);
    bdd_member(b, j);
    chopsat_json_key(j, "within");
    chopsat_json_fixed(j, fig->within_k, 0);
    chopsat_json_kint(j, "within_moves", fig->within_steps);
    kseconds(j, "build_seconds", fig->build_seconds);
    kseconds(j, "fixpoint_seconds", fig->fixpoint_seconds);
    kseconds(j, "tree_seconds", fig->tree_seconds);
    kseconds(j, "explicit_seconds", chopsat_force_figures_of(res)->explicit_seconds);
    chopsat_json_end(j);
}

/* A QBF solver's report. */
static void qbf_json(const chopsat_rules *rules, const chopsat_force_result *res,
                     const chopsat_report_force_opts *o, chopsat_json *j)
{
    const chopsat_force_figures *ff = chopsat_force_figures_of(res);
    int depth = chopsat_force_checked_depth(res);
    head(rules, res, o, chopsat_force_first_by(res), j);
    chopsat_json_key(j, "checked_depth");
    if (depth >= 0)
        chopsat_json_int(j, depth);
    else
        chopsat_json_null(j);
    check(res, j);
    chopsat_json_kstring(j, "solver", chopsat_force_solver(res));
    chopsat_json_kint(j, "vars", ff->vars);
    chopsat_json_key(j, "clauses");
    chopsat_json_uint(j, ff->clauses);
    chopsat_json_key(j, "blocks");
    chopsat_json_uint(j, ff->blocks);
    chopsat_json_kint(j, "solver_calls", ff->solver_calls);
    kseconds(j, "encode_seconds", ff->encode_seconds);
    kseconds(j, "solve_seconds", ff->solve_seconds);
    kseconds(j, "explicit_seconds", ff->explicit_seconds);
    chopsat_json_end(j);
}

int chopsat_report_force_json(FILE *out, const chopsat_rules *rules,
                              const chopsat_force_result *res, const chopsat_report_force_opts *o,
                              chopsat_err *err)
{
    chopsat_json j;
    chopsat_json_init(&j, out);
    if (chopsat_force_bdd(res))
        bdd_json(rules, res, o, &j);
    else
        qbf_json(rules, res, o, &j);
    fputc('\n', out);
    return report_end(out, err);
}
