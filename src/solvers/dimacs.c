/* dimacs.c: DIMACS/QDIMACS writers, the strict DIMACS CNF reader and the reader of
 * SAT-competition solver output (see dimacs.h for the exact formats accepted). It parses text
 * only; it does not check models against clauses (the callers do, they know the clauses). */
#include "solvers/dimacs.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"

/* Writes the comment lines, splitting comments that contain newlines. */
static void write_comments(FILE *f, const char *const *comments, size_t ncomments)
{
    for (size_t i = 0; i < ncomments; i++) {
        const char *s = comments[i];
        for (;;) {
            const char *nl = strchr(s, '\n');
            size_t len = nl ? (size_t)(nl - s) : strlen(s);
            if (len) fprintf(f, "c %.*s\n", (int)len, s);
            else fputs("c\n", f);
            if (!nl) break;
            s = nl + 1;
        }
    }
}

/* Checks the clause list (range, termination) and counts its clauses. */
static int check_clauses(int nvars, const int *lits, size_t nlits, size_t *nclauses,
                         chopsat_err *err)
{
    size_t n = 0;
    for (size_t i = 0; i < nlits; i++) {
        int l = lits[i];
        if (l == 0) n++;
        else if (l == INT_MIN || abs(l) > nvars)
            return fail(err, "DIMACS: literal %d in clause %zu beyond %d variables", l, n + 1,
                        nvars);
    }
    if (nlits && lits[nlits - 1] != 0)
        return fail(err, "DIMACS: the last clause is not terminated by 0");
    *nclauses = n;
    return 0;
}

static void write_clauses(FILE *f, const int *lits, size_t nlits)
{
    bool start = true;
    for (size_t i = 0; i < nlits; i++) {
        if (lits[i] == 0) {
            fputs(start ? "0\n" : " 0\n", f);
            start = true;
        } else {
            fprintf(f, start ? "%d" : " %d", lits[i]);
            start = false;
        }
    }
}

static int finish_write(FILE *f, chopsat_err *err)
{
    if (fflush(f) != 0 || ferror(f)) return fail(err, "DIMACS: write error: %s", strerror(errno));
    return 0;
}

int dimacs_write(FILE *f, const char *const *comments, size_t ncomments, int nvars,
                 const int *lits, size_t nlits, chopsat_err *err)
{
    size_t nclauses;
    if (nvars < 0) return fail(err, "DIMACS: negative number of variables %d", nvars);
    if (check_clauses(nvars, lits, nlits, &nclauses, err)) return -1;
    write_comments(f, comments, ncomments);
    fprintf(f, "p cnf %d %zu\n", nvars, nclauses);
    write_clauses(f, lits, nlits);
    return finish_write(f, err);
}

int qdimacs_write(FILE *f, const char *const *comments, size_t ncomments, int nvars,
                  size_t nblocks, const bool *exists, const int *vars, const size_t *start,
                  const int *lits, size_t nlits, chopsat_err *err)
{
    size_t nclauses;
    if (nvars < 0) return fail(err, "QDIMACS: negative number of variables %d", nvars);
    if (check_clauses(nvars, lits, nlits, &nclauses, err)) return -1;
    unsigned char *seen = xcalloc((size_t)nvars + 1, 1);
    for (size_t b = 0; b < nblocks; b++) {
        if (start[b + 1] < start[b]) {
            free(seen);
            return fail(err, "QDIMACS: block %zu ends before it starts", b + 1);
        }
        for (size_t k = start[b]; k < start[b + 1]; k++) {
            int v = vars[k];
            if (v < 1 || v > nvars) {
                free(seen);
                return fail(err, "QDIMACS: variable %d of block %zu is not in 1..%d", v, b + 1,
                            nvars);
            }
            if (seen[v]) {
                free(seen);
                return fail(err, "QDIMACS: variable %d is quantified twice", v);
            }
            seen[v] = 1;
        }
    }
    free(seen);
    write_comments(f, comments, ncomments);
    fprintf(f, "p cnf %d %zu\n", nvars, nclauses);
    bool open = false, open_exists = false;
    for (size_t b = 0; b < nblocks; b++) {
        if (start[b] == start[b + 1]) continue;
        if (open && open_exists != exists[b]) {
            fputs(" 0\n", f);
            open = false;
        }
        if (!open) {
            fputc(exists[b] ? 'e' : 'a', f);
            open = true;
            open_exists = exists[b];
        }
        for (size_t k = start[b]; k < start[b + 1]; k++) fprintf(f, " %d", vars[k]);
    }
    if (open) fputs(" 0\n", f);
    write_clauses(f, lits, nlits);
    return finish_write(f, err);
}

/* Parses a decimal integer token exactly (no trailing garbage, no overflow). */
static bool parse_int(const char *tok, long long lo, long long hi, long long *out)
{
    if (!*tok) return false;
    char *end;
    errno = 0;
    long long v = strtoll(tok, &end, 10);
    if (*end || errno || v < lo || v > hi) return false;
    if (tok[0] == '+') return false;
    *out = v;
    return true;
}

