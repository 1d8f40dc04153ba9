/* cli_certify.c: `chopsat certify FILE`: the certificate of a "never" (written by reach/win
 * --certificate) read back and checked by the library (chopsat_certify: the invariant's three
 * checks with fresh SAT calls, and the never compared with the explicit search where the game
 * fits). This file parses and prints through src/report/. */
#include "cli/cli.h"

/* Checks the certificate read from f (named name) and prints the verdict: the exit status (0;
 * EXIT_UNCHECKED when it holds by an external solver's word alone, the explicit search not
 * confirming it; EXIT_NO when the invariant does not hold, the convention of check and diff;
 * EXIT_MISMATCH when the explicit search contradicts it; EXIT_ERROR). */
static int certify_file(const cli_opts *o, FILE *f, const char *name)
{
    chopsat_rules *r = NULL;
    chopsat_query q;
    chopsat_invariant inv;
    chopsat_err err;
    if (chopsat_certificate_read(f, name, &r, &q, &inv, &err)) return cli_error("%s", err.msg);
    chopsat_certified *c = NULL;
    int rc = chopsat_certify(r, &q, &inv, o->solver, o->timeout, &c, &err);
    if (rc == CHOPSAT_MISMATCH) {
        rc = (cli_error("%s: %s", name, err.msg), EXIT_MISMATCH);
    } else if (rc) {
        rc = cli_error("%s: rejected: %s", name, err.msg);
    } else if (!chopsat_certified_holds(c)) {
        rc = (cli_error("%s: %s", name, chopsat_certified_note(c)), EXIT_NO);
    } else {
        char question[2 * CHOPSAT_POS_MAX + 128], rules[256];
        q.k = CHOPSAT_NO_BOUND; /* the certificate's k means nothing */
        chopsat_query_describe(r, &q, false, question, sizeof question);
        chopsat_rules_describe(r, rules, sizeof rules);
        chopsat_report_certify_opts ro = {
            .rules = rules, .question = question, .clauses = inv.nclauses};
        rc = o->format == FMT_JSON ? chopsat_report_certify_json(stdout, c, &ro, &err)
                                   : chopsat_report_certify_text(stdout, c, &ro, &err);
        rc = rc < 0 && !ferror(stdout) ? cli_error("%s", err.msg) : 0;
        if (!rc && !chopsat_certified_checked(c)) rc = EXIT_UNCHECKED;
    }
    chopsat_certified_free(c);
    chopsat_invariant_free(&inv);
    chopsat_rules_free(r);
    return rc;
}

int cli_certify(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("certify", argc, argv, 1, &o);
    if (rc) return rc;
    if ((rc = cli_need_args(&o, NULL))) {
        cli_opts_free(&o);
        return rc;
    }
    FILE *f = cli_open_in(o.args[0], CLI_IN_DASH);
    rc = f ? certify_file(&o, f, o.args[0]) : EXIT_ERROR;
    if (f) cli_close_in(f);
    cli_opts_free(&o);
    return rc;
}
