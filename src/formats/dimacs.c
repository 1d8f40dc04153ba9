/* dimacs.c: DIMACS/QDIMACS writers, the strict DIMACS CNF reader and the reader of
 * SAT-competition solver output (see dimacs.h for the exact formats accepted). It parses text
 * only; it does not check models against clauses (the callers do, they know the clauses). */
#include "formats/dimacs.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "chopsat_tool.h"
#include "core/util.h"

/* Writes the comment lines, splitting comments that contain newlines. */
static void write_comments(FILE *f, const char *const *comments, size_t ncomments)
{
    for (size_t i = 0; i < ncomments; i++) {
        const char *s = comments[i];
        for (;;) {
            const char *nl = strchr(s, '\n');
            size_t len = nl ? (size_t)(nl - s) : strlen(s);
            if (len)
                fprintf(f, "c %.*s\n", (int)len, s);
            else
                fputs("c\n", f);
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
        if (l == 0)
            n++;
        else if (l == INT_MIN || abs(l) > nvars)
            return fail(err, "DIMACS: literal %d in clause %zu beyond %d variables", l, n + 1,
                        nvars);
    }
    if (nlits && lits[nlits - 1] != 0)
        return fail(err, "DIMACS: the last clause is not terminated by 0");
    *nclauses = n;
    return 0;
}

/* The clauses; with notes, clause i preceded by the comment line notes[i]. */
static void write_clauses_noted(FILE *f, const int *lits, size_t nlits, const char *const *notes)
{
    bool start = true;
    size_t clause = 0;
    for (size_t i = 0; i < nlits; i++) {
        if (start && notes) write_comments(f, &notes[clause], 1);
        if (lits[i] == 0) {
            clause++;
            fputs(start ? "0\n" : " 0\n", f);
            start = true;
        } else {
            fprintf(f, start ? "%d" : " %d", lits[i]);
            start = false;
        }
    }
}

static void write_clauses(FILE *f, const int *lits, size_t nlits)
{
    write_clauses_noted(f, lits, nlits, NULL);
}

static int finish_write(FILE *f, chopsat_err *err)
{
    if (fflush(f) != 0 || ferror(f)) return fail(err, "DIMACS: write error: %s", strerror(errno));
    return 0;
}

int dimacs_write(FILE *f, const char *const *comments, size_t ncomments, int nvars, const int *lits,
                 size_t nlits, chopsat_err *err)
{
    size_t nclauses;
    if (nvars < 0) return fail(err, "DIMACS: negative number of variables %d", nvars);
    if (check_clauses(nvars, lits, nlits, &nclauses, err)) return -1;
    write_comments(f, comments, ncomments);
    fprintf(f, "p cnf %d %zu\n", nvars, nclauses);
    write_clauses(f, lits, nlits);
    return finish_write(f, err);
}

int dimacs_write_noted(FILE *f, const char *const *comments, size_t ncomments, int nvars,
                       const int *lits, size_t nlits, const char *const *notes, size_t nnotes,
                       chopsat_err *err)
{
    size_t nclauses;
    if (nvars < 0) return fail(err, "DIMACS: negative number of variables %d", nvars);
    if (check_clauses(nvars, lits, nlits, &nclauses, err)) return -1;
    if (nnotes != nclauses) return fail(err, "DIMACS: %zu notes for %zu clauses", nnotes, nclauses);
    write_comments(f, comments, ncomments);
    fprintf(f, "p cnf %d %zu\n", nvars, nclauses);
    write_clauses_noted(f, lits, nlits, notes);
    return finish_write(f, err);
}

int qdimacs_write(FILE *f, const char *const *comments, size_t ncomments, int nvars, size_t nblocks,
                  const bool *exists, const int *vars, const size_t *start, const int *lits,
                  size_t nlits, chopsat_err *err)
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
        for (size_t k = start[b]; k < start[b + 1]; k++)
            fprintf(f, " %d", vars[k]);
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
    while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
        line[--n] = 0;
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
    for (size_t i = 0; i < d->ncomments; i++)
        free(d->comments[i]);
    free(d->comments);
    free(d->comment_at);
    free(d->lits);
    memset(d, 0, sizeof *d);
}