static bool is_blank(const char *s)
{
    for (; *s; s++)
        if (*s != ' ' && *s != '\t' && *s != '\r' && *s != '\n' && *s != '\f' && *s != '\v')
            return false;
    return true;
}

static void chomp(char *line)
{
    size_t n = strlen(line);
    while (n && (line[n - 1] == '\n' || line[n - 1] == '\r')) line[--n] = 0;
}

/* Shortens a line for quoting in a message. */
static const char *quote(const char *s, char *buf, size_t size)
{
    size_t n = strlen(s);
    if (n < size) return s;
    snprintf(buf, size, "%.*s...", (int)(size - 4), s);
    return buf;
}

#define WS " \t\r\n\f\v"

void dimacs_file_free(dimacs_file *d)
{
    if (!d) return;
    for (size_t i = 0; i < d->ncomments; i++) free(d->comments[i]);
    free(d->comments);
    free(d->lits);
    memset(d, 0, sizeof *d);
}

int dimacs_read(FILE *f, const char *name, dimacs_file *out, chopsat_err *err)
{
    VEC(char *) comments = {0};
    VEC(int) lits = {0};
    char *line = NULL;
    size_t cap = 0;
    long lineno = 0, header_line = 0;
    long long nvars = -1, nclauses = 0;
    size_t clauses = 0;
    bool in_clause = false;
    int rc = -1;
    ssize_t len;
    memset(out, 0, sizeof *out);
    while ((len = getline(&line, &cap, f)) >= 0) {
        lineno++;
        if ((size_t)len != strlen(line)) {
            fail(err, "%s:%ld: NUL byte in the line", name, lineno);
            goto done;
        }
        chomp(line);
        if (line[0] == 'c' && (line[1] == 0 || line[1] == ' ' || line[1] == '\t')) {
            VEC_PUSH(comments, xstrdup(line[1] ? line + 2 : ""));
            continue;
        }
        if (line[0] == '%') break; /* SATLIB files end with "%" and "0" */
        if (line[0] == 'p') {
            char fmt[8];
            long long v, c;
            char extra;
            if (header_line) {
                fail(err, "%s:%ld: a second header (the first is on line %ld)", name, lineno,
                     header_line);
                goto done;
            }
            if (sscanf(line, "p %7s %lld %lld %c", fmt, &v, &c, &extra) != 3 ||
                strcmp(fmt, "cnf") != 0 || v < 0 || c < 0 || v > INT_MAX - 1 ||
                c > (long long)(SIZE_MAX / 2)) {
                char qb[80];
                fail(err, "%s:%ld: bad header '%s' (expected 'p cnf VARIABLES CLAUSES')", name,
                     lineno, quote(line, qb, sizeof qb));
                goto done;
            }
            header_line = lineno;
            nvars = v;
            nclauses = c;
            continue;
        }
        if (is_blank(line)) continue;
        if (!header_line) {
            fail(err, "%s:%ld: clause before the 'p cnf' header", name, lineno);
            goto done;
        }
        for (char *save, *tok = strtok_r(line, WS, &save); tok; tok = strtok_r(NULL, WS, &save)) {
            long long l;
            if (!parse_int(tok, -(long long)INT_MAX, INT_MAX, &l)) {
                char qb[40];
                fail(err, "%s:%ld: garbage token '%s' where a literal was expected", name,
                     lineno, quote(tok, qb, sizeof qb));
                goto done;
            }
            if (llabs(l) > nvars) {
                fail(err, "%s:%ld: literal %lld beyond the header's %lld variables", name,
                     lineno, l, nvars);
                goto done;
            }
            VEC_PUSH(lits, (int)l);
            if (l == 0) {
                clauses++;
                in_clause = false;
                if ((long long)clauses > nclauses) {
                    fail(err, "%s:%ld: more clauses than the %lld of the header (line %ld)",
                         name, lineno, nclauses, header_line);
                    goto done;
                }
            } else {
                in_clause = true;
            }
        }
    }
    if (ferror(f)) {
        fail(err, "%s: read error: %s", name, strerror(errno));
        goto done;
    }
    if (!header_line) {
        fail(err, "%s:%ld: no 'p cnf' header", name, lineno);
        goto done;
    }
    if (in_clause) {
        fail(err, "%s:%ld: the last clause is not terminated by 0", name, lineno);
        goto done;
    }
    if ((long long)clauses != nclauses) {
        fail(err, "%s:%ld: the header (line %ld) says %lld clauses but there are %zu", name,
             lineno, header_line, nclauses, clauses);
        goto done;
    }
    out->comments = comments.items;
    out->ncomments = comments.n;
    out->nvars = (int)nvars;
    out->nclauses = clauses;
    out->lits = lits.items;
    out->nlits = lits.n;
    comments.items = NULL;
    comments.n = 0;
    lits.items = NULL;
    rc = 0;
done:
    for (size_t i = 0; i < comments.n; i++) free(comments.items[i]);
    VEC_FREE(comments);
    VEC_FREE(lits);
    free(line);
    return rc;
}

