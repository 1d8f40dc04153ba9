/* cli_reach.c: reach and win on the command line, within K moves and without a bound (-k inf,
 * --unbounded). The library answers and checks (chopsat_ask): a SAT solver's answer (BMC within
 * K; IC3 or k-induction without a bound), a "yes" replayed move by move, a "never" checked by
 * the engine with fresh SAT calls, and the answer compared with the explicit search where the
 * explicit limit allows. This file parses, prints, and writes the proof (--proof) and the
 * certificate (--certificate). */
#include <stdlib.h>
#include <string.h>

#include "cli/cli_html.h"

/* One question being answered: what was asked, the library's checked answer, and what became
 * of --proof (within K) or --certificate (without a bound). */
typedef struct asked {
    chopsat_query q;
    chopsat_ask_opts ao;
    chopsat_answer *a;
    char question[2 * CHOPSAT_POS_MAX + 128];
    char note[700];
} asked;

/* ---- without a bound ---- */

/* --certificate FILE: a never's invariant written to FILE (a yes has its witness instead);
 * a->note says what happened. 0 or the exit status of an error. */
static int write_certificate(const cli_opts *o, asked *a)
{
    if (!o->certificate) return 0;
    const chopsat_unbounded_result *res = chopsat_answer_unbounded(a->a);
    if (chopsat_unbounded_result_value(res) == CHOPSAT_YES) {
        snprintf(a->note, sizeof a->note,
                 "none written: the answer is yes (the "
                 "witness is its certificate)");
        return 0;
    }
    cli_out out;
    if (cli_out_open(&out, o->certificate)) return EXIT_ERROR;
    chopsat_err err;
    int rc =
        cli_out_finish(&out,
                       chopsat_certificate_write(
                           o->rules, &a->q, chopsat_unbounded_result_invariant(res), out.f, &err),
                       &err);
    if (rc) return rc;
    snprintf(a->note, sizeof a->note,
             "the invariant written to %s ('chopsat certify "
             "%s' checks it again)",
             o->certificate, o->certificate);
    return 0;
}

/* The usage errors of an unbounded question: 0 or EXIT_USAGE. */
static int check_usage(const cli_opts *o)
{
    const char *cmd = o->cmd;
    if (o->k >= 0) return cli_usage("%s: -k K and no bound (-k inf, --unbounded): choose one", cmd);
    if (o->exact) return cli_usage("%s: --exact needs a bound -k K", cmd);
    if (o->proof)
        return cli_usage("%s: --proof is for bounded answers; an unbounded never writes "
                         "--certificate FILE",
                         cmd);
    if (o->no_incremental) return cli_usage("%s: --no-incremental needs a bound -k K", cmd);
    if (o->move_encoding == ENC_TEXTBOOK)
        return cli_usage("%s: --move-encoding textbook needs a bound -k K (the unbounded engines "
                         "take onehot or binary)",
                         cmd);
    if (o->certificate && o->engine == ENGINE_KIND)
        return cli_usage("%s: --certificate needs --engine ic3 (k-induction finds no "
                         "invariant to write)",
                         cmd);
    if (o->certificate && !strcmp(o->certificate, "-"))
        return cli_usage("%s: --certificate - would mix it into the answer on standard output; "
                         "name a file",
                         cmd);
    return 0;
}

/* ---- within K ---- */

/* --proof FILE: a checked clausal proof for a no, written to FILE (a yes has its witness
 * instead); a->note says what happened. 0, EXIT_ERROR or EXIT_MISMATCH (the proof
 * instance is satisfiable after all). */
static int write_proof(const cli_opts *o, asked *a)
{
    if (!o->proof) return 0;
    if (chopsat_answer_value(a->a) == CHOPSAT_YES) {
        snprintf(a->note, sizeof a->note,
                 "none written: the answer is yes (the "
                 "witness is its certificate)");
        return 0;
    }
    cli_out pout;
    chopsat_err err;
    int prc = cli_out_open(&pout, o->proof)
                  ? -2
                  : chopsat_bmc_proof(o->rules, &a->q, &a->ao.bmc, pout.f, &err);
    if (prc != -2 && (cli_out_close(&pout, prc == CHOPSAT_NO) || prc != CHOPSAT_NO)) {
        if (prc == CHOPSAT_YES)
            cli_error("cross-check failed: the proof instance is satisfiable");
        else if (prc < 0)
            cli_error("proof: %s", err.msg);
        prc = prc == CHOPSAT_YES ? -3 : -2;
    }
    if (prc != CHOPSAT_NO) return prc == -3 ? EXIT_MISMATCH : EXIT_ERROR;
    snprintf(a->note, sizeof a->note,
             "written to %s (DRAT from PicoSAT) and checked "
             "by the project's RUP checker",
             o->proof);
    return 0;
}

/* ---- both ---- */

