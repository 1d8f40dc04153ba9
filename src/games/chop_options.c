/* chop_options.c: the options of the chopsticks family (docs/rules.md's option table):
 * their keys, choices, ranges and meanings, the defaults of `standard`, and where each one is
 * kept in struct chop_rules. rules.c parses, checks and describes rules with these; the
 * presets are listed there. How the options change play is chop_moves.c's and chop_sym.c's. */
#include "games/chop_options.h"

enum { OPT_FINGERS, OPT_OVERFLOW, OPT_HANDS, OPT_TAP, OPT_SPLIT, OPT_SUICIDE, OPT_REVIVE, OPT_WIN };

/* Choices are listed in the order of the enums of chop_options.h, the default first. */
const game_option chop_options[] = {
    [OPT_FINGERS] = {"fingers", NULL, 2, 1u << 20, "N: a hand holds 0..N-1 fingers (2 .. 1048576)"},
    [OPT_OVERFLOW] = {"overflow", "cutoff|rollover", 0, 0,
                      "a hand reaching v >= N: cutoff makes it 0, rollover makes it v mod N"},
    [OPT_HANDS] = {"hands", "unordered|ordered", 0, 0,
                   "unordered: (a,b) and (b,a) are the same hands; ordered: left and right differ"},
    [OPT_TAP] = {"tap", "opponent|self-add", 0, 0,
                 "opponent: your hand x makes their hand y into x+y; self-add: your hand x "
                 "becomes x+y"},
    [OPT_SPLIT] = {"split", "free|none|even-lone", 0, 0,
                   "free: redistribute your fingers; even-lone: a lone even hand 2m becomes (m,m); "
                   "none"},
    [OPT_SUICIDE] = {"suicide", "yes|no", 0, 0, "with split=free: may a split empty a live hand?"},
    [OPT_REVIVE] = {"revive", "yes|no", 0, 0,
                    "with split=free: may a split put fingers on a dead hand?"},
    [OPT_WIN] = {"win", "eliminate|finish", 0, 0,
                 "eliminate: a player with no live hand has lost; finish: a player whose hands "
                 "are all 0 has won"},
    {NULL, NULL, 0, 0, NULL},
};

void chop_defaults(chopsat_rules *rules)
{
    chop_rules *r = (chop_rules *)rules;
    r->fingers = 5;
    r->overflow = OVERFLOW_CUTOFF;
    r->ordered = false;
    r->tap = TAP_OPPONENT;
    r->split = SPLIT_FREE;
    r->suicide = true;
    r->revive = true;
    r->win = WIN_ELIMINATE;
}

uint32_t chop_get_option(const chopsat_rules *rules, int k)
{
    const chop_rules *r = chop_of(rules);
    switch (k) {
    case OPT_FINGERS: return r->fingers;
    case OPT_OVERFLOW: return (uint32_t)r->overflow;
    case OPT_HANDS: return r->ordered;
    case OPT_TAP: return (uint32_t)r->tap;
    case OPT_SPLIT: return (uint32_t)r->split;
    case OPT_SUICIDE: return !r->suicide; /* "yes|no": yes is choice 0 */
    case OPT_REVIVE: return !r->revive;
    default: return (uint32_t)r->win;
    }
}

void chop_set_option(chopsat_rules *rules, int k, uint32_t v)
{
    chop_rules *r = (chop_rules *)rules;
    switch (k) {
    case OPT_FINGERS: r->fingers = v; break;
    case OPT_OVERFLOW: r->overflow = (enum overflow_rule)v; break;
    case OPT_HANDS: r->ordered = v == 1; break;
    case OPT_TAP: r->tap = (enum tap_rule)v; break;
    case OPT_SPLIT: r->split = (enum split_rule)v; break;
    case OPT_SUICIDE: r->suicide = v == 0; break;
    case OPT_REVIVE: r->revive = v == 0; break;
    default: r->win = (enum win_rule)v; break;
    }
}

/* suicide and revive qualify the free split and mean nothing without it. */
const char *chop_option_needs(const chopsat_rules *r, int k)
{
    if ((k == OPT_SUICIDE || k == OPT_REVIVE) && chop_of(r)->split != SPLIT_FREE) return "split=free";
    return NULL;
}
