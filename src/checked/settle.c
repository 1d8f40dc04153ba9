/* settle.c: an answer settled from checked sources only (chopsat_settle in chopsat.h), as a
 * benchmark family needs it: a file's status must be known for certain, never taken from the
 * engine that wrote the formula. The sources, one small function each: the explicit search, a
 * witness replayed by the explicit move generator, a "never" invariant checked again by fresh
 * SAT calls, a DRAT proof checked by the project's RUP checker, and a forced answer checked
 * against explicit bounded forcing over the whole bound. When none of them can settle the
 * answer, the note says why; when two disagree, the call fails with CHOPSAT_MISMATCH. Nothing
 * here prints. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/oom.h"
#include "core/util.h"

/* chopsat.h's chopsat_settled. */
struct chopsat_settled {
    int answer;      /* 1 yes, 0 no, -1 not settled */
    char how[96];    /* "explicit search", "replayed witness+explicit search", ... */
    char note[1200]; /* what settled it, or why nothing could */
};

/* Adds `source` to s->how ("a+b"). */
static void add_how(chopsat_settled *s, const char *source)
{
    size_t n = strlen(s->how);
    snprintf(s->how + n, sizeof s->how - n, "%s%s", n ? "+" : "", source);
}

/* Source 1, the explicit search: 1 yes, 0 no, -1 not available (too large). */
static int by_explicit(const chopsat_rules *r, const chopsat_query *q)
{
    int moves;
    chopsat_err err;
    int ex = chopsat_explicit_answer(r, q, &moves, NULL, &err);
    return ex == CHOPSAT_YES ? 1 : ex == CHOPSAT_NO ? 0 : -1;
}

/* Source 2, a witness of the least number of moves replayed by the explicit move generator:
 * 0 when it replays within the bound, -1 with why. */
static int by_witness(const chopsat_rules *r, const chopsat_query *q, const chopsat_settle_opts *o,
                      char *why, size_t size)
{
    chopsat_moves names = {0};
    chopsat_err err;
    int rc = o->path ? chopsat_replay(r, q, o->path, (size_t)o->least + 1, &names, &err)
                     : fail(&err, "no witness was given");
    chopsat_moves_free(&names);
    if (rc) snprintf(why, size, "the witness does not replay: %s", err.msg);
    return rc;
}

/* Source 3, the "never" certificate: the invariant checked again by three fresh SAT calls. */
static int by_certificate(const chopsat_rules *r, const chopsat_query *q,
                          const chopsat_settle_opts *o, char *why, size_t size)
{
    int calls;
    chopsat_err err;
    if (o->invariant &&
        !chopsat_invariant_check(r, q, o->invariant, CHOPSAT_DEFAULT_SAT, o->timeout, &calls, &err))
        return 0;
    if (!o->invariant) fail(&err, "no invariant was given");
    snprintf(why, size, "the invariant does not check: %s", err.msg);
    return -1;
}

/* Source 4, a DRAT proof of the bounded formula from PicoSAT, checked by the project's RUP
 * checker (chopsat_bmc_proof checks it before it hands it out): 0 when checked, 1 when the
 * formula is satisfiable after all, -1 with why. */
static int by_drat(const chopsat_rules *r, const chopsat_query *q, double timeout, char *why,
                   size_t size)
{
    FILE *proof = tmpfile();
    if (!proof) {
        snprintf(why, size, "no temporary file for the proof");
        return -1;
    }
    chopsat_bmc_opts bo = {.solver = "picosat", .timeout = timeout};
    chopsat_err err;
    int rc = chopsat_bmc_proof(r, q, &bo, proof, &err);
    fclose(proof);
    if (rc == CHOPSAT_NO) return 0;
    if (rc == CHOPSAT_YES) return 1;
    snprintf(why, size, "no checked DRAT proof: %s", err.msg);
    return -1;
}

/* Source 5, a forced question answered by the BDD engine and checked against explicit bounded
 * forcing over the whole bound: 0 (s filled), or CHOPSAT_MISMATCH with err. */
