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
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "chopsat_tool.h"
#include "core/util.h"
#include "exports/decode.h"
#include "games/game_sym.h"
#include "games/query.h"

/* A tiny s-expression reader over the whole output. */
typedef struct sx {
    const char *p, *end;
} sx;

static void skip_blank(sx *s)
{
    while (s->p < s->end) {
        if (isspace((unsigned char)*s->p))
            s->p++;
        else if (*s->p == ';') {
            while (s->p < s->end && *s->p != '\n')
                s->p++;
        } else
            break;
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
        if (*s->p == '(')
            depth++;
        else if (*s->p == ')')
            depth--;
        else if (*s->p == '|' || *s->p == '"') {
            char q = *s->p++;
            while (s->p < s->end && *s->p != q)
                s->p++;
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
        errno = 0;
        if (!strncmp(buf, "#b", 2))
            *v = strtoull(buf + 2, &end, 2);
        else if (!strncmp(buf, "#x", 2))
            *v = strtoull(buf + 2, &end, 16);
        else
            return false;
        return !*end && !errno && strlen(buf) > 2 && strlen(buf) <= 66; /* #b and 64 bits */
    }
    if (!open_paren(s) || !atom(s, buf, sizeof buf) || strcmp(buf, "_") ||
        !atom(s, buf, sizeof buf) || strncmp(buf, "bv", 2))
        return false;
    char *end;
    errno = 0;
    *v = strtoull(buf + 2, &end, 10);
    if (*end || !buf[2] || errno) return false; /* past 2^64 - 1: no hand's value */
    skip_expr(s);
    return close_paren(s);
}

#define HEADER_LINES 1000 /* the leading comment lines read (chopsat writes a handful) */

/* The script's leading comment lines `; text` (at most HEADER_LINES), each without its "; ",
 * into lines; 0, or -1 when one holds a NUL byte or passes CHOPSAT_LINE_MAX. */
static int header_lines(FILE *f, const char *name, str_vec *lines, chopsat_err *err)
{
    rewind(f);
    char *line = NULL;
    size_t cap = 0;
    long len = 0;
    for (int i = 0; i < HEADER_LINES; i++) {
        len = chopsat_line_read(f, &line, &cap, CHOPSAT_LINE_MAX);
        if (len < 0 || line[0] != ';') break;
        if (line[1] != ' ') continue;
        line[strcspn(line, "\r\n")] = 0;
        str_vec_addf(lines, "%s", line + 2);
    }
    free(line);
    if (len == CHOPSAT_LINE_NUL || len == CHOPSAT_LINE_LONG)
        return fail(err, "%s: %s", name, chopsat_line_problem(len));
    return 0;
}

/* What the solver's output says, checked against the script's question as it is read. */
typedef struct smt2_out {
    const chopsat_query *q;
    const char *model_name;
    int widths[CHOPSAT_POS_WORDS];
    const char *names[CHOPSAT_POS_WORDS];
    int nwords;
    chopsat_pos *frames; /* q->k + 1 positions, filled from the model */
    bool *given;         /* given[nwords * t + w]: the model gave word w of frame t */
    int want;            /* results the script asks for: 1 with exact, else k + 2 */
    int results, first_sat;
    bool last_sat, have_model;
} smt2_out;

/* The whole of f (at most 1 GiB) into a fresh buffer, never null even when f is empty. */
static int read_all(FILE *f, const char *name, char **text, size_t *len, chopsat_err *err)
{
    VEC(char) v = {0};
    char chunk[4096];
    VEC_RESERVE(v, 1);
    for (size_t got; (got = fread(chunk, 1, sizeof chunk, f)) > 0;) {
        VEC_RESERVE(v, v.n + got);
        memcpy(v.items + v.n, chunk, got);
        v.n += got;
        if (v.n > ((size_t)1 << 30)) {
            VEC_FREE(v);
            return fail(err, "%s: more than 1 GiB", name);
        }
        if (memchr(chunk, 0, got)) {
            VEC_FREE(v);
            return fail(err, "%s: a NUL byte (text never holds one)", name);
        }
    }
    if (ferror(f)) {
        VEC_FREE(v);
        return fail(err, "%s: read error", name);
    }
    *text = v.items;
    *len = v.n;
    return 0;
}

/* Sets up o for question q of rules r: the words, the frames (movers alternating) and counts. */
static void out_init(smt2_out *o, const chopsat_rules *r, const chopsat_query *q,
                     const char *model_name)
{
    *o = (smt2_out){.q = q, .model_name = model_name, .first_sat = -1};
    o->nwords = game_sym_of(r->game)->words(r, o->widths, o->names);
    o->frames = xcalloc((size_t)q->k + 1, sizeof *o->frames);
    o->given = xcalloc(((size_t)q->k + 1) * (size_t)o->nwords, sizeof *o->given);
    for (int t = 0; t <= q->k; t++)
        o->frames[t].mover = t % 2 ? 3 - q->from.mover : q->from.mover;
    o->want = q->exact ? 1 : q->k + 2;
}

/* One result word: counts a sat or an unsat, refuses anything else. */
static int take_result(smt2_out *o, const char *word, chopsat_err *err)
{
    bool sat = !strcmp(word, "sat");
    if (!sat && strcmp(word, "unsat"))
        return fail(err, "%s: the solver answered '%s'%s", o->model_name, word,
                    strcmp(word, "unknown") ? " (expected sat or unsat)" : "");
    if (sat && o->first_sat < 0) o->first_sat = o->results;
    o->last_sat = sat;
    o->results++;
    return 0;
}

/* The rest of an (error "...") list whose '(' starts at open: skipped when it is the
 * "model is not available" that follows an unsat, refused otherwise. */
static int skip_error(smt2_out *o, sx *s, const char *open, chopsat_err *err)
{
    char msg[256] = "error"; /* kept when the list has no message */
    atom(s, msg, sizeof msg);
    if (!strstr(msg, "model is not available") || o->last_sat)
        return fail(err, "%s: the solver reported an error: %s", o->model_name, msg);
    s->p = open;
    skip_expr(s);
    return 0;
}

/* Word w of frame t named by a model's function name f<t>.<word>; false for other names. */
static bool state_word(const smt2_out *o, const char *fname, int *t, int *w)
{
    int len = 0;
    char wname[64];
    *w = -1;
    if (sscanf(fname, "f%d.%63s%n", t, wname, &len) == 2 && !fname[len] && *t >= 0 && *t <= o->q->k)
        for (int i = 0; i < o->nwords; i++)
            if (!strcmp(wname, o->names[i])) *w = i;
    return *w >= 0;
}

/* The rest of one (define-fun NAME () SORT VALUE) after its '(': a state word's value is kept,
 * any other function skipped. */
static int read_define_fun(smt2_out *o, sx *s, chopsat_err *err)
{
    char buf[256], fname[256];
    if (!atom(s, buf, sizeof buf) || strcmp(buf, "define-fun") || !atom(s, fname, sizeof fname))
        return fail(err, "%s: expected (define-fun NAME () SORT VALUE) in the model",
                    o->model_name);
    skip_expr(s); /* () */
    int t, w;
    if (!state_word(o, fname, &t, &w)) {
        skip_expr(s); /* sort */
        skip_expr(s); /* value */
    } else {
        skip_expr(s);
        uint64_t v;
        if (!bv_value(s, &v) || (o->widths[w] < 64 && v >> o->widths[w]))
            return fail(err, "%s: the value of %s is not a %d-bit vector", o->model_name, fname,
                        o->widths[w]);
        o->frames[t].v[w] = v;
        o->given[o->nwords * t + w] = true;
    }
    if (!close_paren(s)) return fail(err, "%s: unbalanced define-fun of %s", o->model_name, fname);
    return 0;
}

/* The model's define-funs up to its closing ')', allowed only right after the final sat. */
static int read_model(smt2_out *o, sx *s, chopsat_err *err)
{
    if (o->results != o->want || !o->last_sat)
        return fail(err,
                    "%s: a model after %d results (expected one after the final sat, "
                    "result %d)",
                    o->model_name, o->results, o->want);
    o->have_model = true;
    while (open_paren(s))
        if (read_define_fun(o, s, err)) return -1;
    if (!close_paren(s)) return fail(err, "%s: the model does not end with ')'", o->model_name);
    return 0;
}

/* One list of the output, after its '(': an (error ...), or the model, bare or as (model ...). */
static int read_list(smt2_out *o, sx *s, chopsat_err *err)
{
    const char *begin = s->p;
    char buf[256];
    if (atom(s, buf, sizeof buf) && !strcmp(buf, "error")) return skip_error(o, s, begin - 1, err);
    s->p = begin;
    if (atom(s, buf, sizeof buf) && strcmp(buf, "model"))
        return fail(err, "%s: unexpected '%s'", o->model_name, buf);
    return read_model(o, s, err);
}

/* The whole output: result words and lists, to the end. */
static int read_output(smt2_out *o, const char *text, size_t len, chopsat_err *err)
{
    sx s = {text, text + len};
    char buf[256];
    for (;;) {
        skip_blank(&s);
        if (s.p >= s.end) return 0;
        if (atom(&s, buf, sizeof buf)) {
            if (take_result(o, buf, err)) return -1;
            continue;
        }
        if (!open_paren(&s)) return fail(err, "%s: unbalanced parenthesis", o->model_name);
        if (read_list(o, &s, err)) return -1;
    }
}

/* The answer the output gives to script name: 10 (sat, with a model), 20 (unsat) or -1. */
static int verdict(const smt2_out *o, const char *name, chopsat_err *err)
{
    const chopsat_query *q = o->q;
    if (o->results != o->want)
        return fail(err, "%s: %d results, but %s asks %d (check-sat-assuming)", o->model_name,
                    o->results, name, o->want);
    if (!q->exact && o->first_sat >= 0 && o->first_sat <= q->k && !o->last_sat)
        return fail(err, "%s: the solver contradicts itself: sat at k=%d but unsat within %d",
                    o->model_name, o->first_sat, q->k);
    if (!o->last_sat) return 20;
    if (!o->have_model)
        return fail(err, "%s: sat but no model (the script ends with (get-model))", o->model_name);
    return 10;
}

/* The model's frames up to the first that meets the goal, handed over as the witness: 10 or -1
 * (a word without a value before that frame, or no frame meeting the goal). */
static int take_witness(smt2_out *o, const chopsat_rules *r, chopsat_pos **path, size_t *n,
                        chopsat_err *err)
{
    int end = -1;
    for (int t = 0; t <= o->q->k && end < 0; t++) {
        for (int w = 0; w < o->nwords; w++)
            if (!o->given[o->nwords * t + w])
                return fail(err, "%s: the model gives no value for f%d.%s", o->model_name, t,
                            o->names[w]);
        if (query_goal_at(r, o->q, &o->frames[t], t)) end = t;
    }
    if (end < 0) return fail(err, "%s: the model meets the goal at no frame", o->model_name);
    *path = o->frames;
    o->frames = NULL;
    *n = (size_t)end + 1;
    return 10;
}

int smt2_decode(FILE *file, const char *name, FILE *model, const char *model_name,
                chopsat_rules **rules_out, chopsat_query *q, chopsat_pos **path, size_t *n,
                chopsat_err *err)
{
    *rules_out = NULL;
    *path = NULL;
    *n = 0;
    str_vec head = {0};
    if (header_lines(file, name, &head, err)) {
        str_vec_free(&head);
        return -1;
    }
    chopsat_rules *r;
    int h = query_header_read((const char *const *)head.items, head.n, "chopsat-query", name, &r, q,
                              err);
    str_vec_free(&head);
    if (h == 1)
        return fail(err,
                    "%s: not an SMT-LIB file written by 'chopsat smt2' (no chopsat-rules "
                    "and chopsat-query comments)",
                    name);
    if (h) return -1;
    int rc = -1;
    char *text = NULL;
    size_t len = 0;
    smt2_out o = {0};
    if (!read_all(model, model_name, &text, &len, err)) {
        out_init(&o, r, q, model_name);
        rc = read_output(&o, text, len, err) ? -1 : verdict(&o, name, err);
        if (rc == 10) rc = take_witness(&o, r, path, n, err);
    }
    free(text);
    free(o.frames);
    free(o.given);
    if (rc < 0)
        chopsat_rules_free(r);
    else
        *rules_out = r;
    return rc;
}
