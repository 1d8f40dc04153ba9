/* pack.c: chopsat_pack (chopsat_tool.h), a benchmark family whose every answer is checked
 * (docs/benchmarks.md). The grid: rule presets x finger counts x hand counts (the rules option
 * count, docs/rules.md) x questions x bounds, each
 * question written in the formats that can say it (win1, win2, reach: DIMACS as .cnf.xz,
 * SMT-LIB 2 and AIGER; force1, force2: QDIMACS as .qdimacs.xz). Every answer is settled before
 * its files are written (chopsat_settle, src/checked/settle.c: the explicit search, a replayed
 * witness, a checked certificate, a checked DRAT proof, a checked forced answer); a question
 * whose answer cannot be settled is left out and counted. With a target range lo..hi the
 * questions whose reference time lies in it are kept, climbing the bounds and finger counts
 * until they pass hi. Files are staged and moved into DIR at the end (pack_dir.c). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/oom.h"
#include "core/util.h"
#include "pack/pack.h"

void pack_phase(const pack_plan *p, const char *fmt, ...)
{
    if (!p->o->progress) return;
    char phase[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(phase, sizeof phase, fmt, ap);
    va_end(ap);
    p->o->progress(p->o->progress_ctx, phase, 0);
}

/* Notes why a question was left out (the first few are kept for the summary). */
static void note(pack_plan *p, const char *what, const char *why)
{
    chopsat_pack_summary *s = p->s;
    if (s->nnotes < CHOPSAT_PACK_NOTES)
        snprintf(s->notes[s->nnotes++], sizeof s->notes[0], "%.300s: %.480s", what, why);
}

/* Settles pq's answer and writes its files. With a target range the reference format's time
 * decides first: *above is set when it passes hi (the climb stops). 0 or a negative status. */
static int write_question(pack_plan *p, pack_question *pq, const pack_least *l, bool *above)
{
    char what[300];
    snprintf(what, sizeof what, "%s %.256s k=%d", pq->kind, pq->rules_text, pq->q.k);
    pack_phase(p, "%s, establishing the answer", what);
    chopsat_settle_opts so = {.forced = pq->forced,
                              .least = l->moves,
                              .never = l->never,
                              .path = l->path,
                              .invariant = l->invariant,
                              .timeout = p->o->timeout};
    chopsat_settled *st;
    chopsat_err e;
    int rc = chopsat_settle(pq->rules, &pq->q, &so, &st, &e);
    if (rc < 0) {
        fail(p->err, "pack: %s: %s", what, e.msg);
        return rc;
    }
    if (rc == CHOPSAT_OK) {
        p->s->left_out++;
        note(p, what, chopsat_settled_note(st));
        chopsat_settled_free(st);
        return 0;
    }
    int answer = rc == CHOPSAT_YES;
    char how[96];
    snprintf(how, sizeof how, "%s", chopsat_settled_how(st));
    chopsat_settled_free(st);
    chopsat_pack_format lead = pq->forced ? CHOPSAT_PACK_QDIMACS : CHOPSAT_PACK_CNF;
    if (p->o->hi > 0) { /* calibration: the reference time of the question's lead format */
        double t;
        pack_phase(p, "%s, timing %s", what, chopsat_pack_reference_name(lead));
        if ((rc = pack_emit(p, pq, answer, how, lead, false, &t))) return rc;
        *above = t < 0 || t > p->o->hi;
        if (t < 0 || t < p->o->lo || t > p->o->hi) {
            p->s->outside++;
            return 0;
        }
    }
    for (int f = 0; f < CHOPSAT_PACK_FORMATS; f++) {
        if (!p->o->formats[f] || (f == CHOPSAT_PACK_QDIMACS) != pq->forced) continue;
        double t;
        pack_phase(p, "%s, %s", what, chopsat_pack_format_name((chopsat_pack_format)f));
        if ((rc = pack_emit(p, pq, answer, how, (chopsat_pack_format)f, true, &t))) return rc;
    }
    return 0;
}

/* The bound of entry b for a question whose least number of moves is least; -1 when it has
 * none (relative to a least that is not known). */
static int bound_of(const chopsat_pack_bound *b, int least)
{
    if (b->relative && least < 0) return -1;
    return b->relative ? least + b->value : b->value;
}

/* The questions of one rule set and kind, bound by bound. *first_above: the first bound
 * already passed hi (with a target range: larger finger counts are not tried). */
static int write_kind(pack_plan *p, pack_question *pq, bool *first_above)
{
    const chopsat_pack_opts *o = p->o;
    char msg[600];
    if (pack_query(pq, 0, msg, sizeof msg)) return 0; /* the kind does not apply */
    bool any = false;
    for (int f = 0; f < CHOPSAT_PACK_FORMATS; f++)
        any |= o->formats[f] && (f == CHOPSAT_PACK_QDIMACS) == pq->forced;
    if (!any) return 0;
    pack_phase(p, "%s %s, the least number of moves", pq->kind, pq->rules_text);
    pack_least l;
    if (pack_find_least(pq, o->timeout, &l, msg, sizeof msg)) { /* every bound of it left out */
        char what[300];
        snprintf(what, sizeof what, "%s %.256s (every bound)", pq->kind, pq->rules_text);
        p->s->left_out += o->nbounds;
        note(p, what, msg);
        return 0;
    }
    int rc = 0, done[CHOPSAT_PACK_LIST_MAX], ndone = 0;
    *first_above = false;
    for (size_t b = 0; !rc && b < o->nbounds; b++) {
        int k = bound_of(&o->bounds[b], l.moves);
        bool dup = false;
        for (int i = 0; i < ndone; i++)
            dup |= done[i] == k;
        if (k < 0 || dup) continue;
        done[ndone++] = k;
        pq->q.k = k;
        bool above = false;
        rc = write_question(p, pq, &l, &above);
        if (above && b == 0) *first_above = true;
        if (above) break;
    }
    pack_least_free(&l);
    return rc;
}

