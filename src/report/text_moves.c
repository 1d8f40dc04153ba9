/* text_moves.c: the legal moves of a position and where each leads (chopsat_moves_list), as
 * text (who moves, one move a line) and as CSV lines (move,position). */
#include "report/text_write.h"

int chopsat_report_moves_text(FILE *out, const chopsat_rules *rules, const chopsat_pos *from,
                              const chopsat_moves *moves, chopsat_err *err)
{
    char buf[CHOPSAT_POS_MAX];
    chopsat_pos_format(rules, from, buf, sizeof buf);
    int w = chopsat_pos_winner(rules, from);
    if (w)
        fprintf(out, "%s: the game is over; player %d has won\n", buf, w);
    else
        fprintf(out, "%s: player %u to move, %zu move%s\n", buf, from->mover, moves->n,
                moves->n == 1 ? "" : "s");
    for (size_t i = 0; i < moves->n; i++) {
        chopsat_pos_format(rules, &moves->items[i].to, buf, sizeof buf);
        fprintf(out, "  %-12s -> %s\n", moves->items[i].name, buf);
    }
    return report_end(out, err);
}

int chopsat_report_moves_csv(FILE *out, const chopsat_rules *rules, const chopsat_pos *from,
                             const chopsat_moves *moves, chopsat_err *err)
{
    (void)from; /* the CSV lines are the moves alone */
    char buf[CHOPSAT_POS_MAX];
    fprintf(out, "move,position\n");
    for (size_t i = 0; i < moves->n; i++) {
        chopsat_pos_format(rules, &moves->items[i].to, buf, sizeof buf);
        report_csv_field(out, moves->items[i].name);
        fputc(',', out);
        report_csv_field(out, buf);
        fputc('\n', out);
    }
    return report_end(out, err);
}
