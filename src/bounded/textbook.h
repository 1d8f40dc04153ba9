/* textbook.h: the textbook encoding of one move (--move-encoding textbook), for small games:
 * one selector variable per move (`f<t>.move.<name>`), pairwise at-most-one and one
 * at-least-one clause over them, and each move's precondition and effect as plain clauses over
 * the state bits of frames t and t+1, with no gate at all:
 *   -m | <the position is not one where m is illegal>       (one clause per case)
 *   -m | <the position is not in this case> | next bit      (one clause per case and bit)
 * The cases come from the game's textbook form (game_sym.h: tb_moves, tb_move), the move
 * tabulated on every position of the game and the table shortened into few clauses (each case
 * widened bit by bit while it meets no position that contradicts it; positions outside the
 * game are don't-cares). A move legal nowhere gets no selector. The start is fixed by unit
 * clauses on the bits of frame 0. Only for games of at most TEXTBOOK_MAX_BITS state bits. */
#ifndef CHOPSAT_TEXTBOOK_H
#define CHOPSAT_TEXTBOOK_H

#include "bounded/tseitin.h"
#include "games/game_sym.h"

enum { TEXTBOOK_MAX_BITS = 12 };

typedef struct textbook textbook;

/* 0 when r has a textbook form within the limit, else -1 with a message. */
int textbook_check(const chopsat_rules *r, chopsat_err *err);
/* The tables of r (built per mover on first use); r must pass textbook_check. */
textbook *textbook_new(const chopsat_rules *r);
void textbook_free(textbook *tb);

/* Frame 0 equals p: one unit clause per state bit. */
void textbook_start(cnf *f, const word *s, int nwords, const chopsat_pos *p);

/* The step of `mover` from the words s to the words next (both inputs of frame t and t+1):
 * creates the selectors "<prefix>.move.<name>" (appended to inputs) and adds the clauses; the
 * at-least-one clause is (released | m1 | ... | mn), so that once released holds no move is
 * needed. Returns "a move is chosen" (an or gate, not encoded). */
lit textbook_step(textbook *tb, circuit *c, cnf *f, int mover, const word *s, const word *next,
                  const char *prefix, lit_vec *inputs, lit released);

#endif