/* The slug's part for a hand count: "" at 2/2 (the names of two-hand packs are kept), else
 * "-c3" or "-c3x2". */
static void count_slug(const chopsat_rules *r, char *buf, size_t size)
{
    int a = chopsat_rules_hands(r, 1), b = chopsat_rules_hands(r, 2);
    if (a == 2 && b == 2)
        snprintf(buf, size, "%s", "");
    else if (a == b)
        snprintf(buf, size, "-c%d", a);
    else
        snprintf(buf, size, "-c%dx%d", a, b);
}

/* The rules of preset pi at finger count fi and hand count ci into pq (rules, text, slug): 0,
 * or -1 with err. *chop: a chopsticks preset (the finger and hand counts apply). */
static int question_rules(pack_plan *p, size_t pi, size_t fi, size_t ci, pack_question *pq,
                          bool *chop)
{
    const char *preset = p->o->presets[pi];
    chopsat_rules *r;
    char msg[600];
    if (pack_rules(preset, 0, NULL, &r, pq->rules_text, sizeof pq->rules_text, msg, sizeof msg))
        return fail(p->err, "pack: %s", msg);
    *chop = !strcmp(chopsat_rules_game(r), "chopsticks");
    if (*chop) {
        chopsat_rules_free(r);
        if (pack_rules(preset, p->o->fingers[fi], p->o->counts[ci], &r, pq->rules_text,
                       sizeof pq->rules_text, msg, sizeof msg))
            return fail(p->err, "pack: %s", msg);
        char c[16];
        count_slug(r, c, sizeof c);
        snprintf(pq->slug, sizeof pq->slug, "%s-f%ld%s", preset, p->o->fingers[fi], c);
    } else {
        snprintf(pq->slug, sizeof pq->slug, "%s", preset);
    }
    pq->rules = r;
    return 0;
}

/* The questions of preset pi, hand count ci and kind ki at every finger count (ascending with a
 * target range, stopping at the first that passes hi). 0 or a negative status. */
static int write_fingers(pack_plan *p, size_t pi, size_t ci, size_t ki)
{
    const chopsat_pack_opts *o = p->o;
    int rc = 0;
    for (size_t fi = 0; !rc && fi < o->nfingers; fi++) {
        pack_question pq = {0};
        snprintf(pq.kind, sizeof pq.kind, "%s", o->questions[ki]);
        bool chop = false, first_above = false;
        if (question_rules(p, pi, fi, ci, &pq, &chop)) return CHOPSAT_ERROR;
        if (chop || (fi == 0 && ci == 0)) rc = write_kind(p, &pq, &first_above);
        chopsat_rules_free((chopsat_rules *)pq.rules);
        if (o->hi > 0 && first_above) break; /* harder finger counts pass hi too */
    }
    return rc;
}

/* Every rule set of the grid (finger counts ascending with a target range) and kind. */
static int write_all(pack_plan *p, long *fingers)
{
    const chopsat_pack_opts *o = p->o;
    if (o->hi > 0) /* climb: small finger counts first */
        for (size_t i = 1; i < o->nfingers; i++)
            for (size_t j = i; j > 0 && fingers[j - 1] > fingers[j]; j--) {
                long t = fingers[j];
                fingers[j] = fingers[j - 1], fingers[j - 1] = t;
            }
    int rc = 0;
    for (size_t pi = 0; !rc && pi < o->npresets; pi++)
        for (size_t ci = 0; !rc && ci < o->ncounts; ci++)
            for (size_t ki = 0; !rc && ki < o->nquestions; ki++)
                rc = write_fingers(p, pi, ci, ki);
    return rc;
}

/* Removes the staged pack after a jump back for out of memory. */
static void unwind_dir(void *arg)
{
    pack_dir_abort(*(pack_dir **)arg);
}

/* chopsat_pack's body, under its recovery point (not inlined: its locals must not live in the
 * frame that calls setjmp). */
__attribute__((noinline)) static int pack_run(const char *dir, const chopsat_pack_opts *o,
                                              chopsat_pack_summary *s, chopsat_err *err)
{
    chopsat_pack_opts grid = *o; /* the climb sorts the finger counts of a copy */
    pack_plan p = {.o = &grid, .dir = dir, .s = s, .err = err};
    memset(s, 0, sizeof *s);
    time_t t = time(NULL);
    struct tm tm;
    strftime(p.date, sizeof p.date, "%Y-%m-%d", gmtime_r(&t, &tm));
    size_t cap =
        o->npresets * o->nfingers * o->ncounts * o->nquestions * o->nbounds * CHOPSAT_PACK_FORMATS +
        2;
    p.d = pack_dir_open(dir, o->force, cap, &s->not_empty, err);
    if (!p.d) return CHOPSAT_ERROR;
    cs_unwind u = {.fn = unwind_dir, .arg = &p.d};
    cs_unwind_add(&u);
    int rc = write_all(&p, grid.fingers);
    if (!rc) rc = pack_write_meta(&p);
    if (!rc) rc = pack_write_readme(&p);
    cs_unwind_remove(&u);
    if (rc)
        pack_dir_abort(p.d);
    else
        rc = pack_dir_commit(p.d, err);
    for (size_t i = 0; !rc && i < p.nrows; i++)
        s->by_format[p.rows[i].format]++;
    s->files = rc ? 0 : p.nrows;
    free(p.rows);
    return rc;
}

int chopsat_pack(const char *dir, const chopsat_pack_opts *o, chopsat_pack_summary *s,
                 chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err, pack_run(dir, o, s, err));
}
