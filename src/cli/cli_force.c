/* cli_force.c: the forced questions on the command line. `force` asks the library
 * (chopsat_force: the BDD layers by default, or a QBF solver; the answer and the tree checked by
 * the explicit engine) and prints what it answered, in text or JSON; `qdimacs force` writes the
 * QBF. This file only parses and prints. */
#include <stdlib.h>
#include <string.h>

#include "cli/cli_html.h"

static int build_query(const cli_opts *o, chopsat_query *q)
{
    memset(q, 0, sizeof *q);
    int rc = cli_need_args(o, "force");
    if (rc) return rc;
    q->kind = o->to ? CHOPSAT_Q_REACH : CHOPSAT_Q_WIN;
    rc = cli_position(o, o->args[0], &q->from);
    if (!rc && o->to) rc = cli_position(o, o->to, &q->target);
    q->k = (int)o->k;
    q->player = (int)o->player;
    return rc;
}

static chopsat_force_opts force_opts(const cli_opts *o)
{
    chopsat_force_opts f = {.solver = o->solver,
                            .timeout = o->timeout,
                            .binary_moves = o->move_encoding == ENC_BINARY,
                            .plaisted_greenbaum = o->polarity,
                            .innermost = o->prefix == PREFIX_INNERMOST,
                            .no_check = o->no_check,
                            .no_check_why = "--no-check"};
    return f;
}

/* After a tree printed with --tree-depth D: how many nodes the cut left out. */
static void print_tree_cut(const cli_opts *o, size_t cut)
{
    if (o->tree_depth >= 0)
        printf("  (cut at depth %ld by --tree-depth: %zu more node%s not shown)\n",
               o->tree_depth, cut, cut == 1 ? "" : "s");
}

/* "key": seconds, to the tenth of a millisecond. */
static void kseconds(chopsat_json *j, const char *key, double seconds)
{
    chopsat_json_key(j, key);
    chopsat_json_fixed(j, seconds, 4);
}

/* The first moves, "by" the engine that gave them. */
static void print_first_json(const chopsat_rules *rules, const chopsat_force_result *res,
                             const char *by, chopsat_json *j)
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

static void print_first_text(const chopsat_rules *rules, const chopsat_force_result *res,
                             const char *from)
{
    const chopsat_force_move *first;
    size_t n = chopsat_force_first_moves(res, &first);
    int chooser = chopsat_force_chooser(res);
    if (!n) return;
    printf("first move%s (from %s):\n", n > 1 ? "s" : "", from);
    for (size_t i = 0; i < n; i++) {
        char pos[CHOPSAT_POS_MAX];
        chopsat_pos_format(rules, &first[i].move.to, pos, sizeof pos);
        if (first[i].after.name[0])
            printf("  after player %d %-12s player %d %-12s -> %s\n", 3 - chooser,
                   first[i].after.name, chooser, first[i].move.name, pos);
        else
            printf("  player %d %-12s -> %s\n", chooser, first[i].move.name, pos);
    }
}

/* The question, the answer and the first moves, in JSON (the object stays open). */
static void print_head_json(const cli_opts *o, const char *question,
                            const chopsat_force_result *res, const char *by, chopsat_json *j)
{
    const chopsat_rules *rules = o->rules;
    const chopsat_strategy *tree = chopsat_force_tree(res);
    bool yes = chopsat_force_value(res) == CHOPSAT_YES;
    chopsat_json_object(j);
    chopsat_json_kstring(j, "question", question);
    chopsat_json_kstring(j, "answer", yes ? "yes" : "no");
    chopsat_json_key(j, "moves");
    if (yes)
        chopsat_json_int(j, chopsat_force_moves(res));
    else
        chopsat_json_null(j);
    print_first_json(rules, res, by, j);
    chopsat_json_key(j, "strategy");
    if (tree)
        chopsat_strategy_write_json(rules, tree, j, (int)o->tree_depth);
    else
        chopsat_json_null(j);
    chopsat_json_kbool(j, "tree_checked", tree != NULL);
    chopsat_json_kstring(j, "tree_check", chopsat_force_tree_note(res));
}

/* The check's three members: whether, what (or "not cross-checked"), and the note. */
static void print_check_json(const chopsat_force_result *res, chopsat_json *j)
{
    bool checked = chopsat_force_checked(res);
    const char *note = chopsat_force_check_note(res);
    chopsat_json_kbool(j, "checked", checked);
    chopsat_json_kstring(j, "check", checked ? note : "not cross-checked");
    chopsat_json_kstring(j, "check_note", note);
}

