/* text_force.c: a checked forced answer (chopsat_force) as text: the question and the answer,
 * the first moves, the strategy or refutation tree with its check, and the engine's figures
 * (the BDD layers' or the QBF solver's). */
#include <string.h>

#include "report/text_write.h"

/* After a tree cut at o->tree_depth: how many nodes the cut left out. */
static void tree_cut(FILE *out, const chopsat_report_force_opts *o, size_t cut)
{
    if (o->tree_depth < 0) return;
    fprintf(out, "  (cut at depth %d%s%s: %zu more node%s not shown)\n", o->tree_depth,
            o->cut_by ? " by " : "", o->cut_by ? o->cut_by : "", cut, cut == 1 ? "" : "s");
}

/* The first moves, as the engine named by `from` gave them. */
static void first_moves(FILE *out, const chopsat_rules *rules, const chopsat_force_result *res,
                        const char *from)
{
    const chopsat_force_move *first;
    size_t n = chopsat_force_first_moves(res, &first);
    int chooser = chopsat_force_chooser(res);
    const char *note = chopsat_force_first_note(res);
    if (note) fprintf(out, "first moves: %s.\n", note);
    if (!n) return;
    fprintf(out, "first move%s (from %s):\n", n > 1 ? "s" : "", from);
    for (size_t i = 0; i < n; i++) {
        char pos[CHOPSAT_POS_MAX];
        chopsat_pos_format(rules, &first[i].move.to, pos, sizeof pos);
        if (first[i].after.name[0])
            fprintf(out, "  after player %d %-12s player %d %-12s -> %s\n", 3 - chooser,
                    first[i].after.name, chooser, first[i].move.name, pos);
        else
            fprintf(out, "  player %d %-12s -> %s\n", chooser, first[i].move.name, pos);
    }
}

/* The question and the answer, and the first moves "from" the engine named. */
static void head(FILE *out, const chopsat_rules *rules, const chopsat_force_result *res,
                 const chopsat_report_force_opts *o, const char *from, bool unchecked)
{
    fprintf(out, "question: %s\n", o->question);
    if (chopsat_force_value(res) == CHOPSAT_YES) {
        int moves = chopsat_force_moves(res);
        fprintf(out, "answer: yes, within %d move%s (the minimum%s)\n", moves,
                moves == 1 ? "" : "s",
                unchecked ? "; NOT checked: no strategy was verified, see below" : "");
    } else {
        fprintf(out, "answer: no\n");
    }
    first_moves(out, rules, res, from);
}

/* The tree, cut at o->tree_depth, with its size and how it was checked; or why there is none
 * (`missing`). */
static void tree(FILE *out, const chopsat_rules *rules, const chopsat_force_result *res,
                 const chopsat_report_force_opts *o, const char *missing)
{
    const chopsat_strategy *t = chopsat_force_tree(res);
    const char *kind = chopsat_force_value(res) == CHOPSAT_YES ? "strategy" : "refutation";
    if (!t) {
        fprintf(out, "%s tree: %s.\n", kind, missing);
        return;
    }
    fprintf(out, "%s of player %d (#n: a position already shown above):\n", kind,
            chopsat_force_chooser(res));
    tree_cut(out, o, chopsat_strategy_write_text(rules, t, out, o->tree_depth, o->cut_by));
    size_t nodes = chopsat_strategy_nodes(t);
    fprintf(out, "%s tree: %zu node%s, %s.\n", kind, nodes, nodes == 1 ? "" : "s",
            chopsat_force_tree_note(res));
}

/* The BDD engine's report. */
static void bdd_text(FILE *out, const chopsat_rules *rules, const chopsat_force_result *res,
                     const chopsat_report_force_opts *o)
{
    const chopsat_bdd_figures *fig = chopsat_bdd_force_figures(chopsat_force_bdd(res));
    head(out, rules, res, o, "the BDD layers", false);
    tree(out, rules, res, o, chopsat_force_tree_note(res));
    if (chopsat_force_checked(res))
        fprintf(out, "checked: %s.\n", chopsat_force_check_note(res));
    else
        fprintf(out, "checked: the answer was NOT cross-checked by the explicit engine (%s).\n",
                chopsat_force_check_note(res));
    fprintf(out,
            "bdd: %d layer%s%s; building %.3f s, layers %.3f s, tree %.3f s; explicit %.3f s\n",
            fig->layers, fig->layers == 1 ? "" : "s", fig->closed ? " (the fixpoint)" : "",
            fig->build_seconds, fig->fixpoint_seconds, fig->tree_seconds,
            chopsat_force_figures_of(res)->explicit_seconds);
}

/* A QBF solver's report. */
static void qbf_text(FILE *out, const chopsat_rules *rules, const chopsat_force_result *res,
                     const chopsat_report_force_opts *o)
{
    const chopsat_force_figures *ff = chopsat_force_figures_of(res);
    bool yes = chopsat_force_value(res) == CHOPSAT_YES;
    const char *note = chopsat_force_check_note(res);
    char missing[700];
    snprintf(missing, sizeof missing, "not built (%s)", note);
    head(out, rules, res, o,
         strcmp(chopsat_force_first_by(res), "explicit") ? "the QBF solver's outermost block"
                                                         : "the explicit forcing table",
         chopsat_force_tree(res) == NULL);
    tree(out, rules, res, o, missing);
    if (chopsat_force_checked(res))
        fprintf(out, "checked: %s.\n", note);
    else
        fprintf(out, "checked: the answer was NOT cross-checked (%s).\n", note);
    fprintf(out,
            "formula: %d variables, %zu clauses, %zu quantifier blocks (k = %d); %s, %d solver "
            "call%s; encoding %.3f s, solving %.3f s; explicit %.3f s\n",
            ff->vars, ff->clauses, ff->blocks, yes ? chopsat_force_moves(res) : o->k,
            chopsat_force_solver(res), ff->solver_calls, ff->solver_calls == 1 ? "" : "s",
            ff->encode_seconds, ff->solve_seconds, ff->explicit_seconds);
}

int chopsat_report_force_text(FILE *out, const chopsat_rules *rules,
                              const chopsat_force_result *res, const chopsat_report_force_opts *o,
                              chopsat_err *err)
{
    if (chopsat_force_bdd(res))
        bdd_text(out, rules, res, o);
    else
        qbf_text(out, rules, res, o);
    return report_end(out, err);
}
