/* query.h: the written form of a bounded question, as it stands in the header of an exported
 * CNF ("kind=reach from=11/11:1 target=11/04:2 player=1 k=12 repeat=off exact=no") and in
 * human-readable output (chopsat_query_describe in chopsat.h: "can player 1 win from 11/11:1
 * within 12 moves?"); the header lines that carry the rules and the question in every file
 * chopsat writes to be read back; and the question's goal on a position. */
#ifndef CHOPSAT_QUERY_H
#define CHOPSAT_QUERY_H

#include "chopsat.h"
#include "core/util.h"

void query_format(const chopsat_rules *r, const chopsat_query *q, char *buf, size_t size);
int query_parse(const chopsat_rules *r, const char *text, chopsat_query *q, chopsat_err *err);
const char *repeat_name(chopsat_repeat rep);

/* The header lines of a file chopsat writes to read back (DIMACS, QDIMACS, AIGER, SMT-LIB,
 * certificates), as comment text without the format's comment marker: "chopsat-rules RULES"
 * and "KEY QUESTION" (KEY: "chopsat-query", or "chopsat-force" in a forced question's QDIMACS),
 * appended to lines. The one writer; query_header_read is the one reader. */
void query_header_write(str_vec *lines, const chopsat_rules *r, const char *key,
                        const chopsat_query *q);
/* Reads the rules and the question back from a file's comment lines (without the comment
 * marker; the first line that starts with "chopsat-rules " and the first with "KEY "). Returns
 * 0 with *r (the caller's to free) and *q; 1 when either line is missing (the caller says which
 * format it expected); -1 with a message (naming the file `name` where the fault is the
 * file's) when the rules line is empty or either line does not parse, *r then NULL. */
int query_header_read(const char *const *lines, size_t n, const char *key, const char *name,
                      chopsat_rules **r, chopsat_query *q, chopsat_err *err);

/* Does position p meet q's goal? reach: p is q->target, its player to move included; win: the
 * game is over in p and q->player has won it. The explicit side's one goal test on positions
 * (games/goal.c), written apart from the circuit's (goal_sym in game_sym.h). */
bool query_goal(const chopsat_rules *r, const chopsat_query *q, const chopsat_pos *p);
/* Does p, reached after t moves, meet q's goal: query_goal, and with exact only when t is
 * q->k? A decoded witness ends at the first frame that does. */
bool query_goal_at(const chopsat_rules *r, const chopsat_query *q, const chopsat_pos *p, int t);

#endif
