/* chop_options.h: the rules of the chopsticks family as its own files see them (struct
 * chop_rules, the option fields after the common part) and its options (chop_options.c), for
 * the game table. Only src/games/chop_*.c include this header. */
#ifndef CHOPSAT_CHOP_OPTIONS_H
#define CHOPSAT_CHOP_OPTIONS_H

#include "games/game.h"

enum overflow_rule { OVERFLOW_CUTOFF, OVERFLOW_ROLLOVER };
enum tap_rule { TAP_OPPONENT, TAP_SELF_ADD };
enum split_rule { SPLIT_FREE, SPLIT_NONE, SPLIT_EVEN_LONE };
enum win_rule { WIN_ELIMINATE, WIN_FINISH };

typedef struct chop_rules {
    chopsat_rules base; /* first: a chopsat_rules of this game points at a chop_rules */
    uint32_t fingers;
    bool ordered;
    bool suicide, revive;
    enum overflow_rule overflow;
    enum tap_rule tap;
    enum split_rule split;
    enum win_rule win;
} chop_rules;

/* The chopsticks fields of r, whose game is chop_game. */
static inline const chop_rules *chop_of(const chopsat_rules *r) { return (const chop_rules *)r; }

extern const game_option chop_options[];
void chop_defaults(chopsat_rules *r);
uint32_t chop_get_option(const chopsat_rules *r, int k);
void chop_set_option(chopsat_rules *r, int k, uint32_t v);
const char *chop_option_needs(const chopsat_rules *r, int k);
/* The game table's typed_move (chop_typed.c): a typed tap, add or split played by the rules. */
int chop_typed_move(const chopsat_rules *r, const chopsat_pos *p, const char *text,
                    chopsat_pos *to, char *why, size_t size);

#endif
