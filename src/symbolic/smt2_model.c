/* smt2_model.c: Z3's output for a script written by chopsat_smt2, decoded into the positions
 * of its witness (the SMT-LIB branch of chopsat_decode). The script's header comments give the
 * rules and the question. The output is one result (`sat`, `unsat`, `unknown`) per
 * (check-sat-assuming): K+1 deepening checks and the final "within K" check (one check with
 * exact); the final one decides. A `sat` is followed by the (get-model) model, a list of
 * (define-fun NAME () SORT VALUE) (Z3 also wraps it as (model ...)); an `unsat` by Z3's
 * `(error "... model is not available")`. Bit-vector values may be #b..., #x... or (_ bvN W).
 * The state words f<t>.<word> give the positions; the witness ends at the first frame that
 * meets the goal. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "core/query.h"
#include "core/util.h"
#include "games/game_sym.h"
#include "symbolic/decode.h"

/* A tiny s-expression reader over the whole output. */
typedef struct sx {
    const char *p, *end;
} sx;

static void skip_blank(sx *s)
{
    while (s->p < s->end) {
        if (isspace((unsigned char)*s->p)) s->p++;
        else if (*s->p == ';') {
            while (s->p < s->end && *s->p != '\n') s->p++;
        } else break;
    }
}

/* The next atom (a symbol, |quoted| symbol, number or "string") into buf; false at '(' / ')'
 * or the end. */
static bool atom(sx *s, char *buf, size_t size)
{
    skip_blank(s);
    if (s->p >= s->end || *s->p == '(' || *s->p == ')') return false;
    size_t n = 0;
    if (*s->p == '|' || *s->p == '"') {
        char q = *s->p++;
        while (s->p < s->end && *s->p != q) {
            if (n + 1 < size) buf[n++] = *s->p;
            s->p++;
        }
        if (s->p < s->end) s->p++;
    } else {
        while (s->p < s->end && !isspace((unsigned char)*s->p) && *s->p != '(' && *s->p != ')') {
            if (n + 1 < size) buf[n++] = *s->p;
            s->p++;
        }
    }
    buf[n] = 0;
    return true;
}

static bool open_paren(sx *s)
{
    skip_blank(s);
    if (s->p < s->end && *s->p == '(') {
        s->p++;
        return true;
    }
    return false;
}

static bool close_paren(sx *s)
{
    skip_blank(s);
    if (s->p < s->end && *s->p == ')') {
        s->p++;
        return true;
    }
    return false;
}

/* Skips one expression (an atom or a balanced list). */
static void skip_expr(sx *s)
{
    char buf[8];
    if (atom(s, buf, sizeof buf)) return;
    if (!open_paren(s)) return;
    int depth = 1;
    while (s->p < s->end && depth) {
        if (*s->p == '(') depth++;
        else if (*s->p == ')') depth--;
        else if (*s->p == '|' || *s->p == '"') {
            char q = *s->p++;
            while (s->p < s->end && *s->p != q) s->p++;
        }
        s->p++;
    }
}

/* A bit-vector value: #b..., #x..., or (_ bvN W). */
static bool bv_value(sx *s, uint64_t *v)
{
    char buf[128];
    if (atom(s, buf, sizeof buf)) {
        char *end;
        if (!strncmp(buf, "#b", 2)) *v = strtoull(buf + 2, &end, 2);
        else if (!strncmp(buf, "#x", 2)) *v = strtoull(buf + 2, &end, 16);
        else return false;
        return !*end && strlen(buf) > 2 && strlen(buf) < 40;
    }
    if (!open_paren(s) || !atom(s, buf, sizeof buf) || strcmp(buf, "_") || !atom(s, buf, sizeof buf) ||
        strncmp(buf, "bv", 2))
        return false;
    char *end;
    *v = strtoull(buf + 2, &end, 10);
    if (*end || !buf[2]) return false;
    skip_expr(s);
    return close_paren(s);
}

/* The header comment `; key value`, copied into out; false when absent. */
static bool header(FILE *f, const char *key, char *out, size_t size)
{
    rewind(f);
    char line[4096];
    size_t n = strlen(key);
    while (fgets(line, sizeof line, f) && line[0] == ';') {
        if (!strncmp(line + 1, " ", 1) && !strncmp(line + 2, key, n) && line[2 + n] == ' ') {
            line[strcspn(line, "\r\n")] = 0;
            snprintf(out, size, "%s", line + 3 + n);
            return true;
        }
    }
    return false;
}

