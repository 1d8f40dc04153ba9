/* onedie_sym.h: the symbolic half of the one-die game (onedie_sym.c), for the game table. */
#ifndef CHOPSAT_ONEDIE_SYM_H
#define CHOPSAT_ONEDIE_SYM_H

#include "games/game.h"

int onedie_sym_words(const chopsat_rules *r, int *widths, const char **names);
lit onedie_sym_terminal(circuit *c, const chopsat_rules *r, const word *s);
lit onedie_sym_won(circuit *c, const chopsat_rules *r, const word *s, int mover, int player);
lit onedie_sym_step(circuit *c, const chopsat_rules *r, const sym_opts *o, const word *s,
                    int mover, const char *prefix, lit_vec *inputs, word *next);

#endif
