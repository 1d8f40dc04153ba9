/* cli_unbounded.c: reach and win without a bound (-k inf, --unbounded) and `chopsat certify`.
 * A "yes" is replayed move by move like a bounded one; a "never" is what the library checked
 * with fresh SAT calls (an inductive invariant for IC3, base and step for k-induction) and,
 * where the game fits, the explicit breadth-first search over every reachable position must
 * agree; the output says which of these checked the answer. */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

/* The most positions (index space) the explicit cross-check explores: its arrays take about 8
 * bytes a position. */
#define EXPLORE_LIMIT (1u << 26)

typedef struct unbounded_answer {
    chopsat_query q;
    chopsat_unbounded_opts uo;
    chopsat_unbounded_result res;
    chopsat_moves names;
    const char *engine;
    bool checked;       /* the explicit search ran and agrees */
    char question[256];
    char proof[400];    /* what checked a never */
    char check[900];    /* what the explicit search said */
    char cert_note[300];
} unbounded_answer;

static void describe(const chopsat_rules *r, const chopsat_query *q, char *buf, size_t size)
{
    char from[64], target[64];
    chopsat_pos_format(r, &q->from, from, sizeof from);
    chopsat_pos_format(r, &q->target, target, sizeof target);
    if (q->kind == CHOPSAT_Q_REACH)
        snprintf(buf, size, "is %s ever reachable from %s (no bound)?", target, from);
    else
        snprintf(buf, size, "can player %d ever win from %s (no bound)?", q->player, from);
}

/* The explicit answer: a full breadth-first search from q->from. 1 reachable (*moves: the
 * minimum), 0 never, -2 not run (why in note). *count: the reachable positions. */
static int explicit_answer(const cli_opts *o, const chopsat_query *q, int *moves,
                           unsigned long long *count, char *note, size_t size)
{
    uint64_t n = chopsat_position_count(o->rules);
    if (n == 0 || n > EXPLORE_LIMIT) {
        snprintf(note, size, "the game has more than the %u positions the breadth-first search "
                 "explores", EXPLORE_LIMIT);
        return -2;
    }
    chopsat_err err;
    chopsat_reach_set *set = chopsat_explore(o->rules, &q->from, &err);
    if (!set) {
        snprintf(note, size, "%s", err.msg);
        return -2;
    }
    *count = chopsat_reach_count(set);
    int64_t best = -1;
    if (q->kind == CHOPSAT_Q_REACH) {
        best = chopsat_reach_depth(set, &q->target);
    } else {
        for (uint64_t k = 0; k < *count && best < 0; k++) { /* breadth-first: the first is nearest */
            chopsat_pos p;
            chopsat_reach_at(set, k, &p);
            if (chopsat_pos_winner(o->rules, &p) == q->player) best = chopsat_reach_depth(set, &p);
        }
    }
    chopsat_reach_set_free(set);
    *moves = (int)best;
    return best >= 0;
}

static int cross_check(const cli_opts *o, unbounded_answer *a)
{
    const chopsat_unbounded_result *res = &a->res;
    if (o->no_check) {
        snprintf(a->check, sizeof a->check, "not compared with the explicit search: --no-check");
        return 0;
    }
    int ex_moves = -1;
    unsigned long long count = 0;
    char note[600] = "";
    int ex = explicit_answer(o, &a->q, &ex_moves, &count, note, sizeof note);
    if (ex == -2) {
        snprintf(a->check, sizeof a->check, "not compared with the explicit search (%s)", note);
        return 0;
    }
    if (ex != res->answer || (ex == 1 && ex_moves != res->moves)) {
        if (ex) cli_error("cross-check failed: the %s engine says %s, the explicit search says "
                          "reachable in %d moves", a->engine, res->answer ? "reachable" : "never",
                          ex_moves);
        else cli_error("cross-check failed: the %s engine says reachable in %d moves, the "
                       "explicit search says never", a->engine, res->moves);
        return EXIT_MISMATCH;
    }
    a->checked = true;
    snprintf(a->check, sizeof a->check, "the explicit breadth-first search over the %llu "
             "positions reachable from the start agrees%s", count,
             ex ? " (the same minimum)" : " (the goal is not among them)");
    return 0;
}

static int write_certificate(const cli_opts *o, unbounded_answer *a)
{
    if (!o->certificate) return 0;
    if (a->res.answer) {
        snprintf(a->cert_note, sizeof a->cert_note, "none written: the answer is yes (the "
                 "witness is its certificate)");
        return 0;
    }
    cli_out out;
    if (cli_out_open(&out, o->certificate)) return EXIT_ERROR;
    chopsat_err err;
    int rc = cli_out_finish(&out, chopsat_certificate_write(o->rules, &a->q, &a->res.inv, out.f,
                                                            &err), &err);
    if (rc) return rc;
    snprintf(a->cert_note, sizeof a->cert_note, "the invariant written to %s ('chopsat certify "
             "%s' checks it again)", o->certificate, o->certificate);
    return 0;
}

