/* rules.h: the game-independent part of parsed rules (the inside of the opaque chopsat_rules):
 * the game and the preset. Each game keeps its options in its own struct, which begins with this
 * one and is declared in the game's own header (games/chop_options.h, games/onedie_options.h):
 * rules.c allocates game->rules_size bytes, and only the game's own files read its fields. */
#ifndef CHOPSAT_RULES_H
#define CHOPSAT_RULES_H

#include "chopsat.h"

struct game;

struct chopsat_rules {
    const struct game *game;
    char preset[32];
};

#endif
