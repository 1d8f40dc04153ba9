/* query.h: the written form of a bounded question, as it stands in the header of an exported
 * CNF ("kind=reach from=11/11:1 target=11/04:2 player=1 k=12 repeat=off exact=no") and in
 * human-readable output (chopsat_query_describe in chopsat.h: "can player 1 win from 11/11:1
 * within 12 moves?"). */
#ifndef CHOPSAT_QUERY_H
#define CHOPSAT_QUERY_H

#include "chopsat.h"

void query_format(const chopsat_rules *r, const chopsat_query *q, char *buf, size_t size);
int query_parse(const chopsat_rules *r, const char *text, chopsat_query *q, chopsat_err *err);
const char *repeat_name(chopsat_repeat rep);

#endif
