/* chop_options.c: the option table of the chopsticks family and its defaults, get and set
 * functions, made from the one list of its options, CHOP_OPTIONS (chop_options.h). rules.c
 * parses, checks and describes rules with them; how the options change play is chop_moves.c's
 * and chop_sym.c's. */
#include "games/chop_options.h"

GAME_OPTION_FUNCTIONS(chop, chop_rules, CHOP_OPTIONS)
