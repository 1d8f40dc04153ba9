/* tsys.h: a question as a transition system, for the unbounded engines (k-induction, IC3). The
 * unroller (unroll.h) tells the player to move by a frame's parity and fixes frame 0 to the
 * start; an unbounded engine needs states on their own, so here a state is the game's words
 * plus one turn bit (false: player 1 to move, true: player 2), and the step is the game's own
 * symbolic step (game_sym.h) for either mover, chosen by the turn bit:
 *   init(s):   s is the question's starting position (its words and its turn);
 *   T(s, s'):  s is not terminal, the chosen move is legal in s, s' is its successor, and the
 *              turn passes;
 *   bad(s):    reach: s is the target (player to move included); win: s is terminal and won by
 *              the player asked about.
 * "never" means: no state reachable from init by T is bad. The repetition rules do not change
 * that answer (a shortest path repeats no position). Every bit pattern of the words is a state
 * here, positions of the game or not; what the engines prove covers them all. The one
 * transition system of the project: the exporters write the game's move once as a circuit
 * without a turn, a start or a relation (exports/move_circuit.h) and add them in their formats;
 * the goal in both is goal_sym (game_sym.h). */
#ifndef CHOPSAT_TSYS_H
#define CHOPSAT_TSYS_H

#include "games/game_sym.h"

/* One state as circuit literals: the words and the turn. */
typedef struct tsys_state {
    word s[CHOPSAT_POS_WORDS];
    lit turn;
} tsys_state;

typedef struct tsys {
    const chopsat_rules *r;
    chopsat_query q;
    sym_opts o;
    int nwords, widths[CHOPSAT_POS_WORDS];
    const char *names[CHOPSAT_POS_WORDS];
    int nbits; /* state bits: the words' bits, then the turn */
} tsys;

void tsys_init(tsys *ts, const chopsat_rules *r, const chopsat_query *q, const sym_opts *o);
/* A state of fresh inputs named "<prefix>.<word>[i]" and "<prefix>.turn". */
tsys_state tsys_state_new(const tsys *ts, circuit *c, const char *prefix);
/* Bit i (0 .. nbits-1) of a state: the words' bits in order, least significant first, then
 * the turn; and its name ("h1[3]", "turn"). */
lit tsys_bit(const tsys *ts, const tsys_state *a, int i);
void tsys_bit_name(const tsys *ts, int i, char *buf, size_t size);
/* The value of bit i in the position p (its words and its mover). */
int tsys_pos_bit(const tsys *ts, const chopsat_pos *p, int i);
/* The position that bit values bits[0 .. nbits-1] (0/1) describe. */
void tsys_pos_of_bits(const tsys *ts, const uint8_t *bits, chopsat_pos *out);

lit tsys_init_lit(const tsys *ts, circuit *c, const tsys_state *a);
lit tsys_bad(const tsys *ts, circuit *c, const tsys_state *a);
/* One move from a: its fresh move inputs (named after prefix) are appended to *inputs, *next
 * receives the successor (functions of a and the inputs; the turn passed), and the result is
 * "a is not terminal and the chosen move is legal in a". */
lit tsys_successor(const tsys *ts, circuit *c, const tsys_state *a, const char *prefix,
                   lit_vec *inputs, tsys_state *next);
/* T(a, b): the successor above is legal and equals b. */
lit tsys_step(const tsys *ts, circuit *c, const tsys_state *a, const tsys_state *b,
              const char *prefix);
/* a's words hold a position of the game (game_sym.h: valid; true when the game has none). */
lit tsys_valid(const tsys *ts, circuit *c, const tsys_state *a);
/* a and b are the same state. */
lit tsys_same(const tsys *ts, circuit *c, const tsys_state *a, const tsys_state *b);

#endif
