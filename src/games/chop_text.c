/* chop_text.c: the pieces of the chopsticks family's text that both of its explicit halves
 * (chop_*.c for two hands, many_*.c for any count) write and read the same way: one hand drawn
 * for a person, and a whole number read from typed text. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "games/chop_options.h"

/* Writes one hand: up to ten fingers as '|' for a raised finger and '.' for a folded one
 * ("|||." is 3 of 4), more as the number; a hand of 0 is "dead". Padded to `width` (0: none). */
void chop_draw_hand(const chopsat_rules *r, uint64_t v, int width, FILE *out)
{
    char buf[32];
    if (v == 0)
        snprintf(buf, sizeof buf, "dead");
    else if (chop_of(r)->fingers <= 11) {
        uint64_t i = 0;
        for (; i < chop_of(r)->fingers - 1; i++)
            buf[i] = i < v ? '|' : '.';
        buf[i] = 0;
    } else
        snprintf(buf, sizeof buf, "%" PRIu64, v);
    fprintf(out, "%-*s", width, buf);
}

/* Reads a whole number at *s (up to 2^64 - 1), advancing *s; false when there is none or it
 * is longer. */
bool chop_read_number(const char **s, uint64_t *v)
{
    size_t n = strspn(*s, "0123456789");
    if (!n || n > 20) return false;
    *v = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned d = (unsigned)((*s)[i] - '0');
        if (*v > (UINT64_MAX - d) / 10) return false;
        *v = *v * 10 + d;
    }
    *s += n;
    return true;
}
