/* chop_options.h: the options of the chopsticks family (chop_options.c), for the game table. */
#ifndef CHOPSAT_CHOP_OPTIONS_H
#define CHOPSAT_CHOP_OPTIONS_H

#include "games/game.h"

extern const game_option chop_options[];
void chop_defaults(chopsat_rules *r);
uint32_t chop_get_option(const chopsat_rules *r, int k);
void chop_set_option(chopsat_rules *r, int k, uint32_t v);
const char *chop_option_needs(const chopsat_rules *r, int k);

#endif
