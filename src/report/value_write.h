/* value_write.h: what the reports of solved positions share (solve, moves): a value's word,
 * its distance as JSON, a list of moves as JSON, a move valued for its mover, and what a
 * report of one solved position starts from. Internal to
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

/* A solved position as every report of it starts: its value and distance for the mover, its
 * best moves, the line of best play (at most 200 moves) and its written form. */
typedef struct report_solved {
    int value;
    uint32_t distance;
    chopsat_moves best, line;
    char text[CHOPSAT_POS_MAX];
} report_solved;

/* Reads p's solved facts from sol into s (release with report_solved_free). */
void report_solved_read(const chopsat_rules *r, const chopsat_solution *sol, const chopsat_pos *p,
                        report_solved *s);
void report_solved_free(report_solved *s);

#endif
