/* text_play.c: what chopsat play shows of a game: the moves of a person's turn, the help, the
 * hint (from the explicit solution or a horizon's layers), a move played and the game's end. */
#include <string.h>

#include "report/text_write.h"

const char *chopsat_report_play_who(const chopsat_play_view *v, int player, char *buf, size_t size)
{
    bool mixed = v->human[1] != v->human[2];
    snprintf(buf, size, "player %d%s", player,
             !mixed             ? ""
             : v->human[player] ? " (you)"
                                : " (computer)");
    return buf;
}

/* "" for one, "s" for any other number. */
static const char *plural(long n)
{
    return n == 1 ? "" : "s";
}

int chopsat_report_play_examples(FILE *out, const chopsat_play_view *v, chopsat_err *err)
{
    bool seen[8] = {false};
    const char *sep = "";
    for (size_t i = 0; i < v->moves->n; i++) {
        int k = v->moves->items[i].kind;
        if (k < 0 || k >= 8 || seen[k]) continue;
        seen[k] = true;
        fprintf(out, "%s%s", sep, v->moves->items[i].name);
        sep = ", ";
    }
    return report_end(out, err);
}

int chopsat_report_play_moves(FILE *out, const chopsat_play_view *v, chopsat_err *err)
{
    char buf[CHOPSAT_POS_MAX], digits[CHOPSAT_COUNT_DIGITS];
    if (!v->complete) {
        chopsat_count_format(v->n, digits, sizeof digits);
        fprintf(out, "moves: %s, too many to list; type one by its name (for example ", digits);
        chopsat_report_play_examples(out, v, NULL);
        fprintf(out, ")\n");
        return report_end(out, err);
    }
    fprintf(out, "moves:\n");
    for (size_t i = 0; i < v->moves->n; i++) {
        const chopsat_move *m = &v->moves->items[i];
        chopsat_pos_format(v->rules, &m->to, buf, sizeof buf);
        if (v->numbered)
            fprintf(out, "  %2zu. %-12s -> %s\n", i + 1, m->name, buf);
        else
            fprintf(out, "  %-12s -> %s\n", m->name, buf);
    }
    return report_end(out, err);
}

int chopsat_report_play_help(FILE *out, const chopsat_play_view *v, chopsat_err *err)
{
    const char *name = v->moves->items[0].name, *sp = strchr(name, ' ');
    if (!v->complete)
        fprintf(out, "type a move's name (\"%s\"", name);
    else if (!v->numbered)
        fprintf(out, "type a move's name as listed (\"%s\"", name);
    else
        fprintf(out, "type a move's number (1..%zu) or its name as listed (\"%s\"", v->moves->n,
                name);
    if (sp) fprintf(out, " or just \"%s\"", sp + 1);
    fprintf(out, "; case and spaces do not matter; any move the rules allow is taken, as the "
                 "listed move it is the same as), or\n"
                 "  hint   the value of the position and the best moves\n"
                 "  help   this text\n"
                 "  quit   abandon the game\n");
    return report_end(out, err);
}

/* Writes a move as the hint names it: its number in the list when the list is complete and
 * numbered, then its name. */
static void named(FILE *out, const chopsat_play_view *v, const chopsat_pos *to, const char *name)
{
    if (v->complete && v->numbered)
        for (size_t j = 0; j < v->moves->n; j++)
            if (chopsat_pos_equal(&v->moves->items[j].to, to)) fprintf(out, "%zu. ", j + 1);
    fprintf(out, "%s", name);
}

/* The hint from a horizon's layers: the value within the horizon and the layers' move. */
static void wide_hint(FILE *out, const chopsat_play_view *v, chopsat_horizon *h)
{
    uint32_t d;
    char who[32];
    int val = chopsat_horizon_value(h, v->pos, &d), depth = chopsat_horizon_depth(h);
    if (val == CHOPSAT_UNKNOWN)
        fprintf(out,
                "hint: no forced result within %d moves: neither player can force a win "
                "within the horizon (which is no draw).\n",
                depth);
    else
        fprintf(out,
                "hint: the position is a forced %s for %s within %u move%s (the horizon is "
                "%d).\n",
                val == CHOPSAT_WIN ? "win" : "loss",
                chopsat_report_play_who(v, (int)v->pos->mover, who, sizeof who), d, plural(d),
                depth);
    chopsat_move m;
    chopsat_err e;
    if (chopsat_horizon_move(h, v->pos, &m, &e)) {
        fprintf(out, "hint: no move: %s\n", e.msg);
        return;
    }
    fprintf(out, "hint: the computer would play (%s): ",
            val == CHOPSAT_WIN    ? "the fastest win"
            : val == CHOPSAT_LOSS ? "the slowest defence"
                                  : "it keeps out of the opponent's forcing layers when it can");
    named(out, v, &m.to, m.name);
    fprintf(out, "\n");
}