/* The BDD engine's report in JSON. */
static void print_bdd_json(const cli_opts *o, const char *question,
                           const chopsat_force_result *res)
{
    const chopsat_bdd_force_result *b = chopsat_force_bdd(res);
    const chopsat_bdd_figures *fig = chopsat_bdd_force_figures(b);
    const chopsat_force_figures *ff = chopsat_force_figures_of(res);
    chopsat_json j;
    chopsat_json_init(&j, stdout);
    print_head_json(o, question, res, "bdd", &j);
    print_check_json(res, &j);
    chopsat_json_kstring(&j, "solver", "bdd");
    chopsat_json_kint(&j, "layers", fig->layers);
    chopsat_json_kbool(&j, "closed", fig->closed);
    chopsat_json_key(&j, "bdd");
    chopsat_json_object(&j);
    chopsat_json_kstring(&j, "order", chopsat_bdd_force_order(b));
    chopsat_json_kint(&j, "state_bits", fig->state_bits);
    chopsat_json_kint(&j, "move_bits", fig->move_bits);
    chopsat_json_kint(&j, "vars", fig->vars);
    chopsat_json_key(&j, "relation_nodes");
    chopsat_json_array(&j, false);
    chopsat_json_int(&j, fig->relation_nodes[0]);
    chopsat_json_int(&j, fig->relation_nodes[1]);
    chopsat_json_end(&j);
    chopsat_json_key(&j, "sizes"); /* per layer: new positions with mover 1, mover 2; nodes */
    chopsat_json_array(&j, false);
    for (int k = 0; k < fig->layers; k++) {
        chopsat_json_array(&j, false);
        chopsat_json_fixed(&j, chopsat_bdd_force_fresh(b, k, 1), 0);
        chopsat_json_fixed(&j, chopsat_bdd_force_fresh(b, k, 2), 0);
        chopsat_json_int(&j, chopsat_bdd_force_layer_nodes(b, k));
        chopsat_json_end(&j);
    }
    chopsat_json_end(&j);
    chopsat_json_end(&j);
    chopsat_json_key(&j, "within");
    chopsat_json_fixed(&j, fig->within_k, 0);
    chopsat_json_kint(&j, "within_moves", fig->within_steps);
    kseconds(&j, "build_seconds", fig->build_seconds);
    kseconds(&j, "fixpoint_seconds", fig->fixpoint_seconds);
    kseconds(&j, "tree_seconds", fig->tree_seconds);
    kseconds(&j, "explicit_seconds", ff->explicit_seconds);
    chopsat_json_end(&j);
    putchar('\n');
}

/* The question and the answer as text, and the first moves "from" the engine named. */
static void print_head_text(const cli_opts *o, const char *question,
                            const chopsat_force_result *res, const char *from, bool unchecked)
{
    printf("question: %s\n", question);
    if (chopsat_force_value(res) == CHOPSAT_YES) {
        int moves = chopsat_force_moves(res);
        printf("answer: yes, within %d move%s (the minimum%s)\n", moves, moves == 1 ? "" : "s",
               unchecked ? "; NOT checked: no strategy was verified, see below" : "");
    } else {
        printf("answer: no\n");
    }
    print_first_text(o->rules, res, from);
}

/* The tree as text, cut at --tree-depth, with its size and how it was checked; or why there is
 * none (`missing`). */
static void print_tree_text(const cli_opts *o, const chopsat_force_result *res,
                            const char *missing)
{
    const chopsat_strategy *tree = chopsat_force_tree(res);
    const char *kind = chopsat_force_value(res) == CHOPSAT_YES ? "strategy" : "refutation";
    if (tree) {
        printf("%s of player %d (#n: a position already shown above):\n", kind,
               chopsat_force_chooser(res));
        print_tree_cut(o, chopsat_strategy_write_text(o->rules, tree, stdout,
                                                      (int)o->tree_depth, "--tree-depth"));
        size_t nodes = chopsat_strategy_nodes(tree);
        printf("%s tree: %zu node%s, %s.\n", kind, nodes, nodes == 1 ? "" : "s",
               chopsat_force_tree_note(res));
    } else {
        printf("%s tree: %s.\n", kind, missing);
    }
}

/* The BDD engine's report as text. */
static void print_bdd_text(const cli_opts *o, const char *question,
                           const chopsat_force_result *res)
{
    const chopsat_bdd_figures *fig = chopsat_bdd_force_figures(chopsat_force_bdd(res));
    print_head_text(o, question, res, "the BDD layers", false);
    print_tree_text(o, res, chopsat_force_tree_note(res));
    if (chopsat_force_checked(res))
        printf("checked: %s.\n", chopsat_force_check_note(res));
    else
        printf("checked: the answer was NOT cross-checked by the explicit engine (%s).\n",
               chopsat_force_check_note(res));
    printf("bdd: %d layer%s%s; building %.3f s, layers %.3f s, tree %.3f s; explicit %.3f s\n",
           fig->layers, fig->layers == 1 ? "" : "s", fig->closed ? " (the fixpoint)" : "",
           fig->build_seconds, fig->fixpoint_seconds, fig->tree_seconds,
           chopsat_force_figures_of(res)->explicit_seconds);
}

