/* cli_bmc.c: the bounded questions on the command line: reach, win (answered by a SAT solver,
 * the witness replayed and the answer cross-checked against the explicit search), dimacs (the
 * question as a file for any solver) and decode (that solver's model back into moves). */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

/* Builds the question from the options and positional arguments (kind given). */
static int build_query(const cli_opts *o, chopsat_question kind, chopsat_query *q)
{
    memset(q, 0, sizeof *q);
    q->kind = kind;
    int want = kind == CHOPSAT_Q_REACH ? 2 : 1;
    if (o->nargs != want)
        return kind == CHOPSAT_Q_REACH
                   ? cli_usage("%s%sreach A B -k K [options] (see 'chopsat help')",
                               strcmp(o->cmd, "reach") ? o->cmd : "", strcmp(o->cmd, "reach") ? " " : "")
                   : cli_usage("%s%swin A -k K [--player P] [options] (see 'chopsat help')",
                               strcmp(o->cmd, "win") ? o->cmd : "", strcmp(o->cmd, "win") ? " " : "");
    if (o->k < 0) return cli_usage("%s: -k K is required (the bound on the number of moves)", o->cmd);
    int rc = cli_position(o, o->args[0], &q->from);
    if (!rc && kind == CHOPSAT_Q_REACH) rc = cli_position(o, o->args[1], &q->target);
    if (rc) return rc;
    q->k = (int)o->k;
    q->player = (int)o->player;
    q->exact = o->exact;
    q->repeat = !strcmp(o->no_repeat, "path")        ? CHOPSAT_REPEAT_PATH
                : !strcmp(o->no_repeat, "immediate") ? CHOPSAT_REPEAT_IMMEDIATE
                                                     : CHOPSAT_REPEAT_OFF;
    return 0;
}

static chopsat_bmc_opts bmc_opts(const cli_opts *o)
{
    chopsat_bmc_opts b = {
        .solver = o->solver ? o->solver : "cadical",
        .timeout = o->timeout,
        .incremental = !o->no_incremental,
        .binary_moves = o->move_encoding && !strcmp(o->move_encoding, "binary"),
        .plaisted_greenbaum = o->polarity,
    };
    return b;
}

/* Prints the witness (names from the replay) as numbered moves, text or JSON. */
static void print_witness(const chopsat_rules *r, const chopsat_pos *path, const chopsat_moves *names,
                          bool json)
{
    char buf[64];
    if (json) {
        printf("[");
        for (size_t i = 0; i < names->n; i++) {
            chopsat_pos_format(r, &path[i + 1], buf, sizeof buf);
            printf("%s{\"player\": %u, \"move\": ", i ? ", " : "", path[i].mover);
            json_string(stdout, names->items[i].name);
            printf(", \"position\": \"%s\"}", buf);
        }
        printf("]");
        return;
    }
    chopsat_pos_format(r, &path[0], buf, sizeof buf);
    printf("  start       %s\n", buf);
    for (size_t i = 0; i < names->n; i++) {
        chopsat_pos_format(r, &path[i + 1], buf, sizeof buf);
        printf("  %3zu. player %u  %-12s -> %s\n", i + 1, path[i].mover, names->items[i].name, buf);
    }
}

