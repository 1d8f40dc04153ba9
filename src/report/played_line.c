/* played_line.c: a line of play given from outside, for `graph --highlight FILE|MOVES`: moves
 * typed on the command line, a file of them, or what another command printed (the text or JSON
 * of win, reach, decode, check, solve; JSON read with jansson), read into the positions the
 * moves lead through. Each move is read as a person types it (chopsat_move_parse) from the
 * position before it; a position written after "->" must be the one the move leads to. */
#include <ctype.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/oom.h"
#include "core/util.h"
#include "report/html.h"

#define LINE_FILE_MAX (16u << 20)

/* Writes the message fmt into err (cut at its size, as every library message). */
static void say(chopsat_err *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(chopsat_err *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
}

/* The whole of f (at most LINE_FILE_MAX bytes, no NUL byte): a new string, or NULL. */
static char *slurp(FILE *f)
{
    size_t cap = 1 << 12, n = 0;
    char *buf = xcalloc(cap, 1);
    for (;;) {
        if (n + 1 >= cap) {
            if (cap >= LINE_FILE_MAX) break;
            char *grown = xcalloc(cap * 2, 1);
            memcpy(grown, buf, n);
            free(buf);
            buf = grown;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - 1 - n, f);
        if (!got) break;
        n += got;
    }
    if (ferror(f) || n + 1 >= cap || memchr(buf, 0, n)) { /* a NUL byte: no text */
        free(buf);
        return NULL;
    }
    buf[n] = 0;
    return buf;
}

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = 0;
    return s;
}

/* Whether s is a numbered line as win, decode and solve print them: "  3. player 1  tap ...". */
static bool numbered(const char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t d = strspn(s, "0123456789");
    if (!d || s[d] != '.') return false;
    s += d + 1;
    while (isspace((unsigned char)*s))
        s++;
    return !strncasecmp(s, "player ", 7);
}

/* The moves being read: each move's text and the position written after "->" (or NULL), and
 * the start the text gives (or ""). */
typedef struct line_items {
    char **move, **expect;
    size_t n, cap;
    char start[100];
} line_items;
struct chopsat_played_line {
    line_items l;
};

/* Adds one item, cleaned of "N.", "player N" and a trailing "-> POS" (kept as the expected
 * position). */
static void add_item(line_items *l, const char *raw)
{
    char *copy = xstrdup(raw), *s = trim(copy);
    if (!*s) {
        free(copy);
        return;
    }
    size_t d = strspn(s, "0123456789");
    if (d && (s[d] == '.' || s[d] == ')')) s = trim(s + d + 1);
    if (!strncasecmp(s, "player ", 7) && (s[7] == '1' || s[7] == '2')) s = trim(s + 8);
    char *arrow = strstr(s, "->");
    char *expect = NULL;
    if (arrow) {
        *arrow = 0;
        expect = xstrdup(trim(arrow + 2));
    }
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 16;
        char **m = xcalloc(l->cap, sizeof *m), **e = xcalloc(l->cap, sizeof *e);
        if (l->n) {
            memcpy(m, l->move, l->n * sizeof *m);
            memcpy(e, l->expect, l->n * sizeof *e);
        }
        free(l->move);
        free(l->expect);
        l->move = m;
        l->expect = e;
    }
    l->move[l->n] = xstrdup(trim(s));
    l->expect[l->n++] = expect;
    free(copy);
}

static void items_free(line_items *l)
{
    for (size_t i = 0; i < l->n; i++) {
        free(l->move[i]);
        free(l->expect[i]);
    }
    free(l->move);
    free(l->expect);
}

/* The moves of a JSON document: its "witness", "line" or "moves" array of {"move", ...}; the
 * start from "start" (check) or "position" (solve) into start_text; a repeated key is refused.
 * 0, or -1 with err. */
static int json_items(const char *shown, const char *text, line_items *l, char *start_text,
                      size_t ssize, chopsat_err *err)
{
    json_error_t jerr;
    json_t *doc = json_loads(text, JSON_DECODE_ANY | JSON_REJECT_DUPLICATES, &jerr);
    if (!doc) {
        say(err, "%s is not JSON: line %d: %s", shown, jerr.line, jerr.text);
        return -1;
    }
    const json_t *arr = json_object_get(doc, "witness");
    if (!json_is_array(arr)) arr = json_object_get(doc, "line");
    if (!json_is_array(arr)) arr = json_object_get(doc, "moves");
    int rc = 0;
    if (!json_is_array(arr)) {
        say(err, "%s has no \"witness\", \"line\" or \"moves\" array", shown);
        rc = -1;
    }
    for (size_t i = 0; !rc && i < json_array_size(arr); i++) {
        const char *mv = json_string_value(json_object_get(json_array_get(arr, i), "move"));
        if (!mv) {
            say(err, "%s: move %zu has no \"move\" string", shown, i + 1);
            rc = -1;
        } else {
            add_item(l, mv);
        }
    }
    const json_t *st = json_object_get(doc, "start");
    if (!json_is_string(st)) st = json_object_get(doc, "position");
    if (!rc && json_is_string(st)) snprintf(start_text, ssize, "%s", json_string_value(st));
    json_decref(doc);
    return rc;
}