/* The hint from the explicit solution: the value, its distance and every best move. */
static void solved_hint(FILE *out, const chopsat_play_view *v, const chopsat_solution *sol)
{
    uint32_t d;
    char who[32];
    int val = chopsat_value(sol, v->pos, &d);
    chopsat_moves best = {0};
    chopsat_best_moves(sol, v->pos, &best, NULL);
    if (val == CHOPSAT_DRAW)
        fprintf(out, "hint: the position is a draw: with best play neither player can force a "
                     "win.\n");
    else
        fprintf(out, "hint: the position is a %s for %s in %u move%s with best play by both.\n",
                val == CHOPSAT_WIN ? "win" : "loss",
                chopsat_report_play_who(v, (int)v->pos->mover, who, sizeof who), d, plural(d));
    fprintf(out, "hint: best move%s (%s):", best.n == 1 ? "" : "s",
            val == CHOPSAT_WIN    ? "the fastest win"
            : val == CHOPSAT_LOSS ? "the slowest defence"
                                  : "they keep the draw");
    for (size_t i = 0; i < best.n; i++)
        for (size_t j = 0; j < v->moves->n; j++)
            if (chopsat_pos_equal(&v->moves->items[j].to, &best.items[i].to)) {
                if (!v->numbered)
                    fprintf(out, "%s %s", i ? "," : "", v->moves->items[j].name);
                else
                    fprintf(out, "%s %zu. %s", i ? "," : "", j + 1, v->moves->items[j].name);
            }
    fprintf(out, "\n");
    chopsat_moves_free(&best);
}

int chopsat_report_play_hint(FILE *out, const chopsat_play_view *v, const chopsat_solution *sol,
                             chopsat_horizon *h, chopsat_err *err)
{
    if (sol)
        solved_hint(out, v, sol);
    else
        wide_hint(out, v, h);
    return report_end(out, err);
}

int chopsat_report_play_move(FILE *out, const chopsat_play_view *v, const chopsat_move *m,
                             const char *verb, chopsat_err *err)
{
    char buf[CHOPSAT_POS_MAX], who[32];
    chopsat_pos_format(v->rules, &m->to, buf, sizeof buf);
    fprintf(out, "%s %s %s -> %s\n",
            chopsat_report_play_who(v, (int)v->pos->mover, who, sizeof who), verb, m->name, buf);
    return report_end(out, err);
}

int chopsat_report_play_turn(FILE *out, const chopsat_play_view *v, long moves, int end, long cap,
                             chopsat_err *err)
{
    char buf[CHOPSAT_POS_MAX], who[32];
    chopsat_pos_format(v->rules, v->pos, buf, sizeof buf);
    fprintf(out, "\nafter %ld move%s: %s\n", moves, plural(moves), buf);
    chopsat_pos_draw(v->rules, v->pos, out);
    if (end == CHOPSAT_GAME_WON_1 || end == CHOPSAT_GAME_WON_2)
        fprintf(out, "%s wins after %ld move%s.\n",
                chopsat_report_play_who(v, end, who, sizeof who), moves, plural(moves));
    else if (end == CHOPSAT_GAME_REPEATED)
        fprintf(out, "a draw: position %s has occurred three times (after %ld move%s).\n", buf,
                moves, plural(moves));
    else if (end == CHOPSAT_GAME_CAPPED)
        fprintf(out,
                "no result after %ld moves: a game too large for the explicit solver stops "
                "there.\n",
                cap);
    return report_end(out, err);
}

int chopsat_report_play_prompt(FILE *out, const chopsat_play_view *v, chopsat_err *err)
{
    char who[32];
    chopsat_report_play_who(v, (int)v->pos->mover, who, sizeof who);
    if (!v->numbered || !v->complete)
        fprintf(out, "%s, your move [a move, hint, help, quit]: ", who);
    else if (v->moves->n == 1)
        fprintf(out, "%s, your move [1, name, hint, help, quit]: ", who);
    else
        fprintf(out, "%s, your move [1-%zu, name, hint, help, quit]: ", who, v->moves->n);
    fflush(out);
    return report_end(out, err);
}

int chopsat_report_play_abandoned(FILE *out, const chopsat_play_view *v, long moves, bool quit,
                                  chopsat_err *err)
{
    char who[32];
    if (quit)
        fprintf(out, "%s quits; game abandoned after %ld move%s.\n",
                chopsat_report_play_who(v, (int)v->pos->mover, who, sizeof who), moves,
                plural(moves));
    else
        fprintf(out, "\ninput ended; game abandoned after %ld move%s.\n", moves, plural(moves));
    return report_end(out, err);
}

int chopsat_report_play_opening(FILE *out, const chopsat_play_view *v, double blunder,
                                uint64_t seed, const char *seed_flag, chopsat_err *err)
{
    if (v->human[1] != v->human[2])
        fprintf(out, "you are player %d; the computer is player %d", v->human[1] ? 1 : 2,
                v->human[1] ? 2 : 1);
    else
        fprintf(out, "%s",
                v->human[1] ? "two people play; the computer only gives hints"
                            : "the computer plays both sides");
    if (!(v->human[1] && v->human[2]))
        fprintf(out, " (plays a random move with probability %g)", blunder);
    fprintf(out, ".\nseed %llu (play the same game again with %s %llu).%s\n",
            (unsigned long long)seed, seed_flag, (unsigned long long)seed,
            v->human[1] || v->human[2] ? " type help for help." : "");
    return report_end(out, err);
}
