/* onedie_options.c: the option table of the one-die game and its defaults, get and set
 * functions, made from the one list of its options, ONEDIE_OPTIONS (onedie_options.h), for
 * rules.c to parse, check and describe. */
#include "games/onedie_options.h"

GAME_OPTION_FUNCTIONS(onedie, onedie_rules, ONEDIE_OPTIONS)
