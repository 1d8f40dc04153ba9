/* chop_options.h: the rules of the chopsticks family as its own files see them: its options,
 * each declared once (games/game_options.h says what the columns mean; docs/rules.md's option
 * table), and struct chop_rules, the option fields after the common part, made from them. Only
 * src/games/chop_*.c include this header. */
#ifndef CHOPSAT_CHOP_OPTIONS_H
#define CHOPSAT_CHOP_OPTIONS_H

#include "games/game_options.h"

/* The words of the choice options, in the order of their "a|b" lists. */
enum overflow_rule { OVERFLOW_CUTOFF, OVERFLOW_ROLLOVER };
enum tap_rule { TAP_OPPONENT, TAP_SELF_ADD };
enum split_rule { SPLIT_FREE, SPLIT_NONE, SPLIT_EVEN_LONE };
enum win_rule { WIN_ELIMINATE, WIN_FINISH };

/* clang-format off */
#define CHOP_OPTIONS(NUMBER, CHOICE, YES_NO, PAIR) \
NUMBER(fingers,  fingers,  5, 2, UINT64_MAX, NULL, "N: a hand holds 0..N-1 fingers") \
CHOICE(overflow, overflow, enum overflow_rule, OVERFLOW_CUTOFF, "cutoff|rollover", NULL, "a hand reaching v >= N: cutoff makes it 0, rollover makes it v mod N") \
CHOICE(hands,    ordered,  bool, false, "unordered|ordered", NULL, "unordered: (a,b) and (b,a) are the same hands; ordered: left and right differ") \
CHOICE(tap,      tap,      enum tap_rule, TAP_OPPONENT, "opponent|self-add", NULL, "opponent: your hand x makes their hand y into x+y; self-add: your hand x becomes x+y") \
CHOICE(split,    split,    enum split_rule, SPLIT_FREE, "free|none|even-lone", NULL, "free: redistribute your fingers; even-lone: a lone even hand 2m becomes (m,m); none") \
YES_NO(suicide,  suicide,  true, "split=free", "with split=free: may a split empty a live hand?") \
YES_NO(revive,   revive,   true, "split=free", "with split=free: may a split put fingers on a dead hand?") \
CHOICE(win,      win,      enum win_rule, WIN_ELIMINATE, "eliminate|finish", NULL, "eliminate: a player with no live hand has lost; finish: a player whose hands are all 0 has won") \
PAIR(count,      count,    0x202, 1, CHOPSAT_HANDS_MAX, NULL, "A or A/B: the hands of each player (player 1's/player 2's)")
/* clang-format on */

typedef struct chop_rules {
    chopsat_rules base; /* first: a chopsat_rules of this game points at a chop_rules */
    GAME_OPTION_FIELDS(CHOP_OPTIONS)
} chop_rules;

/* The chopsticks fields of r, whose game is chop_game. */
static inline const chop_rules *chop_of(const chopsat_rules *r)
{
    return (const chop_rules *)r;
}

/* The number of hands of `player` (1 or 2) under r. */
static inline int chop_hands(const chopsat_rules *r, int player)
{
    uint64_t c = chop_of(r)->count;
    return (int)(player == 1 ? c >> 8 : c & 0xff);
}

/* The game table's option entries, made by chop_options.c from CHOP_OPTIONS. */
extern const game_option chop_options[];
void chop_defaults(chopsat_rules *r);
uint64_t chop_get_option(const chopsat_rules *r, int k);
void chop_set_option(chopsat_rules *r, int k, uint64_t v);
/* The game table's check and hands (chop_options.c): split=even-lone needs two hands a player;
 * the number of hands of `player`. */
int chop_check(const chopsat_rules *r, chopsat_err *err);
int chop_hands_of(const chopsat_rules *r, int player);
/* The game table's variant (chop_options.c): chop_game at count 2/2, many_game otherwise. */
const game *chop_variant(const chopsat_rules *r);
/* One hand drawn for a person, padded to width (0: none), and a whole number read at *s (up to
 * 2^64 - 1, advancing *s; false when there is none): chop_text.c, for both explicit halves. */
void chop_draw_hand(const chopsat_rules *r, uint64_t v, int width, FILE *out);
bool chop_read_number(const char **s, uint64_t *v);
/* The game table's typed_move (chop_typed.c): a typed tap, add or split played by the rules. */
int chop_typed_move(const chopsat_rules *r, const chopsat_pos *p, const char *text, chopsat_pos *to,
                    char *why, size_t size);

#endif
