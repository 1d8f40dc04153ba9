/* many_textbook.h: the textbook form of the chopsticks family at any hand count
 * (many_textbook.c), for many_sym.c's table (games/game_sym.h's tb_moves and tb_move, whose
 * limits many_sym.c checks are these). */
#ifndef CHOPSAT_MANY_TEXTBOOK_H
#define CHOPSAT_MANY_TEXTBOOK_H

#include "chopsat.h"

#include <stdbool.h>
#include <stdint.h>

enum { MANY_TB_MAX = 64, MANY_TB_NAME = 24 };

/* The moves' names (at most MANY_TB_MAX) and their number, or -1 when the rules have more. */
int many_tb_moves(const chopsat_rules *r, char (*names)[MANY_TB_NAME]);
/* Move m of `mover` on the words s: false when it is no legal move there, else the successor's
 * words in next. */
bool many_tb_move(const chopsat_rules *r, int mover, int m, const uint32_t *s, uint32_t *next);

#endif
