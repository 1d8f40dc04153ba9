/* position.c: the game-independent side of positions and moves (parsing, printing, listing
 * moves with names, finding a move by its result or its name). Each game supplies the
 * specifics through its table in game.h. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "chopsat_tool.h"
#include "core/oom.h"
#include "core/util.h"
#include "games/game.h"

static int pos_parse_body(const chopsat_rules *r, const char *text, chopsat_pos *out,
                          chopsat_err *err)
{
    if (!text || !*text) return fail(err, "position: empty position");
    if (!strcmp(text, "start")) {
        r->game->start(r, out);
        return 0;
    }
    return r->game->parse(r, text, out, err);
}

int chopsat_pos_parse(const chopsat_rules *r, const char *text, chopsat_pos *out, chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err, pos_parse_body(r, text, out, err));
}

void chopsat_pos_start(const chopsat_rules *r, chopsat_pos *out)
{
    r->game->start(r, out);
}

size_t chopsat_pos_format(const chopsat_rules *r, const chopsat_pos *p, char *buf, size_t size)
{
    char text[CHOPSAT_POS_MAX];
    r->game->format(r, p, text, sizeof text);
    return (size_t)snprintf(buf, size, "%s", text);
}

void chopsat_pos_draw(const chopsat_rules *r, const chopsat_pos *p, FILE *out)
{
    r->game->draw(r, p, out);
}

bool chopsat_pos_chance(const chopsat_rules *r, const chopsat_pos *p)
{
    return r->game->chance(r, p);
}

bool chopsat_pos_equal(const chopsat_pos *a, const chopsat_pos *b)
{
    return !memcmp(a, b, sizeof *a);
}

int chopsat_pos_check(const chopsat_rules *r, const chopsat_pos *p, chopsat_err *err)
{
    if (!p) return fail(err, "position: none given (NULL)");
    if (p->mover != 1 && p->mover != 2)
        return fail(err, "position: player to move %u is not 1 or 2", (unsigned)p->mover);
    if (p->unused) return fail(err, "position: its unused word is %u, not 0", (unsigned)p->unused);
    /* Fast where the game has an index space: a position is one when its index names it back. */
    uint64_t n = r->game->count(r);
    chopsat_pos q;
    if (n) {
        uint64_t i = r->game->index(r, p);
        if (i < n && r->game->unindex(r, i, &q) && chopsat_pos_equal(&q, p)) return CHOPSAT_OK;
    }
    /* Else (and for the message) written and read back: the parser names what is out of range. */
    char text[CHOPSAT_POS_MAX];
    chopsat_err why = {0};
    r->game->format(r, p, text, sizeof text);
    if (r->game->parse(r, text, &q, &why))
        return fail(err, "position %s is outside these rules: %s", text, why.msg);
    if (!chopsat_pos_equal(&q, p))
        return fail(err,
                    "position %s is outside these rules: not in normal form, or a field the "
                    "game does not use is set",
                    text);
    return CHOPSAT_OK;
}

int chopsat_pos_winner(const chopsat_rules *r, const chopsat_pos *p)
{
    return r->game->winner(r, p);
}

int chopsat_value_other(int value)
{
    return value == CHOPSAT_WIN ? CHOPSAT_LOSS : value == CHOPSAT_LOSS ? CHOPSAT_WIN : value;
}

int chopsat_pos_outcome(const chopsat_rules *r, const chopsat_pos *p)
{
    int w = r->game->winner(r, p);
    if (!w) return 0;
    return w == (int)p->mover ? CHOPSAT_WIN : CHOPSAT_LOSS;
}

static int moves_list_body(const chopsat_rules *r, const chopsat_pos *p, chopsat_moves *out,
                           chopsat_err *err)
{
    out->n = 0;
    if (chopsat_pos_check(r, p, err)) return CHOPSAT_ERROR;
    if (r->game->winner(r, p)) return CHOPSAT_OK;
    size_t cap = r->game->max_moves(r);
    if (r->game->moves_at) {
        size_t at = r->game->moves_at(r, p);
        if (at < cap) cap = at;
    }
    if (cap > CHOPSAT_MOVES_LIST_MAX) {
        fail(err, "moves: the position may have more than %zu moves, too many to list",
             CHOPSAT_MOVES_LIST_MAX);
        return CHOPSAT_LIMIT;
    }
    step *steps = xmalloc(cap * sizeof *steps);
    size_t n = r->game->moves(r, p, steps);
    VEC_RESERVE(*out, n);
    for (size_t i = 0; i < n; i++) {
        chopsat_move *m = &out->items[i];
        memset(m, 0, sizeof *m);
        m->to = steps[i].to;
        m->kind = steps[i].kind;
        r->game->move_name(r, p, &steps[i], m->name, sizeof m->name);
    }
    out->n = n;
    free(steps);
    return CHOPSAT_OK;
}

