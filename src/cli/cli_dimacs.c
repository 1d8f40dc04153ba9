/* cli_dimacs.c: `chopsat dimacs reach|win`: the bounded question as a DIMACS file for any SAT
 * solver (chopsat_bmc_dimacs), or its page with --format html; `chopsat decode` reads the
 * solver's answer back (cli_decode.c). */
#include "cli/cli_html.h"

int cli_dimacs(int argc, char **argv)
{
    static const char *const questions[] = {"reach", "win"};
    const char *question = cli_question("dimacs", argc, argv, questions, 2);
    if (!question) return EXIT_USAGE;
    chopsat_question kind = question == questions[1] ? CHOPSAT_Q_WIN : CHOPSAT_Q_REACH;
    cli_opts o;
    int rc = cli_parse("dimacs", argc - 1, argv + 1, kind == CHOPSAT_Q_REACH ? 2 : 1, &o);
    if (rc) return rc;
    chopsat_query q;
    rc = cli_build_query(&o, kind, &q);
    if (!rc) {
        chopsat_bmc_opts bo = cli_bmc_opts(&o);
        cli_out out;
        if (o.format == FMT_HTML) rc = cli_html_dimacs(&o, &q, &bo);
        else if (!(rc = cli_out_open(&out, o.out_path))) {
            chopsat_err err;
            rc = cli_out_finish(&out, chopsat_bmc_dimacs(o.rules, &q, &bo, out.f, &err), &err);
        }
    }
    cli_opts_free(&o);
    return rc;
}
