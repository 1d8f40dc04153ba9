/* grade_cnf.c: the checks of DIMACS answers. Clauses written by hand (exercise 3): compared by
 * the names of their variables (chopsat_cnf_diff_files) with the clauses the library writes for
 * the exercise's question, only those of one variable; the feedback counts the missing and extra
 * clauses per note, never listing a missing one. One clause added to a formula (exercise 6):
 * the whole file or the clause alone, which must be one clause that negates a move selector of
 * frame 0 and make the formula unsatisfiable (chopsat_core_file). The reference formula is
 * written afresh for each grading (chopsat_bmc_dimacs) and never printed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "grade/grade.h"

char *grade_reference_cnf(const grade_exercise *ex, size_t *len, chopsat_err *err)
{
    chopsat_rules *r = chopsat_rules_parse(grade_data_string(ex, "rules"), err);
    if (!r) return NULL;
    chopsat_query q;
    char *text = NULL;
    *len = 0;
    if (grade_question(ex, r, &q, err) == 0) {
        const char *enc = grade_data_string(ex, "encoding");
        chopsat_bmc_opts o = {.textbook = enc && !strcmp(enc, "textbook"),
                              .annotate = grade_data_bool(ex, "annotate", false)};
        FILE *f = open_memstream(&text, len);
        if (!f) {
            fail(err, "exercise %s: no memory for its formula", ex->id);
        } else {
            int st = chopsat_bmc_dimacs(r, &q, &o, f, err);
            if (fclose(f) != 0 || st != CHOPSAT_OK) {
                free(text);
                text = NULL;
                if (st == CHOPSAT_OK) fail(err, "exercise %s: its formula was not written", ex->id);
            }
        }
    }
    chopsat_rules_free(r);
    return text;
}

int grade_diff_texts(const char *a, size_t alen, const char *a_name, const char *b, size_t blen,
                     const char *with, chopsat_cnf_diff *d, chopsat_err *err)
{
    FILE *fa = fmemopen((void *)a, alen ? alen : 1, "r");
    FILE *fb = fmemopen((void *)b, blen, "r");
    int st = fa && fb ? chopsat_cnf_diff_files(fa, a_name, fb, "the reference", with, d, err)
                      : fail(err, "no memory to compare the formulas");
    if (fa) fclose(fa);
    if (fb) fclose(fb);
    return st;
}

/* Appends to buf one line per note of the clauses c[0..n): "<note>: N <what>". */
static void per_note(char *buf, size_t size, const chopsat_cnf_clause_diff *c, size_t n,
                     const char *what)
{
    bool *done = xcalloc(n ? n : 1, sizeof *done);
    for (size_t i = 0; i < n; i++) {
        if (done[i]) continue;
        size_t count = 0;
        for (size_t j = i; j < n; j++)
            if (!done[j] && !strcmp(c[j].note, c[i].note)) {
                done[j] = true;
                count++;
            }
        size_t len = strlen(buf);
        snprintf(buf + len, size - len, "\n%s: %zu %s", *c[i].note ? c[i].note : "(no note)", count,
                 what);
    }
    free(done);
}

/* What a clauses check found: the reference's clauses that are missing (those of the variable
 * or the note asked about), how many it has there and how many the submission has of them, the
 * submission's clauses that are not the reference's, and those beside the asked ones. */
typedef struct clause_gaps {
    const char *label; /* "with f0.move.tap_LR", "of the start position" */
    chopsat_cnf_clause_diff *missing;
    size_t n_missing, expected;
    const chopsat_cnf_clause_diff *extra;
    size_t n_extra, others;
} clause_gaps;

/* Scores "missing" and "extra" from gaps. */
static void score_gaps(const grade_exercise *ex, const clause_gaps *c, chopsat_graded *g)
{
    char out[2048] = "";
    if (c->n_missing) {
        snprintf(out, sizeof out,
                 "%zu of the %zu clauses %s %s missing, by what they encode:", c->n_missing,
                 c->expected, c->label, c->n_missing == 1 ? "is" : "are");
        per_note(out, sizeof out, c->missing, c->n_missing, "missing");
    } else {
        snprintf(out, sizeof out, "every clause %s is there", c->label);
    }
    double have = c->expected ? (double)(c->expected - c->n_missing) / (double)c->expected : 1;
    /* a part of the points by the share present, in halves of the test's points */
    grade_partial(g, ex, "missing", c->n_missing ? (double)(int)(have * 2) / 2 : 1, out);
    out[0] = 0;
    if (c->n_extra) {
        snprintf(out, sizeof out, "%zu of your clauses %s not the encoding's:", c->n_extra,
                 c->n_extra == 1 ? "is" : "are");
        for (size_t i = 0; i < c->n_extra && i < 20; i++) {
            size_t len = strlen(out);
            snprintf(out + len, sizeof out - len, "\n%s", c->extra[i].clause);
        }
    }
    if (c->others) {
        size_t len = strlen(out);
        snprintf(out + len, sizeof out - len,
                 "%s%zu of your clauses are not among those %s: the answer holds them and no "
                 "others",
                 len ? "\n" : "", c->others, c->label);
    }
    if (!c->n_extra && !c->others) snprintf(out, sizeof out, "none of your clauses is extra");
    grade_result(g, ex, "extra", !c->n_extra && !c->others, "%s", out);
}