int chopsat_moves_list(const chopsat_rules *r, const chopsat_pos *p, chopsat_moves *out,
                       chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err, moves_list_body(r, p, out, err));
}

const char *chopsat_move_short_name(const chopsat_move *m)
{
    const char *sp = strchr(m->name, ' ');
    return sp ? sp + 1 : m->name;
}

void chopsat_moves_free(chopsat_moves *moves)
{
    VEC_FREE(*moves);
}

/* The move from `from` to `to` straight from the game's rules (its step_to): time and memory
 * independent of how many moves `from` has. CHOPSAT_OK with *move, CHOPSAT_NO when there is
 * none. */
static int move_direct(const chopsat_rules *r, const chopsat_pos *from, const chopsat_pos *to,
                       chopsat_move *move)
{
    step s;
    if (r->game->winner(r, from) || !r->game->step_to(r, from, to, &s)) return CHOPSAT_NO;
    memset(move, 0, sizeof *move);
    move->to = s.to;
    move->kind = s.kind;
    r->game->move_name(r, from, &s, move->name, sizeof move->name);
    return CHOPSAT_OK;
}

static int move_between_body(const chopsat_rules *r, const chopsat_pos *from, const chopsat_pos *to,
                             chopsat_move *move, chopsat_err *err)
{
    if (chopsat_pos_check(r, from, err)) return CHOPSAT_ERROR;
    if (!to) return fail(err, "move: no position to move to (NULL)");
    if (r->game->step_to) return move_direct(r, from, to, move);
    chopsat_moves ms = {0};
    int rc = chopsat_moves_list(r, from, &ms, err);
    if (rc < 0) return rc;
    rc = CHOPSAT_NO;
    for (size_t i = 0; i < ms.n && rc; i++)
        if (chopsat_pos_equal(&ms.items[i].to, to)) {
            *move = ms.items[i];
            rc = CHOPSAT_OK;
        }
    chopsat_moves_free(&ms);
    return rc;
}

int chopsat_move_between(const chopsat_rules *r, const chopsat_pos *from, const chopsat_pos *to,
                         chopsat_move *move, chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err, move_between_body(r, from, to, move, err));
}

/* Compares two move names ignoring case and white space. */
static bool same_name(const char *a, const char *b)
{
    for (;;) {
        while (isspace((unsigned char)*a))
            a++;
        while (isspace((unsigned char)*b))
            b++;
        if (!*a || !*b) return !*a && !*b;
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b)) return false;
        a++, b++;
    }
}

/* The name without white space, in lower case, as typed_move reads it; false when too long. */
static bool normal_name(const char *name, char *out, size_t size)
{
    size_t n = 0;
    for (const char *s = name; *s; s++)
        if (!isspace((unsigned char)*s)) {
            if (n + 1 >= size) return false;
            out[n++] = (char)tolower((unsigned char)*s);
        }
    out[n] = 0;
    return true;
}

/* move_by_name for a game with step_to: the name played as a typed move, then the listed move
 * for its result, which must carry that name (with or without its verb). */
static int move_by_name_direct(const chopsat_rules *r, const chopsat_pos *p, const char *name,
                               chopsat_move *move)
{
    char norm[64], why[300];
    chopsat_pos to;
    chopsat_move m;
    if (!normal_name(name, norm, sizeof norm) || !*norm || r->game->winner(r, p)) return CHOPSAT_NO;
    if (r->game->typed_move(r, p, norm, &to, why, sizeof why) != 1) return CHOPSAT_NO;
    if (move_direct(r, p, &to, &m)) return CHOPSAT_NO;
    const char *sp = strchr(m.name, ' ');
    if (!same_name(m.name, name) && !(sp && same_name(sp + 1, name))) return CHOPSAT_NO;
    *move = m;
    return CHOPSAT_OK;
}

static int move_by_name_body(const chopsat_rules *r, const chopsat_pos *p, const char *name,
                             chopsat_move *move, chopsat_err *err)
{
    if (chopsat_pos_check(r, p, err)) return CHOPSAT_ERROR;
    if (!name) return fail(err, "move: no name given (NULL)");
    if (r->game->step_to) return move_by_name_direct(r, p, name, move);
    chopsat_moves ms = {0};
    int rc = chopsat_moves_list(r, p, &ms, err);
    if (rc < 0) return rc;
    rc = CHOPSAT_NO;
    for (size_t i = 0; i < ms.n && rc; i++) {
        /* the full name, or the name without its verb ("1>3" for "tap 1>3") */
        const char *sp = strchr(ms.items[i].name, ' ');
        if (same_name(ms.items[i].name, name) || (sp && same_name(sp + 1, name))) {
            *move = ms.items[i];
            rc = CHOPSAT_OK;
        }
    }
    chopsat_moves_free(&ms);
    return rc;
}

int chopsat_move_by_name(const chopsat_rules *r, const chopsat_pos *p, const char *name,
                         chopsat_move *move, chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err, move_by_name_body(r, p, name, move, err));
}