static void print_json(const cli_opts *o, const unbounded_answer *a)
{
    const chopsat_unbounded_result *res = &a->res;
    chopsat_json j;
    chopsat_json_init(&j, stdout);
    chopsat_json_object(&j);
    chopsat_json_kstring(&j, "question", a->question);
    chopsat_json_kstring(&j, "answer", res->answer ? "yes" : "never");
    chopsat_json_key(&j, "moves");
    if (res->answer) chopsat_json_int(&j, res->moves);
    else chopsat_json_null(&j);
    chopsat_json_key(&j, "witness");
    cli_witness_json(&j, o->rules, res->answer ? res->path : NULL, &a->names);
    chopsat_json_kstring(&j, "engine", a->engine);
    chopsat_json_kint(&j, "depth", res->depth);
    chopsat_json_key(&j, "invariant_clauses");
    if (!res->answer && o->engine == ENGINE_IC3) chopsat_json_uint(&j, res->inv.nclauses);
    else chopsat_json_null(&j);
    chopsat_json_kbool(&j, "replayed", res->answer);
    chopsat_json_key(&j, "proof");
    if (res->answer) chopsat_json_null(&j);
    else chopsat_json_string(&j, a->proof);
    chopsat_json_kbool(&j, "checked", a->checked);
    chopsat_json_kstring(&j, "check", a->check);
    if (o->certificate) chopsat_json_kstring(&j, "certificate", a->cert_note);
    chopsat_json_kstring(&j, "solver", a->uo.bmc.solver);
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
    const chopsat_unbounded_result *res = &a->res;
    printf("question: %s\n", a->question);
    if (res->answer) {
        printf("answer: yes, in %d move%s (the minimum)\nwitness:\n", res->moves,
               res->moves == 1 ? "" : "s");
        cli_witness_text(o->rules, res->path, &a->names);
        printf("checked: the witness replays move by move; %s.\n", a->check);
    } else {
        printf("answer: never\n");
        printf("proof: %s.\n", a->proof);
        printf("checked: %s.\n", a->check);
    }
    if (o->certificate) printf("certificate: %s.\n", a->cert_note);
    printf("engine: %s, depth %d, %d solver call%s (%s), %.3f s; check: %d call%s, %.3f s\n",
           a->engine, res->depth, res->solver_calls, res->solver_calls == 1 ? "" : "s",
           a->uo.bmc.solver, res->solve_seconds, res->check_calls,
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
    a.uo.bmc = cli_bmc_opts(o);
    a.uo.bmc.incremental = true;
    a.uo.engine = a.engine = cli_choice_word(o->engine);
    describe(o->rules, &a.q, a.question, sizeof a.question);
    chopsat_err err;
    if (chopsat_unbounded_solve(o->rules, &a.q, &a.uo, &a.res, &err)) return cli_error("%s", err.msg);
    if (a.res.answer) {
        chopsat_query rq = a.q;
        rq.k = a.res.moves, rq.exact = false, rq.repeat = CHOPSAT_REPEAT_OFF;
        if (chopsat_replay(o->rules, &rq, a.res.path, (size_t)a.res.moves + 1, &a.names, &err)) {
            cli_error("cross-check failed: the witness does not replay: %s", err.msg);
            rc = EXIT_MISMATCH;
        }
    } else if (o->engine == ENGINE_IC3) {
        snprintf(a.proof, sizeof a.proof, "IC3 found an inductive invariant of %zu clause%s over "
                 "the state bits; fresh %s calls checked its initiation, consecution and safety",
                 a.res.inv.nclauses, a.res.inv.nclauses == 1 ? "" : "s", a.uo.bmc.solver);
    } else {
        snprintf(a.proof, sizeof a.proof, "k-induction over simple paths at depth %d; fresh %s "
                 "calls checked the base case (no path within %d moves), the induction step and that "
                 "every reachable state is a position",
                 a.res.depth, a.uo.bmc.solver, a.res.depth - 1);
    }
    if (!rc) rc = cross_check(o, &a);
    if (!rc) rc = write_certificate(o, &a);
    if (!rc) {
        if (o->format == FMT_JSON) print_json(o, &a);
        else print_text(o, &a);
        rc = a.res.answer ? EXIT_YES : EXIT_NO;
    }
    chopsat_moves_free(&a.names);
    chopsat_unbounded_result_free(&a.res);
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
    char question[256], verdict[700];
    describe(r, &q, question, sizeof question);
    if (rc) snprintf(verdict, sizeof verdict, "rejected: %s", err.msg);
    else
        snprintf(verdict, sizeof verdict, "the invariant of %zu clause%s holds: initiation, "
                 "consecution and safety checked by %d fresh %s calls, so the answer is never",
                 inv.nclauses, inv.nclauses == 1 ? "" : "s", calls, solver);
    if (rc) {
        rc = cli_error("%s: %s", o.args[0], verdict);
        if (!strncmp(err.msg, "initiation fails", 16) || !strncmp(err.msg, "consecution fails", 17) ||
            !strncmp(err.msg, "safety fails", 12))
            rc = EXIT_MISMATCH;
    } else if (o.format == FMT_JSON) {
        chopsat_json j;
        chopsat_json_init(&j, stdout);
        chopsat_json_object(&j);
        chopsat_json_kstring(&j, "question", question);
        chopsat_json_kstring(&j, "answer", "never");
        chopsat_json_kbool(&j, "holds", true);
        chopsat_json_key(&j, "clauses");
        chopsat_json_uint(&j, inv.nclauses);
        chopsat_json_kint(&j, "check_calls", calls);
        chopsat_json_kstring(&j, "check", verdict);
        chopsat_json_end(&j);
        putchar('\n');
    } else {
        printf("question: %s\nanswer: never\nchecked: %s.\n", question, verdict);
    }
    chopsat_invariant_free(&inv);
    chopsat_rules_free(r);
    cli_opts_free(&o);
    return rc;
}
