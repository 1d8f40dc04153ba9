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
    if (o->nargs != 1)
        return cli_usage("%s force A [--to B] -k K [--player P] [options] (see 'chopsat help')",
                         strcmp(o->cmd, "force") ? o->cmd : "force:");
    if (o->k < 0)
        return cli_usage("%s: -k K is required (the bound on the number of moves)", o->cmd);
    if (o->move_encoding && !strcmp(o->move_encoding, "textbook"))
        return cli_usage("%s: --move-encoding textbook is for the SAT questions (win, reach, "
                         "dimacs); the QBF takes onehot or binary", o->cmd);
    q->kind = o->to ? CHOPSAT_Q_REACH : CHOPSAT_Q_WIN;
    int rc = cli_position(o, o->args[0], &q->from);
    if (!rc && o->to) rc = cli_position(o, o->to, &q->target);
    q->k = (int)o->k;
    q->player = (int)o->player;
    return rc;
}

static chopsat_force_opts force_opts(const cli_opts *o)
{
    chopsat_force_opts f = {.solver = o->solver,
                            .timeout = o->timeout,
                            .binary_moves = o->move_encoding && !strcmp(o->move_encoding, "binary"),
                            .plaisted_greenbaum = o->polarity,
                            .innermost = o->prefix && !strcmp(o->prefix, "innermost"),
                            .no_check = o->no_check};
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
    chopsat_json_key(j, "first_moves");
    chopsat_json_array(j, false);
    for (size_t i = 0; i < res->nfirst; i++) {
        char pos[64];
        chopsat_pos_format(rules, &res->first[i].to, pos, sizeof pos);
        chopsat_json_object(j);
        chopsat_json_kstring(j, "after", res->first[i].after[0] ? res->first[i].after : NULL);
        chopsat_json_kint(j, "player", res->chooser);
        chopsat_json_kstring(j, "move", res->first[i].name);
        chopsat_json_kstring(j, "position", pos);
        chopsat_json_kstring(j, "by", by);
        chopsat_json_end(j);
    }
    chopsat_json_end(j);
}

static void print_first_text(const chopsat_rules *rules, const chopsat_force_result *res,
                             const char *from)
{
    if (!res->nfirst) return;
    printf("first move%s (from %s):\n", res->nfirst > 1 ? "s" : "", from);
    for (size_t i = 0; i < res->nfirst; i++) {
        char pos[64];
        chopsat_pos_format(rules, &res->first[i].to, pos, sizeof pos);
        if (res->first[i].after[0])
            printf("  after player %d %-12s player %d %-12s -> %s\n", 3 - res->chooser,
                   res->first[i].after, res->chooser, res->first[i].name, pos);
        else
            printf("  player %d %-12s -> %s\n", res->chooser, res->first[i].name, pos);
    }
}

/* The question, the answer and the first moves, in JSON (the object stays open). */
static void print_head_json(const cli_opts *o, const char *question,
                            const chopsat_force_result *res, const char *by, chopsat_json *j)
{
    const chopsat_rules *rules = o->rules;
    chopsat_json_object(j);
    chopsat_json_kstring(j, "question", question);
    chopsat_json_kstring(j, "answer", res->answer ? "yes" : "no");
    chopsat_json_key(j, "moves");
    if (res->answer)
        chopsat_json_int(j, res->moves);
    else
        chopsat_json_null(j);
    print_first_json(rules, res, by, j);
    chopsat_json_key(j, "strategy");
    if (res->tree)
        chopsat_strategy_write_json(rules, res->tree, j, (int)o->tree_depth);
    else
        chopsat_json_null(j);
    chopsat_json_kbool(j, "tree_checked", res->tree != NULL);
    chopsat_json_kstring(j, "tree_check", res->tree_note);
}

