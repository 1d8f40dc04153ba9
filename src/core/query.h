/* query.h: the written form of a bounded question, as it stands in the header of an exported
 * CNF ("kind=reach from=11/11:1 target=11/04:2 player=1 k=12 repeat=off exact=no") and in
 * human-readable output ("reach 11/04:2 from 11/11:1 within 12 moves"). */
#ifndef CHOPSAT_QUERY_H
#define CHOPSAT_QUERY_H

#include "chopsat.h"

void query_format(const chopsat_rules *r, const chopsat_query *q, char *buf, size_t size);
int query_parse(const chopsat_rules *r, const char *text, chopsat_query *q, chopsat_err *err);
/* The question in words; forced: "can player P force ..." (RULES.md section 3). */
void query_describe(const chopsat_rules *r, const chopsat_query *q, bool forced, char *buf,
                    size_t size);
const char *repeat_name(chopsat_repeat rep);

#endif
