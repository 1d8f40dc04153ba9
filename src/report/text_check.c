/* text_check.c: `check`'s text: a move sequence checked move by move (each legal move, the first
 * illegal one and why, where the sequence ends and who has won), and a strategy or refutation
 * tree from outside checked (the claim, and whether it holds or where and why not). */
#include <stdbool.h>
#include <string.h>

#include "report/text_check.h"
#include "report/text_write.h"

const char *report_win_verdict(const chopsat_move_check *c, int w, char *buf, size_t size)
{
    if (c->reason)
        snprintf(buf, size, "win: no: the moves are not all legal");
    else if (w == c->win)
        snprintf(buf, size, "win: yes: player %d has won", c->win);
    else if (w)
        snprintf(buf, size, "win: no: player %d has won, not player %d", w, c->win);
    else
        snprintf(buf, size, "win: no: the game goes on, player %d has not won", c->win);
    return buf;
}

/* The legal moves, one a line, and the first illegal one with its reason. */
static void moves_text(FILE *out, const chopsat_rules *rules, const chopsat_move_check *c)
{
    char buf[CHOPSAT_POS_MAX];
    for (size_t i = 0; i < c->legal; i++) {
        const chopsat_typed_move *t = &c->moves[i];
        chopsat_pos_format(rules, &t->m.to, buf, sizeof buf);
        fprintf(out, "  %3zu. player %d  %-12s -> %s", i + 1, t->player, t->m.name, buf);
        if (t->same_as) {
            fprintf(out, "  (typed '");
            chopsat_report_escaped(out, t->move);
            fprintf(out, "': the same move)");
        }
        fprintf(out, "\n");
    }
    if (!c->reason) return;
    chopsat_pos_format(rules, &c->end, buf, sizeof buf);
    fprintf(out, "illegal: move %zu '", c->legal + 1);
    chopsat_report_escaped(out, c->moves[c->legal].text);
    fprintf(out, "' at %s: ", buf);
    chopsat_report_escaped(out, c->reason);
    fprintf(out, "\nlegal: no (the first illegal move is move %zu of %zu)\n", c->legal + 1,
            c->given);
}

int chopsat_report_check_text(FILE *out, const chopsat_rules *rules, const chopsat_move_check *c,
                              chopsat_err *err)
{
    char buf[CHOPSAT_POS_MAX + 80], desc[256];
    chopsat_rules_describe(rules, desc, sizeof desc);
    chopsat_pos_format(rules, &c->start, buf, sizeof buf);
    fprintf(out, "rules: %s\nstart: %s\n", desc, buf);
    moves_text(out, rules, c);
    if (!c->reason)
        fprintf(out, "legal: yes, %s%zu move%s\n", c->given > 1 ? "all " : "", c->given,
                c->given == 1 ? "" : "s");
    chopsat_pos_format(rules, &c->end, buf, sizeof buf);
    int w = chopsat_pos_winner(rules, &c->end);
    fprintf(out, "end: %s after %zu move%s; ", buf, c->legal, c->legal == 1 ? "" : "s");
    if (w)
        fprintf(out, "the game is over: player %d has won\n", w);
    else
        fprintf(out, "the game goes on, player %u to move\n", c->end.mover);
    if (c->win) fprintf(out, "%s\n", report_win_verdict(c, w, buf, sizeof buf));
    return report_end(out, err);
}

/* The sentence that says what the tree claims ("strategy: player 1 can force a win from ..."). */
static void claim(const chopsat_rules *r, const chopsat_query *q, const chopsat_tree_file *s,
                  bool bound_given, char *question, size_t size)
{
    char start[CHOPSAT_POS_MAX], goal[CHOPSAT_POS_MAX + 40];
    int P = q->player, O = 3 - P;
    const char *ms = q->k == 1 ? "" : "s";
    chopsat_pos_format(r, &q->from, start, sizeof start);
    if (q->kind == CHOPSAT_Q_REACH) {
        char tb[CHOPSAT_POS_MAX];
        chopsat_pos_format(r, &q->target, tb, sizeof tb);
        snprintf(goal, sizeof goal, "force the game into %s", tb);
    } else
        snprintf(goal, sizeof goal, "force a win");
    if (s->refutation) /* "refutation: player 2 keeps player 1 from forcing a win ..." */
        snprintf(question, size,
                 "refutation: player %d keeps player %d from being able to %s from %s within "
                 "%d move%s",
                 O, P, goal, start, q->k, ms);
    else if (bound_given)
        snprintf(question, size, "strategy: player %d can %s from %s within %d move%s", P, goal,
                 start, q->k, ms);
    else
        snprintf(question, size, "strategy: player %d can %s from %s", P, goal, start);
}

int chopsat_report_strategy_text(FILE *out, const chopsat_rules *rules, const chopsat_query *q,
                                 const chopsat_tree_file *s, bool bound_given,
                                 const chopsat_tree_verdict *v, chopsat_err *err)
{
    char desc[256], at[CHOPSAT_POS_MAX], question[512 + 2 * CHOPSAT_POS_MAX];
    int P = q->player, O = 3 - P;
    chopsat_rules_describe(rules, desc, sizeof desc);
    chopsat_pos_format(rules, &s->t.nodes[v->bad].pos, at, sizeof at);
    claim(rules, q, s, bound_given, question, sizeof question);
    fprintf(out, "rules: %s\n%s (%zu nodes)\n", desc, question, s->t.nnodes);
    if (v->holds == 1 && s->refutation)
        fprintf(out,
                "holds: yes: every move of player %d answered, no line reaches player %d's "
                "goal within %d moves\n",
                P, P, q->k);
    else if (v->holds == 1)
        fprintf(out,
                "holds: yes: every move of player %d answered, every line a %s for player %d, "
                "the longest after %d move%s\n",
                O, q->kind == CHOPSAT_Q_REACH ? "reach of the target" : "win", P, v->depth,
                v->depth == 1 ? "" : "s");
    else {
        fprintf(out, "holds: no: at node %ld (%s): ", s->ids[v->bad], at);
        chopsat_report_escaped(out, v->why);
        fprintf(out, "\n");
    }
    return report_end(out, err);
}
