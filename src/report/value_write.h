/* value_write.h: what the reports of solved positions share (solve, moves): a value's word,
 * its distance as JSON, a list of moves as JSON, and a move valued for its mover. Internal to
 * the room. */
#ifndef CHOPSAT_REPORT_VALUE_WRITE_H
#define CHOPSAT_REPORT_VALUE_WRITE_H

#include "chopsat_tool.h"

/* The word of value v: "win", "loss" or "draw". */
const char *report_value_word(int v);

/* The key "distance" and a value's distance d: null for a draw. */
void report_distance_json(chopsat_json *j, int v, uint32_t d);

/* The moves as a JSON array of {"move", "position"}. */
void report_moves_json(chopsat_json *j, const chopsat_rules *r, const chopsat_moves *ms);

/* The value of move m for the player who makes it (the opposite of the value of the position
 * it leads to) and its distance, one move further away (0 for a draw). */
int report_move_value(const chopsat_solution *sol, const chopsat_move *m, uint32_t *distance);

/* Whether m leads where one of the best moves leads. */
bool report_is_best(const chopsat_moves *best, const chopsat_move *m);

#endif
