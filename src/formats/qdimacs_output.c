/* qdimacs_output.c: the reader of the QDIMACS output format that QBF solvers print (see
 * dimacs.h, qdimacs_output_read): one `s cnf 1|0|-1 ...` line, `V <lit> 0` lines for the
 * outermost block, comments. Every number is read with a range check; a line with a NUL byte,
 * a second s line or anything else is an error, never an answer. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "formats/dimacs.h"

/* Cuts the next line (any length, "\n" or "\r\n" ended) out of [*pos, end), NUL-terminated in
 * place, with its length in *len (a NUL byte inside makes strlen differ); false at the end. */
static bool next_line(char **pos, char *end, char **line, size_t *len)
{
    if (*pos >= end) return false;
    char *s = *pos, *nl = memchr(s, '\n', (size_t)(end - s));
    char *e = nl ? nl : end;
    *pos = nl ? nl + 1 : end;
    if (e > s && e[-1] == '\r') e--;
    *e = 0;
    *line = s;
    *len = (size_t)(e - s);
    return true;
}

/* A whole number in [lo, hi] at *s (an optional '-', then digits; no '+', no spaces), *s moved
 * past it; false when there is none or it is out of range. */
static bool read_int(const char **s, long lo, long hi, long *out)
{
    const char *p = *s;
    if (*p == '-') p++;
    if (*p < '0' || *p > '9') return false;
    errno = 0;
    char *end;
    long v = strtol(*s, &end, 10);
    if (errno || v < lo || v > hi) return false;
    *s = end;
    *out = v;
    return true;
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t';
}

/* An `s cnf` line's answer (after "s cnf "): 1, 0 or -1, then a blank or the end. */
static bool s_answer(const char *s, long *a)
{
    return read_int(&s, -1, 1, a) && (!*s || is_space(*s));
}

/* A `V <lit> 0` line (after the V): the literal, then 0, then nothing but blanks. */
static bool v_literal(const char *s, long *lit)
{
    long zero;
    while (is_space(*s))
        s++;
    if (!read_int(&s, -(long)INT_MAX, INT_MAX, lit) || *lit == 0 || !is_space(*s)) return false;
    while (is_space(*s))
        s++;
    if (!read_int(&s, 0, 0, &zero)) return false;
    while (is_space(*s))
        s++;
    return !*s;
}

int qdimacs_output_read(char *buf, size_t len, const char *name, int nvars, const bool *outer,
                        signed char *val, chopsat_err *err)
{
    char *pos = buf, *end = buf + len, *line;
    size_t n;
    int answer = 0;
    long lineno = 0, a, lit;
    while (next_line(&pos, end, &line, &n)) {
        lineno++;
        if (strlen(line) != n) return fail(err, "%s: NUL byte in line %ld", name, lineno);
        if (line[0] == 'c' || line[0] == 0) continue;
        if (!strncmp(line, "s cnf ", 6)) {
            if (answer) return fail(err, "%s: two s lines", name);
            if (!s_answer(line + 6, &a))
                return fail(err, "%s: unreadable line '%.60s'", name, line);
            if (a == -1) return fail(err, "%s: no answer (s cnf -1)", name);
            answer = a ? 10 : 20;
        } else if ((line[0] == 'V' || line[0] == 'v') && v_literal(line + 1, &lit)) {
            long v = lit < 0 ? -lit : lit;
            if (v > nvars || !outer[v])
                return fail(err, "%s: V line for variable %ld, not in the outermost block", name,
                            v);
            val[v] = lit > 0 ? 1 : -1;
        } else {
            return fail(err, "%s: unreadable line %ld '%.60s'", name, lineno, line);
        }
    }
    if (!answer) return fail(err, "%s: printed no 's cnf' line", name);
    return answer;
}
