/* text_solve.c: a solved position as text (its value and distance, its best moves, every move
 * valued, the line of best play), and every position of a solved game as a table or CSV. */
#include "core/oom.h"
#include "report/text_write.h"
#include "report/value_write.h"

/* The first sentence or two: the game over, a draw, or who wins in how many moves. */
static void verdict(FILE *out, const chopsat_rules *r, const chopsat_pos *p, const char *pos, int v,
                    uint32_t d)
{
    int w = chopsat_pos_winner(r, p);
    if (w) {
        fprintf(out, "%s: the game is over; player %d has won.\n", pos, w);
    } else if (v == CHOPSAT_DRAW) {
        fprintf(out, "%s: a draw; with best play neither player can force a win.\n", pos);
    } else {
        fprintf(out, "%s: a %s for player %u (the player to move) in %u move%s.\n", pos,
                report_value_word(v), p->mover, d, d == 1 ? "" : "s");
        fprintf(out, "Player %u wins with best play.\n",
                v == CHOPSAT_WIN ? p->mover : 3 - p->mover);
    }
}

/* Every legal move of p with its value for the mover, the best ones marked. */
static void move_values(FILE *out, const chopsat_rules *r, const chopsat_solution *sol,
                        const chopsat_pos *p, const chopsat_moves *best)
{
    chopsat_moves all = {0};
    chopsat_moves_list(r, p, &all, NULL);
    char buf[CHOPSAT_POS_MAX];
    if (all.n) fprintf(out, "Every move, valued for player %u (who makes it):\n", p->mover);
    for (size_t i = 0; i < all.n; i++) {
        uint32_t d;
        int v = report_move_value(sol, &all.items[i], &d);
        chopsat_pos_format(r, &all.items[i].to, buf, sizeof buf);
        const char *mark = report_is_best(best, &all.items[i]) ? "  (best)" : "";
        if (v == CHOPSAT_DRAW)
            fprintf(out, "  %-12s -> %-14s draw%s\n", all.items[i].name, buf, mark);
        else
            fprintf(out, "  %-12s -> %-14s %s in %u%s\n", all.items[i].name, buf,
                    report_value_word(v), d, mark);
    }
    chopsat_moves_free(&all);
}

/* The line of best play from p, one numbered move a line. */
static void best_line(FILE *out, const chopsat_rules *r, const chopsat_pos *p,
                      const chopsat_moves *line, int v)
{
    if (!line->n) return;
    char buf[CHOPSAT_POS_MAX];
    fprintf(out, "Line of best play%s:\n", v == CHOPSAT_DRAW ? " (until a position repeats)" : "");
    chopsat_pos cur = *p;
    for (size_t i = 0; i < line->n; i++) {
        chopsat_pos_format(r, &line->items[i].to, buf, sizeof buf);
        fprintf(out, "  %3zu. player %u  %-12s -> %s\n", i + 1, cur.mover, line->items[i].name,
                buf);
        cur = line->items[i].to;
    }
}

/* The whole report of one position. */
static int solve_text(FILE *out, const chopsat_rules *r, const chopsat_solution *sol,
                      const chopsat_pos *p, chopsat_err *err)
{
    report_solved s;
    report_solved_read(r, sol, p, &s);
    verdict(out, r, p, s.text, s.value, s.distance);
    if (s.best.n) {
        fprintf(out, "Best move%s:", s.best.n == 1 ? "" : "s");
        for (size_t i = 0; i < s.best.n; i++)
            fprintf(out, "%s %s", i ? "," : "", s.best.items[i].name);
        fprintf(out, "\n");
    }
    move_values(out, r, sol, p, &s.best);
    best_line(out, r, p, &s.line, s.value);
    report_solved_free(&s);
    return report_end(out, err);
}

int chopsat_report_solve_text(FILE *out, const chopsat_rules *rules, const chopsat_solution *sol,
                              const chopsat_pos *pos, chopsat_err *err)
{
    if (chopsat_pos_check(rules, pos, err)) return CHOPSAT_ERROR;
    CS_GUARDED(int, CHOPSAT_NOMEM, err, solve_text(out, rules, sol, pos, err));
}

int chopsat_report_solve_all_text(FILE *out, const chopsat_rules *rules,
                                  const chopsat_solution *sol, const chopsat_reach_set *reach,
                                  chopsat_err *err)
{
    char buf[CHOPSAT_POS_MAX];
    fprintf(out, "%-16s %-5s %8s  %s\n", "position", "value", "distance", "reachable");
    for (uint64_t i = 0; i < chopsat_solution_size(sol); i++) {
        chopsat_pos p;
        if (!chopsat_solution_position(sol, i, &p)) continue;
        uint32_t d;
        int v = chopsat_value(sol, &p, &d);
        const char *yes = chopsat_reach_depth(reach, &p) >= 0 ? "yes" : "no";
        chopsat_pos_format(rules, &p, buf, sizeof buf);
        if (v == CHOPSAT_DRAW)
            fprintf(out, "%-16s %-5s %8s  %s\n", buf, "draw", "-", yes);
        else
            fprintf(out, "%-16s %-5s %8u  %s\n", buf, report_value_word(v), d, yes);
    }
    return report_end(out, err);
}

int chopsat_report_solve_all_csv(FILE *out, const chopsat_rules *rules, const chopsat_solution *sol,
                                 const chopsat_reach_set *reach, chopsat_err *err)
{
    char buf[CHOPSAT_POS_MAX];
    fprintf(out, "position,value,distance,reachable\n");
    for (uint64_t i = 0; i < chopsat_solution_size(sol); i++) {
        chopsat_pos p;
        if (!chopsat_solution_position(sol, i, &p)) continue;
        uint32_t d;
        int v = chopsat_value(sol, &p, &d);
        const char *yes = chopsat_reach_depth(reach, &p) >= 0 ? "yes" : "no";
        chopsat_pos_format(rules, &p, buf, sizeof buf);
        report_csv_field(out, buf); /* "1,10/0,4:1" past ten fingers */
        if (v == CHOPSAT_DRAW)
            fprintf(out, ",draw,,%s\n", yes);
        else
            fprintf(out, ",%s,%u,%s\n", report_value_word(v), d, yes);
    }
    return report_end(out, err);
}
