/* ever.c: the explicit answer of "ever?" that checks the unbounded engines' answers and the
 * certificates of a "never" (answer.c, certify.c): a breadth-first search over every position
 * reachable from the start, under the one explicit limit policy (explicit/limit.h). */
#include "checked/ever.h"

#include "chopsat_tool.h"
#include "explicit/limit.h"

int checked_ever_explicit(const chopsat_rules *r, const chopsat_query *q, int *least,
                          unsigned long long *count, chopsat_err *err)
{
    *least = -1;
    *count = 0;
    int fit = explicit_index_fits(r, EXPLORE_MAX, EXPLORE_BYTES, 0, err);
    if (fit) return fit;
    chopsat_reach_set *set = chopsat_explore(r, &q->from, err);
    if (!set) return CHOPSAT_LIMIT;
    *count = chopsat_reach_count(set);
    int64_t best = -1;
    if (q->kind == CHOPSAT_Q_REACH) {
        best = chopsat_reach_depth(set, &q->target);
    } else {
        /* breadth-first order: the first winning position met is the nearest */
        for (uint64_t k = 0; k < *count && best < 0; k++) {
            chopsat_pos p;
            chopsat_reach_at(set, k, &p);
            if (chopsat_pos_winner(r, &p) == q->player) best = chopsat_reach_depth(set, &p);
        }
    }
    chopsat_reach_set_free(set);
    *least = (int)best;
    return best >= 0 ? CHOPSAT_YES : CHOPSAT_NO;
}