/* The answer printed on standard output through src/report/ (ro: the question, the solver
 * and what became of --proof or --certificate): 0 or the exit status of an error. */
static int print_answer(const cli_opts *o, const chopsat_query *q, const chopsat_answer *a,
                        const chopsat_report_answer_opts *ro)
{
    chopsat_err err;
    int rc = o->format == FMT_JSON ? chopsat_report_answer_json(stdout, o->rules, q, a, ro, &err)
                                   : chopsat_report_answer_text(stdout, o->rules, q, a, ro, &err);
    return rc < 0 && !ferror(stdout) ? cli_error("%s", err.msg) : 0;
}

/* Checks the usage and fills a with the question, its options and its words: 0 or the exit
 * status of a usage error. */
static int prepare(cli_opts *o, chopsat_question kind, asked *a)
{
    if (o->unbounded && o->format == FMT_HTML)
        return cli_usage("%s: --format html is for bounded questions (-k K)", o->cmd);
    if (o->why && (o->unbounded || o->format != FMT_TEXT))
        return cli_usage("%s: --why explains a no within K moves in words: with -k K and "
                         "--format text",
                         o->cmd);
    if (!o->unbounded && (o->given[OPT_ENGINE] || o->certificate))
        return cli_usage("%s: %s is for unbounded questions (-k inf or --unbounded)", o->cmd,
                         o->given[OPT_ENGINE] ? "--engine" : "--certificate");
    int rc = o->unbounded ? check_usage(o) : 0;
    if (rc || (rc = cli_build_query(o, kind, &a->q))) return rc;
    /* the answer goes to standard output; a proof there would be mixed into it */
    if (o->proof && !strcmp(o->proof, "-"))
        return cli_usage("%s: --proof - would mix the proof into the answer on standard output; "
                         "name a file (a FIFO streams it to a checker)",
                         o->cmd);
    a->ao.bmc = cli_bmc_opts(o);
    a->ao.no_check = o->no_check;
    a->ao.no_check_why = "--no-check";
    if (o->unbounded) {
        a->ao.bmc.incremental = true;
        a->ao.engine = cli_choice_word(o->engine);
    } else {
        a->ao.bmc.progress = cli_progress;
        a->ao.bmc.progress_ctx = (void *)o->cmd;
    }
    chopsat_query_describe(o->rules, &a->q, false, a->question, sizeof a->question);
    return 0;
}

/* Asks the library for the checked answer (chopsat_ask), then writes the proof or the
 * certificate: 0 or the exit status of an error. */
static int answer(const cli_opts *o, asked *a)
{
    chopsat_err err;
    int rc = chopsat_ask(o->rules, &a->q, &a->ao, &a->a, &err);
    if (rc == CHOPSAT_MISMATCH) return cli_error("%s", err.msg), EXIT_MISMATCH;
    if (rc < 0) return cli_error("%s", err.msg);
    if (o->unbounded) return write_certificate(o, a);
    if (o->proof) cli_progress_phase("%s: the proof", o->cmd);
    return write_proof(o, a);
}

/* Asks the question with a SAT solver, checks the answer and prints it; the exit status. */
static int ask(cli_opts *o, chopsat_question kind)
{
    asked a;
    memset(&a, 0, sizeof a);
    int rc = prepare(o, kind, &a);
    if (!rc) rc = answer(o, &a);
    cli_progress_end();
    chopsat_report_answer_opts ro = {.question = a.question,
                                     .solver = a.ao.bmc.solver,
                                     .incremental = a.ao.bmc.incremental,
                                     .engine = a.ao.engine,
                                     .proof_note = o->proof ? a.note : NULL,
                                     .certificate_note = o->certificate ? a.note : NULL};
    if (!rc && o->format != FMT_HTML) rc = print_answer(o, &a.q, a.a, &ro);
    bool yes = !rc && chopsat_answer_value(a.a) == CHOPSAT_YES;
    if (!rc && o->why && !yes)
        rc = cli_why(o, &a.q);
    else if (!rc && o->why)
        printf("why: the answer is yes (the witness above); --why explains a no\n");
    if (!rc && o->format == FMT_HTML)
        rc = cli_html_bmc(o, &a.q, chopsat_answer_bmc(a.a), chopsat_answer_witness(a.a), a.question,
                          chopsat_answer_note(a.a), &a.ao.bmc, ro.proof_note);
    else if (!rc)
        rc = yes ? EXIT_YES : EXIT_NO;
    chopsat_answer_free(a.a);
    return rc;
}

int cli_reach(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("reach", argc, argv, 2, &o);
    if (!rc) rc = ask(&o, CHOPSAT_Q_REACH);
    cli_opts_free(&o);
    return rc;
}

int cli_win(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("win", argc, argv, 1, &o);
    if (!rc) rc = ask(&o, CHOPSAT_Q_WIN);
    cli_opts_free(&o);
    return rc;
}
