/* onedie_options.c: the one option of the one-die game (docs/rules.md), the target total,
 * with its range and default, for rules.c to parse, check and describe. */
#include "games/onedie_options.h"

const game_option onedie_options[] = {
    {"target", NULL, 1, 1000000, "T: the total to reach exactly (1 .. 1000000)"},
    {NULL, NULL, 0, 0, NULL},
};

void onedie_defaults(chopsat_rules *r) { ((onedie_rules *)r)->target = 31; }

uint32_t onedie_get_option(const chopsat_rules *r, int k)
{
    (void)k;
    return onedie_of(r)->target;
}

void onedie_set_option(chopsat_rules *r, int k, uint32_t v)
{
    (void)k;
    ((onedie_rules *)r)->target = v;
}

const char *onedie_option_needs(const chopsat_rules *r, int k)
{
    (void)r, (void)k;
    return NULL; /* the target always matters */
}
