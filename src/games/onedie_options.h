/* onedie_options.h: the rules of the one-die game as its own files see them: its option, the
 * target total (games/game_options.h says what the columns mean; docs/rules.md), and struct
 * onedie_rules, the option field after the common part, made from it. Only src/games/onedie_*.c
 * include this header. */
#ifndef CHOPSAT_ONEDIE_OPTIONS_H
#define CHOPSAT_ONEDIE_OPTIONS_H

#include "games/game_options.h"

/* clang-format off */
#define ONEDIE_OPTIONS(NUMBER, CHOICE, YES_NO, PAIR) \
NUMBER(target, target, 31, 1, 1000000, NULL, "T: the total to reach exactly")
/* clang-format on */

typedef struct onedie_rules {
    chopsat_rules base; /* first: a chopsat_rules of this game points at an onedie_rules */
    GAME_OPTION_FIELDS(ONEDIE_OPTIONS)
} onedie_rules;

/* The one-die fields of r, whose game is onedie_game. */
static inline const onedie_rules *onedie_of(const chopsat_rules *r)
{
    return (const onedie_rules *)r;
}

/* The game table's option entries, made by onedie_options.c from ONEDIE_OPTIONS. */
extern const game_option onedie_options[];
void onedie_defaults(chopsat_rules *r);
uint64_t onedie_get_option(const chopsat_rules *r, int k);
void onedie_set_option(chopsat_rules *r, int k, uint64_t v);
/* The game table's typed_move (onedie_typed.c): a typed face, opening or turn of the die. */
int die_typed_move(const chopsat_rules *r, const chopsat_pos *p, const char *text, chopsat_pos *to,
                   char *why, size_t size);

#endif
