/* cli_check.c: `chopsat check A MOVES...`, a student's move sequence checked move by move: each
 * move read as a person types it (chopsat_move_parse: a name with or without its verb, a die
 * face, a physical move the list names otherwise), or as play and decode print it (`3. player
 * 1  tap 1>1 -> 11/12:2`, whose position is then checked too); the first illegal move and why,
 * where the sequence ends and who has won (with --win P, exit 0 only when P has). `check --strategy
 * FILE` is cli_check_strategy.c. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli/cli_html.h"

/* One move as typed: the move itself and, when the line said so, the position it should give. */
typedef struct typed_move {
    char *text;   /* the whole item, for messages */
    char *move;   /* the move part */
    char *expect; /* after "->", or NULL */
} typed_move;

typedef struct typed_list {
    typed_move *items;
    size_t n, cap;
} typed_list;

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = 0;
    return s;
}

/* Skips word w (case-insensitive) at *s when it is there, followed by a space or the end. */
static bool skip_word(char **s, const char *w)
{
    size_t n = strlen(w);
    if (strncasecmp(*s, w, n) || ((*s)[n] && !isspace((unsigned char)(*s)[n]))) return false;
    *s = trim(*s + n);
    return true;
}

/* The verbs a person may type apart from the move ("tap" "1>1" as two arguments). */
static bool bare_verb(const char *s)
{
    static const char *verbs[] = {"tap", "add", "split", "turn", "open", "roll"};
    for (size_t i = 0; i < sizeof verbs / sizeof *verbs; i++)
        if (!strcasecmp(s, verbs[i])) return true;
    return false;
}

/* Adds one item (a move as typed, or a line as play and decode print one), cleaned: a leading
 * "N." or "N)", "player N", "(you)"/"(computer)", "plays"/"rolls:", and a trailing "-> POS". */
static void add_item(typed_list *l, const char *raw)
{
    char *copy = cli_strdup(raw), *s = trim(copy);
    if (!*s) {
        free(copy);
        return;
    }
    typed_move t = {.text = cli_strdup(s)};
    size_t digits = strspn(s, "0123456789");
    if (digits && (s[digits] == '.' || s[digits] == ')')) s = trim(s + digits + 1);
    if (!strncasecmp(s, "player ", 7) && (s[7] == '1' || s[7] == '2')) {
        s = trim(s + 8);
        if (!skip_word(&s, "(you)")) skip_word(&s, "(computer)");
        if (!skip_word(&s, "plays")) skip_word(&s, "rolls:");
    }
    char *arrow = strstr(s, "->");
    if (arrow) {
        *arrow = 0;
        t.expect = cli_strdup(trim(arrow + 2));
    }
    t.move = cli_strdup(trim(s));
    free(copy);
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 16;
        typed_move *grown = cli_calloc(l->cap, sizeof *grown);
        if (l->n) memcpy(grown, l->items, l->n * sizeof *grown);
        free(l->items);
        l->items = grown;
    }
    l->items[l->n++] = t;
}

/* Splits text at ';' and line breaks into items; a bare verb joins the item after it. */
static void add_text(typed_list *l, const char *text, char **pending)
{
    char *copy = cli_strdup(text);
    for (char *tok = copy, *next; tok; tok = next) {
        next = tok + strcspn(tok, ";\n");
        if (*next)
            *next++ = 0;
        else
            next = NULL;
        char *item = trim(tok);
        if (!*item) continue;
        if (*pending) {
            size_t n = strlen(*pending) + strlen(item) + 2;
            char *joined = cli_calloc(n, 1);
            snprintf(joined, n, "%s %s", *pending, item);
            free(*pending);
            *pending = NULL;
            add_item(l, joined);
            free(joined);
        } else if (bare_verb(item)) {
            *pending = cli_strdup(item);
        } else {
            add_item(l, item);
        }
    }
    free(copy);
}

static void typed_list_free(typed_list *l)
{
    for (size_t i = 0; i < l->n; i++) {
        free(l->items[i].text);
        free(l->items[i].move);
        free(l->items[i].expect);
    }
    free(l->items);
}

/* Reads every line of f into l (a NUL byte or a line past CHOPSAT_LINE_MAX is refused). 0, or
 * EXIT_ERROR. */
