/* roster.c: the class's roster, a CSV file the instructor loads (a header line naming an "id"
 * column and, if it has one, a "name" column; other columns are ignored), and the students'
 * codes: SERVE_CODE_BYTES bytes of the kernel's randomness as hex, so that a code cannot be
 * guessed (2^128 of them). A student already in the store keeps the code it has. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/util.h"
#include "serve/serve.h"

#define ROSTER_LINE_MAX 4096
#define ROSTER_COLUMNS  64

int roster_code(char code[SERVE_CODE_LEN + 1], chopsat_err *err)
{
    unsigned char raw[SERVE_CODE_BYTES];
    if (chopsat_random_bytes(raw, sizeof raw, err) != 0) return -1;
    for (size_t i = 0; i < sizeof raw; i++)
        snprintf(code + 2 * i, 3, "%02x", raw[i]);
    return 0;
}

bool roster_code_valid(const char *code)
{
    size_t n = 0;
    for (; code[n]; n++)
        if (!isdigit((unsigned char)code[n]) && !(code[n] >= 'a' && code[n] <= 'f')) return false;
    return n == SERVE_CODE_LEN;
}

/* Splits one CSV line (its newline removed) into at most ROSTER_COLUMNS fields, in place:
 * quoted fields lose their quotes and "" becomes ". The number of fields, or -1 for an
 * unclosed quote. */
static int split_csv(char *line, char **field)
{
    int n = 0;
    char *r = line, *w = line;
    for (;;) {
        if (n == ROSTER_COLUMNS) return n;
        field[n++] = w;
        if (*r == '"') {
            for (r++;; r++) {
                if (!*r) return -1;
                if (*r == '"' && r[1] == '"') {
                    *w++ = '"', r++;
                } else if (*r == '"') {
                    r++;
                    break;
                } else {
                    *w++ = *r;
                }
            }
        }
        while (*r && *r != ',')
            *w++ = *r++;
        bool more = *r == ',';
        *w++ = '\0';
        if (!more) return n;
        r++;
    }
}

/* Trims blanks and a trailing CR from s, in place; s. */
static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r' || s[n - 1] == '\n'))
        s[--n] = '\0';
    return s;
}

/* Whether s is a usable field: at most SERVE_SHORT_MAX bytes, no control character. */
static bool plain(const char *s)
{
    size_t n = 0;
    for (; s[n]; n++)
        if ((unsigned char)s[n] < 0x20 || s[n] == 0x7f) return false;
    return n <= SERVE_SHORT_MAX;
}

/* The columns of the header line: id's and name's (-1: none). 0, or -1 with err. */
static int header(char *line, int *id_col, int *name_col, const char *shown, chopsat_err *err)
{
    char *f[ROSTER_COLUMNS];
    int n = split_csv(line, f);
    *id_col = *name_col = -1;
    for (int i = 0; i < n; i++) {
        char *h = trim(f[i]);
        if (!strcasecmp(h, "id") && *id_col < 0) *id_col = i;
        if (!strcasecmp(h, "name") && *name_col < 0) *name_col = i;
    }
    if (*id_col < 0)
        return fail(err,
                    "%s: line 1 names no 'id' column (a roster starts with a header line "
                    "such as 'id,name')",
                    shown);
    return 0;
}

/* Puts the student of one data line in the store. 0, or -1 with err naming line `no`. */
static int student_line(serve_store *s, char *line, int id_col, int name_col, long no,
                        const char *shown, size_t *added, size_t *kept, chopsat_err *err)
{
    char *f[ROSTER_COLUMNS], code[SERVE_CODE_LEN + 1];
    int n = split_csv(line, f);
    if (n < 0) return fail(err, "%s: line %ld has a quote that is not closed", shown, no);
    const char *id = id_col < n ? trim(f[id_col]) : "";
    const char *name = name_col >= 0 && name_col < n ? trim(f[name_col]) : id;
    if (!*id) return fail(err, "%s: line %ld has no id", shown, no);
    if (!plain(id) || !plain(name))
        return fail(err,
                    "%s: line %ld: an id or name longer than %d bytes or with a control "
                    "character",
                    shown, no, SERVE_SHORT_MAX);
    bool is_new;
    if (roster_code(code, err) != 0 || store_student_put(s, id, name, code, &is_new, err) != 0)
        return -1;
    (*(is_new ? added : kept))++;
    return 0;
}

int roster_load(serve_store *s, FILE *in, const char *shown, size_t *added, size_t *kept,
                chopsat_err *err)
{
    char *line = NULL;
    size_t cap = 0;
    long len, no = 0;
    int id_col = -1, name_col = -1, rc = 0;
    *added = *kept = 0;
    while (rc == 0 &&
           (len = chopsat_line_read(in, &line, &cap, ROSTER_LINE_MAX)) != CHOPSAT_LINE_END) {
        no++;
        if (len < 0) {
            rc = fail(err, "%s: line %ld: %s", shown, no, chopsat_line_problem(len));
        } else if (!*trim(line)) {
            continue; /* a blank line */
        } else if (id_col < 0) {
            rc = header(line, &id_col, &name_col, shown, err);
        } else if (*added + *kept >= SERVE_ROSTER_MAX) {
            rc = fail(err, "%s: more than %d students", shown, SERVE_ROSTER_MAX);
        } else {
            rc = student_line(s, line, id_col, name_col, no, shown, added, kept, err);
        }
    }
    if (rc == 0 && ferror(in)) rc = fail(err, "%s: cannot be read", shown);
    if (rc == 0 && id_col < 0)
        rc = fail(err, "%s: is empty (a roster starts with 'id,name')", shown);
    free(line);
    return rc;
}
