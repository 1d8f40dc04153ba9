/* cli_html_path.c: a line of play given from outside, for `graph --highlight FILE|MOVES`: moves
 * typed on the command line, a file of them, or what another command printed (the text or JSON
 * of win, reach, decode, check, solve), read into the positions the moves lead through. Each
 * move is read as a person types it (chopsat_move_parse) from the position before it; a
 * position written after "->" must be the one the move leads to. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "cli/cli_html.h"

#define LINE_FILE_MAX (16u << 20)

/* The whole of f (at most LINE_FILE_MAX bytes, no NUL byte): a new string, or NULL. */
static char *slurp(FILE *f)
{
    size_t cap = 1 << 12, n = 0;
    char *buf = cli_calloc(cap, 1);
    for (;;) {
        if (n + 1 >= cap) {
            if (cap >= LINE_FILE_MAX) break;
            char *grown = cli_calloc(cap * 2, 1);
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
    while (isspace((unsigned char)*s)) s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1])) s[--n] = 0;
    return s;
}

/* Whether s is a numbered line as win, decode and solve print them: "  3. player 1  tap ...". */
static bool numbered(const char *s)
{
    while (isspace((unsigned char)*s)) s++;
    size_t d = strspn(s, "0123456789");
    if (!d || s[d] != '.') return false;
    s += d + 1;
    while (isspace((unsigned char)*s)) s++;
    return !strncasecmp(s, "player ", 7);
}

/* The moves being read: each move's text and the position written after "->" (or NULL). */
typedef struct line_items {
    char **move, **expect;
    size_t n, cap;
} line_items;

/* Adds one item, cleaned of "N.", "player N" and a trailing "-> POS" (kept as the expected
 * position). */
static void add_item(line_items *l, const char *raw)
{
    char *copy = cli_strdup(raw), *s = trim(copy);
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
        expect = cli_strdup(trim(arrow + 2));
    }
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 16;
        char **m = cli_calloc(l->cap, sizeof *m), **e = cli_calloc(l->cap, sizeof *e);
        if (l->n) {
            memcpy(m, l->move, l->n * sizeof *m);
            memcpy(e, l->expect, l->n * sizeof *e);
        }
        free(l->move);
        free(l->expect);
        l->move = m;
        l->expect = e;
    }
    l->move[l->n] = cli_strdup(trim(s));
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
 * start from "start" (check) or "position" (solve) into start_text. 0, or EXIT_ERROR. */
static int json_items(const char *shown, const char *text, line_items *l, char *start_text,
                      size_t ssize)
{
    json_value doc;
    char msg[300];
    if (json_parse(text, &doc, msg, sizeof msg))
        return cli_error("--highlight: %s is not JSON: %s", shown, msg);
    const json_value *arr = json_member(&doc, "witness");
    if (!arr || arr->kind != JV_ARRAY) arr = json_member(&doc, "line");
    if (!arr || arr->kind != JV_ARRAY) arr = json_member(&doc, "moves");
    int rc = 0;
    if (!arr || arr->kind != JV_ARRAY)
        rc = cli_error("--highlight: %s has no \"witness\", \"line\" or \"moves\" array", shown);
    for (size_t i = 0; !rc && i < arr->n; i++) {
        const json_value *mv = json_member(&arr->items[i], "move");
        if (!mv || mv->kind != JV_STRING)
            rc = cli_error("--highlight: %s: move %zu has no \"move\" string", shown, i + 1);
        else
            add_item(l, mv->string);
    }
    const json_value *st = json_member(&doc, "start");
    if (!st || st->kind != JV_STRING) st = json_member(&doc, "position");
    if (!rc && st && st->kind == JV_STRING) snprintf(start_text, ssize, "%s", st->string);
    json_value_free(&doc);
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
        if (*next) *next++ = 0;
        else next = NULL;
        char *item = trim(tok);
        if (any && !strncmp(item, "start ", 6)) snprintf(start_text, ssize, "%s", trim(item + 6));
        else if (!any || numbered(item)) add_item(l, item);
    }
}

/* Plays the items from *start into a new path; 0, or EXIT_ERROR naming the bad move. */
static int play(const cli_opts *o, const line_items *l, const chopsat_pos *start,
                chopsat_pos **path, size_t *n)
{
    chopsat_pos *p = cli_calloc(l->n + 1, sizeof *p);
    p[0] = *start;
    for (size_t i = 0; i < l->n; i++) {
        chopsat_move m;
        chopsat_err err;
        char at[CHOPSAT_POS_MAX];
        chopsat_pos_format(o->rules, &p[i], at, sizeof at);
        if (chopsat_move_parse(o->rules, &p[i], l->move[i], &m, NULL, &err) < 0) {
            free(p);
            return cli_error("--highlight: move %zu '%s' at %s: %s", i + 1, l->move[i], at, err.msg);
        }
        chopsat_pos want;
        if (l->expect[i] && (chopsat_pos_parse(o->rules, l->expect[i], &want, &err) ||
                             (!chopsat_pos_equal(&want, &m.to) && strchr(l->expect[i], ':')))) {
            free(p);
            return cli_error("--highlight: move %zu '%s' at %s does not lead to %s", i + 1,
                             l->move[i], at, l->expect[i]);
        }
        p[i + 1] = m.to;
    }
    *path = p;
    *n = l->n + 1;
    return 0;
}

int cli_read_line(const cli_opts *o, const char *spec, chopsat_pos *start, chopsat_pos **path,
                  size_t *n)
{
    struct stat st;
    bool from_file = !strcmp(spec, "-") || (stat(spec, &st) == 0 && !S_ISDIR(st.st_mode));
    char *text;
    if (from_file) {
        FILE *f = strcmp(spec, "-") ? fopen(spec, "r") : stdin;
        if (!f) return cli_error("--highlight: cannot read '%s'", spec);
        text = slurp(f);
        if (f != stdin) fclose(f);
        if (!text)
            return cli_error("--highlight: cannot read '%s' (or it is larger than 16 MiB, or it "
                             "holds a NUL byte: no text does)", spec);
    } else {
        text = cli_strdup(spec);
    }
    line_items l = {0};
    char start_text[100] = "";
    char *t = trim(text);
    int rc = *t == '{' ? json_items(from_file ? spec : "the argument", t, &l, start_text,
                                    sizeof start_text)
                       : (text_items(t, &l, start_text, sizeof start_text), 0);
    if (!rc && start_text[0] && !o->given[OPT_FROM]) rc = cli_position(o, start_text, start);
    if (!rc && !l.n) rc = cli_error("--highlight: no move in %s", from_file ? spec : "the argument");
    if (!rc) rc = play(o, &l, start, path, n);
    items_free(&l);
    free(text);
    return rc;
}
