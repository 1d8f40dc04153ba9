/* onedie_typed.c: a move of the one-die game as a person types it: a face (`4`), or `turn 4`,
 * `open 4` or `roll 4`, played by the rules of docs/rules.md: the opening puts any face on top,
 * a later move tips the die a quarter turn to any face but the top and the bottom. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/onedie_options.h"

int die_typed_move(const chopsat_rules *r, const chopsat_pos *p, const char *text, chopsat_pos *to,
                   char *why, size_t size)
{
    (void)r;
    static const char *verbs[] = {"turn", "open", "roll"};
    for (size_t i = 0; i < sizeof verbs / sizeof *verbs; i++)
        if (!strncmp(text, verbs[i], 4)) {
            text += 4;
            break;
        }
    size_t digits = strspn(text, "0123456789");
    if (!digits || text[digits]) return 0;
    unsigned long f = digits > 6 ? 999999 : strtoul(text, NULL, 10);
    uint32_t top = p->v[1];
    if (f < 1 || f > 6) {
        snprintf(why, size, "a die has the faces 1 .. 6, not %s", text);
        return -1;
    }
    if (top && f == top) {
        snprintf(why, size,
                 "%lu is on top already: a move tips the die a quarter turn to another "
                 "face",
                 f);
        return -1;
    }
    if (top && f == 7 - top) {
        snprintf(why, size,
                 "%lu is on the bottom (opposite the %u on top): a quarter turn cannot "
                 "bring it up",
                 f, top);
        return -1;
    }
    *to = *p;
    to->v[0] = p->v[0] + (uint32_t)f;
    to->v[1] = (uint32_t)f;
    to->mover = 3 - p->mover;
    return 1;
}
