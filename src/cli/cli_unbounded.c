/* cli_unbounded.c: reach and win without a bound (-k inf, --unbounded) and `chopsat certify`.
 * The library answers and checks (chopsat_ask): a "yes" is replayed move by move like a bounded
 * one; a "never" is what the engine checked with fresh SAT calls (an inductive invariant for
 * IC3, base and step for k-induction) and, where the explicit limit allows, the explicit
 * breadth-first search over every reachable position must agree; the output says which of
 * these checked the answer. This file parses and prints, and writes the certificate. */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

/* One unbounded question being answered: what was asked, the library's checked answer, and
 * what became of --certificate. */
typedef struct unbounded_answer {
    chopsat_query q;
    chopsat_ask_opts ao;
    chopsat_answer *a;
    const char *engine;
    char question[256];
    char cert_note[300];
} unbounded_answer;

/* Whether a never that the explicit search did not confirm rests on an external solver's
 * answers (its "unsatisfiable", which nothing here checks). */
static bool rests_on_external(const char *solver, bool checked)
{
    return !checked && solver && !strncmp(solver, "external:", 9);
}

static int write_certificate(const cli_opts *o, unbounded_answer *a)
{
    if (!o->certificate) return 0;
    const chopsat_unbounded_result *res = chopsat_answer_unbounded(a->a);
    if (res->answer) {
        snprintf(a->cert_note, sizeof a->cert_note, "none written: the answer is yes (the "
                 "witness is its certificate)");
        return 0;
    }
    cli_out out;
    if (cli_out_open(&out, o->certificate)) return EXIT_ERROR;
    chopsat_err err;
    int rc = cli_out_finish(&out, chopsat_certificate_write(o->rules, &a->q, &res->inv, out.f,
                                                            &err), &err);
    if (rc) return rc;
    snprintf(a->cert_note, sizeof a->cert_note, "the invariant written to %s ('chopsat certify "
             "%s' checks it again)", o->certificate, o->certificate);
    return 0;
}

static void print_json(const cli_opts *o, const unbounded_answer *a)
{
    const chopsat_unbounded_result *res = chopsat_answer_unbounded(a->a);
    chopsat_json j;
    chopsat_json_init(&j, stdout);
    chopsat_json_object(&j);
    chopsat_json_kstring(&j, "question", a->question);
    chopsat_json_kstring(&j, "answer", res->answer ? "yes" : "never");
    chopsat_json_key(&j, "moves");
    if (res->answer) chopsat_json_int(&j, res->moves);
    else chopsat_json_null(&j);
    chopsat_json_key(&j, "witness");
    cli_witness_json(&j, o->rules, res->answer ? res->path : NULL, chopsat_answer_witness(a->a));
    chopsat_json_kstring(&j, "engine", a->engine);
    chopsat_json_kint(&j, "depth", res->depth);
    chopsat_json_key(&j, "invariant_clauses");
    if (!res->answer && o->engine == ENGINE_IC3) chopsat_json_uint(&j, res->inv.nclauses);
    else chopsat_json_null(&j);
    chopsat_json_kbool(&j, "replayed", res->answer);
    chopsat_json_key(&j, "proof");
    if (res->answer) chopsat_json_null(&j);
    else chopsat_json_string(&j, chopsat_answer_proof_note(a->a));
    chopsat_json_kbool(&j, "checked", chopsat_answer_checked(a->a));
    chopsat_json_kstring(&j, "check", chopsat_answer_compare_note(a->a));
    if (o->certificate) chopsat_json_kstring(&j, "certificate", a->cert_note);
    chopsat_json_kstring(&j, "solver", a->ao.bmc.solver);
    chopsat_json_kint(&j, "solver_calls", res->solver_calls);
    chopsat_json_kint(&j, "check_calls", res->check_calls);
    chopsat_json_key(&j, "solve_seconds");
    chopsat_json_fixed(&j, res->solve_seconds, 4);
    chopsat_json_key(&j, "check_seconds");
    chopsat_json_fixed(&j, res->check_seconds, 4);
    chopsat_json_end(&j);
    putchar('\n');
}

