/* frames.c: a frame table's cells as the decode reports show them (frames.h). */
#include "report/frames.h"

bool report_frame_move_row(const chopsat_frame_table *t, size_t row)
{
    return t->values[row * (size_t)t->frames + (size_t)t->frames - 1] < 0;
}

long long report_frame_value(const chopsat_frame_table *t, size_t row, size_t f, size_t n)
{
    long long v = (int)f < t->frames ? t->values[row * (size_t)t->frames + f] : -1;
    return v < 0 || (report_frame_move_row(t, row) && f + 1 == n) ? -1 : v;
}
