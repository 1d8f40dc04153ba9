/* text_write.h: what every text, CSV and JSON report of src/report/ shares: the end of a
 * report (its write check) and a CSV field. Internal to the room. */
#ifndef CHOPSAT_REPORT_TEXT_WRITE_H
#define CHOPSAT_REPORT_TEXT_WRITE_H

#include <stdio.h>

#include "chopsat_tool.h"

/* The end of a report written to out: 0, or -1 with "cannot write the report" (and the
 * system's reason) in err when a write to out failed. */
int report_end(FILE *out, chopsat_err *err);

/* s as one CSV field: as it is, or quoted with its quotes doubled when it holds a comma, a
 * quote or a line break. */
void report_csv_field(FILE *out, const char *s);

/* A game value's sign for the player to move: "+" a win, "-" a loss, "" a draw. */
const char *report_sign(int value);

#endif
