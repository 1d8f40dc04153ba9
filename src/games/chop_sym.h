/* chop_sym.h: the symbolic half of the chopsticks family (chop_sym.c), for the game table. */
#ifndef CHOPSAT_CHOP_SYM_H
#define CHOPSAT_CHOP_SYM_H

#include "games/game.h"

int chop_sym_words(const chopsat_rules *r, int *widths, const char **names);
lit chop_sym_terminal(circuit *c, const chopsat_rules *r, const word *s);
lit chop_sym_won(circuit *c, const chopsat_rules *r, const word *s, int mover, int player);
lit chop_sym_step(circuit *c, const chopsat_rules *r, const sym_opts *o, const word *s,
                  int mover, const char *prefix, lit_vec *inputs, word *next);

#endif