int smt2_decode(FILE *file, const char *name, FILE *model, const char *model_name,
                chopsat_rules **rules_out, chopsat_query *q, chopsat_pos **path, size_t *n,
                chopsat_err *err)
{
    *rules_out = NULL;
    *path = NULL;
    *n = 0;
    char rs[1024], qs[1024];
    if (!header(file, "chopsat-rules", rs, sizeof rs) || !header(file, "chopsat-query", qs, sizeof qs))
        return fail(err, "%s: not an SMT-LIB file written by 'chopsat smt2' (no chopsat-rules "
                         "and chopsat-query comments)", name);
    chopsat_rules *r = chopsat_rules_parse(rs, err);
    if (!r) return -1;
    int rc = -1;
    chopsat_pos *frames = NULL;
    bool *given = NULL;
    VEC(char) text = {0};
    if (query_parse(r, qs, q, err)) goto out;
    char chunk[4096];
    VEC_RESERVE(text, 1); /* never a null buffer, even for an empty file */
    for (size_t got; (got = fread(chunk, 1, sizeof chunk, model)) > 0;) {
        VEC_RESERVE(text, text.n + got);
        memcpy(text.items + text.n, chunk, got);
        text.n += got;
        if (text.n > ((size_t)1 << 30)) {
            fail(err, "%s: more than 1 GiB", model_name);
            goto out;
        }
    }
    if (ferror(model)) {
        fail(err, "%s: read error", model_name);
        goto out;
    }
    int widths[4];
    const char *names[4];
    int nwords = r->game->sym->words(r, widths, names);
    frames = xcalloc((size_t)q->k + 1, sizeof *frames);
    given = xcalloc(((size_t)q->k + 1) * 4, sizeof *given);
    for (int t = 0; t <= q->k; t++) frames[t].mover = t % 2 ? 3 - q->from.mover : q->from.mover;
    int want = q->exact ? 1 : q->k + 2, results = 0, first_sat = -1;
    bool last_sat = false, have_model = false;
    sx s = {text.items, text.items + text.n};
    char buf[256];
    for (;;) {
        skip_blank(&s);
        if (s.p >= s.end) break;
        if (atom(&s, buf, sizeof buf)) {
            bool sat = !strcmp(buf, "sat");
            if (!sat && strcmp(buf, "unsat")) {
                fail(err, "%s: the solver answered '%s'%s", model_name, buf,
                     strcmp(buf, "unknown") ? " (expected sat or unsat)" : "");
                goto out;
            }
            if (sat && first_sat < 0) first_sat = results;
            last_sat = sat;
            results++;
            continue;
        }
        if (!open_paren(&s)) {
            fail(err, "%s: unbalanced parenthesis", model_name);
            goto out;
        }
        const char *begin = s.p;
        if (atom(&s, buf, sizeof buf) && !strcmp(buf, "error")) {
            atom(&s, buf, sizeof buf);
            if (!strstr(buf, "model is not available") || last_sat) {
                fail(err, "%s: the solver reported an error: %s", model_name, buf);
                goto out;
            }
            skip_expr(&(sx){begin - 1, s.end});
            s.p = begin - 1;
            skip_expr(&s);
            continue;
        }
        s.p = begin;
        if (atom(&s, buf, sizeof buf) && strcmp(buf, "model")) {
            fail(err, "%s: unexpected '%s'", model_name, buf);
            goto out;
        }
        /* the model: (define-fun NAME () SORT VALUE) ... */
        if (results != want || !last_sat) {
            fail(err, "%s: a model after %d results (expected one after the final sat, result %d)",
                 model_name, results, want);
            goto out;
        }
        have_model = true;
        while (open_paren(&s)) {
            char fname[256];
            if (!atom(&s, buf, sizeof buf) || strcmp(buf, "define-fun") ||
                !atom(&s, fname, sizeof fname)) {
                fail(err, "%s: expected (define-fun NAME () SORT VALUE) in the model", model_name);
                goto out;
            }
            skip_expr(&s); /* () */
            int t, len = 0;
            char wname[64];
            int w = -1;
            if (sscanf(fname, "f%d.%63s%n", &t, wname, &len) == 2 && !fname[len] && t >= 0 &&
                t <= q->k)
                for (int i = 0; i < nwords; i++)
                    if (!strcmp(wname, names[i])) w = i;
            if (w < 0) {
                skip_expr(&s); /* sort */
                skip_expr(&s); /* value */
            } else {
                skip_expr(&s);
                uint64_t v;
                if (!bv_value(&s, &v) || v >> widths[w]) {
                    fail(err, "%s: the value of %s is not a %d-bit vector", model_name, fname,
                         widths[w]);
                    goto out;
                }
                frames[t].v[w] = (uint32_t)v;
                given[4 * t + w] = true;
            }
            if (!close_paren(&s)) {
                fail(err, "%s: unbalanced define-fun of %s", model_name, fname);
                goto out;
            }
        }
        if (!close_paren(&s)) {
            fail(err, "%s: the model does not end with ')'", model_name);
            goto out;
        }
    }
    if (results != want) {
        fail(err, "%s: %d results, but %s asks %d (check-sat-assuming)", model_name, results,
             name, want);
        goto out;
    }
    if (!q->exact && first_sat >= 0 && first_sat <= q->k && !last_sat) {
        fail(err, "%s: the solver contradicts itself: sat at k=%d but unsat within %d",
             model_name, first_sat, q->k);
        goto out;
    }
    if (!last_sat) {
        rc = 20;
        goto out;
    }
    if (!have_model) {
        fail(err, "%s: sat but no model (the script ends with (get-model))", model_name);
        goto out;
    }
    int end = -1;
    for (int t = 0; t <= q->k && end < 0; t++) {
        for (int w = 0; w < nwords; w++)
            if (!given[4 * t + w]) {
                fail(err, "%s: the model gives no value for f%d.%s", model_name, t, names[w]);
                goto out;
            }
        if (decode_goal_met(r, q, &frames[t], t)) end = t;
    }
    if (end < 0) {
        fail(err, "%s: the model meets the goal at no frame", model_name);
        goto out;
    }
    *path = frames;
    frames = NULL;
    *n = (size_t)end + 1;
    rc = 10;
out:
    VEC_FREE(text);
    free(frames);
    free(given);
    if (rc < 0) chopsat_rules_free(r);
    else *rules_out = r;
    return rc;
}
