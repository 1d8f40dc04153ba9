/* grade_moves.c: the check of a line of moves (exercise 4): each move typed as `chopsat check`
 * takes it, checked at its position by the rules (chopsat_typed_move_check); the player the
 * exercise names must have won at the end; and no sequence may be shorter, against the least
 * number of moves of the checked answer (chopsat_ask), which is never printed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/util.h"
#include "grade/grade.h"

#define MOVES_MAX 1000

/* A word that names a kind of move and needs the rest ("tap" of "tap 2>2"). */
static bool bare_verb(const char *s)
{
    static const char *const verbs[] = {"tap", "add", "split", "turn", "open", "roll"};
    for (size_t i = 0; i < sizeof verbs / sizeof *verbs; i++)
        if (!strcasecmp(s, verbs[i])) return true;
    return false;
}

/* Splits text into moves (new strings in moves): at ';', line breaks and spaces, a bare verb
 * joined to the word after it. Returns their number (at most MOVES_MAX; more: -1). */
static long split_moves(char *text, char **moves)
{
    long n = 0;
    char *pending = NULL;
    for (char *tok = strtok(text, "; \t\r\n"); tok; tok = strtok(NULL, "; \t\r\n")) {
        if (!pending && bare_verb(tok)) {
            pending = tok;
            continue;
        }
        if (n == MOVES_MAX) return -1;
        size_t len = strlen(tok) + (pending ? strlen(pending) + 2 : 1);
        moves[n] = xmalloc(len);
        snprintf(moves[n++], len, "%s%s%s", pending ? pending : "", pending ? " " : "", tok);
        pending = NULL;
    }
    if (pending) {
        if (n == MOVES_MAX) return -1;
        moves[n++] = xstrdup(pending);
    }
    return n;
}

/* The least number of moves after which q->player has won (the checked answer), or -1 when the
 * exercise's bound has none; -2 with err when the answer could not be had. */
static int least_moves(const chopsat_rules *r, const chopsat_query *q, chopsat_err *err)
{
    chopsat_ask_opts o = {0};
    chopsat_answer *a = NULL;
    int st = chopsat_ask(r, q, &o, &a, err);
    if (st != CHOPSAT_YES && st != CHOPSAT_NO) return -2;
    int moves = st == CHOPSAT_YES ? chopsat_answer_moves(a) : -1;
    chopsat_answer_free(a);
    return moves;
}

/* Plays the n moves from q->from; scores "legal", "won" and "shortest". */
static int score(const grade_exercise *ex, const chopsat_rules *r, const chopsat_query *q,
                 char **moves, long n, chopsat_graded *g, chopsat_err *err)
{
    chopsat_pos pos = q->from;
    char why[700] = "";
    long legal = 0;
    for (; legal < n; legal++) {
        chopsat_typed_move t = {.text = moves[legal], .move = moves[legal]};
        if (!chopsat_typed_move_check(r, &pos, NULL, &t, why, sizeof why)) break;
        pos = t.m.to;
    }
    char at[128];
    chopsat_pos_format(r, &pos, at, sizeof at);
    if (!n) {
        grade_result(g, ex, "legal", false, "no move: the file holds no line of moves");
        return 0;
    }
    if (legal < n) {
        grade_result(g, ex, "legal", false, "move %ld, '%s': %s", legal + 1, moves[legal], why);
        return 0;
    }
    grade_result(g, ex, "legal", true, "all %ld moves are legal; the game is at %s", n, at);
    int winner = chopsat_pos_winner(r, &pos);
    if (winner != q->player) {
        grade_result(g, ex, "won", false, "after your %ld moves %s", n,
                     winner ? "the other player has won" : "the game goes on: nobody has won");
        return 0;
    }
    grade_result(g, ex, "won", true, "player %d has won after %ld moves", q->player, n);
    int least = least_moves(r, q, err);
    if (least == -2) return -1;
    bool shortest = least >= 0 && n <= least;
    grade_result(g, ex, "shortest", shortest,
                 shortest ? "no sequence is shorter than your %ld moves"
                          : "a sequence shorter than your %ld moves exists",
                 n);
    return 0;
}

int grade_check_moves(const grade_exercise *ex, const grade_input *in, chopsat_graded *g,
                      chopsat_err *err)
{
    chopsat_rules *r = chopsat_rules_parse(grade_data_string(ex, "rules"), err);
    if (!r) return -1;
    chopsat_query q;
    int rc = grade_question(ex, r, &q, err);
    if (rc == 0 && strlen(in->text) != in->len) {
        grade_result(g, ex, "legal", false, "%s holds a NUL byte: it is no line of moves",
                     in->shown);
    } else if (rc == 0) {
        char *copy = xstrdup(in->text);
        char **moves = xcalloc(MOVES_MAX, sizeof *moves);
        long n = split_moves(copy, moves);
        if (n < 0)
            grade_result(g, ex, "legal", false, "more than %d moves: no answer is so long",
                         MOVES_MAX);
        else
            rc = score(ex, r, &q, moves, n, g, err);
        for (long i = 0; i < MOVES_MAX && moves[i]; i++)
            free(moves[i]);
        free(moves);
        free(copy);
    }
    chopsat_rules_free(r);
    return rc;
}
