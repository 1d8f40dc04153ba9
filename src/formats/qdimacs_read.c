/* qdimacs_read.c: the strict QDIMACS reader (qdimacs.h). */
#include "formats/qdimacs.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "core/util.h"
#include "formats/dimacs.h"

#define WS " \t\r\n\f\v"

typedef struct qreader {
    FILE *f;
    const char *name;
    long lineno, header_line;
    long long nvars, nclauses;
    size_t clauses;
    bool in_clause;
    unsigned char *seen; /* per variable: in a block already */
    VEC(bool) exists;
    VEC(int) vars;
    VEC(size_t) start;
    VEC(int) lits;
} qreader;

/* A decimal integer token in lo..hi exactly. */
static bool whole(const char *tok, long long lo, long long hi, long long *out)
{
    if (!*tok || *tok == '+') return false;
    char *end;
    errno = 0;
    long long v = strtoll(tok, &end, 10);
    if (*end || errno || v < lo || v > hi) return false;
    *out = v;
    return true;
}

static int header(qreader *st, const char *line, chopsat_err *err)
{
    long long v, c;
    if (st->header_line)
        return fail(err, "%s:%ld: a second 'p' line (the first is on line %ld)", st->name,
                    st->lineno, st->header_line);
    if (!dimacs_p_line(line, (long long)(SIZE_MAX / 4), &v, &c))
        return fail(err, "%s:%ld: bad header (expected 'p cnf VARIABLES CLAUSES')", st->name,
                    st->lineno);
    if (dimacs_header_backed(st->f, st->name, st->lineno, v, c, err)) return -1;
    st->header_line = st->lineno, st->nvars = v, st->nclauses = c;
    st->seen = xcalloc((size_t)v + 1, 1);
    VEC_PUSH(st->start, 0);
    return 0;
}

/* An `a` or `e` line. */
static int prefix_line(qreader *st, char *line, chopsat_err *err)
{
    if (!st->header_line)
        return fail(err, "%s:%ld: a quantifier line before the 'p cnf' header", st->name,
                    st->lineno);
    if (st->lits.n || st->in_clause)
        return fail(err, "%s:%ld: a quantifier line after the first clause", st->name, st->lineno);
    bool ended = false;
    size_t before = st->vars.n;
    char *save;
    for (char *tok = strtok_r(line + 1, WS, &save); tok; tok = strtok_r(NULL, WS, &save)) {
        long long v;
        if (ended || !whole(tok, 0, st->nvars, &v))
            return fail(err, "%s:%ld: '%.20s' is not a variable of 1..%lld (or the final 0)",
                        st->name, st->lineno, tok, st->nvars);
        if (v == 0) {
            ended = true;
            continue;
        }
        if (st->seen[v])
            return fail(err, "%s:%ld: variable %lld is quantified twice", st->name, st->lineno, v);
        st->seen[v] = 1;
        VEC_PUSH(st->vars, (int)v);
    }
    if (!ended)
        return fail(err, "%s:%ld: the quantifier line does not end with 0", st->name, st->lineno);
    if (st->vars.n == before)
        return fail(err, "%s:%ld: an empty quantifier block", st->name, st->lineno);
    VEC_PUSH(st->exists, line[0] == 'e');
    VEC_PUSH(st->start, st->vars.n);
    return 0;
}

static int clause_line(qreader *st, char *line, chopsat_err *err)
{
    if (!st->header_line)
        return fail(err, "%s:%ld: a clause before the 'p cnf' header (a QDIMACS file needs it)",
                    st->name, st->lineno);
    char *save;
    for (char *tok = strtok_r(line, WS, &save); tok; tok = strtok_r(NULL, WS, &save)) {
        long long l;
        if (!whole(tok, -st->nvars, st->nvars, &l))
            return fail(err, "%s:%ld: '%.20s' is not a literal of the header's %lld variables",
                        st->name, st->lineno, tok, st->nvars);
        VEC_PUSH(st->lits, (int)l);
        st->in_clause = l != 0;
        if (l == 0 && (long long)++st->clauses > st->nclauses)
            return fail(err, "%s:%ld: more clauses than the %lld of the header", st->name,
                        st->lineno, st->nclauses);
    }
    return 0;
}

static int one_line(qreader *st, char *line, ssize_t len, chopsat_err *err)
{
    st->lineno++;
    if ((size_t)len != strlen(line))
        return fail(err, "%s:%ld: NUL byte in the line", st->name, st->lineno);
    size_t n = strlen(line);
    while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
        line[--n] = 0;
    if (line[0] == 'c' && (!line[1] || line[1] == ' ' || line[1] == '\t')) return 0;
    if (line[strspn(line, WS)] == 0) return 0;
    if (line[0] == 'p') return header(st, line, err);
    if ((line[0] == 'a' || line[0] == 'e') && (line[1] == ' ' || line[1] == '\t'))
        return prefix_line(st, line, err);
    return clause_line(st, line, err);
}

static void qreader_free(qreader *st)
{
    free(st->seen);
    VEC_FREE(st->exists);
    VEC_FREE(st->vars);
    VEC_FREE(st->start);
    VEC_FREE(st->lits);
}

int qdimacs_read(FILE *f, const char *name, qdimacs_file *out, chopsat_err *err)
{
    qreader st;
    memset(&st, 0, sizeof st);
    st.f = f, st.name = name;
    memset(out, 0, sizeof *out);
    char *line = NULL;
    size_t cap = 0;
    long len = 0;
    int rc = 0;
    while (rc == 0 && (len = chopsat_line_read(f, &line, &cap, CHOPSAT_LINE_MAX)) >= 0)
        rc = one_line(&st, line, len, err);
    free(line);
    if (!rc && len < CHOPSAT_LINE_END)
        rc = fail(err, "%s:%ld: %s", name, st.lineno + 1,
                  len == CHOPSAT_LINE_NUL ? "NUL byte in the line" : chopsat_line_problem(len));
    if (!rc && ferror(f)) rc = fail(err, "%s: read error: %s", name, strerror(errno));
    if (!rc && !st.header_line)
        rc = fail(err, "%s: no 'p cnf VARIABLES CLAUSES' line: not a QDIMACS file", name);
    if (!rc && st.in_clause)
        rc = fail(err, "%s:%ld: the last clause is not terminated by 0", name, st.lineno);
    if (!rc && (long long)st.clauses != st.nclauses)
        rc = fail(err, "%s: the header (line %ld) says %lld clauses but there are %zu", name,
                  st.header_line, st.nclauses, st.clauses);
    if (rc) {
        qreader_free(&st);
        return -1;
    }
    free(st.seen);
    out->nvars = (int)st.nvars, out->nclauses = st.clauses;
    out->lits = st.lits.items, out->nlits = st.lits.n;
    out->nblocks = st.exists.n, out->exists = st.exists.items;
    out->vars = st.vars.items, out->start = st.start.items;
    return 0;
}

void qdimacs_file_free(qdimacs_file *q)
{
    if (!q) return;
    free(q->lits), free(q->exists), free(q->vars), free(q->start);
    memset(q, 0, sizeof *q);
}