/* The reference's clauses whose note holds `note`: how many (from ref alone). */
static size_t noted(const char *ref, size_t rlen, const char *note)
{
    static const char empty[] = "p cnf 0 0\n";
    chopsat_cnf_diff d;
    if (grade_diff_texts(empty, sizeof empty - 1, "nothing", ref, rlen, NULL, &d, NULL) !=
        CHOPSAT_OK)
        return 0;
    size_t n = 0;
    for (size_t i = 0; i < d.n_only_b; i++)
        n += strstr(d.only_b[i].note, note) != NULL;
    chopsat_cnf_diff_free(&d);
    return n;
}

int grade_check_clauses(const grade_exercise *ex, const grade_input *in, chopsat_graded *g,
                        chopsat_err *err)
{
    const char *with = grade_data_string(ex, "with"), *note = grade_data_string(ex, "note");
    const char *label = grade_data_string(ex, "label");
    if (!with == !note || !label)
        return fail(err, "exercise %s: a clauses check needs \"label\" and \"with\" or \"note\"",
                    ex->id);
    size_t rlen;
    char *ref = grade_reference_cnf(ex, &rlen, err);
    if (!ref) return -1;
    chopsat_cnf_diff d, whole;
    chopsat_err why;
    int st = grade_diff_texts(in->text, in->len, in->shown, ref, rlen, NULL, &whole, &why);
    if (st == CHOPSAT_OK && with)
        st = grade_diff_texts(in->text, in->len, in->shown, ref, rlen, with, &d, &why);
    clause_gaps c = {.label = label};
    if (st == CHOPSAT_OK && note) {
        c.expected = noted(ref, rlen, note);
        c.missing = xcalloc(whole.n_only_b + 1, sizeof *c.missing);
        for (size_t i = 0; i < whole.n_only_b; i++)
            if (strstr(whole.only_b[i].note, note)) c.missing[c.n_missing++] = whole.only_b[i];
        c.extra = whole.only_a;
        c.n_extra = whole.n_only_a;
        size_t mine = c.expected - c.n_missing; /* the submission's clauses under the note */
        c.others = whole.common > mine ? whole.common - mine : 0;
    } else if (st == CHOPSAT_OK) {
        c.missing = d.only_b;
        c.n_missing = d.n_only_b;
        c.expected = d.clauses_b;
        c.extra = d.only_a;
        c.n_extra = d.n_only_a;
        c.others = whole.clauses_a - d.clauses_a;
    }
    free(ref);
    if (st != CHOPSAT_OK) {
        grade_result(g, ex, "readable", false, "%s", why.msg);
        return 0;
    }
    bool named = with ? d.with_a : whole.map_a;
    if (!whole.map_a)
        grade_result(g, ex, "readable", false,
                     "your file has no variable map (no 'c var' lines): its variables have "
                     "numbers only, and cannot be compared by name");
    else if (!named)
        grade_result(g, ex, "readable", false, "your variable map does not name %s", with);
    else
        grade_result(g, ex, "readable", true, "DIMACS with a variable map, %zu clauses",
                     whole.clauses_a);
    if (named && whole.map_a) score_gaps(ex, &c, g);
    if (note) free(c.missing);
    if (with) chopsat_cnf_diff_free(&d);
    chopsat_cnf_diff_free(&whole);
    return 0;
}

/* The submission as a whole formula: itself when it has a `p cnf` line, else the reference with
 * the submission's clause lines added (the header's count raised). A new string (*len); NULL
 * with why when the clause text is not clauses. */
