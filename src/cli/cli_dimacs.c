/* cli_dimacs.c: `chopsat dimacs reach|win`: the bounded question as a DIMACS file for any SAT
 * solver (chopsat_bmc_dimacs), or its page with --format html; `chopsat decode` reads the
 * solver's answer back (cli_decode.c). */
#include "cli/cli_html.h"

int cli_dimacs(int argc, char **argv)
{
    cli_opts o;
    chopsat_query q;
    int rc = cli_question_query("dimacs", argc, argv, &o, &q);
    if (!rc) {
        chopsat_bmc_opts bo = cli_bmc_opts(&o);
        cli_out out;
        if (o.format == FMT_HTML)
            rc = cli_html_dimacs(&o, &q, &bo);
        else if (!(rc = cli_out_open(&out, o.out_path))) {
            chopsat_err err;
            rc = cli_out_finish(&out, chopsat_bmc_dimacs(o.rules, &q, &bo, out.f, &err), &err);
        }
    }
    cli_opts_free(&o);
    return rc;
}
