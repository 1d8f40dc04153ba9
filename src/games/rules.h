/* rules.h: the parsed rules of one game (the inside of the opaque chopsat_rules): the game, the
 * preset, and the fields of every game's options. Only a game's own files read its fields;
 * src/<game>_options.c maps them to the option keys that rules.c parses and describes. */
#ifndef CHOPSAT_RULES_H
#define CHOPSAT_RULES_H

#include "chopsat.h"

struct game;

enum overflow_rule { OVERFLOW_CUTOFF, OVERFLOW_ROLLOVER };
enum tap_rule { TAP_OPPONENT, TAP_SELF_ADD };
enum split_rule { SPLIT_FREE, SPLIT_NONE, SPLIT_EVEN_LONE };
enum win_rule { WIN_ELIMINATE, WIN_FINISH };

struct chopsat_rules {
    const struct game *game;
    char preset[32];
    /* chopsticks family */
    uint32_t fingers;
    bool ordered;
    bool suicide, revive;
    enum overflow_rule overflow;
    enum tap_rule tap;
    enum split_rule split;
    enum win_rule win;
    /* one-die game */
    uint32_t target;
};

#endif
