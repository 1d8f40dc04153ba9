/* cli_reach.c: reach and win on the command line, within K moves and without a bound (-k inf,
 * --unbounded). The library answers and checks (chopsat_ask): a SAT solver's answer (BMC within
 * K; IC3 or k-induction without a bound), a "yes" replayed move by move, a "never" checked by
 * the engine with fresh SAT calls, and the answer compared with the explicit search where the
 * explicit limit allows. This file parses, prints, and writes the proof (--proof) and the
 * certificate (--certificate). */
#include <stdlib.h>
#include <string.h>

#include "cli/cli_html.h"

/* ---- without a bound ---- */

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

/* --certificate FILE: a never's invariant written to FILE (a yes has its witness instead);
 * a->cert_note says what happened. 0 or the exit status of an error. */
static int write_certificate(const cli_opts *o, unbounded_answer *a)
{
    if (!o->certificate) return 0;
    const chopsat_unbounded_result *res = chopsat_answer_unbounded(a->a);
    if (chopsat_unbounded_result_value(res) == CHOPSAT_YES) {
        snprintf(a->cert_note, sizeof a->cert_note, "none written: the answer is yes (the "
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
    snprintf(a->cert_note, sizeof a->cert_note, "the invariant written to %s ('chopsat certify "
             "%s' checks it again)", o->certificate, o->certificate);
    return 0;
}

/* The unbounded answer as one JSON object on one line (docs/cli.md lists the fields). */
static void print_json(const cli_opts *o, const unbounded_answer *a)
{
    const chopsat_unbounded_result *res = chopsat_answer_unbounded(a->a);
    const chopsat_pos *path;
    chopsat_unbounded_result_path(res, &path);
    chopsat_json j;
    chopsat_json_init(&j, stdout);
    chopsat_json_object(&j);
    chopsat_json_kstring(&j, "question", a->question);
    chopsat_json_kstring(&j, "answer",
                         chopsat_unbounded_result_value(res) == CHOPSAT_YES ? "yes" : "never");
    chopsat_json_key(&j, "moves");
    if (chopsat_unbounded_result_value(res) == CHOPSAT_YES)
        chopsat_json_int(&j, chopsat_unbounded_result_moves(res));
    else chopsat_json_null(&j);
    chopsat_json_key(&j, "witness");
    cli_witness_json(&j, o->rules, path, chopsat_answer_witness(a->a));
    chopsat_json_kstring(&j, "engine", a->engine);
    chopsat_json_kint(&j, "depth", chopsat_unbounded_result_depth(res));
    chopsat_json_key(&j, "invariant_clauses");
    if (chopsat_unbounded_result_value(res) != CHOPSAT_YES && o->engine == ENGINE_IC3)
        chopsat_json_uint(&j, chopsat_unbounded_result_invariant(res)->nclauses);
    else chopsat_json_null(&j);
    chopsat_json_kbool(&j, "replayed", chopsat_unbounded_result_value(res) == CHOPSAT_YES);
    chopsat_json_key(&j, "proof");
    if (chopsat_unbounded_result_value(res) == CHOPSAT_YES)
        chopsat_json_null(&j);
    else chopsat_json_string(&j, chopsat_answer_proof_note(a->a));
    chopsat_json_kbool(&j, "checked", chopsat_answer_checked(a->a));
    chopsat_json_kstring(&j, "check", chopsat_answer_compare_note(a->a));
    if (o->certificate) chopsat_json_kstring(&j, "certificate", a->cert_note);
    chopsat_json_kstring(&j, "solver", a->ao.bmc.solver);
    chopsat_json_kint(&j, "solver_calls", chopsat_unbounded_result_solver_calls(res));
    chopsat_json_kint(&j, "check_calls", chopsat_unbounded_result_check_calls(res));
    chopsat_json_key(&j, "solve_seconds");
    chopsat_json_fixed(&j, chopsat_unbounded_result_solve_seconds(res), 4);
    chopsat_json_key(&j, "check_seconds");
    chopsat_json_fixed(&j, chopsat_unbounded_result_check_seconds(res), 4);
    chopsat_json_end(&j);
    putchar('\n');
}

/* The unbounded answer for people: the question, the answer, the witness or the proof, what
 * was checked, the certificate and the engine's figures. */
static void print_text(const cli_opts *o, const unbounded_answer *a)
{
    const chopsat_unbounded_result *res = chopsat_answer_unbounded(a->a);
    const chopsat_pos *path;
    chopsat_unbounded_result_path(res, &path);
    printf("question: %s\n", a->question);
    if (chopsat_unbounded_result_value(res) == CHOPSAT_YES) {
        printf("answer: yes, in %d move%s (the minimum)\nwitness:\n",
               chopsat_unbounded_result_moves(res),
               chopsat_unbounded_result_moves(res) == 1 ? "" : "s");
        cli_witness_text(o->rules, path, chopsat_answer_witness(a->a));
    } else {
        printf("answer: never%s\n", rests_on_external(a->ao.bmc.solver, chopsat_answer_checked(a->a))
                                        ? " (NOT cross-checked: it rests on the external solver's "
                                          "answers, see below)" : "");
        printf("proof: %s.\n", chopsat_answer_proof_note(a->a));
    }
    printf("checked: %s.\n", chopsat_answer_note(a->a));
    if (o->certificate) printf("certificate: %s.\n", a->cert_note);
    printf("engine: %s, depth %d, %d solver call%s (%s), %.3f s; check: %d call%s, %.3f s\n",
           a->engine, chopsat_unbounded_result_depth(res),
           chopsat_unbounded_result_solver_calls(res),
           chopsat_unbounded_result_solver_calls(res) == 1 ? "" : "s", a->ao.bmc.solver,
           chopsat_unbounded_result_solve_seconds(res), chopsat_unbounded_result_check_calls(res),
           chopsat_unbounded_result_check_calls(res) == 1 ? "" : "s",
           chopsat_unbounded_result_check_seconds(res));
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

/* reach/win with --unbounded or -k inf: the exit status. */
static int ask_unbounded(cli_opts *o, chopsat_question kind)
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

/* ---- within K ---- */

/* One bounded question being answered: what was asked, the library's checked answer, and what
 * became of --proof. */
typedef struct bmc_answer {
    chopsat_query q;
    chopsat_ask_opts ao;
    chopsat_answer *a;
    char question[256];
    char proof_note[700];
} bmc_answer;

/* --proof FILE: a checked clausal proof for a no, written to FILE (a yes has its witness
 * instead); a->proof_note says what happened. 0, EXIT_ERROR or EXIT_MISMATCH (the proof
 * instance is satisfiable after all). */
static int write_proof(const cli_opts *o, bmc_answer *a)
{
    if (!o->proof) return 0;
    if (chopsat_answer_value(a->a) == CHOPSAT_YES) {
        snprintf(a->proof_note, sizeof a->proof_note, "none written: the answer is yes (the "
                 "witness is its certificate)");
        return 0;
    }
    cli_out pout;
    chopsat_err err;
    int prc = cli_out_open(&pout, o->proof)
                  ? -2
                  : chopsat_bmc_proof(o->rules, &a->q, &a->ao.bmc, pout.f, &err);
    if (prc != -2 && (cli_out_close(&pout, prc == CHOPSAT_NO) || prc != CHOPSAT_NO)) {
        if (prc == CHOPSAT_YES) cli_error("cross-check failed: the proof instance is satisfiable");
        else if (prc < 0) cli_error("proof: %s", err.msg);
        prc = prc == CHOPSAT_YES ? -3 : -2;
    }
    if (prc != CHOPSAT_NO) return prc == -3 ? EXIT_MISMATCH : EXIT_ERROR;
    snprintf(a->proof_note, sizeof a->proof_note, "written to %s (DRAT from PicoSAT) and checked "
             "by the project's RUP checker", o->proof);
    return 0;
}

/* The answer as one JSON object on one line (docs/cli.md lists the fields). */
static void print_answer_json(const cli_opts *o, const bmc_answer *a)
{
    const chopsat_bmc_result *res = chopsat_answer_bmc(a->a);
    const chopsat_pos *path;
    chopsat_answer_path(a->a, &path);
    chopsat_json j;
    chopsat_json_init(&j, stdout);
    chopsat_json_object(&j);
    chopsat_json_kstring(&j, "question", a->question);
    chopsat_json_kstring(&j, "answer", chopsat_bmc_result_value(res) == CHOPSAT_YES ? "yes" : "no");
    chopsat_json_key(&j, "moves");
    if (chopsat_bmc_result_value(res) == CHOPSAT_YES)
        chopsat_json_int(&j, chopsat_bmc_result_moves(res));
    else chopsat_json_null(&j);
    chopsat_json_key(&j, "witness");
    cli_witness_json(&j, o->rules, path, chopsat_answer_witness(a->a));
    chopsat_json_kbool(&j, "checked", chopsat_answer_checked(a->a));
    chopsat_json_kbool(&j, "replayed", chopsat_bmc_result_value(res) == CHOPSAT_YES);
    chopsat_json_kstring(&j, "check", chopsat_answer_note(a->a));
    int w = chopsat_pos_winner(o->rules, &a->q.from);
    chopsat_json_kbool(&j, "over_at_start", w != 0);
    chopsat_json_key(&j, "winner_at_start");
    if (w) chopsat_json_int(&j, w);
    else chopsat_json_null(&j);
    chopsat_json_kstring(&j, "solver", a->ao.bmc.solver);
    if (o->proof) chopsat_json_kstring(&j, "proof", a->proof_note);
    chopsat_json_kint(&j, "vars", chopsat_bmc_result_vars(res));
    chopsat_json_key(&j, "clauses");
    chopsat_json_uint(&j, chopsat_bmc_result_clauses(res));
    chopsat_json_kint(&j, "solver_calls", chopsat_bmc_result_solver_calls(res));
    chopsat_json_key(&j, "encode_seconds");
    chopsat_json_fixed(&j, chopsat_bmc_result_encode_seconds(res), 4);
    chopsat_json_key(&j, "solve_seconds");
    chopsat_json_fixed(&j, chopsat_bmc_result_solve_seconds(res), 4);
    chopsat_json_end(&j);
    putchar('\n');
}

/* The answer for people: the question, the answer, the witness, what was checked, the proof and
 * the formula's size and times. */
static void print_answer_text(const cli_opts *o, const bmc_answer *a)
{
    const chopsat_bmc_result *res = chopsat_answer_bmc(a->a);
    const chopsat_pos *path;
    chopsat_bmc_result_path(res, &path);
    printf("question: %s\n", a->question);
    if (chopsat_bmc_result_value(res) == CHOPSAT_YES) {
        printf("answer: yes, in %d move%s%s\n", chopsat_bmc_result_moves(res),
               chopsat_bmc_result_moves(res) == 1 ? "" : "s",
               a->q.exact ? " (exactly, as asked)" : " (the minimum)");
        printf("witness:\n");
        cli_witness_text(o->rules, path, chopsat_answer_witness(a->a));
    } else {
        printf("answer: no%s\n",
               chopsat_answer_checked(a->a) ? "" : " (NOT cross-checked, see below)");
    }
    int w = chopsat_pos_winner(o->rules, &a->q.from);
    if (w) {
        char from[CHOPSAT_POS_MAX];
        chopsat_pos_format(o->rules, &a->q.from, from, sizeof from);
        char why[100];
        if (a->q.kind == CHOPSAT_Q_REACH) snprintf(why, sizeof why, "; only the start itself is reachable");
        else if (w == a->q.player) snprintf(why, sizeof why, " (the win is there at the start, in 0 moves)");
        else snprintf(why, sizeof why, "; player %d cannot win any more", a->q.player);
        printf("note: the game is already over at %s: player %d has won, so no move can be "
               "made%s.\n", from, w, why);
    }
    printf("checked: %s.\n", chopsat_answer_note(a->a));
    if (o->proof) printf("proof: %s.\n", a->proof_note);
    printf("formula: %d variables, %zu clauses; %s, %d solver call%s (%s); encoding %.3f s, "
           "solving %.3f s\n",
           chopsat_bmc_result_vars(res), chopsat_bmc_result_clauses(res), a->ao.bmc.solver,
           chopsat_bmc_result_solver_calls(res),
           chopsat_bmc_result_solver_calls(res) == 1 ? "" : "s",
           a->ao.bmc.incremental ? "incremental" : "re-encoded for each k",
           chopsat_bmc_result_encode_seconds(res), chopsat_bmc_result_solve_seconds(res));
}

/* Asks the library for the checked answer (chopsat_ask), then the proof: 0 or the exit status
 * of an error. */
static int answer(const cli_opts *o, bmc_answer *a)
{
    chopsat_err err;
    int rc = chopsat_ask(o->rules, &a->q, &a->ao, &a->a, &err);
    if (rc == CHOPSAT_MISMATCH) return cli_error("%s", err.msg), EXIT_MISMATCH;
    if (rc < 0) return cli_error("%s", err.msg);
    if (o->proof) cli_progress_phase("%s: the proof", o->cmd);
    return write_proof(o, a);
}

/* Asks the question with a SAT solver and checks the answer; the exit status. */
static int ask(cli_opts *o, chopsat_question kind)
{
    bmc_answer a;
    memset(&a, 0, sizeof a);
    if (o->unbounded && o->format == FMT_HTML)
        return cli_usage("%s: --format html is for bounded questions (-k K)", o->cmd);
    if (o->why && (o->unbounded || o->format != FMT_TEXT))
        return cli_usage("%s: --why explains a no within K moves in words: with -k K and "
                         "--format text", o->cmd);
    if (o->unbounded) return ask_unbounded(o, kind);
    if (o->given[OPT_ENGINE] || o->certificate)
        return cli_usage("%s: %s is for unbounded questions (-k inf or --unbounded)", o->cmd,
                         o->given[OPT_ENGINE] ? "--engine" : "--certificate");
    int rc = cli_build_query(o, kind, &a.q);
    if (rc) return rc;
    /* the answer goes to standard output; a proof there would be mixed into it */
    if (o->proof && !strcmp(o->proof, "-"))
        return cli_usage("%s: --proof - would mix the proof into the answer on standard output; "
                         "name a file (a FIFO streams it to a checker)", o->cmd);
    a.ao.bmc = cli_bmc_opts(o);
    a.ao.bmc.progress = cli_progress;
    a.ao.bmc.progress_ctx = (void *)o->cmd;
    a.ao.no_check = o->no_check;
    a.ao.no_check_why = "--no-check";
    rc = answer(o, &a);
    cli_progress_end();
    if (!rc) {
        chopsat_query_describe(o->rules, &a.q, false, a.question, sizeof a.question);
        if (o->format == FMT_JSON) print_answer_json(o, &a);
        else if (o->format != FMT_HTML) print_answer_text(o, &a);
        if (o->why && chopsat_answer_value(a.a) != CHOPSAT_YES) rc = cli_why(o, &a.q);
        else if (o->why) printf("why: the answer is yes (the witness above); --why explains a no\n");
        if (!rc) rc = o->format == FMT_HTML
                 ? cli_html_bmc(o, &a.q, chopsat_answer_bmc(a.a), chopsat_answer_witness(a.a),
                                a.question, chopsat_answer_note(a.a), &a.ao.bmc,
                                o->proof ? a.proof_note : NULL)
             : chopsat_answer_value(a.a) == CHOPSAT_YES ? EXIT_YES
                                                        : EXIT_NO;
    }
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
