/* game.h: a game is a table of functions. Everything outside a game's own files (the CLI, the
 * explicit solver, the unroller, the QBF encoder, the decoder) works through this table and
 * never asks which game it is playing. Adding a game means writing its options
 * (<game>_options.c), its explicit half (<game>_moves.c) and its symbolic half (<game>_sym.c)
 * and listing it in rules.c. docs/adding-a-game.md is the checklist.
 *
 * This header is the explicit half of the table and knows no circuit type: the explicit engine
 * (src/explicit/) includes it and nothing symbolic. The symbolic half is a second table,
 * struct game_sym (games/game_sym.h, which includes the circuit and word headers), found by
 * game_sym_of(g) (games/game_sym.c): the explicit table does not point at it, so the explicit
 * engine links without any circuit code. */
#ifndef CHOPSAT_GAME_H
#define CHOPSAT_GAME_H

#include "chopsat.h"
#include "games/rules.h"

/* One successor produced by the explicit move generator: the position it leads to and enough
 * to name the move (kind plus two game-specific operands). */
typedef struct step {
    chopsat_pos to;
    uint8_t kind; /* CHOPSAT_TAP, CHOPSAT_SPLIT, CHOPSAT_ROLL */
    uint8_t a, b; /* tap: mover's hand index, opponent's hand index; roll: the new face */
} step;

/* One option of a game (docs/rules.md's option tables), for parsing "preset,key=value" and for
 * `chopsat rules`. A value is a choice, held as its index in `values`, or a number lo..hi. A
 * game declares each option once, in a list that makes this table (games/game_options.h). */
typedef struct game_option {
    const char *key;
    const char *values; /* "|"-separated choices, the default first; NULL for a number */
    uint64_t lo, hi;    /* a number's range */
    const char *needs;  /* NULL, or "key=word": the option matters only with that setting */
    const char *meaning;
    bool pair;         /* a number pair "a/b" (or "a": a/a), each lo..hi, held as a * 256 + b */
    uint64_t pair_def; /* a pair's default, which the description leaves out */
} game_option;

