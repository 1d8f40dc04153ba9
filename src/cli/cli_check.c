/* cli_check.c: `chopsat check A MOVES...`, a student's move sequence checked move by move: each
 * move read as a person types it (chopsat_move_parse: a name with or without its verb, a die
 * face, a physical move the list names otherwise), or as play and decode print it (`3. player
 * 1  tap 1>1 -> 11/12:2`, whose position is then checked too); the first illegal move and why,
 * where the sequence ends and who has won (with --win P, exit 0 only when P has). `check --strategy FILE` is cli_check_strategy.c. */
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
    while (isspace((unsigned char)*s)) s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1])) s[--n] = 0;
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
        if (*next) *next++ = 0;
        else next = NULL;
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

/* One checked move. */
typedef struct checked {
    chopsat_move m;
    int player;
    bool same_as; /* another physical move, taken as this one */
} checked;

/* --win P: one line saying whether the moves are legal and P has won at their end (w: the
 * winner there, 0 when the game goes on). */
static const char *win_verdict(const cli_opts *o, const char *reason, int w, char *buf,
                               size_t size)
{
    if (reason) snprintf(buf, size, "win: no: the moves are not all legal");
    else if (w == o->win) snprintf(buf, size, "win: yes: player %ld has won", o->win);
    else if (w) snprintf(buf, size, "win: no: player %d has won, not player %ld", w, o->win);
    else snprintf(buf, size, "win: no: the game goes on, player %ld has not won", o->win);
    return buf;
}

static void print_text(const cli_opts *o, const chopsat_pos *start, const typed_list *l,
                       const checked *ok, size_t nok, const char *reason, const chopsat_pos *end)
{
    char buf[CHOPSAT_POS_MAX], desc[256];
    chopsat_rules_describe(o->rules, desc, sizeof desc);
    chopsat_pos_format(o->rules, start, buf, sizeof buf);
    printf("rules: %s\nstart: %s\n", desc, buf);
    for (size_t i = 0; i < nok; i++) {
        chopsat_pos_format(o->rules, &ok[i].m.to, buf, sizeof buf);
        printf("  %3zu. player %d  %-12s -> %s", i + 1, ok[i].player, ok[i].m.name, buf);
        if (ok[i].same_as) {
            printf("  (typed '");
            cli_escaped(stdout, l->items[i].move);
            printf("': the same move)");
        }
        printf("\n");
    }
    if (reason) {
        chopsat_pos_format(o->rules, end, buf, sizeof buf);
        printf("illegal: move %zu '", nok + 1);
        cli_escaped(stdout, l->items[nok].text);
        printf("' at %s: ", buf);
        cli_escaped(stdout, reason);
        printf("\nlegal: no (the first illegal move is move %zu of %zu)\n", nok + 1, l->n);
    } else {
        printf("legal: yes, %s%zu move%s\n", l->n > 1 ? "all " : "", l->n, l->n == 1 ? "" : "s");
    }
    chopsat_pos_format(o->rules, end, buf, sizeof buf);
    int w = chopsat_pos_winner(o->rules, end);
    printf("end: %s after %zu move%s; ", buf, nok, nok == 1 ? "" : "s");
    if (w) printf("the game is over: player %d has won\n", w);
    else printf("the game goes on, player %u to move\n", end->mover);
    if (o->given[OPT_WIN]) printf("%s\n", win_verdict(o, reason, w, buf, sizeof buf));
}

static void print_json(const cli_opts *o, const chopsat_pos *start, const typed_list *l,
                       const checked *ok, size_t nok, const char *reason, const chopsat_pos *end)
{
    char buf[CHOPSAT_POS_MAX], desc[256];
    chopsat_rules_describe(o->rules, desc, sizeof desc);
    chopsat_json j;
    chopsat_json_init(&j, stdout);
    chopsat_json_object(&j);
    chopsat_json_kstring(&j, "rules", desc);
    chopsat_pos_format(o->rules, start, buf, sizeof buf);
    chopsat_json_kstring(&j, "start", buf);
    chopsat_json_kbool(&j, "legal", reason == NULL);
    chopsat_json_kint(&j, "moves_given", (long long)l->n);
    chopsat_json_kint(&j, "moves_legal", (long long)nok);
    chopsat_json_key(&j, "moves");
    chopsat_json_array(&j, false);
    for (size_t i = 0; i < nok; i++) {
        chopsat_json_object(&j);
        chopsat_json_kstring(&j, "typed", l->items[i].move);
        chopsat_json_kint(&j, "player", ok[i].player);
        chopsat_json_kstring(&j, "move", ok[i].m.name);
        chopsat_pos_format(o->rules, &ok[i].m.to, buf, sizeof buf);
        chopsat_json_kstring(&j, "position", buf);
        chopsat_json_kbool(&j, "same_as", ok[i].same_as);
        chopsat_json_end(&j);
    }
    chopsat_json_end(&j);
    chopsat_json_key(&j, "illegal");
    if (reason) {
        chopsat_json_object(&j);
        chopsat_json_kint(&j, "index", (long long)nok + 1);
        chopsat_json_kstring(&j, "typed", l->items[nok].text);
        chopsat_pos_format(o->rules, end, buf, sizeof buf);
        chopsat_json_kstring(&j, "position", buf);
        chopsat_json_kstring(&j, "reason", reason);
        chopsat_json_end(&j);
    } else {
        chopsat_json_null(&j);
    }
    chopsat_pos_format(o->rules, end, buf, sizeof buf);
    chopsat_json_kstring(&j, "end", buf);
    int w = chopsat_pos_winner(o->rules, end);
    chopsat_json_kbool(&j, "over", w != 0);
    chopsat_json_key(&j, "winner");
    if (w) chopsat_json_int(&j, w);
    else chopsat_json_null(&j);
    chopsat_json_key(&j, "to_move");
    if (w) chopsat_json_null(&j);
    else chopsat_json_int(&j, end->mover);
    if (o->given[OPT_WIN]) {
        chopsat_json_kint(&j, "win_player", o->win);
        chopsat_json_kbool(&j, "won", !reason && w == o->win);
        chopsat_json_kstring(&j, "win_check", win_verdict(o, reason, w, buf, sizeof buf));
    }
    chopsat_json_end(&j);
    putchar('\n');
}

