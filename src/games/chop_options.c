/* chop_options.c: the option table of the chopsticks family and its defaults, get and set
 * functions, made from the one list of its options, CHOP_OPTIONS (chop_options.h). rules.c
 * parses, checks and describes rules with them; how the options change play is chop_moves.c's
 * and chop_sym.c's. */
#include "games/chop_options.h"

#include "core/util.h"

GAME_OPTION_FUNCTIONS(chop, chop_rules, CHOP_OPTIONS)

/* The game table's check: split=even-lone makes a lone hand into two, so every player needs two
 * hands. */
int chop_check(const chopsat_rules *r, chopsat_err *err)
{
    if (chop_of(r)->split != SPLIT_EVEN_LONE || (chop_hands(r, 1) > 1 && chop_hands(r, 2) > 1))
        return CHOPSAT_OK;
    fail(err, "rules: split=even-lone needs two hands a player (count=%d/%d)", chop_hands(r, 1),
         chop_hands(r, 2));
    return CHOPSAT_ERROR;
}

/* The game table's hands: player's hand count (1 or 2). */
int chop_hands_of(const chopsat_rules *r, int player)
{
    return chop_hands(r, player);
}

/* The game table's variant: chop_game plays two hands a player, many_game any other count
 * (docs/rules.md "Any number of hands"). */
const game *chop_variant(const chopsat_rules *r)
{
    return chop_hands(r, 1) == 2 && chop_hands(r, 2) == 2 ? &chop_game : &many_game;
}
