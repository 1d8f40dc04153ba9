/* lines.c: the bounded line reader every text input goes through (chopsat_line_read in
 * chopsat_tool.h): one character at a time through getc_unlocked, so that a NUL byte stops the
 * line where it stands (unless the raw reader keeps it) and a line never takes more memory than
 * its limit. No other file of src/ calls fgets or getline (layout-one-line-reader). */
#include <stdlib.h>
#include <string.h>

#include "chopsat_tool.h"
#include "core/util.h"

/* Reads one line as chopsat_line_read does; a NUL byte is refused unless keep_nul. */
static long read_line(FILE *f, char **line, size_t *cap, size_t max, bool keep_nul)
{
    size_t n = 0;
    long rc = CHOPSAT_LINE_END;
    int c;
    flockfile(f);
    while ((c = getc_unlocked(f)) != EOF) {
        if (c == 0 && !keep_nul) {
            rc = CHOPSAT_LINE_NUL;
            break;
        }
        if (n >= max && c != '\n') {
            rc = CHOPSAT_LINE_LONG;
            break;
        }
        if (n + 2 > *cap) {
            size_t grown = *cap > 128 ? *cap * 2 : 256;
            if (grown > max + 2) grown = max + 2;
            *line = xrealloc(*line, grown);
            *cap = grown;
        }
        (*line)[n++] = (char)c;
        if (c == '\n') break;
    }
    funlockfile(f);
    if (rc != CHOPSAT_LINE_END || !n) return rc;
    (*line)[n] = 0;
    return (long)n;
}

long chopsat_line_read(FILE *f, char **line, size_t *cap, size_t max)
{
    return read_line(f, line, cap, max, false);
}

long chopsat_line_read_raw(FILE *f, char **line, size_t *cap, size_t max)
{
    return read_line(f, line, cap, max, true);
}

const char *chopsat_line_problem(long result)
{
    if (result == CHOPSAT_LINE_NUL) return "a NUL byte (text never holds one)";
    if (result == CHOPSAT_LINE_LONG) return "a line longer than 256 MiB";
    return "a read error";
}
