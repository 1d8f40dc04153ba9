/* cli_qbf_eval.c: `chopsat qbf-eval FILE.qdimacs`: a small quantified formula's truth value by
 * expansion (the library's chopsat_qbf_eval_file), with the outermost block's winning choice,
 * or for each of its losing choices the next block's reply that defeats it (printed through
 * src/report/), after a warning on standard error naming the variables no block quantifies.
 * Exit 10 true, 20 false. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

/* The value printed as text or JSON (src/report/); 0 or the error's status. */
static int print_eval(const cli_opts *o, const chopsat_qbf_eval *e)
{
    chopsat_err err;
    int rc = o->format == FMT_JSON ? chopsat_report_qbf_eval_json(stdout, e, o->args[0], &err)
                                   : chopsat_report_qbf_eval_text(stdout, e, o->args[0], &err);
    return rc < 0 && !ferror(stdout) ? cli_error("%s", err.msg) : 0;
}

int cli_qbf_eval(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("qbf-eval", argc, argv, 1, &o);
    if (rc) return rc;
    if ((rc = cli_need_args(&o, NULL))) {
        cli_opts_free(&o);
        return rc;
    }
    FILE *f = cli_open_in(o.args[0], 0);
    if (!f) {
        cli_opts_free(&o);
        return EXIT_ERROR;
    }
    chopsat_qbf_eval e;
    chopsat_err err;
    int st = chopsat_qbf_eval_file(f, o.args[0], &e, &err);
    fclose(f);
    if (st < 0) {
        cli_opts_free(&o);
        return cli_error("%s", err.msg);
    }
    chopsat_report_qbf_eval_warnings(stderr, &e, o.args[0], &err);
    rc = print_eval(&o, &e);
    chopsat_qbf_eval_free(&e);
    cli_opts_free(&o);
    return rc ? rc : st == CHOPSAT_YES ? EXIT_YES : EXIT_NO;
}
