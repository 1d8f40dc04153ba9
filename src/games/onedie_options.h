/* onedie_options.h: the options of the one-die game (onedie_options.c), for the game table. */
#ifndef CHOPSAT_ONEDIE_OPTIONS_H
#define CHOPSAT_ONEDIE_OPTIONS_H

#include "games/game.h"

extern const game_option onedie_options[];
void onedie_defaults(chopsat_rules *r);
uint32_t onedie_get_option(const chopsat_rules *r, int k);
void onedie_set_option(chopsat_rules *r, int k, uint32_t v);
const char *onedie_option_needs(const chopsat_rules *r, int k);

#endif