/* The BDD engine's report in JSON. */
static void print_bdd_json(const cli_opts *o, const char *question,
                           const chopsat_force_result *res)
{
    const chopsat_bdd_force_result *b = &res->bdd_result;
    chopsat_json j;
    chopsat_json_init(&j, stdout);
    print_head_json(o, question, res, "bdd", &j);
    chopsat_json_kbool(&j, "checked", res->checked);
    chopsat_json_kstring(&j, "check", res->checked ? res->check_note : "not cross-checked");
    chopsat_json_kstring(&j, "check_note", res->check_note);
    chopsat_json_kstring(&j, "solver", "bdd");
    chopsat_json_kint(&j, "layers", b->layers);
    chopsat_json_kbool(&j, "closed", b->closed);
    chopsat_json_key(&j, "bdd");
    chopsat_json_object(&j);
    chopsat_json_kstring(&j, "order", b->order);
    chopsat_json_kint(&j, "state_bits", b->state_bits);
    chopsat_json_kint(&j, "move_bits", b->move_bits);
    chopsat_json_kint(&j, "vars", b->vars);
    chopsat_json_key(&j, "relation_nodes");
    chopsat_json_array(&j, false);
    chopsat_json_int(&j, b->relation_nodes[0]);
    chopsat_json_int(&j, b->relation_nodes[1]);
    chopsat_json_end(&j);
    chopsat_json_key(&j, "sizes"); /* per layer: new positions with mover 1, mover 2; nodes */
    chopsat_json_array(&j, false);
    for (int k = 0; k < b->layers; k++) {
        chopsat_json_array(&j, false);
        chopsat_json_fixed(&j, b->fresh[0][k], 0);
        chopsat_json_fixed(&j, b->fresh[1][k], 0);
        chopsat_json_int(&j, b->layer_nodes[k]);
        chopsat_json_end(&j);
    }
    chopsat_json_end(&j);
    chopsat_json_end(&j);
    chopsat_json_key(&j, "within");
    chopsat_json_fixed(&j, b->within_k, 0);
    chopsat_json_kint(&j, "within_moves", b->within_steps);
    kseconds(&j, "build_seconds", b->build_seconds);
    kseconds(&j, "fixpoint_seconds", b->fixpoint_seconds);
    kseconds(&j, "tree_seconds", b->tree_seconds);
    kseconds(&j, "explicit_seconds", res->explicit_seconds);
    chopsat_json_end(&j);
    putchar('\n');
}

/* The BDD engine's report as text. */
static void print_bdd_text(const cli_opts *o, const char *question,
                           const chopsat_force_result *res)
{
    const chopsat_bdd_force_result *b = &res->bdd_result;
    const char *kind = res->answer ? "strategy" : "refutation";
    printf("question: %s\n", question);
    if (res->answer)
        printf("answer: yes, within %d move%s (the minimum)\n", res->moves,
               res->moves == 1 ? "" : "s");
    else
        printf("answer: no\n");
    print_first_text(o->rules, res, "the BDD layers");
    if (res->tree) {
        printf("%s of player %d (#n: a position already shown above):\n", kind, res->chooser);
        print_tree_cut(o, chopsat_strategy_write_text(o->rules, res->tree, stdout,
                                                      (int)o->tree_depth));
        printf("%s tree: %zu nodes, %s.\n", kind, chopsat_strategy_nodes(res->tree),
               res->tree_note);
    } else {
        printf("%s tree: %s.\n", kind, res->tree_note);
    }
    if (res->checked)
        printf("checked: %s.\n", res->check_note);
    else
        printf("checked: the answer was NOT cross-checked by the explicit engine (%s).\n",
               res->check_note);
    printf("bdd: %d layers%s; building %.3f s, layers %.3f s, tree %.3f s; explicit %.3f s\n",
           b->layers, b->closed ? " (the fixpoint)" : "", b->build_seconds, b->fixpoint_seconds,
           b->tree_seconds, res->explicit_seconds);
}

