/* goal.c: the goal of a question on a position, the explicit side's one goal test (query.h:
 * query_goal, and query_goal_at after t moves), for the explicit searches, the witness replay,
 * the tree checks and the decoders that find where a witness ends. Written from
 * docs/questions.md through the explicit game table (winner), never from the circuit's goal
 * (games/goal_sym.c). */
#include "games/query.h"

#include "games/game.h"

bool query_goal(const chopsat_rules *r, const chopsat_query *q, const chopsat_pos *p)
{
    if (q->kind == CHOPSAT_Q_REACH) return chopsat_pos_equal(p, &q->target);
    return r->game->winner(r, p) == q->player;
}

bool query_goal_at(const chopsat_rules *r, const chopsat_query *q, const chopsat_pos *p, int t)
{
    return (!q->exact || t == q->k) && query_goal(r, q, p);
}

int chopsat_query_check(const chopsat_rules *r, const chopsat_query *q, chopsat_err *err)
{
    chopsat_err why;
    if (!q) return fail(err, "question: none given (NULL)");
    if (chopsat_pos_check(r, &q->from, &why)) return fail(err, "the start %s", why.msg);
    if (q->kind == CHOPSAT_Q_REACH && chopsat_pos_check(r, &q->target, &why))
        return fail(err, "the target %s", why.msg);
    return 0;
}