static void print_text(const cli_opts *o, const unbounded_answer *a)
{
    const chopsat_unbounded_result *res = chopsat_answer_unbounded(a->a);
    printf("question: %s\n", a->question);
    if (res->answer) {
        printf("answer: yes, in %d move%s (the minimum)\nwitness:\n", res->moves,
               res->moves == 1 ? "" : "s");
        cli_witness_text(o->rules, res->path, chopsat_answer_witness(a->a));
    } else {
        printf("answer: never%s\n", rests_on_external(a->ao.bmc.solver, chopsat_answer_checked(a->a))
                                        ? " (NOT cross-checked: it rests on the external solver's "
                                          "answers, see below)" : "");
        printf("proof: %s.\n", chopsat_answer_proof_note(a->a));
    }
    printf("checked: %s.\n", chopsat_answer_note(a->a));
    if (o->certificate) printf("certificate: %s.\n", a->cert_note);
    printf("engine: %s, depth %d, %d solver call%s (%s), %.3f s; check: %d call%s, %.3f s\n",
           a->engine, res->depth, res->solver_calls, res->solver_calls == 1 ? "" : "s",
           a->ao.bmc.solver, res->solve_seconds, res->check_calls,
           res->check_calls == 1 ? "" : "s", res->check_seconds);
}

/* The usage errors of an unbounded question: 0 or EXIT_USAGE. */
static int check_usage(const cli_opts *o)
{
    const char *cmd = o->cmd;
    if (o->k >= 0) return cli_usage("%s: -k K and no bound (-k inf, --unbounded): choose one", cmd);
    if (o->exact) return cli_usage("%s: --exact needs a bound -k K", cmd);
    if (o->proof)
        return cli_usage("%s: --proof is for bounded answers; an unbounded never writes "
                         "--certificate FILE", cmd);
    if (o->no_incremental) return cli_usage("%s: --no-incremental needs a bound -k K", cmd);
    if (o->move_encoding == ENC_TEXTBOOK)
        return cli_usage("%s: --move-encoding textbook needs a bound -k K (the unbounded engines "
                         "take onehot or binary)", cmd);
    if (o->certificate && o->engine == ENGINE_KIND)
        return cli_usage("%s: --certificate needs --engine ic3 (k-induction finds no "
                         "invariant to write)", cmd);
    if (o->certificate && !strcmp(o->certificate, "-"))
        return cli_usage("%s: --certificate - would mix it into the answer on standard output; "
                         "name a file", cmd);
    return 0;
}

int cli_ask_unbounded(cli_opts *o, chopsat_question kind)
{
    int rc = check_usage(o);
    if (rc) return rc;
    unbounded_answer a;
    memset(&a, 0, sizeof a);
    if ((rc = cli_build_query(o, kind, &a.q))) return rc;
    a.ao.bmc = cli_bmc_opts(o);
    a.ao.bmc.incremental = true;
    a.ao.engine = a.engine = cli_choice_word(o->engine);
    a.ao.no_check = o->no_check;
    a.ao.no_check_why = "--no-check";
    chopsat_query_describe(o->rules, &a.q, false, a.question, sizeof a.question);
    chopsat_err err;
    rc = chopsat_ask(o->rules, &a.q, &a.ao, &a.a, &err);
    if (rc == CHOPSAT_MISMATCH) return cli_error("%s", err.msg), EXIT_MISMATCH;
    if (rc < 0) return cli_error("%s", err.msg);
    rc = write_certificate(o, &a);
    if (!rc) {
        if (o->format == FMT_JSON) print_json(o, &a);
        else print_text(o, &a);
        rc = chopsat_answer_value(a.a) == CHOPSAT_YES ? EXIT_YES : EXIT_NO;
    }
    chopsat_answer_free(a.a);
    return rc;
}

/* Compares a certificate's never with the explicit breadth-first search where the game fits:
 * 0 (compare says what was compared, *compared whether it ran), or CHOPSAT_MISMATCH with the
 * message when the search reaches the goal. */