typedef struct game {
    const char *name; /* "chopsticks", "onedie" */
    /* sizeof the game's rules struct, which begins with struct chopsat_rules (games/rules.h):
     * rules.c allocates this much and only the game's own files read past the common part. */
    size_t rules_size;

    /* ---- explicit half ---- */
    /* The size of the index space (0 if it does not fit in 2^40). */
    uint64_t (*count)(const chopsat_rules *r);
    uint64_t (*index)(const chopsat_rules *r, const chopsat_pos *p);
    /* Fills p from index i; returns false if i names no position of the game. */
    bool (*unindex)(const chopsat_rules *r, uint64_t i, chopsat_pos *p);
    void (*start)(const chopsat_rules *r, chopsat_pos *p);
    /* 1 or 2: the winner of a terminal position, 0 if the game is not over. */
    int (*winner)(const chopsat_rules *r, const chopsat_pos *p);
    /* An upper bound on the number of successors of any position. */
    size_t (*max_moves)(const chopsat_rules *r);
    /* Optional (NULL: max_moves): an upper bound on the number of successors of p, and room
     * enough for moves(p) to write into (chopsat_moves_list allocates this much). */
    size_t (*moves_at)(const chopsat_rules *r, const chopsat_pos *p);
    /* Writes the distinct successors of p into out (room for max_moves), returns how many. */
    size_t (*moves)(const chopsat_rules *r, const chopsat_pos *p, step *out);
    /* Optional (NULL: callers take index() of every move instead): writes the indices of the
     * distinct successors of the non-terminal p into out (room for max_moves), in any order,
     * and returns how many: the indices of moves(p)'s positions, without building the steps.
     * The statistics' breadth-first walk (src/explicit/explore.c) uses it. */
    size_t (*successors)(const chopsat_rules *r, const chopsat_pos *p, uint64_t *out);
    /* Optional (NULL: the game is not symmetric): the index of the mirror of the position at
     * index i, the players' hands exchanged and the other player to move, in a game whose
     * rules treat both players alike; player 1 moves in the indices below count / 2 and the
     * mirror of those is at or above it. The solver (src/explicit/solve.c) then solves only
     * player 1's half: a position's value for its mover is its mirror's. */
    uint64_t (*mirror_index)(const chopsat_rules *r, uint64_t i);
    /* Optional with mirror_index (NULL: mirror_index of each of successors' indices): the
     * indices of the mirrors of the distinct successors of the non-terminal p, without a
     * division each. */
    size_t (*mirror_successors)(const chopsat_rules *r, const chopsat_pos *p, uint64_t *out);
    /* Optional (NULL: count what successors lists): the number of distinct successors of the
     * non-terminal p without listing them, or SIZE_MAX when the rules need them listed. The
     * solver's first pass counts every position's successors with it. */
    size_t (*successor_count)(const chopsat_rules *r, const chopsat_pos *p);
    /* An upper bound on the number of predecessors of any position. */
    size_t (*max_unmoves)(const chopsat_rules *r);
    /* Un-moves, written from the rules backwards (not by inverting moves): writes the distinct
     * predecessors of p into out (room for max_unmoves), every non-terminal position q with p
     * among moves(q), and returns how many. The solver (src/explicit/solve.c) walks them
     * instead of storing reversed edges. */
    size_t (*unmoves)(const chopsat_rules *r, const chopsat_pos *p, chopsat_pos *out);
    /* Optional (NULL: callers search moves(p) instead): finds the move from the non-terminal p
     * to q directly from the rules, in time independent of the number of moves: true with *s,
     * the step moves(p) lists for that result (so its kind and name are the list's), false
     * when no legal move of p leads to q. Replaying a witness (chopsat_move_between) and reading
     * a typed move use it at any hand width. */
    bool (*step_to)(const chopsat_rules *r, const chopsat_pos *p, const chopsat_pos *q, step *s);
    /* Writes the readable name of the move s from p. */
    void (*move_name)(const chopsat_rules *r, const chopsat_pos *p, const step *s, char *buf,
                      size_t size);
    int (*parse)(const chopsat_rules *r, const char *text, chopsat_pos *out, chopsat_err *err);
    /* Reads a move typed by a person in the game's notation (docs/rules.md; text is lower case
     * without spaces, the verb may be missing) and plays it by the rules as a physical move from
     * the non-terminal p, without merging moves that lead to the same position (`4>4` at 34/24
     * is played even though the move list names that result `tap 3>4`). Returns 1 with *to,
     * 0 when text is not a move in this game's notation, -1 when it is one the rules forbid
     * here, with the reason in why (one line, no trailing period). */
    int (*typed_move)(const chopsat_rules *r, const chopsat_pos *p, const char *text,
                      chopsat_pos *to, char *why, size_t size);
    void (*format)(const chopsat_rules *r, const chopsat_pos *p, char *buf, size_t size);
    /* Draws the board of p for a person (several lines, the player to move marked) to out. */
    void (*draw)(const chopsat_rules *r, const chopsat_pos *p, FILE *out);
    /* True when the move from p is left to chance in a real game (the one-die opening roll):
     * chopsat play then picks one of the legal moves uniformly at random for either player. */
    bool (*chance)(const chopsat_rules *r, const chopsat_pos *p);

    /* ---- options (src/<game>_options.c; rules.c parses, checks and describes with them) ---- */
    /* What `chopsat rules` calls the game in its option list ("the chopsticks family"). */
    const char *title;
    /* The options, ended by an entry whose key is NULL (at most 32), and what
     * GAME_OPTION_FUNCTIONS makes from the same list: setting every option of the game in r to
     * its default, option k's value in r (a choice's index, or the number), and setting it (v
     * is valid). */
    const game_option *options;
    void (*defaults)(chopsat_rules *r);
    uint64_t (*get_option)(const chopsat_rules *r, int k);
    void (*set_option)(chopsat_rules *r, int k, uint64_t v);
    /* Optional (NULL: any combination the options allow): CHOPSAT_OK, or CHOPSAT_ERROR with one
     * line ("rules: ...") naming a combination of values the game cannot play. */
    int (*check)(const chopsat_rules *r, chopsat_err *err);
    /* Optional (NULL: this table): the table that plays r, a game of the same name and options
     * (the chopsticks family with a hand count other than 2/2 is played by many_game). */
    const struct game *(*variant)(const chopsat_rules *r);
    /* Optional (NULL: a game without hands): the number of hands of `player` (1 or 2). */
    int (*hands)(const chopsat_rules *r, int player);

    /* ---- the best-move chart (chopsat chart, src/chart.c) ---- */
    /* What the rows (axis 0) and columns (axis 1) show, and the key to the moves' short names
     * (a move's name without its verb). */
    const char *chart_title[2];
    void (*chart_legend)(const chopsat_rules *r, char *buf, size_t size);
    /* The number of rows (axis 0) or columns (axis 1), and the label of row/column k. */
    uint64_t (*chart_size)(const chopsat_rules *r, int axis);
    void (*chart_label)(const chopsat_rules *r, int axis, uint64_t k, char *buf, size_t size);
    /* The position at cell (row, col); false if the cell holds no position. */
    bool (*chart_cell)(const chopsat_rules *r, uint64_t row, uint64_t col, chopsat_pos *p);
} game;

extern const game chop_game;
extern const game many_game;
extern const game onedie_game;

#endif
