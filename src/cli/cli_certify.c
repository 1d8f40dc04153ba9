/* cli_certify.c: `chopsat certify FILE`: the certificate of a "never" (written by reach/win
 * --certificate) read back and checked by the library (chopsat_certify: the invariant's three
 * checks with fresh SAT calls, and the never compared with the explicit search where the game
 * fits). This file parses and prints. */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

/* The checked certificate as one JSON object on one line (docs/cli.md lists the fields). */
static void print_json(const chopsat_certified *c, const char *rules, const char *question,
                       size_t clauses)
{
    chopsat_json j;
    chopsat_json_init(&j, stdout);
    chopsat_json_object(&j);
    chopsat_json_kstring(&j, "rules", rules);
    chopsat_json_kstring(&j, "question", question);
    chopsat_json_kstring(&j, "answer", "never");
    chopsat_json_kbool(&j, "holds", true);
    chopsat_json_key(&j, "clauses");
    chopsat_json_uint(&j, clauses);
    chopsat_json_kint(&j, "check_calls", chopsat_certified_calls(c));
    chopsat_json_kstring(&j, "check", chopsat_certified_note(c));
    chopsat_json_kbool(&j, "checked", chopsat_certified_checked(c));
    chopsat_json_kstring(&j, "compare", chopsat_certified_compare_note(c));
    chopsat_json_end(&j);
    putchar('\n');
}

/* Checks the certificate read from f (named name) and prints the verdict: the exit status (0;
 * EXIT_NO when the invariant does not hold, the convention of check and diff; EXIT_MISMATCH
 * when the explicit search contradicts it; EXIT_ERROR). */
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
        char question[256], rules[256];
        q.k = CHOPSAT_NO_BOUND; /* the certificate's k means nothing */
        chopsat_query_describe(r, &q, false, question, sizeof question);
        chopsat_rules_describe(r, rules, sizeof rules);
        if (o->format == FMT_JSON)
            print_json(c, rules, question, inv.nclauses);
        else
            printf("rules: %s\nquestion: %s\nanswer: never%s\nchecked: %s; %s.\n", rules, question,
                   chopsat_certified_checked(c) ? ""
                                                : " (NOT cross-checked: it rests "
                                                  "on the external solver's answers, see below)",
                   chopsat_certified_note(c), chopsat_certified_compare_note(c));
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
