/* cli_export.c: a bounded question for other tools: `chopsat aiger` (a transition system for
 * hardware model checkers such as ABC) and `chopsat smt2` (an SMT-LIB 2 unrolling for SMT
 * solvers such as Z3). `chopsat decode` reads their answers back (cli_decode.c). */
#include <string.h>

#include "cli/cli.h"

/* Whether path ends with suffix. */
static bool ends_with(const char *path, const char *suffix)
{
    size_t n = strlen(path), m = strlen(suffix);
    return n >= m && !strcmp(path + n - m, suffix);
}

int cli_aiger(int argc, char **argv)
{
    cli_opts o;
    chopsat_query q;
    int rc = cli_question_query("aiger", argc, argv, &o, &q);
    if (!rc && q.exact && o.k < 0) rc = cli_usage("aiger: --exact needs -k K");
    if (!rc) {
        chopsat_export_opts eo = {
            .binary = o.given[OPT_FORMAT] ? o.format == FMT_AIG
                                          : o.out_path && ends_with(o.out_path, ".aig"),
            .bounded = o.k >= 0,
            .binary_moves = o.move_encoding == ENC_BINARY,
            .no_constraints = o.no_constraints,
        };
        cli_out out;
        rc = cli_out_open(&out, o.out_path);
        if (!rc) {
            chopsat_err err;
            rc = cli_out_finish(&out, chopsat_aiger(o.rules, &q, &eo, out.f, &err), &err);
        }
    }
    cli_opts_free(&o);
    return rc;
}

int cli_smt2(int argc, char **argv)
{
    cli_opts o;
    chopsat_query q;
    int rc = cli_question_query("smt2", argc, argv, &o, &q);
    if (!rc) {
        chopsat_export_opts eo = {
            .bounded = true,
            .binary_moves = o.move_encoding == ENC_BINARY,
        };
        cli_out out;
        rc = cli_out_open(&out, o.out_path);
        if (!rc) {
            chopsat_err err;
            rc = cli_out_finish(&out, chopsat_smt2(o.rules, &q, &eo, out.f, &err), &err);
        }
    }
    cli_opts_free(&o);
    return rc;
}