static int compare_never(const chopsat_rules *r, const chopsat_query *q, char *compare,
                         size_t size, bool *compared, chopsat_err *err)
{
    int least;
    unsigned long long count;
    chopsat_err e;
    int ex = chopsat_ever_explicit(r, q, &least, &count, &e);
    *compared = ex == CHOPSAT_YES || ex == CHOPSAT_NO;
    if (ex == CHOPSAT_YES) {
        snprintf(err->msg, sizeof err->msg, "cross-check failed: the certificate's checks passed, "
                 "but the explicit search reaches the goal in %d move%s: the solver's answers "
                 "were wrong", least, least == 1 ? "" : "s");
        return CHOPSAT_MISMATCH;
    }
    if (ex == CHOPSAT_NO)
        snprintf(compare, size, "the explicit breadth-first search over the %llu positions "
                 "reachable from the start agrees (the goal is not among them)", count);
    else
        snprintf(compare, size, "not compared with the explicit search (%.300s)", e.msg);
    return 0;
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
    FILE *f = strcmp(o.args[0], "-") ? fopen(o.args[0], "r") : stdin;
    if (!f) {
        cli_opts_free(&o);
        return cli_error("cannot read '%s'", o.args[0]);
    }
    chopsat_rules *r = NULL;
    chopsat_query q;
    chopsat_invariant inv;
    chopsat_err err;
    rc = chopsat_certificate_read(f, o.args[0], &r, &q, &inv, &err);
    if (f != stdin) fclose(f);
    if (rc) {
        cli_opts_free(&o);
        return cli_error("%s", err.msg);
    }
    const char *solver = o.solver ? o.solver : CHOPSAT_DEFAULT_SAT;
    int calls = 0;
    rc = chopsat_invariant_check(r, &q, &inv, solver, o.timeout, &calls, &err);
    char question[256], verdict[700], rules[256], compare[400];
    chopsat_query qd = q;
    qd.k = CHOPSAT_NO_BOUND; /* the certificate's k means nothing */
    chopsat_query_describe(r, &qd, false, question, sizeof question);
    chopsat_rules_describe(r, rules, sizeof rules);
    bool external = !strncmp(solver, "external:", 9), compared = false;
    if (rc) snprintf(verdict, sizeof verdict, "rejected: %s", err.msg);
    else
        snprintf(verdict, sizeof verdict, "the invariant of %zu clause%s holds: initiation, "
                 "consecution and safety %s by %d fresh %s calls%s, so the answer is never",
                 inv.nclauses, inv.nclauses == 1 ? "" : "s", external ? "said to hold" : "checked",
                 calls, solver, external ? " (the external solver's word)" : "");
    if (!rc) rc = compare_never(r, &qd, compare, sizeof compare, &compared, &err);
    if (rc == CHOPSAT_MISMATCH && compared) {
        cli_error("%s: %s", o.args[0], err.msg);
        rc = EXIT_MISMATCH;
    } else if (rc) {
        int mismatch = rc == CHOPSAT_MISMATCH; /* initiation, consecution or safety fails */
        rc = cli_error("%s: %s", o.args[0], verdict);
        if (mismatch) rc = EXIT_NO; /* the convention of check and diff: 20, it does not hold */
    } else if (o.format == FMT_JSON) {
        chopsat_json j;
        chopsat_json_init(&j, stdout);
        chopsat_json_object(&j);
        chopsat_json_kstring(&j, "rules", rules);
        chopsat_json_kstring(&j, "question", question);
        chopsat_json_kstring(&j, "answer", "never");
        chopsat_json_kbool(&j, "holds", true);
        chopsat_json_key(&j, "clauses");
        chopsat_json_uint(&j, inv.nclauses);
        chopsat_json_kint(&j, "check_calls", calls);
        chopsat_json_kstring(&j, "check", verdict);
        chopsat_json_kbool(&j, "checked", compared || !external);
        chopsat_json_kstring(&j, "compare", compare);
        chopsat_json_end(&j);
        putchar('\n');
    } else {
        printf("rules: %s\nquestion: %s\nanswer: never%s\nchecked: %s; %s.\n", rules, question,
               rests_on_external(solver, compared)
                   ? " (NOT cross-checked: it rests on the external solver's answers, see below)"
                   : "", verdict, compare);
    }
    chopsat_invariant_free(&inv);
    chopsat_rules_free(r);
    cli_opts_free(&o);
    return rc;
}
