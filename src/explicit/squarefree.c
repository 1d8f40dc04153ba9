/* squarefree.c: the repeated block at the end of a sequence (see squarefree.h). Every block
 * length is tried, odd ones included, so that the check relies on nothing about the game. */
#include "explicit/squarefree.h"

size_t square_suffix(const chopsat_pos *seq, size_t n)
{
    for (size_t len = 1; 2 * len <= n; len++) {
        size_t a = n - 2 * len, m = 0;
        while (m < len && chopsat_pos_equal(&seq[a + m], &seq[a + len + m]))
            m++;
        if (m == len) return len;
    }
    return 0;
}

size_t square_suffix_ids(const uint32_t *seq, size_t n)
{
    for (size_t len = 1; 2 * len <= n; len++) {
        size_t a = n - 2 * len, m = 0;
        while (m < len && seq[a + m] == seq[a + len + m])
            m++;
        if (m == len) return len;
    }
    return 0;
}
