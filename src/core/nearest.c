/* nearest.c: the nearest word of a list, for "did you mean" hints (chopsat_tool.h): the optimal
 * string alignment distance (Levenshtein with swaps of neighbours) of two short words, and the
 * candidate with the least. No allocation: words longer than NEAREST_MAX are never near. */
#include <string.h>

#include "chopsat_tool.h"

#define NEAREST_MAX 64

/* The edit distance of a and b (lengths at most NEAREST_MAX). */
static size_t distance(const char *a, size_t n, const char *b, size_t m)
{
    size_t d[NEAREST_MAX + 1][NEAREST_MAX + 1];
    for (size_t i = 0; i <= n; i++)
        d[i][0] = i;
    for (size_t j = 0; j <= m; j++)
        d[0][j] = j;
    for (size_t i = 1; i <= n; i++)
        for (size_t j = 1; j <= m; j++) {
            size_t best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < best) best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best) best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[n][m];
}

const char *chopsat_nearest(const char *word, const char *const *candidates, size_t n)
{
    size_t len = strlen(word), best = 3;
    const char *found = NULL;
    if (!len || len > NEAREST_MAX) return NULL;
    for (size_t i = 0; i < n; i++) {
        size_t clen = strlen(candidates[i]);
        if (clen > NEAREST_MAX || !strcmp(candidates[i], word)) continue;
        size_t d = distance(word, len, candidates[i], clen);
        if (d < best && 2 * d <= len) {
            best = d;
            found = candidates[i];
        }
    }
    return found;
}