static int add_stream(typed_list *l, FILE *f, char **pending)
{
    char *line = NULL;
    size_t cap = 0;
    long len, n = 0;
    while ((len = chopsat_line_read(f, &line, &cap, CHOPSAT_LINE_MAX)) >= 0) {
        add_text(l, line, pending);
        n++;
    }
    free(line);
    if (len != CHOPSAT_LINE_END)
        return cli_error("standard input line %ld: %s", n + 1, chopsat_line_problem(len));
    if (ferror(f)) return cli_error("cannot read the moves from standard input");
    return 0;
}

/* The checked sequence as the format asks: its page, JSON or text. 0, or EXIT_ERROR. */
static int report(const cli_opts *o, const chopsat_move_check *c)
{
    if (o->format == FMT_HTML) { /* the moves made and what was typed, for the page */
        chopsat_moves made = {.items = cli_calloc(c->legal + 1, sizeof *made.items),
                              .n = c->legal,
                              .cap = c->legal + 1};
        const char **typed = cli_calloc(c->given + 1, sizeof *typed);
        for (size_t i = 0; i < c->given; i++)
            typed[i] = i < c->legal ? c->moves[i].move : c->moves[i].text;
        for (size_t i = 0; i < c->legal; i++)
            made.items[i] = c->moves[i].m;
        int rc = cli_html_checked(o, &c->start, &made, typed, c->given, c->reason);
        chopsat_moves_free(&made);
        free(typed);
        return rc;
    }
    chopsat_err err;
    int rc = o->format == FMT_JSON ? chopsat_report_check_json(stdout, o->rules, c, &err)
                                   : chopsat_report_check_text(stdout, o->rules, c, &err);
    return rc < 0 && !ferror(stdout) ? cli_error("%s", err.msg) : 0;
}

/* Plays the typed moves from A: EXIT_OK (0) when every one is legal (and, with --win P, P has
 * won at the end), EXIT_NO when not. */
static int check_moves(cli_opts *o)
{
    int rc = cli_need_args(o, NULL);
    if (rc) return rc;
    if (o->k >= 0 || o->to)
        return cli_usage(
            "check: -k and --to go with --strategy FILE (a move sequence needs neither)");
    chopsat_pos start, pos;
    rc = cli_position(o, o->args[0], &start);
    if (rc) return rc;
    typed_list l = {0};
    char *pending = NULL;
    for (int i = 1; i < o->nargs && !rc; i++) {
        if (!strcmp(o->args[i], "-"))
            rc = add_stream(&l, stdin, &pending);
        else
            add_text(&l, o->args[i], &pending);
    }
    if (pending) add_item(&l, pending); /* a verb alone at the end: reported as illegal */
    free(pending);
    if (rc) {
        typed_list_free(&l);
        return rc;
    }
    chopsat_typed_move *ok = cli_calloc(l.n + 1, sizeof *ok);
    size_t nok = 0;
    char reason[700] = "";
    bool bad = false;
    pos = start;
    for (size_t i = 0; i < l.n; i++) {
        ok[i] = (chopsat_typed_move){.text = l.items[i].text, .move = l.items[i].move};
        if (!bad && !(bad = !chopsat_typed_move_check(o->rules, &pos, l.items[i].expect, &ok[i],
                                                      reason, sizeof reason)))
            pos = ok[nok++].m.to;
    }
    chopsat_move_check mc = {.start = start,
                             .end = pos,
                             .moves = ok,
                             .given = l.n,
                             .legal = nok,
                             .reason = bad ? reason : NULL,
                             .win = o->given[OPT_WIN] ? (int)o->win : 0};
    rc = report(o, &mc);
    free(ok);
    typed_list_free(&l);
    if (rc) return rc;
    if (bad) return EXIT_NO;
    return o->given[OPT_WIN] && chopsat_pos_winner(o->rules, &pos) != o->win ? EXIT_NO : 0;
}

int cli_check(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("check", argc, argv, CLI_MAX_ARGS, &o);
    if (!rc && o.strategy && o.given[OPT_WIN])
        rc = cli_usage("check: --win P goes with a move sequence (a strategy names its player)");
    else if (!rc && o.strategy && o.format == FMT_HTML)
        rc = cli_usage(
            "check: --format html draws a move sequence; a strategy's page is force --format html");
    else if (!rc)
        rc = o.strategy ? cli_check_strategy(&o) : check_moves(&o);
    cli_opts_free(&o);
    return rc;
}
