/* game_sym.h: the symbolic half of a game's table: its rules as a circuit over bit-vectors, for
 * the unroller, the QBF encoder, the exports, the unbounded and BDD engines and the tests.
 * game_sym_of(g) finds a game's symbolic half (src/games/game_sym.c lists them); the explicit
 * table (games/game.h) knows nothing of it, so the explicit engine links without circuit code.
 * This header and goal_sym.c's goal are the only game code with circuit types; the explicit
 * engine never includes it. */
#ifndef CHOPSAT_GAME_SYM_H
#define CHOPSAT_GAME_SYM_H

#include "circuit/word.h"
#include "games/game.h"

/* A growable list of circuit literals (the move inputs of one step). */
typedef struct lit_vec {
    lit *items;
    size_t n, cap;
} lit_vec;

/* Options of the symbolic encoding that a game's step must honour. */
typedef struct sym_opts {
    bool binary_moves; /* the choice of move as a binary number instead of one-hot */
    bool textbook;     /* the textbook encoding (bounded/textbook.c) instead of the step */
} sym_opts;

/* The textbook encoding's limits: moves per player and the longest move name. */
enum { TB_MAX_MOVES = 64, TB_NAME = 24 };

typedef struct game_sym {
    /* The state words of one frame: how many (at most CHOPSAT_POS_WORDS), their widths and
     * names. Word i holds
     * chopsat_pos.v[i]; the player to move is not a word, it follows from the frame's parity. */
    int (*words)(const chopsat_rules *r, int *widths, const char **names);
    /* "s holds a position of the game" (the positions the explicit half indexes, written from
     * the rules): the BDD engine counts over it. NULL: every bit pattern is a position. */
    lit (*valid)(circuit *c, const chopsat_rules *r, const word *s);
    /* "s is a terminal position". */
    lit (*terminal)(circuit *c, const chopsat_rules *r, const word *s);
    /* "s is terminal and `player` has won it", where `mover` (1 or 2) is to move in s. */
    lit (*won)(circuit *c, const chopsat_rules *r, const word *s, int mover, int player);
    /* One move of `mover` from s: creates the move's inputs (named "<prefix>.<what>") and
     * appends them to *inputs, writes the successor's words into next, and returns "the chosen
     * move is legal in s". The caller adds "s is not terminal". */
    lit (*step)(circuit *c, const chopsat_rules *r, const sym_opts *o, const word *s, int mover,
                const char *prefix, lit_vec *inputs, word *next);
    /* The textbook form (bounded/textbook.c turns it into clauses): the moves one by one, on
     * concrete positions, written from the rules a third time. tb_moves: the number of moves
     * (at most TB_MAX_MOVES; -1 when the rules have more, which textbook_check refuses) and
     * their names (`tap_LR`, `split_1`, `face4`). tb_move: move m of
     * `mover` applied to the words s: false when it is no legal move there (the game is over
     * included), else the successor's words in next. */
    int (*tb_moves)(const chopsat_rules *r, char (*names)[TB_NAME]);
    bool (*tb_move)(const chopsat_rules *r, int mover, int m, const uint32_t *s, uint32_t *next);
} game_sym;

/* Each game's symbolic table (src/games/<game>_sym.c). */
extern const game_sym chop_game_sym;
extern const game_sym many_game_sym;
extern const game_sym onedie_game_sym;

/* The symbolic half of game g (every game of rules.c's presets has one, listed in
 * src/games/game_sym.c). */
const game_sym *game_sym_of(const game *g);

/* The goal of question q in a state s (its words) as a circuit (src/games/goal_sym.c, the
 * symbolic side's one goal): reach: s is q->target, its player to move included; win: s is
 * terminal and won by q->player. turn is "player 2 is to move in s": LIT_FALSE or LIT_TRUE
 * when the mover is known (a frame of an unrolling), or a state bit (a transition system).
 * Exact bounds ("only at frame K") are the caller's. */
lit goal_sym(circuit *c, const chopsat_rules *r, const chopsat_query *q, const word *s, lit turn);

#endif
