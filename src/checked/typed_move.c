/* typed_move.c: one move of a sequence a person typed (`check A MOVES...`), checked from the
 * position before it: the move read as typed (chopsat_move_parse), and the position written
 * after "->", when there is one, compared with where the move leads. */
#include <stdio.h>
#include <string.h>

#include "chopsat_tool.h"

/* Whether the position written as `expect` is `to`; false with why when not (or unreadable). */
static bool leads_to(const chopsat_rules *r, const chopsat_move *m, const char *expect, char *why,
                     size_t size)
{
    chopsat_pos want;
    chopsat_err err;
    char got[CHOPSAT_POS_MAX];
    if (chopsat_pos_parse(r, expect, &want, &err)) {
        snprintf(why, size, "cannot read the position after '->': %s", err.msg);
        return false;
    }
    if (chopsat_pos_equal(&want, &m->to)) return true;
    chopsat_pos other = want; /* no ":M" written: compare the hands only */
    other.mover = 3 - want.mover;
    if (!strchr(expect, ':') && chopsat_pos_equal(&other, &m->to)) return true;
    chopsat_pos_format(r, &m->to, got, sizeof got);
    snprintf(why, size, "%s leads to %s, not to %s as written", m->name, got, expect);
    return false;
}

int chopsat_typed_move_check(const chopsat_rules *r, const chopsat_pos *from, const char *expect,
                             chopsat_typed_move *t, char *why, size_t size)
{
    chopsat_err err;
    t->player = (int)from->mover;
    if (chopsat_move_parse(r, from, t->move, &t->m, &t->same_as, &err) < 0) {
        snprintf(why, size, "%s", err.msg);
        return 0;
    }
    return !expect || leads_to(r, &t->m, expect, why, size);
}