static int by_force(const chopsat_rules *r, const chopsat_query *q, chopsat_settled *s,
                    chopsat_err *err)
{
    chopsat_force_opts fo = {.solver = "bdd"};
    chopsat_force_result *res;
    chopsat_err e;
    int rc = chopsat_force(r, q, &fo, &res, &e);
    if (rc < 0) {
        if (rc == CHOPSAT_MISMATCH) return fail(err, "%s", e.msg), CHOPSAT_MISMATCH;
        snprintf(s->note, sizeof s->note, "%s", e.msg);
        return 0;
    }
    if (chopsat_force_checked(res)) {
        s->answer = rc == CHOPSAT_YES;
        add_how(s, "explicit search");
    } else {
        snprintf(s->note, sizeof s->note,
                 "the forced answer is not checked over the whole bound: %s",
                 chopsat_force_check_note(res));
    }
    chopsat_force_free(res);
    return 0;
}

/* A no that neither the explicit search nor an invariant settles: a checked DRAT proof. 0 (s
 * filled when checked), or CHOPSAT_MISMATCH with err. */
static int settle_no(const chopsat_rules *r, const chopsat_query *q, const chopsat_settle_opts *o,
                     chopsat_settled *s, chopsat_err *err)
{
    int d = by_drat(r, q, o->timeout, s->note, sizeof s->note);
    if (d == 1)
        return fail(err, "the proof formula is satisfiable, the least number of moves is %d",
                    o->least),
               CHOPSAT_MISMATCH;
    if (d == 0) add_how(s, "checked DRAT proof");
    return 0;
}

/* Settles a reach or win question from the explicit search and the engines' finding: 0 (s
 * filled; answer -1 when not settled), or CHOPSAT_MISMATCH with err. */
static int settle_reach(const chopsat_rules *r, const chopsat_query *q,
                        const chopsat_settle_opts *o, chopsat_settled *s, chopsat_err *err)
{
    int sat = o->least >= 0 && o->least <= q->k; /* what the engines say */
    int ex = by_explicit(r, q);
    if (ex >= 0 && ex != sat)
        return fail(err, "the explicit search says %s, the SAT engines %s", ex ? "yes" : "no",
                    sat ? "yes" : "no"),
               CHOPSAT_MISMATCH;
    char why[1200] = "";
    if (sat) {
        if (by_witness(r, q, o, why, sizeof why)) return fail(err, "%s", why), CHOPSAT_MISMATCH;
        add_how(s, "replayed witness");
    } else if (o->never) {
        if (by_certificate(r, q, o, why, sizeof why)) return fail(err, "%s", why), CHOPSAT_MISMATCH;
        add_how(s, "checked certificate");
    } else if (ex < 0) {
        int rc = settle_no(r, q, o, s, err);
        if (rc || !*s->how) return rc;
    }
    if (ex >= 0) add_how(s, "explicit search");
    s->answer = sat;
    return 0;
}

/* chopsat_settle's body, under its recovery point. */
static int settle(const chopsat_rules *r, const chopsat_query *q, const chopsat_settle_opts *o,
                  chopsat_settled **out, chopsat_err *err)
{
    *out = NULL;
    chopsat_settled *s = xcalloc(1, sizeof *s);
    s->answer = -1;
    int rc = o->forced ? by_force(r, q, s, err) : settle_reach(r, q, o, s, err);
    if (rc < 0) {
        free(s);
        return rc;
    }
    if (s->answer >= 0) snprintf(s->note, sizeof s->note, "settled by: %s", s->how);
    *out = s;
    return s->answer < 0 ? CHOPSAT_OK : s->answer ? CHOPSAT_YES : CHOPSAT_NO;
}

int chopsat_settle(const chopsat_rules *rules, const chopsat_query *q,
                   const chopsat_settle_opts *opts, chopsat_settled **out, chopsat_err *err)
{
    *out = NULL;
    if (chopsat_query_check(rules, q, err)) return CHOPSAT_ERROR;
    CS_GUARDED(int, CHOPSAT_NOMEM, err, settle(rules, q, opts, out, err));
}

void chopsat_settled_free(chopsat_settled *s)
{
    free(s);
}

int chopsat_settled_value(const chopsat_settled *s)
{
    return s->answer < 0 ? CHOPSAT_OK : s->answer ? CHOPSAT_YES : CHOPSAT_NO;
}

bool chopsat_settled_checked(const chopsat_settled *s)
{
    return s->answer >= 0;
}

const char *chopsat_settled_how(const chopsat_settled *s)
{
    return s->how;
}

const char *chopsat_settled_note(const chopsat_settled *s)
{
    return s->note;
}