/* A QBF solver's report in JSON. */
static void print_qbf_json(const cli_opts *o, const char *question,
                           const chopsat_force_result *res)
{
    const chopsat_force_figures *ff = chopsat_force_figures_of(res);
    int depth = chopsat_force_checked_depth(res);
    chopsat_json j;
    chopsat_json_init(&j, stdout);
    print_head_json(o, question, res, chopsat_force_first_by(res), &j);
    chopsat_json_key(&j, "checked_depth");
    if (depth >= 0)
        chopsat_json_int(&j, depth);
    else
        chopsat_json_null(&j);
    print_check_json(res, &j);
    chopsat_json_kstring(&j, "solver", chopsat_force_solver(res));
    chopsat_json_kint(&j, "vars", ff->vars);
    chopsat_json_key(&j, "clauses");
    chopsat_json_uint(&j, ff->clauses);
    chopsat_json_key(&j, "blocks");
    chopsat_json_uint(&j, ff->blocks);
    chopsat_json_kint(&j, "solver_calls", ff->solver_calls);
    kseconds(&j, "encode_seconds", ff->encode_seconds);
    kseconds(&j, "solve_seconds", ff->solve_seconds);
    kseconds(&j, "explicit_seconds", ff->explicit_seconds);
    chopsat_json_end(&j);
    putchar('\n');
}

/* A QBF solver's report as text. */
static void print_qbf_text(const cli_opts *o, const chopsat_query *q, const char *question,
                           const chopsat_force_result *res)
{
    const chopsat_force_figures *ff = chopsat_force_figures_of(res);
    bool yes = chopsat_force_value(res) == CHOPSAT_YES;
    const char *note = chopsat_force_check_note(res);
    char missing[700];
    snprintf(missing, sizeof missing, "not built (%s)", note);
    print_head_text(o, question, res,
                    strcmp(chopsat_force_first_by(res), "explicit")
                        ? "the QBF solver's outermost block"
                        : "the explicit forcing table",
                    chopsat_force_tree(res) == NULL);
    print_tree_text(o, res, missing);
    if (chopsat_force_checked(res))
        printf("checked: %s.\n", note);
    else
        printf("checked: the answer was NOT cross-checked (%s).\n", note);
    printf("formula: %d variables, %zu clauses, %zu quantifier blocks (k = %d); %s, %d solver "
           "call%s; encoding %.3f s, solving %.3f s; explicit %.3f s\n",
           ff->vars, ff->clauses, ff->blocks, yes ? chopsat_force_moves(res) : q->k,
           chopsat_force_solver(res), ff->solver_calls, ff->solver_calls == 1 ? "" : "s",
           ff->encode_seconds, ff->solve_seconds, ff->explicit_seconds);
}

static int force(cli_opts *o)
{
    chopsat_query q;
    int rc = build_query(o, &q);
    if (rc) return rc;
    chopsat_force_opts fo = force_opts(o);
    if (chopsat_force_uses_bdd(&fo) &&
        (o->given[OPT_MOVE_ENCODING] || o->polarity || o->given[OPT_PREFIX]))
        return cli_usage("force: --move-encoding, --polarity and --prefix shape the QBF; the bdd "
                         "solver takes none of them (use --solver depqbf)");
    chopsat_force_result *res;
    chopsat_err err;
    fo.progress = cli_progress;
    fo.progress_ctx = (void *)"force";
    rc = chopsat_force(o->rules, &q, &fo, &res, &err);
    cli_progress_end();
    if (rc == CHOPSAT_MISMATCH) return cli_error("%s", err.msg), EXIT_MISMATCH;
    if (rc == CHOPSAT_LIMIT && !chopsat_force_uses_bdd(&fo))
        return cli_error("%s; use the default --solver bdd", err.msg);
    if (rc < 0) return cli_error("%s", err.msg);
    char question[256];
    chopsat_query_describe(o->rules, &q, true, question, sizeof question);
    bool bdd = chopsat_force_bdd(res) != NULL;
    if (o->format == FMT_HTML)
        rc = cli_html_force(o, &q, question, res);
    else if (bdd && o->format == FMT_JSON)
        print_bdd_json(o, question, res);
    else if (bdd)
        print_bdd_text(o, question, res);
    else if (o->format == FMT_JSON)
        print_qbf_json(o, question, res);
    else
        print_qbf_text(o, &q, question, res);
    if (o->format != FMT_HTML) rc = rc == CHOPSAT_YES ? EXIT_YES : EXIT_NO;
    chopsat_force_free(res);
    return rc;
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
    static const char *const questions[] = {"force"};
    if (!cli_question("qdimacs", argc, argv, questions, 1)) return EXIT_USAGE;
    cli_opts o;
    int rc = cli_parse("qdimacs", argc - 1, argv + 1, 1, &o);
    if (rc) return rc;
    chopsat_query q;
    rc = build_query(&o, &q);
    if (!rc) {
        chopsat_force_opts fo = force_opts(&o);
        chopsat_err err;
        cli_out out;
        rc = cli_out_open(&out, o.out_path);
        if (!rc)
            rc = cli_out_finish(&out, chopsat_force_qdimacs(o.rules, &q, &fo, out.f, &err), &err);
    }
    cli_opts_free(&o);
    return rc;
}
