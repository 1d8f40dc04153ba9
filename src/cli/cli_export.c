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

/* `aiger|smt2 reach|win ...`: the question written by chopsat_aiger (aiger) or chopsat_smt2
 * to -o FILE or standard output; the exit status. */
static int export_question(const char *cmd, int argc, char **argv, bool aiger)
{
    cli_opts o;
    chopsat_query q;
    int rc = cli_question_query(cmd, argc, argv, &o, &q);
    if (!rc && aiger && q.exact && o.k < 0) rc = cli_usage("aiger: --exact needs -k K");
    if (!rc) {
        bool aig =
            o.given[OPT_FORMAT] ? o.format == FMT_AIG : o.out_path && ends_with(o.out_path, ".aig");
        chopsat_export_opts eo = {
            .binary = aiger && aig,
            .bounded = !aiger || o.k >= 0,
            .binary_moves = o.move_encoding == ENC_BINARY,
            .no_constraints = aiger && o.no_constraints,
        };
        cli_out out;
        chopsat_err err;
        rc = cli_out_open(&out, o.out_path);
        int (*write)(const chopsat_rules *, const chopsat_query *, const chopsat_export_opts *,
                     FILE *, chopsat_err *) = aiger ? chopsat_aiger : chopsat_smt2;
        if (!rc) rc = cli_out_finish(&out, write(o.rules, &q, &eo, out.f, &err), &err);
    }
    cli_opts_free(&o);
    return rc;
}

int cli_aiger(int argc, char **argv)
{
    return export_question("aiger", argc, argv, true);
}

int cli_smt2(int argc, char **argv)
{
    return export_question("smt2", argc, argv, false);
}
