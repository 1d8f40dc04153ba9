/* json_answer.c: a checked reach or win answer (chopsat_ask) as one JSON object, within K and
 * without a bound (docs/cli.md lists the fields). */
#include <string.h>

#include "report/text_write.h"
#include "report/witness_write.h"

/* "key": seconds, to the tenth of a millisecond. */
static void kseconds(chopsat_json *j, const char *key, double seconds)
{
    chopsat_json_key(j, key);
    chopsat_json_fixed(j, seconds, 4);
}

/* The question, the answer ("yes" or `no`), the moves and the witness (the object stays
 * open). */
static void head(chopsat_json *j, const char *question, bool yes, const char *no, int moves)
{
    chopsat_json_object(j);
    chopsat_json_kstring(j, "question", question);
    chopsat_json_kstring(j, "answer", yes ? "yes" : no);
    chopsat_json_key(j, "moves");
    if (yes)
        chopsat_json_int(j, moves);
    else
        chopsat_json_null(j);
    chopsat_json_key(j, "witness");
}

/* The answer without a bound. */
static void unbounded_json(chopsat_json *j, const chopsat_rules *rules, const chopsat_answer *a,
                           const chopsat_report_answer_opts *o)
{
    const chopsat_unbounded_result *res = chopsat_answer_unbounded(a);
    head(j, o->question, res->answer, "never", res->moves);
    report_witness_json(j, rules, res->answer ? res->path : NULL, chopsat_answer_witness(a));
    chopsat_json_kstring(j, "engine", o->engine);
    chopsat_json_kint(j, "depth", res->depth);
    chopsat_json_key(j, "invariant_clauses");
    if (!res->answer && o->engine && !strcmp(o->engine, "ic3"))
        chopsat_json_uint(j, res->inv.nclauses);
    else
        chopsat_json_null(j);
    chopsat_json_kbool(j, "replayed", res->answer);
    chopsat_json_key(j, "proof");
    if (res->answer)
        chopsat_json_null(j);
    else
        chopsat_json_string(j, chopsat_answer_proof_note(a));
    chopsat_json_kbool(j, "checked", chopsat_answer_checked(a));
    chopsat_json_kstring(j, "check", chopsat_answer_compare_note(a));
    if (o->certificate_note) chopsat_json_kstring(j, "certificate", o->certificate_note);
    chopsat_json_kstring(j, "solver", o->solver);
    chopsat_json_kint(j, "solver_calls", res->solver_calls);
    chopsat_json_kint(j, "check_calls", res->check_calls);
    kseconds(j, "solve_seconds", res->solve_seconds);
    kseconds(j, "check_seconds", res->check_seconds);
    chopsat_json_end(j);
}

/* The answer within K. */
static void bounded_json(chopsat_json *j, const chopsat_rules *rules, const chopsat_query *q,
                         const chopsat_answer *a, const chopsat_report_answer_opts *o)
{
    const chopsat_bmc_result *res = chopsat_answer_bmc(a);
    const chopsat_pos *path;
    chopsat_answer_path(a, &path);
    head(j, o->question, res->answer, "no", res->moves);
    report_witness_json(j, rules, path, chopsat_answer_witness(a));
    chopsat_json_kbool(j, "checked", chopsat_answer_checked(a));
    chopsat_json_kbool(j, "replayed", res->answer);
    chopsat_json_kstring(j, "check", chopsat_answer_note(a));
    int w = chopsat_pos_winner(rules, &q->from);
    chopsat_json_kbool(j, "over_at_start", w != 0);
    chopsat_json_key(j, "winner_at_start");
    if (w)
        chopsat_json_int(j, w);
    else
        chopsat_json_null(j);
    chopsat_json_kstring(j, "solver", o->solver);
    if (o->proof_note) chopsat_json_kstring(j, "proof", o->proof_note);
    chopsat_json_kint(j, "vars", res->vars);
    chopsat_json_key(j, "clauses");
    chopsat_json_uint(j, res->clauses);
    chopsat_json_kint(j, "solver_calls", res->solver_calls);
    kseconds(j, "encode_seconds", res->encode_seconds);
    kseconds(j, "solve_seconds", res->solve_seconds);
    chopsat_json_end(j);
}

int chopsat_report_answer_json(FILE *out, const chopsat_rules *rules, const chopsat_query *q,
                               const chopsat_answer *a, const chopsat_report_answer_opts *o,
                               chopsat_err *err)
{
    chopsat_json j;
    chopsat_json_init(&j, out);
    if (chopsat_answer_unbounded(a))
        unbounded_json(&j, rules, a, o);
    else
        bounded_json(&j, rules, q, a, o);
    fputc('\n', out);
    return report_end(out, err);
}
