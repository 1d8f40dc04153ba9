/* witness_write.h: a replayed witness (a path of positions and the names of its moves, from
 * chopsat_replay) as the reports of an answer write it: JSON and numbered moves. Internal to
 * the room. */
#ifndef CHOPSAT_REPORT_WITNESS_WRITE_H
#define CHOPSAT_REPORT_WITNESS_WRITE_H

#include <stdio.h>

#include "chopsat_tool.h"

/* The witness as a JSON array of {"player", "move", "position"}, or null when path is NULL. */
void report_witness_json(chopsat_json *j, const chopsat_rules *r, const chopsat_pos *path,
                         const chopsat_moves *names);

/* The witness as numbered moves after its start, one a line, indented. */
void report_witness_text(FILE *out, const chopsat_rules *r, const chopsat_pos *path,
                         const chopsat_moves *names);

#endif