/* The state of dimacs_read between lines. */
typedef struct cnf_reader {
    FILE *f;
    const char *name;
    long lineno, header_line;
    long long nvars, nclauses;
    size_t clauses;
    bool in_clause;
    VEC(char *) comments;
    VEC(size_t) comment_at;
    VEC(int) lits;
} cnf_reader;

bool dimacs_p_line(const char *line, long long max_clauses, long long *vars, long long *clauses)
{
    char fmt[8], extra;
    long long v, c;
    if (sscanf(line, "p %7s %lld %lld %c", fmt, &v, &c, &extra) != 3 || strcmp(fmt, "cnf") ||
        v < 0 || c < 0 || v > INT_MAX - 1 || c > max_clauses)
        return false;
    *vars = v;
    *clauses = c;
    return true;
}

bool chopsat_dimacs_p_line(const char *line, int *vars, long long *clauses)
{
    long long v;
    if (!dimacs_p_line(line, (long long)(SIZE_MAX / 2), &v, clauses)) return false;
    *vars = (int)v;
    return true;
}

int dimacs_header_backed(FILE *f, const char *name, long lineno, long long vars, long long clauses,
                         chopsat_err *err)
{
    struct stat st;
    int fd = fileno(f);
    off_t at = ftello(f);
    if (fd < 0 || at < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return 0;
    long long left = st.st_size > at ? (long long)(st.st_size - at) : 0;
    if (clauses > 0 && clauses - 1 > left - clauses)
        return fail(err, "%s:%ld: the header's %lld clauses cannot fit in the %lld bytes after it",
                    name, lineno, clauses, left);
    if (vars > DIMACS_FREE_VARS && vars > left)
        return fail(err,
                    "%s:%ld: the header's %lld variables cannot fit in the %lld bytes after it "
                    "(a header above %lld variables must be backed by the file)",
                    name, lineno, vars, left, DIMACS_FREE_VARS);
    return 0;
}

/* The `p cnf V C` line: 0, or -1 with a message. */
static int cnf_header(cnf_reader *st, const char *line, chopsat_err *err)
{
    long long v, c;
    if (st->header_line)
        return fail(err, "%s:%ld: a second header (the first is on line %ld)", st->name, st->lineno,
                    st->header_line);
    if (!dimacs_p_line(line, (long long)(SIZE_MAX / 2), &v, &c)) {
        char qb[80];
        return fail(err, "%s:%ld: bad header '%s' (expected 'p cnf VARIABLES CLAUSES')", st->name,
                    st->lineno, quote(line, qb, sizeof qb));
    }
    if (dimacs_header_backed(st->f, st->name, st->lineno, v, c, err)) return -1;
    st->header_line = st->lineno;
    st->nvars = v;
    st->nclauses = c;
    return 0;
}

/* A line of literals (clauses may span lines): 0, or -1 with a message. */
static int cnf_literals(cnf_reader *st, char *line, chopsat_err *err)
{
    if (!st->header_line)
        return fail(err, "%s:%ld: clause before the 'p cnf' header", st->name, st->lineno);
    for (char *save, *tok = strtok_r(line, WS, &save); tok; tok = strtok_r(NULL, WS, &save)) {
        long long l;
        if (!parse_int(tok, -(long long)INT_MAX, INT_MAX, &l)) {
            char qb[40];
            return fail(err, "%s:%ld: garbage token '%s' where a literal was expected", st->name,
                        st->lineno, quote(tok, qb, sizeof qb));
        }
        if (llabs(l) > st->nvars)
            return fail(err, "%s:%ld: literal %lld beyond the header's %lld variables", st->name,
                        st->lineno, l, st->nvars);
        VEC_PUSH(st->lits, (int)l);
        st->in_clause = l != 0;
        if (l == 0 && (long long)++st->clauses > st->nclauses)
            return fail(err, "%s:%ld: more clauses than the %lld of the header (line %ld)",
                        st->name, st->lineno, st->nclauses, st->header_line);
    }
    return 0;
}

/* One line: 0 to go on, 1 at a SATLIB '%' end line, -1 with a message. */
/* The next line of f into *line: its length, LINE_GONE at the end, or LINE_BAD with a message
 * naming line lineno + 1 when it holds a NUL byte or passes CHOPSAT_LINE_MAX (read no further:
 * /dev/zero is refused at its first byte). */
enum { LINE_GONE = -1, LINE_BAD = -2 };
static ssize_t next_line(FILE *f, char **line, size_t *cap, const char *name, long lineno,
                         chopsat_err *err)
{
    long len = chopsat_line_read(f, line, cap, CHOPSAT_LINE_MAX);
    if (len >= 0) return len;
    if (len == CHOPSAT_LINE_END) return LINE_GONE;
    fail(err, "%s line %ld: %s", name, lineno + 1, chopsat_line_problem(len));
    return LINE_BAD;
}

static int cnf_line(cnf_reader *st, char *line, ssize_t len, chopsat_err *err)
{
    st->lineno++;
    if ((size_t)len != strlen(line))
        return fail(err, "%s:%ld: NUL byte in the line", st->name, st->lineno);
    chomp(line);
    if (line[0] == 'c' && (line[1] == 0 || line[1] == ' ' || line[1] == '\t')) {
        VEC_PUSH(st->comments, xstrdup(line[1] ? line + 2 : ""));
        VEC_PUSH(st->comment_at, st->header_line ? st->clauses : SIZE_MAX);
        return 0;
    }
    if (line[0] == '%') return 1; /* SATLIB files end with "%" and "0" */
    if (line[0] == 'p') return cnf_header(st, line, err);
    if (is_blank(line)) return 0;
    return cnf_literals(st, line, err);
}

/* The checks at the end of the input: 0, or -1 with a message. */
static int cnf_finish(const cnf_reader *st, FILE *f, chopsat_err *err)
{
    if (ferror(f)) return fail(err, "%s: read error: %s", st->name, strerror(errno));
    if (!st->header_line) return fail(err, "%s:%ld: no 'p cnf' header", st->name, st->lineno);
    if (st->in_clause)
        return fail(err, "%s:%ld: the last clause is not terminated by 0", st->name, st->lineno);
    if ((long long)st->clauses != st->nclauses)
        return fail(err, "%s:%ld: the header (line %ld) says %lld clauses but there are %zu",
                    st->name, st->lineno, st->header_line, st->nclauses, st->clauses);
    return 0;
}

int dimacs_read(FILE *f, const char *name, dimacs_file *out, chopsat_err *err)
{
    cnf_reader st = {.f = f, .name = name, .nvars = -1};
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    int rc = 0;
    memset(out, 0, sizeof *out);
    while (rc == 0 && (len = next_line(f, &line, &cap, name, st.lineno, err)) >= 0)
        rc = cnf_line(&st, line, len, err);
    if (rc == 0 && len == LINE_BAD) rc = -1;
    free(line);
    if (rc >= 0) rc = cnf_finish(&st, f, err);
    if (rc == 0) {
        out->comments = st.comments.items;
        out->ncomments = st.comments.n;
        out->comment_at = st.comment_at.items;
        out->nvars = (int)st.nvars;
        out->nclauses = st.clauses;
        out->lits = st.lits.items;
        out->nlits = st.lits.n;
        return 0;
    }
    for (size_t i = 0; i < st.comments.n; i++)
        free(st.comments.items[i]);
    VEC_FREE(st.comments);
    VEC_FREE(st.comment_at);
    VEC_FREE(st.lits);
    return -1;
}

/* The state of model_read between lines. */
typedef struct model_reader {
    const char *name;
    int nvars;
    signed char *values;
    long lineno, s_line, v_line;
    int answer; /* 10, 20, or 0 for UNKNOWN */
    bool ended; /* the v lines' final 0 seen */
} model_reader;

/* An `s` line: 0, or -1 with a message. */
static int model_s_line(model_reader *st, const char *line, chopsat_err *err)
{
    char qb[80];
    const char *word = line + 2;
    word += strspn(word, WS);
    size_t wl = strcspn(word, WS);
    if (!is_blank(word + wl)) wl = strlen(word); /* trailing words: unreadable */
    int a;
    if (wl == 11 && !strncmp(word, "SATISFIABLE", 11))
        a = 10;
    else if (wl == 13 && !strncmp(word, "UNSATISFIABLE", 13))
        a = 20;
    else if ((wl == 7 && !strncmp(word, "UNKNOWN", 7)) ||
             (wl == 13 && !strncmp(word, "INDETERMINATE", 13)))
        a = 0; /* Glucose and MiniSat say INDETERMINATE */
    else
        return fail(err, "%s line %ld: unreadable answer '%s'", st->name, st->lineno,
                    quote(line, qb, sizeof qb));
    if (st->s_line)
        return fail(err, "%s line %ld: a second s line (the first is line %ld)", st->name,
                    st->lineno, st->s_line);
    st->s_line = st->lineno;
    st->answer = a;
    return 0;
}

/* A `v` line: 0, or -1 with a message. */
static int model_v_line(model_reader *st, char *line, chopsat_err *err)
{
    char qb[80];
    if (!st->v_line) st->v_line = st->lineno;
    for (char *save, *tok = strtok_r(line + 1, WS, &save); tok; tok = strtok_r(NULL, WS, &save)) {
        long long l;
        if (!parse_int(tok, -(long long)INT_MAX, INT_MAX, &l))
            return fail(err, "%s line %ld: unreadable value '%s' in a v line", st->name, st->lineno,
                        quote(tok, qb, sizeof qb));
        if (st->ended)
            return fail(err, "%s line %ld: value %lld after the model's final 0", st->name,
                        st->lineno, l);
        if (l == 0) {
            st->ended = true;
            continue;
        }
        if (llabs(l) > st->nvars)
            return fail(err, "%s line %ld: value %lld of a variable beyond the %d of the problem",
                        st->name, st->lineno, l, st->nvars);
        int v = (int)llabs(l);
        if (st->values[v])
            return fail(err, "%s line %ld: variable %d given a value twice", st->name, st->lineno,
                        v);
        st->values[v] = l > 0 ? 1 : -1;
    }
    return 0;
}

/* One line of solver output: 0, or -1 with a message. */
static int model_line(model_reader *st, char *line, ssize_t len, chopsat_err *err)
{
    char qb[80];
    st->lineno++;
    if ((size_t)len != strlen(line))
        return fail(err, "%s line %ld: NUL byte in the line", st->name, st->lineno);
    chomp(line);
    if (is_blank(line)) return 0;
    if (line[0] == 'c' && (line[1] == 0 || line[1] == ' ' || line[1] == '\t')) return 0;
    if (line[0] == 's' && (line[1] == ' ' || line[1] == '\t')) return model_s_line(st, line, err);
    if (line[0] == 'v' && (line[1] == 0 || line[1] == ' ' || line[1] == '\t'))
        return model_v_line(st, line, err);
    return fail(err, "%s line %ld: unreadable line '%s'", st->name, st->lineno,
                quote(line, qb, sizeof qb));
}

/* The checks at the end of the output: the answer (10, 20), or -1 with a message. */
static int model_finish(const model_reader *st, FILE *f, chopsat_err *err)
{
    const char *name = st->name;
    if (ferror(f)) return fail(err, "%s: read error: %s", name, strerror(errno));
    if (!st->s_line)
        return fail(err, "%s: no 's SATISFIABLE' or 's UNSATISFIABLE' line (%ld lines read)", name,
                    st->lineno);
    if (st->answer == 0)
        return fail(err, "%s line %ld: the solver answered UNKNOWN", name, st->s_line);
    if (st->answer == 20 && st->v_line)
        return fail(err, "%s line %ld: v lines with an UNSATISFIABLE answer", name, st->v_line);
    if (st->answer == 10 && !st->v_line)
        return fail(err, "%s line %ld: SATISFIABLE without a model (no v lines)", name, st->s_line);
    if (st->answer == 10 && !st->ended)
        return fail(err, "%s line %ld: the model's v lines do not end with 0", name, st->lineno);
    return st->answer;
}

int model_read(FILE *f, const char *name, int nvars, signed char *values, chopsat_err *err)
{
    if (nvars < 0) nvars = 0;
    memset(values, 0, (size_t)nvars + 1);
    model_reader st = {.name = name, .nvars = nvars, .values = values};
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    int rc = 0;
    while (rc == 0 && (len = next_line(f, &line, &cap, name, st.lineno, err)) >= 0)
        rc = model_line(&st, line, len, err);
    if (rc == 0 && len == LINE_BAD) rc = -1;
    free(line);
    if (rc == 0) rc = model_finish(&st, f, err);
    if (rc < 0) memset(values, 0, (size_t)nvars + 1);
    return rc;
}

/* The first line of MiniSat's screen output (statistics, then SATISFIABLE or UNSATISFIABLE
 * alone): it never holds the model, which MiniSat writes only to its result file. */
static bool minisat_screen(const char *t)
{
    return !strncmp(t, "WARNING", 7) || t[0] == '=' || t[0] == '|' || !strcmp(t, "SATISFIABLE") ||
           !strcmp(t, "UNSATISFIABLE") || !strcmp(t, "INDETERMINATE");
}

int model_read_any(FILE *f, const char *name, int nvars, signed char *values, chopsat_err *err)
{
    if (nvars < 0) nvars = 0;
    memset(values, 0, (size_t)nvars + 1);
    model_reader st = {.name = name, .nvars = nvars, .values = values};
    enum { UNDECIDED, COMPETITION, MINISAT } form = UNDECIDED;
    char *line = NULL, *vbuf = NULL, qb[80];
    size_t cap = 0;
    ssize_t len;
    int rc = 0;
    while (rc == 0 && (len = next_line(f, &line, &cap, name, st.lineno, err)) >= 0) {
        if (form == COMPETITION) {
            rc = model_line(&st, line, len, err);
            continue;
        }
        st.lineno++;
        if ((size_t)len != strlen(line)) {
            rc = fail(err, "%s line %ld: NUL byte in the line", name, st.lineno);
            break;
        }
        chomp(line);
        char *t = line + strspn(line, WS);
        if (is_blank(t)) continue;
        if (form == MINISAT) { /* the model's literals, read as a v line */
            free(vbuf);
            vbuf = xmalloc(strlen(t) + 3);
            memcpy(vbuf, "v ", 2);
            memcpy(vbuf + 2, t, strlen(t) + 1);
            rc = model_v_line(&st, vbuf, err);
            continue;
        }
        size_t tl = strcspn(t, WS);
        bool alone = is_blank(t + tl);
        if (alone && ((tl == 3 && !strncmp(t, "SAT", 3)) || (tl == 5 && !strncmp(t, "UNSAT", 5)))) {
            form = MINISAT; /* MiniSat's (and Glucose's) result file */
            rc = model_s_line(&st, tl == 3 ? "s SATISFIABLE" : "s UNSATISFIABLE", err);
        } else if (alone && tl == 5 && !strncmp(t, "INDET", 5)) {
            rc = fail(err, "%s line %ld: the solver gave no answer (INDET)", name, st.lineno);
        } else if (minisat_screen(t)) {
            rc = fail(err,
                      "%s line %ld: '%s' looks like MiniSat's screen output, which holds no "
                      "model: run 'minisat FILE.cnf RESULT' and decode RESULT",
                      name, st.lineno, quote(t, qb, sizeof qb));
        } else {
            form = COMPETITION;
            st.lineno--;
            rc = model_line(&st, line, (ssize_t)strlen(line), err);
        }
    }
    if (rc == 0 && len == LINE_BAD) rc = -1;
    free(line);
    free(vbuf);
    if (rc == 0 && form == MINISAT && st.answer == 10 && !st.v_line)
        rc = fail(err, "%s line %ld: SAT without a model (no line of literals after it)", name,
                  st.s_line);
    if (rc == 0 && form == MINISAT && st.answer == 10 && !st.ended)
        rc = fail(err, "%s line %ld: the model does not end with 0", name, st.lineno);
    if (rc == 0 && form == MINISAT && st.answer == 20 && st.v_line)
        rc = fail(err, "%s line %ld: literals after UNSAT", name, st.v_line);
    if (rc == 0 && form == COMPETITION && st.answer == 10 && !st.v_line)
        rc = fail(err,
                  "%s line %ld: SATISFIABLE without a model (no v lines; Glucose prints them "
                  "only with -model)",
                  name, st.s_line);
    if (rc == 0) rc = model_finish(&st, f, err);
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
            if (val == 0)
                missing = v;
            else if ((val > 0) == (lit > 0))
                satisfied = true;
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

const char *dimacs_comment(const dimacs_file *d, const char *key)
{
    size_t n = strlen(key);
    for (size_t i = 0; i < d->ncomments; i++)
        if (!strncmp(d->comments[i], key, n) && d->comments[i][n] == ' ')
            return d->comments[i] + n + 1;
    return NULL;
}