/* A QBF solver's report in JSON. */
static void print_qbf_json(const cli_opts *o, const char *question,
                           const chopsat_force_result *res)
{
    chopsat_json j;
    chopsat_json_init(&j, stdout);
    print_head_json(o, question, res, res->first_by, &j);
    chopsat_json_key(&j, "checked_depth");
    if (res->checked_depth >= 0)
        chopsat_json_int(&j, res->checked_depth);
    else
        chopsat_json_null(&j);
    chopsat_json_kbool(&j, "checked", res->checked);
    chopsat_json_kstring(&j, "check", res->checked ? res->check_note : "not cross-checked");
    chopsat_json_kstring(&j, "check_note", res->check_note);
    chopsat_json_kstring(&j, "solver", res->solver);
    chopsat_json_kint(&j, "vars", res->vars);
    chopsat_json_key(&j, "clauses");
    chopsat_json_uint(&j, res->clauses);
    chopsat_json_key(&j, "blocks");
    chopsat_json_uint(&j, res->blocks);
    chopsat_json_kint(&j, "solver_calls", res->solver_calls);
    kseconds(&j, "encode_seconds", res->encode_seconds);
    kseconds(&j, "solve_seconds", res->solve_seconds);
    kseconds(&j, "explicit_seconds", res->explicit_seconds);
    chopsat_json_end(&j);
    putchar('\n');
}

/* A QBF solver's report as text. */
static void print_qbf_text(const cli_opts *o, const chopsat_query *q, const char *question,
                           const chopsat_force_result *res)
{
    const char *kind = res->answer ? "strategy" : "refutation";
    printf("question: %s\n", question);
    if (res->answer)
        printf("answer: yes, within %d move%s (the minimum%s)\n", res->moves,
               res->moves == 1 ? "" : "s",
               res->tree ? "" : "; NOT checked: no strategy was verified, see below");
    else
        printf("answer: no\n");
    print_first_text(o->rules, res,
                     strcmp(res->first_by, "explicit")
                         ? "the QBF solver's outermost block"
                         : "the explicit forcing table");
    if (res->tree) {
        printf("%s of player %d (#n: a position already shown above):\n", kind, res->chooser);
        print_tree_cut(o, chopsat_strategy_write_text(o->rules, res->tree, stdout,
                                                      (int)o->tree_depth));
        printf("%s tree: %zu nodes, %s.\n", kind, chopsat_strategy_nodes(res->tree),
               res->tree_note);
    } else {
        printf("%s tree: not built (%s).\n", kind, res->check_note);
    }
    if (res->checked)
        printf("checked: %s.\n", res->check_note);
    else
        printf("checked: the answer was NOT cross-checked (%s).\n", res->check_note);
    printf("formula: %d variables, %zu clauses, %zu quantifier blocks (k = %d); %s, %d solver "
           "call%s; encoding %.3f s, solving %.3f s; explicit %.3f s\n",
           res->vars, res->clauses, res->blocks, res->answer ? res->moves : q->k, res->solver,
           res->solver_calls, res->solver_calls == 1 ? "" : "s", res->encode_seconds,
           res->solve_seconds, res->explicit_seconds);
}

static int force(cli_opts *o)
{
    chopsat_query q;
    int rc = build_query(o, &q);
    if (rc) return rc;
    chopsat_force_opts fo = force_opts(o);
    if (chopsat_force_uses_bdd(&fo) && (o->move_encoding || o->polarity || o->prefix))
        return cli_usage("force: --move-encoding, --polarity and --prefix shape the QBF; the bdd "
                         "solver takes none of them (use --solver depqbf)");
    chopsat_force_result res;
    chopsat_err err;
    fo.progress = cli_progress;
    fo.progress_ctx = (void *)"force";
    rc = chopsat_force(o->rules, &q, &fo, &res, &err);
    cli_progress_end();
    if (rc == CHOPSAT_MISMATCH) return cli_error("%s", err.msg), EXIT_MISMATCH;
    if (rc) return cli_error("%s", err.msg);
    char question[256];
    chopsat_query_describe(o->rules, &q, true, question, sizeof question);
    if (o->format == FMT_HTML)
        rc = cli_html_force(o, &q, question, &res);
    else if (res.bdd && o->format == FMT_JSON)
        print_bdd_json(o, question, &res);
    else if (res.bdd)
        print_bdd_text(o, question, &res);
    else if (o->format == FMT_JSON)
        print_qbf_json(o, question, &res);
    else
        print_qbf_text(o, &q, question, &res);
    int answer = res.answer;
    chopsat_force_free(&res);
    return o->format == FMT_HTML ? rc : answer ? EXIT_YES : EXIT_NO;
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