int model_read(FILE *f, const char *name, int nvars, signed char *values, chopsat_err *err)
{
    char *line = NULL;
    size_t cap = 0;
    long lineno = 0, s_line = 0, v_line = 0;
    int answer = 0; /* 10, 20, or 0 for UNKNOWN */
    bool ended = false; /* the v lines' final 0 seen */
    int rc = -1;
    ssize_t len;
    char qb[80];
    if (nvars < 0) nvars = 0;
    memset(values, 0, (size_t)nvars + 1);
    while ((len = getline(&line, &cap, f)) >= 0) {
        lineno++;
        if ((size_t)len != strlen(line)) {
            fail(err, "%s line %ld: NUL byte in the line", name, lineno);
            goto done;
        }
        chomp(line);
        if (is_blank(line)) continue;
        if (line[0] == 'c' && (line[1] == 0 || line[1] == ' ' || line[1] == '\t')) continue;
        if (line[0] == 's' && (line[1] == ' ' || line[1] == '\t')) {
            char *word = line + 2;
            word += strspn(word, WS);
            size_t wl = strcspn(word, WS);
            if (!is_blank(word + wl)) wl = strlen(word); /* trailing words: unreadable */
            int a;
            if (wl == 11 && !strncmp(word, "SATISFIABLE", 11)) a = 10;
            else if (wl == 13 && !strncmp(word, "UNSATISFIABLE", 13)) a = 20;
            else if (wl == 7 && !strncmp(word, "UNKNOWN", 7)) a = 0;
            else {
                fail(err, "%s line %ld: unreadable answer '%s'", name, lineno,
                     quote(line, qb, sizeof qb));
                goto done;
            }
            if (s_line) {
                fail(err, "%s line %ld: a second s line (the first is line %ld)", name, lineno,
                     s_line);
                goto done;
            }
            s_line = lineno;
            answer = a;
            continue;
        }
        if (line[0] == 'v' && (line[1] == 0 || line[1] == ' ' || line[1] == '\t')) {
            if (!v_line) v_line = lineno;
            for (char *save, *tok = strtok_r(line + 1, WS, &save); tok;
                 tok = strtok_r(NULL, WS, &save)) {
                long long l;
                if (!parse_int(tok, -(long long)INT_MAX, INT_MAX, &l)) {
                    fail(err, "%s line %ld: unreadable value '%s' in a v line", name, lineno,
                         quote(tok, qb, sizeof qb));
                    goto done;
                }
                if (ended) {
                    fail(err, "%s line %ld: value %lld after the model's final 0", name, lineno,
                         l);
                    goto done;
                }
                if (l == 0) {
                    ended = true;
                    continue;
                }
                if (llabs(l) > nvars) {
                    fail(err, "%s line %ld: value %lld of a variable beyond the %d of the problem",
                         name, lineno, l, nvars);
                    goto done;
                }
                int v = (int)llabs(l);
                if (values[v]) {
                    fail(err, "%s line %ld: variable %d given a value twice", name, lineno, v);
                    goto done;
                }
                values[v] = l > 0 ? 1 : -1;
            }
            continue;
        }
        fail(err, "%s line %ld: unreadable line '%s'", name, lineno,
             quote(line, qb, sizeof qb));
        goto done;
    }
    if (ferror(f)) {
        fail(err, "%s: read error: %s", name, strerror(errno));
        goto done;
    }
    if (!s_line) {
        fail(err, "%s: no 's SATISFIABLE' or 's UNSATISFIABLE' line (%ld lines read)", name,
             lineno);
        goto done;
    }
    if (answer == 0) {
        fail(err, "%s line %ld: the solver answered UNKNOWN", name, s_line);
        goto done;
    }
    if (answer == 20 && v_line) {
        fail(err, "%s line %ld: v lines with an UNSATISFIABLE answer", name, v_line);
        goto done;
    }
    if (answer == 10 && !v_line) {
        fail(err, "%s line %ld: SATISFIABLE without a model (no v lines)", name, s_line);
        goto done;
    }
    if (answer == 10 && !ended) {
        fail(err, "%s line %ld: the model's v lines do not end with 0", name, lineno);
        goto done;
    }
    rc = answer;
done:
    free(line);
    if (rc < 0) memset(values, 0, (size_t)nvars + 1);
    return rc;
}

size_t model_falsified(const int *lits, size_t nlits, const signed char *values, size_t *begin,
                       int *unassigned)
{
    size_t clause = 1, first = 0;
    bool satisfied = false;
    int missing = 0;
    for (size_t i = 0; i < nlits; i++) {
        int lit = lits[i];
        if (lit) {
            int v = lit < 0 ? -lit : lit, val = values[v];
            if (val == 0) missing = v;
            else if ((val > 0) == (lit > 0)) satisfied = true;
            continue;
        }
        if (!satisfied) {
            *begin = first;
            *unassigned = missing;
            return clause;
        }
        clause++;
        first = i + 1;
        satisfied = false;
        missing = 0;
    }
    return 0;
}