/* Asks the question with a SAT solver and checks the answer; the exit status. */
static int ask(cli_opts *o, chopsat_question kind)
{
    chopsat_query q;
    int rc = build_query(o, kind, &q);
    if (rc) return rc;
    /* the answer goes to standard output; a proof there would be mixed into it */
    if (o->proof && !strcmp(o->proof, "-"))
        return cli_usage("%s: --proof - would mix the proof into the answer on standard output; "
                         "name a file (a FIFO streams it to a checker)", o->cmd);
    chopsat_bmc_opts bo = bmc_opts(o);
    chopsat_bmc_result res;
    chopsat_err err;
    if (chopsat_bmc_solve(o->rules, &q, &bo, &res, &err)) return cli_error("%s", err.msg);

    /* the witness, replayed move by move by the explicit engine */
    chopsat_moves names = {0};
    if (res.answer && chopsat_replay(o->rules, &q, res.path, (size_t)res.moves + 1, &names, &err)) {
        rc = cli_error("cross-check failed: the solver's witness does not replay: %s", err.msg);
        chopsat_bmc_result_free(&res);
        chopsat_moves_free(&names);
        return EXIT_MISMATCH;
    }
    (void)rc;
    /* the answer, against the explicit search */
    int ex = -3, ex_moves = -1;
    char note[600] = "";
    if (!o->no_check) {
        ex = chopsat_explicit_answer(o->rules, &q, &ex_moves, NULL, &err);
        if (ex == -1 || ex == -2) snprintf(note, sizeof note, "%s", err.msg);
    }
    if (ex == 0 || ex == 1) {
        if (ex != res.answer || (ex == 1 && ex_moves != res.moves)) {
            cli_error("cross-check failed: the SAT answer is %s%s, the explicit search says %s "
                      "(in %d moves)", res.answer ? "yes" : "no", "", ex ? "yes" : "no", ex_moves);
            chopsat_bmc_result_free(&res);
            chopsat_moves_free(&names);
            return EXIT_MISMATCH;
        }
    }
    bool checked = (ex == 0 || ex == 1);
    /* what was checked, in words: a "no" that the explicit search did not confirm says so
     * plainly (it rests on the SAT solver alone); a "yes" is certain once its witness replays */
    char why[700], check[1000];
    if (o->no_check) snprintf(why, sizeof why, "the explicit search was not run: --no-check");
    else
        snprintf(why, sizeof why, "the explicit search gave no answer: %s",
                 strncmp(note, "explicit check: ", 16) ? note : note + 16);
    if (checked)
        snprintf(check, sizeof check, "%sthe explicit search agrees",
                 res.answer ? "the witness replays move by move; " : "");
    else if (res.answer)
        snprintf(check, sizeof check, "the witness replays move by move, so \"yes\" is certain; "
                 "%s NOT cross-checked against the explicit search (%s)",
                 q.exact ? "it was" : "that it needs no fewer moves was", why);
    else
        snprintf(check, sizeof check, "this \"no\" was NOT cross-checked against the explicit "
                 "search; it rests on the SAT solver alone (%s)", why);
    /* --proof FILE: a checked clausal proof for a no (a yes has its witness instead) */
    char proof_note[700] = "";
    if (o->proof && res.answer) {
        snprintf(proof_note, sizeof proof_note, "none written: the answer is yes (the witness "
                 "is its certificate)");
    } else if (o->proof) {
        cli_out pout;
        int prc = cli_out_open(&pout, o->proof) ? -2 : chopsat_bmc_proof(o->rules, &q, &bo, pout.f, &err);
        if (prc != -2 && (cli_out_close(&pout, prc == 20) || prc != 20)) {
            if (prc == 10) cli_error("cross-check failed: the proof instance is satisfiable");
            else if (prc < 0) cli_error("proof: %s", err.msg);
            prc = prc == 10 ? -3 : -2;
        }
        if (prc != 20) {
            chopsat_bmc_result_free(&res);
            chopsat_moves_free(&names);
            return prc == -3 ? EXIT_MISMATCH : EXIT_ERROR;
        }
        snprintf(proof_note, sizeof proof_note, "written to %s (DRAT from PicoSAT) and checked "
                 "by the project's RUP checker", o->proof);
    }
    char question[256];
    chopsat_query_describe(o->rules, &q, false, question, sizeof question);
    if (o->format == FMT_JSON) {
        printf("{\"question\": ");
        json_string(stdout, question);
        printf(", \"answer\": \"%s\", \"moves\": ", res.answer ? "yes" : "no");
        if (res.answer) printf("%d", res.moves);
        else printf("null");
        printf(", \"witness\": ");
        if (res.answer) print_witness(o->rules, res.path, &names, true);
        else printf("null");
        printf(", \"checked\": %s, \"replayed\": %s, \"check\": ", checked ? "true" : "false",
               res.answer ? "true" : "false");
        json_string(stdout, check);
        printf(", \"solver\": ");
        json_string(stdout, bo.solver);
        if (o->proof) printf(", \"proof\": "), json_string(stdout, proof_note);
        printf(", \"vars\": %d, \"clauses\": %zu, \"solver_calls\": %d, \"encode_seconds\": %.4f, "
               "\"solve_seconds\": %.4f}\n",
               res.vars, res.clauses, res.solver_calls, res.encode_seconds, res.solve_seconds);
    } else {
        printf("question: %s\n", question);
        if (res.answer) {
            printf("answer: yes, in %d move%s%s\n", res.moves, res.moves == 1 ? "" : "s",
                   q.exact ? " (exactly, as asked)" : " (the minimum)");
            printf("witness:\n");
            print_witness(o->rules, res.path, &names, false);
        } else {
            printf("answer: no%s\n", checked ? "" : " (NOT cross-checked, see below)");
        }
        printf("checked: %s.\n", check);
        if (o->proof) printf("proof: %s.\n", proof_note);
        printf("formula: %d variables, %zu clauses; %s, %d solver call%s (%s); encoding %.3f s, "
               "solving %.3f s\n",
               res.vars, res.clauses, bo.solver, res.solver_calls, res.solver_calls == 1 ? "" : "s",
               bo.incremental ? "incremental" : "re-encoded for each k", res.encode_seconds,
               res.solve_seconds);
    }
    int status = res.answer ? EXIT_YES : EXIT_NO;
    chopsat_bmc_result_free(&res);
    chopsat_moves_free(&names);
    return status;
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

int cli_dimacs(int argc, char **argv)
{
    if (argc < 1 || (strcmp(argv[0], "reach") && strcmp(argv[0], "win")))
        return cli_usage("dimacs reach A B -k K [-o FILE] | dimacs win A -k K [--player P] [-o FILE]");
    chopsat_question kind = !strcmp(argv[0], "win") ? CHOPSAT_Q_WIN : CHOPSAT_Q_REACH;
    cli_opts o;
    int rc = cli_parse("dimacs", argc - 1, argv + 1, kind == CHOPSAT_Q_REACH ? 2 : 1, &o);
    if (rc) return rc;
    chopsat_query q;
    rc = build_query(&o, kind, &q);
    if (!rc) {
        chopsat_bmc_opts bo = bmc_opts(&o);
        cli_out out;
        rc = cli_out_open(&out, o.out_path);
        if (!rc) {
            chopsat_err err;
            rc = cli_out_finish(&out, chopsat_bmc_dimacs(o.rules, &q, &bo, out.f, &err), &err);
        }
    }
    cli_opts_free(&o);
    return rc;
}

int cli_decode(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("decode", argc, argv, 2, &o);
    if (rc) return rc;
    if (o.nargs != 2) {
        cli_opts_free(&o);
        return cli_usage("decode FILE.cnf MODEL (the solver's output; - for standard input)");
    }
    FILE *cf = fopen(o.args[0], "r");
    if (!cf) {
        cli_opts_free(&o);
        return cli_error("cannot read '%s'", o.args[0]);
    }
    FILE *mf = strcmp(o.args[1], "-") ? fopen(o.args[1], "r") : stdin;
    if (!mf) {
        fclose(cf);
        cli_opts_free(&o);
        return cli_error("cannot read '%s'", o.args[1]);
    }
    chopsat_rules *r;
    chopsat_query q;
    chopsat_pos *path;
    size_t n;
    chopsat_err err;
    rc = chopsat_decode(cf, o.args[0], mf, o.args[1], &r, &q, &path, &n, &err);
    fclose(cf);
    if (mf != stdin) fclose(mf);
    if (rc < 0) {
        cli_opts_free(&o);
        return cli_error("%s", err.msg);
    }
    char question[256];
    chopsat_query_describe(r, &q, false, question, sizeof question);
    chopsat_moves names = {0};
    if (rc == 10 && chopsat_replay(r, &q, path, n, &names, &err)) {
        cli_error("the decoded witness does not replay: %s", err.msg);
        rc = EXIT_MISMATCH;
    } else {
        /* a "no" read from a file is the word of whoever wrote that file: nothing here can
         * check it (a yes is checked: its witness replays) */
        char check[600];
        if (rc == 10) snprintf(check, sizeof check, "the witness replays move by move");
        else
            snprintf(check, sizeof check, "NOT checked: this \"no\" rests on '%s' alone (ask "
                     "'chopsat %s' for an answer cross-checked by the explicit search and, with "
                     "--proof FILE, a checked certificate)", o.args[1],
                     q.kind == CHOPSAT_Q_WIN ? "win" : "reach");
        if (o.format == FMT_JSON) {
            printf("{\"question\": ");
            json_string(stdout, question);
            printf(", \"answer\": \"%s\", \"moves\": ", rc == 10 ? "yes" : "no");
            if (rc == 10) printf("%zu, \"witness\": ", n - 1), print_witness(r, path, &names, true);
            else printf("null, \"witness\": null");
            printf(", \"replayed\": %s, \"checked\": %s, \"check\": ", rc == 10 ? "true" : "false",
                   rc == 10 ? "true" : "false");
            json_string(stdout, check);
            printf("}\n");
        } else {
            printf("question: %s\n", question);
            if (rc == 10) {
                printf("answer: yes, in %zu move%s (this model's witness; not necessarily the "
                       "minimum)\nwitness:\n", n - 1, n == 2 ? "" : "s");
                print_witness(r, path, &names, false);
                printf("checked: the witness replays move by move.\n");
            } else {
                printf("answer: no (the solver says unsatisfiable)\n");
                printf("checked: %s.\n", check);
            }
        }
    }
    chopsat_moves_free(&names);
    free(path);
    chopsat_rules_free(r);
    cli_opts_free(&o);
    return rc;
}