/* The most moves a message lists a position's moves from: past it (hands of many fingers) the
 * message says so instead of listing them all. */
#define LIST_FOR_MESSAGE 4096

/* A few legal moves of pos by name, for a message: "tap 1>1, split 0,2". */
static void some_names(const chopsat_moves *ms, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = 0;
    for (size_t i = 0; i < ms->n && used + 1 < size; i++) {
        if (i == 6) {
            snprintf(buf + used, size - used, ", ...");
            break;
        }
        int w = snprintf(buf + used, size - used, "%s%s", i ? ", " : "", ms->items[i].name);
        if (w < 0) break;
        used += (size_t)w;
    }
}

/* When `word` (lower case) is a move's verb alone ("tap"), a hint naming a legal move of that
 * verb in buf: the shell took its argument ("tap 2>2" unquoted writes a file named 2);
 * otherwise buf is "". */
static void lone_verb_hint(const chopsat_moves *ms, const char *word, char *buf, size_t size)
{
    size_t n = strlen(word);
    buf[0] = 0;
    for (size_t i = 0; i < n; i++)
        if (!isalpha((unsigned char)word[i])) return;
    for (size_t i = 0; i < ms->n; i++) {
        const char *name = ms->items[i].name;
        if (strncmp(name, word, n) || name[n] != ' ') continue;
        if (strchr(name, '>'))
            snprintf(buf, size,
                     "; '%s' alone: quote moves that contain '>': '%s' (unquoted, "
                     "the shell reads '>' as writing to a file)",
                     word, name);
        else
            snprintf(buf, size, "; '%s' alone: a move is one argument with its numbers: '%s'", word,
                     name);
        return;
    }
}

static int move_parse_body(const chopsat_rules *r, const chopsat_pos *p, const char *text,
                           chopsat_move *move, bool *renamed, chopsat_err *err)
{
    if (renamed) *renamed = false;
    if (chopsat_pos_check(r, p, err)) return CHOPSAT_ERROR;
    if (!text) return fail(err, "move: no text given (NULL)");
    char norm[64];
    size_t n = 0;
    for (const char *s = text; *s; s++)
        if (!isspace((unsigned char)*s)) {
            if (n + 1 >= sizeof norm) return fail(err, "'%.40s...' is too long for a move", text);
            norm[n++] = (char)tolower((unsigned char)*s);
        }
    norm[n] = 0;
    if (!n) return fail(err, "an empty move");
    int w = r->game->winner(r, p);
    if (w) return fail(err, "the game is over: player %d has won", w);
    if (chopsat_move_by_name(r, p, norm, move, NULL) == CHOPSAT_OK) return CHOPSAT_OK;
    chopsat_pos to;
    char why[300] = "";
    int rc = r->game->typed_move(r, p, norm, &to, why, sizeof why);
    if (rc < 0) return fail(err, "%s", why);
    if (rc == 1 && r->game->step_to && move_direct(r, p, &to, move) == 0) {
        /* the same name apart from case, spaces or the verb: the move itself */
        if (renamed) *renamed = chopsat_move_by_name(r, p, norm, move, NULL) != CHOPSAT_OK;
        return CHOPSAT_OK;
    }
    chopsat_moves ms = {0};
    char names[200];
    if (r->game->max_moves(r) <= LIST_FOR_MESSAGE) {
        chopsat_moves_list(r, p, &ms, NULL);
        some_names(&ms, names, sizeof names);
    } else {
        snprintf(names, sizeof names, "too many to list");
    }
    if (rc == 0) {
        char hint[2 * 64 + CHOPSAT_NAME_MAX + 128];
        lone_verb_hint(&ms, norm, hint, sizeof hint);
        chopsat_moves_free(&ms);
        fail(err, "'%s' is no move in this game's notation (the legal moves here: %s)%s", text,
             names, hint);
        return CHOPSAT_NOTATION;
    }
    for (size_t i = 0; i < ms.n; i++)
        if (chopsat_pos_equal(&ms.items[i].to, &to)) {
            *move = ms.items[i];
            chopsat_moves_free(&ms);
            /* the same name apart from case, spaces or the verb: the move itself */
            if (renamed) *renamed = chopsat_move_by_name(r, p, norm, move, NULL) != CHOPSAT_OK;
            return CHOPSAT_OK;
        }
    chopsat_moves_free(&ms);
    char buf[CHOPSAT_POS_MAX];
    r->game->format(r, &to, buf, sizeof buf);
    return fail(err,
                "'%s' would lead to %s, which no legal move reaches (the legal moves here: "
                "%s)",
                text, buf, names);
}

int chopsat_move_parse(const chopsat_rules *r, const chopsat_pos *p, const char *text,
                       chopsat_move *move, bool *renamed, chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err, move_parse_body(r, p, text, move, renamed, err));
}
