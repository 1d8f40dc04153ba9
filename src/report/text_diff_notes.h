/* text_diff_notes.h: the differing clauses of two DIMACS files counted per note, for the
 * summary of `chopsat diff` (text and JSON). Internal to the room. */
#ifndef CHOPSAT_REPORT_TEXT_DIFF_NOTES_H
#define CHOPSAT_REPORT_TEXT_DIFF_NOTES_H

#include <stddef.h>

#include "chopsat_tool.h"

typedef struct note_count {
    const char *note; /* d's own string, "" for the clauses without one */
    size_t missing;   /* only in B */
    size_t extra;     /* only in A */
} note_count;

/* The differing clauses counted per note, sorted by note (the clauses without one first), *n of
 * them; free() the array. A clause without a note of its own counts under the note of a clause
 * of the other side with the same variables (a sign slipped in a hand-written clause counts
 * under the note of the clause it replaces). Allocates: call under a recovery point. */
note_count *diff_count_notes(const chopsat_cnf_diff *d, size_t *n);

#endif