static char *with_clause(const grade_input *in, const char *ref, size_t rlen, size_t *len,
                         chopsat_err *why)
{
    if (!strncmp(in->text, "p cnf", 5) || strstr(in->text, "\np cnf")) {
        *len = in->len;
        return xstrdup(in->text);
    }
    long clauses = 0;
    bool open = false;
    for (const char *p = in->text; *p;) {
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p) {
            if (strchr(" \t\r\n", *p)) {
                p++;
                continue;
            }
            fail(why, "'%.*s' is not a literal: write the clause as DIMACS, e.g. '-7 0'",
                 (int)(strcspn(p, " \t\r\n") < 20 ? strcspn(p, " \t\r\n") : 20), p);
            return NULL;
        }
        if (v == 0) clauses++;
        open = v != 0;
        p = end;
    }
    if (open || !clauses) {
        fail(why, "%s",
             clauses ? "the last clause does not end with 0" : "no clause: end it with 0");
        return NULL;
    }
    const char *pl = strstr(ref, "\np cnf ");
    int vars = 0;
    long long nc = 0;
    char line[64] = "";
    if (pl) {
        size_t l = strcspn(pl + 1, "\n");
        snprintf(line, sizeof line, "%.*s", (int)(l < sizeof line ? l : sizeof line - 1), pl + 1);
    }
    if (!pl || !chopsat_dimacs_p_line(line, &vars, &nc)) {
        fail(why, "the reference formula has no header");
        return NULL;
    }
    size_t cap = rlen + in->len + 64;
    char *out = xmalloc(cap);
    size_t head = (size_t)(pl + 1 - ref);
    memcpy(out, ref, head);
    int n = snprintf(out + head, cap - head, "p cnf %d %lld", vars, nc + clauses);
    const char *rest = strchr(pl + 1, '\n');
    size_t restlen = rest ? rlen - (size_t)(rest - ref) : 0;
    memcpy(out + head + (size_t)n, rest, restlen);
    *len = head + (size_t)n + restlen;
    memcpy(out + *len, in->text, in->len);
    *len += in->len;
    out[(*len)++] = '\n';
    out[*len] = 0;
    return out;
}

int grade_unsatisfiable(const char *text, size_t len, chopsat_err *err)
{
    FILE *f = fmemopen((void *)text, len, "r");
    if (!f) return fail(err, "no memory to solve the formula");
    chopsat_core core;
    int st = chopsat_core_file(f, "the formula with your clause", false, NULL, 60, &core, err);
    fclose(f);
    if (st == CHOPSAT_NO) chopsat_core_free(&core);
    return st;
}

int grade_check_one_clause(const grade_exercise *ex, const grade_input *in, chopsat_graded *g,
                           chopsat_err *err)
{
    const char *prefix = grade_data_string(ex, "selectors");
    if (!prefix) return fail(err, "exercise %s: a one-clause check needs \"selectors\"", ex->id);
    size_t rlen, clen;
    char *ref = grade_reference_cnf(ex, &rlen, err);
    if (!ref) return -1;
    chopsat_err why;
    char *all = strlen(in->text) == in->len ? with_clause(in, ref, rlen, &clen, &why) : NULL;
    if (!all && strlen(in->text) != in->len) fail(&why, "%s holds a NUL byte", in->shown);
    chopsat_cnf_diff d;
    int st =
        all ? grade_diff_texts(all, clen, in->shown, ref, rlen, NULL, &d, &why) : CHOPSAT_ERROR;
    free(ref);
    if (st != CHOPSAT_OK) {
        grade_result(g, ex, "one-clause", false, "%s", why.msg);
        free(all);
        return 0;
    }
    bool one = d.n_only_a == 1 && d.n_only_b == 0;
    if (one)
        grade_result(g, ex, "one-clause", true, "one clause added, none changed or removed");
    else
        grade_result(g, ex, "one-clause", false,
                     "%zu clauses added and %zu of the formula's changed or removed: add one "
                     "clause and keep the others",
                     d.n_only_a, d.n_only_b);
    if (one) {
        const char *c = d.only_a[0].clause;
        bool negated = c[0] == '-' && !strncmp(c + 1, prefix, strlen(prefix)) && !strchr(c, '|');
        if (negated)
            grade_result(g, ex, "selector", true, "a unit clause that forbids one move at frame 0");
        else
            grade_result(g, ex, "selector", false,
                         "your clause is '%s': it must forbid one move at frame 0, a negated "
                         "%s* selector alone",
                         c, prefix);
        st = negated ? grade_unsatisfiable(all, clen, err) : CHOPSAT_OK; /* a position: no credit */
        if (st < 0) {
            chopsat_cnf_diff_free(&d);
            free(all);
            return -1;
        }
        if (negated)
            grade_result(g, ex, "unsatisfiable", st == CHOPSAT_NO,
                         st == CHOPSAT_NO ? "with your clause the formula is unsatisfiable: decode "
                                            "says no"
                                          : "with your clause the formula is still satisfiable: "
                                            "the solver finds another way");
    }
    chopsat_cnf_diff_free(&d);
    free(all);
    return 0;
}
