/* certify.c: the certificate of a "never" checked (chopsat_certify in chopsat.h): the
 * invariant's initiation, consecution and safety by fresh SAT calls (chopsat_invariant_check),
 * then the "never" compared with the explicit breadth-first search over every position
 * reachable from the start (checked/ever.h) where it fits, else to the largest depth that fits
 * the explicit limit (explicit/within.h), as force checks past it. The
 * notes say in words what was checked, and plainly what rests on an external solver's word.
 * Nothing here prints. */
#include <stdlib.h>
#include <string.h>

#include "checked/ever.h"
#include "chopsat_tool.h"
#include "core/oom.h"
#include "core/util.h"
#include "explicit/within.h"

/* chopsat.h's chopsat_certified. */
struct chopsat_certified {
    bool holds;        /* the invariant passed its three checks */
    bool checked;      /* by a solver linked in, or the explicit search agrees */
    int calls;         /* the solver calls of the invariant's checks */
    char note[700];    /* what the invariant's checks found */
    char compare[800]; /* what the comparison with the explicit search found ("" when none) */
    int checked_depth; /* the explicit search cut at its limit: the depth it covered; else -1 */
};

/* Whether solver is an external command, whose answers nothing here checks. */
static bool external_solver(const char *solver)
{
    return !strncmp(solver, "external:", 9);
}

/* The mismatch of a never whose goal the explicit search reaches in `least` moves. */
static int reached(int least, chopsat_err *err)
{
    return fail(err,
                "cross-check failed: the certificate's checks passed, but the explicit "
                "search reaches the goal in %d move%s: the solver's answers were wrong",
                least, least == 1 ? "" : "s"),
           CHOPSAT_MISMATCH;
}

/* Past the whole-index search (why): the breadth-first search cut at the explicit limit, as
 * deep as it fits (explicit/within.h). 0 (c->compare and c->checked_depth say how deep it
 * went; *compared when it met every reachable position) or CHOPSAT_MISMATCH. */
static int compare_partial(const chopsat_rules *r, const chopsat_query *q, const char *why,
                           chopsat_certified *c, bool *compared, chopsat_err *err)
{
    int least, depth;
    bool complete;
    chopsat_err e;
    uint64_t limit = CHOPSAT_EXPLICIT_LIMIT, have = memory_available();
    if (have && have / 2 / WITHIN_EVER_BYTES < limit) limit = have / 2 / WITHIN_EVER_BYTES;
    int rc = within_ever_partial(r, q, limit, &least, &depth, &complete, &e);
    if (rc == 1) return reached(least, err);
    if (rc == 0 && complete) {
        *compared = true;
        snprintf(c->compare, sizeof c->compare,
                 "the explicit breadth-first search over every position reachable from the "
                 "start agrees (the goal is not among them)");
    } else if (rc == 0) {
        c->checked_depth = depth;
        snprintf(c->compare, sizeof c->compare,
                 "compared with the explicit search only to depth %d: no position within %d "
                 "move%s of the start is the goal; beyond that not compared (the search over "
                 "the whole index could not run: %.250s; the breadth-first search stopped "
                 "there: %.250s)",
                 depth, depth, depth == 1 ? "" : "s", why, e.msg);
    } else {
        snprintf(c->compare, sizeof c->compare, "not compared with the explicit search (%.300s)",
                 why);
    }
    return 0;
}

/* Compares a never with the explicit breadth-first search where the game fits, else as deep
 * as it fits: 0 (c->compare says what was compared, *compared whether the search met every
 * reachable position), or CHOPSAT_MISMATCH with the message when the search reaches the goal. */
static int compare_never(const chopsat_rules *r, const chopsat_query *q, chopsat_certified *c,
                         bool *compared, chopsat_err *err)
{
    int least;
    unsigned long long count;
    chopsat_err e;
    int ex = checked_ever_explicit(r, q, &least, &count, &e);
    *compared = ex == CHOPSAT_YES || ex == CHOPSAT_NO;
    if (ex == CHOPSAT_YES) return reached(least, err);
    if (ex == CHOPSAT_NO)
        snprintf(c->compare, sizeof c->compare,
                 "the explicit breadth-first search over the "
                 "%llu positions reachable from the start agrees (the goal is not among them)",
                 count);
    else
        return compare_partial(r, q, e.msg, c, compared, err);
    return 0;
}

/* The checks of chopsat_certify into c: 0, CHOPSAT_MISMATCH (the explicit search reaches the
 * goal) or the invariant check's error. */
static int certify(const chopsat_rules *r, const chopsat_query *q, const chopsat_invariant *inv,
                   const char *solver, double timeout, chopsat_certified *c, chopsat_err *err)
{
    chopsat_query qd = *q;
    qd.k = CHOPSAT_NO_BOUND; /* a certificate's k means nothing to the explicit search */
    chopsat_err e;
    int rc = chopsat_invariant_check(r, q, inv, solver, timeout, &c->calls, &e);
    if (rc && rc != CHOPSAT_MISMATCH) return fail(err, "%s", e.msg), rc;
    if (rc) {
        snprintf(c->note, sizeof c->note, "rejected: %s", e.msg);
        return 0;
    }
    bool external = external_solver(solver), compared = false;
    c->holds = true;
    snprintf(c->note, sizeof c->note,
             "the invariant of %zu clause%s holds: initiation, "
             "consecution and safety %s by %d fresh %s calls%s, so the answer is never",
             inv->nclauses, inv->nclauses == 1 ? "" : "s", external ? "said to hold" : "checked",
             c->calls, solver, external ? " (the external solver's word)" : "");
    if ((rc = compare_never(r, &qd, c, &compared, err))) return rc;
    c->checked = compared || !external;
    return 0;
}

static int certify_body(const chopsat_rules *r, const chopsat_query *q,
                        const chopsat_invariant *inv, const char *solver, double timeout,
                        chopsat_certified **out, chopsat_err *err)
{
    *out = NULL;
    chopsat_certified *c = xcalloc(1, sizeof *c);
    c->checked_depth = -1;
    int rc = certify(r, q, inv, solver ? solver : CHOPSAT_DEFAULT_SAT, timeout, c, err);
    if (rc) {
        free(c);
        return rc;
    }
    *out = c;
    return CHOPSAT_OK;
}

int chopsat_certify(const chopsat_rules *rules, const chopsat_query *q,
                    const chopsat_invariant *inv, const char *solver, double timeout,
                    chopsat_certified **out, chopsat_err *err)
{
    *out = NULL;
    if (chopsat_query_check(rules, q, err)) return CHOPSAT_ERROR;
    CS_GUARDED(int, CHOPSAT_NOMEM, err, certify_body(rules, q, inv, solver, timeout, out, err));
}

void chopsat_certified_free(chopsat_certified *c)
{
    free(c);
}
bool chopsat_certified_holds(const chopsat_certified *c)
{
    return c->holds;
}
bool chopsat_certified_checked(const chopsat_certified *c)
{
    return c->checked;
}
int chopsat_certified_calls(const chopsat_certified *c)
{
    return c->calls;
}
const char *chopsat_certified_note(const chopsat_certified *c)
{
    return c->note;
}
const char *chopsat_certified_compare_note(const chopsat_certified *c)
{
    return c->compare;
}
int chopsat_certified_checked_depth(const chopsat_certified *c)
{
    return c->checked_depth;
}
