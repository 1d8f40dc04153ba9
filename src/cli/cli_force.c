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

/* The library's answer printed as text or JSON (src/report/; the tree's cut named by its
 * option), or as an HTML page; 0, or the error's exit status. */
static int print_answer(const cli_opts *o, const chopsat_query *q, const char *question,
                        const chopsat_force_result *res)
{
    if (o->format == FMT_HTML) return cli_html_force(o, q, question, res);
    chopsat_report_force_opts ro = {.question = question,
                                    .k = q->k,
                                    .tree_depth = (int)o->tree_depth,
                                    .cut_by = "--tree-depth"};
    chopsat_err err;
    int rc = o->format == FMT_JSON ? chopsat_report_force_json(stdout, o->rules, res, &ro, &err)
                                   : chopsat_report_force_text(stdout, o->rules, res, &ro, &err);
    return rc < 0 && !ferror(stdout) ? cli_error("%s", err.msg) : 0;
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
    if (rc < 0) return cli_error("%s", err.msg);
    char question[2 * CHOPSAT_POS_MAX + 128];
    chopsat_query_describe(o->rules, &q, true, question, sizeof question);
    int value = rc;
    rc = print_answer(o, &q, question, res);
    if (!rc && o->format != FMT_HTML) rc = value == CHOPSAT_YES ? EXIT_YES : EXIT_NO;
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