/* The moves of a text: its numbered lines (and "start POS") when it has any, else every item
 * separated by ';' or a line break. */
static void text_items(char *text, line_items *l, char *start_text, size_t ssize)
{
    bool any = false;
    for (char *p = text; *p && !any; p += strcspn(p, "\n"), p += *p == '\n')
        any = numbered(p);
    for (char *tok = text, *next; tok; tok = next) {
        next = tok + strcspn(tok, any ? "\n" : ";\n");
        if (*next)
            *next++ = 0;
        else
            next = NULL;
        char *item = trim(tok);
        if (any && !strncmp(item, "start ", 6))
            snprintf(start_text, ssize, "%s", trim(item + 6));
        else if (!any || numbered(item))
            add_item(l, item);
    }
}

/* Plays the items from *start into a new path; 0, or -1 with err naming the bad move. */
static int play(const chopsat_rules *r, const line_items *l, const chopsat_pos *start,
                chopsat_pos **path, size_t *n, chopsat_err *err)
{
    chopsat_pos *p = xcalloc(l->n + 1, sizeof *p);
    p[0] = *start;
    for (size_t i = 0; i < l->n; i++) {
        chopsat_move m;
        chopsat_err why;
        char at[CHOPSAT_POS_MAX];
        chopsat_pos_format(r, &p[i], at, sizeof at);
        if (chopsat_move_parse(r, &p[i], l->move[i], &m, NULL, &why) < 0) {
            free(p);
            say(err, "move %zu '%s' at %s: %s", i + 1, l->move[i], at, why.msg);
            return -1;
        }
        chopsat_pos want;
        if (l->expect[i] && (chopsat_pos_parse(r, l->expect[i], &want, &why) ||
                             (!chopsat_pos_equal(&want, &m.to) && strchr(l->expect[i], ':')))) {
            free(p);
            say(err, "move %zu '%s' at %s does not lead to %s", i + 1, l->move[i], at,
                l->expect[i]);
            return -1;
        }
        p[i + 1] = m.to;
    }
    *path = p;
    *n = l->n + 1;
    return 0;
}

/* chopsat_played_line_read under its recovery point. */
static chopsat_played_line *played_line_read_body(FILE *in, const char *text, const char *shown,
                                                  chopsat_err *err)
{
    char *own = in ? slurp(in) : text ? xstrdup(text) : NULL;
    if (!own) {
        say(err,
            "cannot read '%s' (or it is larger than 16 MiB, or "
            "it holds a NUL byte: no text does)",
            shown);
        return NULL;
    }
    chopsat_played_line *pl = xcalloc(1, sizeof *pl);
    line_items *l = &pl->l;
    char *t = trim(own);
    int rc = 0;
    if (*t == '{')
        rc = json_items(shown, t, l, l->start, sizeof l->start, err);
    else
        text_items(t, l, l->start, sizeof l->start);
    free(own);
    if (rc) {
        chopsat_played_line_free(pl);
        return NULL;
    }
    return pl;
}

chopsat_played_line *chopsat_played_line_read(FILE *in, const char *text, const char *shown,
                                              chopsat_err *err)
{
    CS_GUARDED(chopsat_played_line *, NULL, err, played_line_read_body(in, text, shown, err));
}

size_t chopsat_played_line_moves(const chopsat_played_line *pl)
{
    return pl->l.n;
}

const char *chopsat_played_line_start(const chopsat_played_line *pl)
{
    return pl->l.start[0] ? pl->l.start : NULL;
}

int chopsat_played_line_positions(const chopsat_played_line *pl, const chopsat_rules *r,
                                  const chopsat_pos *start, chopsat_pos **path, size_t *n,
                                  chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err, play(r, &pl->l, start, path, n, err));
}

void chopsat_played_line_free(chopsat_played_line *pl)
{
    if (!pl) return;
    items_free(&pl->l);
    free(pl);
}
