/* frames.h: what the text and JSON reports of a decoded answer share of its frame table
 * (chopsat_frame_table): a cell's value as shown. Internal to the room. */
#ifndef CHOPSAT_REPORT_FRAMES_H
#define CHOPSAT_REPORT_FRAMES_H

#include "chopsat_tool.h"

/* Row `row`'s value in frame f of the n shown, or -1 for none ("."): the frame lacks it, or
 * the row is a move input (the file's last frame lacks it) and f is the goal frame (n-1). */
long long report_frame_value(const chopsat_frame_table *t, size_t row, size_t f, size_t n);

/* Whether row is a move input: the file's last frame lacks it. */
bool report_frame_move_row(const chopsat_frame_table *t, size_t row);

#endif