/* Plays the typed moves from A: EXIT_OK (0) when every one is legal (and, with --win P, P has
 * won at the end), EXIT_NO when not. */
static int check_moves(cli_opts *o)
{
    int rc = cli_need_args(o, NULL);
    if (rc) return rc;
    if (o->k >= 0 || o->to)
        return cli_usage("check: -k and --to go with --strategy FILE (a move sequence needs neither)");
    chopsat_pos start, pos;
    rc = cli_position(o, o->args[0], &start);
    if (rc) return rc;
    typed_list l = {0};
    char *pending = NULL;
    for (int i = 1; i < o->nargs && !rc; i++) {
        if (!strcmp(o->args[i], "-")) rc = add_stream(&l, stdin, &pending);
        else add_text(&l, o->args[i], &pending);
    }
    if (pending) add_item(&l, pending); /* a verb alone at the end: reported as illegal */
    free(pending);
    if (rc) {
        typed_list_free(&l);
        return rc;
    }
    checked *ok = cli_calloc(l.n + 1, sizeof *ok);
    size_t nok = 0;
    char reason[700] = "";
    bool bad = false;
    pos = start;
    for (size_t i = 0; i < l.n && !bad; i++) {
        chopsat_err err;
        checked c = {.player = (int)pos.mover};
        if (chopsat_move_parse(o->rules, &pos, l.items[i].move, &c.m, &c.same_as, &err) < 0) {
            snprintf(reason, sizeof reason, "%s", err.msg);
            bad = true;
            break;
        }
        if (l.items[i].expect) {
            chopsat_pos want;
            char got[CHOPSAT_POS_MAX];
            chopsat_pos_format(o->rules, &c.m.to, got, sizeof got);
            if (chopsat_pos_parse(o->rules, l.items[i].expect, &want, &err)) {
                snprintf(reason, sizeof reason, "cannot read the position after '->': %s", err.msg);
                bad = true;
            } else if (!chopsat_pos_equal(&want, &c.m.to)) {
                /* no ":M" written: compare the hands only */
                chopsat_pos other = want;
                other.mover = 3 - want.mover;
                bool no_mover = !strchr(l.items[i].expect, ':');
                if (!(no_mover && chopsat_pos_equal(&other, &c.m.to))) {
                    snprintf(reason, sizeof reason, "%s leads to %s, not to %s as written", c.m.name,
                             got, l.items[i].expect);
                    bad = true;
                }
            }
            if (bad) break;
        }
        ok[nok++] = c;
        pos = c.m.to;
    }
    if (o->format == FMT_HTML) { /* the moves made and what was typed, for the page */
        chopsat_moves made = {.items = cli_calloc(nok + 1, sizeof *made.items), .n = nok, .cap = nok + 1};
        const char **typed = cli_calloc(l.n + 1, sizeof *typed);
        for (size_t i = 0; i < l.n; i++) typed[i] = i < nok ? l.items[i].move : l.items[i].text;
        for (size_t i = 0; i < nok; i++) made.items[i] = ok[i].m;
        rc = cli_html_checked(o, &start, &made, typed, l.n, bad ? reason : NULL);
        chopsat_moves_free(&made);
        free(typed);
    } else if (o->format == FMT_JSON) print_json(o, &start, &l, ok, nok, bad ? reason : NULL, &pos);
    else print_text(o, &start, &l, ok, nok, bad ? reason : NULL, &pos);
    free(ok);
    typed_list_free(&l);
    if (o->format == FMT_HTML && rc) return rc;
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
        rc = cli_usage("check: --format html draws a move sequence; a strategy's page is force --format html");
    else if (!rc) rc = o.strategy ? cli_check_strategy(&o) : check_moves(&o);
    cli_opts_free(&o);
    return rc;
}
