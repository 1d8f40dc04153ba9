/* chopsat.h: the one public header of libchopsat.
 *
 * chopsat turns questions about small two-player games (the Chopsticks family and the one-die
 * race to 31, as docs/rules.md specifies them) into satisfiability problems and answers
 * them, and solves the same games explicitly so that every answer can be checked.
 *
 * Conventions: rules and solutions are opaque handles created by a `_new`/`_parse` call and
 * released by the matching `_free`. Positions and moves are small value types. A function that
 * can fail takes a `chopsat_err *` (may be NULL), returns -1 or NULL on failure and leaves a
 * one-line message in it; the library never prints (except progress through a callback the
 * caller installs) and never exits. */
#ifndef CHOPSAT_H
#define CHOPSAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define CHOPSAT_VERSION "0.1.0"

/* A one-line error message, filled in by a failing call. */
typedef struct chopsat_err {
    char msg[512];
} chopsat_err;

/* ------------------------------------------------------------------------------------------ */
/* Rules                                                                                      */
/* ------------------------------------------------------------------------------------------ */

typedef struct chopsat_rules chopsat_rules;

/* Parses a rules specification: a preset name followed by comma-separated key=value overrides
 * ("standard", "standard,fingers=7,suicide=no", "onedie,target=50"). NULL or "" means
 * "standard". Returns a new handle the caller frees, or NULL with a message naming the unknown
 * preset, unknown key, bad value or meaningless combination. */
chopsat_rules *chopsat_rules_parse(const char *spec, chopsat_err *err);
void chopsat_rules_free(chopsat_rules *rules);

/* Writes the canonical description into buf: the preset, then key=value for every option of
 * the game that matters under these rules (suicide and revive only with split=free). Parsing
 * it gives the same rules back. */
void chopsat_rules_describe(const chopsat_rules *rules, char *buf, size_t size);

/* Writes the list of presets and options, with their meanings and defaults, to out. */
void chopsat_rules_help(FILE *out);

/* The game these rules belong to: "chopsticks" or "onedie". */
const char *chopsat_rules_game(const chopsat_rules *rules);

/* ------------------------------------------------------------------------------------------ */
/* Positions and moves                                                                        */
/* ------------------------------------------------------------------------------------------ */

/* A position. For the chopsticks family v[0],v[1] are player 1's hands and v[2],v[3] player
 * 2's (smaller first when hands are unordered); for the one-die game v[0] is the total and v[1]
 * the top face. mover is 1 or 2. Unused fields are 0, so positions compare with memcmp. */
typedef struct chopsat_pos {
    uint32_t v[4];
    uint32_t mover;
} chopsat_pos;

/* Parses a position in the notation of docs/rules.md ("11/04", "1,1/0,4:2", "24@3", "start"),
 * normalising it (unordered hands smaller first). Returns 0, or -1 with a message. */
int chopsat_pos_parse(const chopsat_rules *rules, const char *text, chopsat_pos *out,
                      chopsat_err *err);
void chopsat_pos_start(const chopsat_rules *rules, chopsat_pos *out);
/* Writes the position with its ":M" suffix ("11/04:1", "24@3:2"). */
void chopsat_pos_format(const chopsat_rules *rules, const chopsat_pos *pos, char *buf,
                        size_t size);
bool chopsat_pos_equal(const chopsat_pos *a, const chopsat_pos *b);
/* Draws the board of pos for a person to out, in several lines: for the chopsticks family each
 * player's two hands as rows of fingers ("|||." holds 3 of 4; "dead"; the number when a hand
 * holds more than 10), for the one-die game the total and the die's top face. The player to
 * move is marked unless the game is over. The only library call that writes, and only to the
 * FILE the caller passes. */
void chopsat_pos_draw(const chopsat_rules *rules, const chopsat_pos *pos, FILE *out);
/* True when the next move from pos is left to chance in a real game (the opening roll of the
 * one-die game, which analysis treats as the mover's choice): `chopsat play` then picks one of
 * the legal moves uniformly at random. False for terminal positions. */
bool chopsat_pos_chance(const chopsat_rules *rules, const chopsat_pos *pos);

/* The result of a terminal position for the player to move: CHOPSAT_WIN or CHOPSAT_LOSS, or 0
 * when the game is not over. */
int chopsat_pos_outcome(const chopsat_rules *rules, const chopsat_pos *pos);
/* 1 or 2: the player who has won a terminal position, 0 when the game is not over. */
int chopsat_pos_winner(const chopsat_rules *rules, const chopsat_pos *pos);

enum { CHOPSAT_LOSS = -1, CHOPSAT_DRAW = 0, CHOPSAT_WIN = 1 };
enum { CHOPSAT_TAP = 1, CHOPSAT_SPLIT = 2, CHOPSAT_ROLL = 3 };

/* One legal move: its kind, a readable name ("tap 1>3", "split 2,2", "add L+R", "roll 5") and
 * the position it leads to. */
typedef struct chopsat_move {
    chopsat_pos to;
    int kind;
    char name[40];
} chopsat_move;

typedef struct chopsat_moves {
    chopsat_move *items;
    size_t n, cap;
} chopsat_moves;

/* Replaces the contents of out with the legal moves of pos, one per distinct resulting
 * position (two moves that lead to the same position are one edge), in a fixed order. */
void chopsat_moves_list(const chopsat_rules *rules, const chopsat_pos *pos, chopsat_moves *out);
void chopsat_moves_free(chopsat_moves *moves);

/* Finds the legal move from `from` to `to`; returns 0 and fills *move, or -1 if none exists. */
int chopsat_move_between(const chopsat_rules *rules, const chopsat_pos *from,
                         const chopsat_pos *to, chopsat_move *move);

/* Finds the legal move of pos whose name is `name` (case-insensitive, spaces ignored);
 * returns 0 and fills *move, or -1. */
int chopsat_move_by_name(const chopsat_rules *rules, const chopsat_pos *pos, const char *name,
                         chopsat_move *move);

/* Reads a move as a person types it at pos: its name with or without the verb (case and spaces
 * ignored: `tap 1>4`, `1>4`, `SPLIT 2,0`), a die face for the one-die game (`4` is `turn 4`),
 * or any physical move the rules allow that the move list names otherwise (at 34/24, `4>4`
 * leads where `tap 3>4` does). Returns 0 with *move, the legal move typed; 1 with *move when
 * what was typed is another physical move that leads to the same position (then *move's name
 * differs from it); -1 with the reason in err when it is no legal move (the game is over, or
 * which rule forbids it here); -2 with a message when the text is no move in the game's
 * notation at all (in the chopsticks family a plain number such as `2` is none). */
int chopsat_move_parse(const chopsat_rules *rules, const chopsat_pos *pos, const char *text,
                       chopsat_move *move, chopsat_err *err);

/* ------------------------------------------------------------------------------------------ */
/* The explicit solver                                                                        */
/* ------------------------------------------------------------------------------------------ */

typedef struct chopsat_solution chopsat_solution;

/* Progress callback for long computations: a phase name and the fraction done (0..1). */
typedef void (*chopsat_progress_fn)(void *ctx, const char *phase, double done);

/* The number of positions in the game's index space, or 0 when it does not fit in 2^40 (the
 * explicit solver then refuses). */
uint64_t chopsat_position_count(const chopsat_rules *rules);

/* Solves every position by retrograde analysis (exact in games with cycles). Returns a new
 * solution the caller frees, or NULL with a message (for example when the game is too large). */
chopsat_solution *chopsat_solve(const chopsat_rules *rules, chopsat_progress_fn progress,
                                void *ctx, chopsat_err *err);
void chopsat_solution_free(chopsat_solution *sol);

/* The value (CHOPSAT_WIN/LOSS/DRAW) of pos for its player to move, and its distance (0 for a
 * draw). */
int chopsat_value(const chopsat_solution *sol, const chopsat_pos *pos, uint32_t *distance);

/* The best moves of pos: for a win, every move to a loss one move nearer; for a loss, every
 * move to a win at distance-1 (the slowest defence); for a draw, every move to a draw. */
void chopsat_best_moves(const chopsat_solution *sol, const chopsat_pos *pos, chopsat_moves *out);

/* The principal variation from pos: the first best move at every step, to the end of the game,
 * or for a draw until a position repeats (at most max_len moves). */
void chopsat_principal_line(const chopsat_solution *sol, const chopsat_pos *pos, size_t max_len,
                            chopsat_moves *out);

/* Iterates over the index space: the number of indices, and the position at index i (returns
 * false when index i is no position of the game, for example 5@6 in the one-die game). */
uint64_t chopsat_solution_size(const chopsat_solution *sol);
bool chopsat_solution_position(const chopsat_solution *sol, uint64_t i, chopsat_pos *pos);
const chopsat_rules *chopsat_solution_rules(const chopsat_solution *sol);

/* ------------------------------------------------------------------------------------------ */
/* Exploration: reachability and statistics                                                   */
/* ------------------------------------------------------------------------------------------ */

typedef struct chopsat_reach_set chopsat_reach_set;

/* Breadth-first search from `from` over the legal moves. Returns the set of reachable
 * positions with their breadth-first depths, or NULL with a message. */
chopsat_reach_set *chopsat_explore(const chopsat_rules *rules, const chopsat_pos *from,
                                   chopsat_err *err);
void chopsat_reach_set_free(chopsat_reach_set *set);
/* The breadth-first depth of pos from the start of the search, or -1 if unreachable. */
int64_t chopsat_reach_depth(const chopsat_reach_set *set, const chopsat_pos *pos);
/* The number of reachable positions, and the k-th of them in breadth-first order. */
uint64_t chopsat_reach_count(const chopsat_reach_set *set);
void chopsat_reach_at(const chopsat_reach_set *set, uint64_t k, chopsat_pos *pos);

typedef struct chopsat_stats {
    uint64_t positions;        /* reachable positions, the start included */
    uint64_t terminal;         /* of them terminal */
    uint64_t edges;            /* distinct (position, successor) pairs among them */
    uint64_t wins, losses, draws; /* values of the reachable non-terminal positions */
    uint64_t longest_distance; /* the largest distance among those wins and losses */
    uint64_t depth;            /* the largest breadth-first depth */
} chopsat_stats;

/* Statistics of the positions reachable from `from`, using sol for the values. */
int chopsat_stats_compute(const chopsat_solution *sol, const chopsat_pos *from,
                          chopsat_stats *out, chopsat_err *err);

/* Writes the Graphviz DOT picture of the game graph reachable from `from`: nodes coloured by
 * value, terminal nodes distinct, taps and splits drawn differently. */
int chopsat_write_dot(const chopsat_solution *sol, const chopsat_pos *from, FILE *out,
                      chopsat_err *err);

/* ------------------------------------------------------------------------------------------ */
/* The best-move chart                                                                        */
/* ------------------------------------------------------------------------------------------ */

/* A chart is a grid like the printed strategy charts: for the chopsticks family one row per
 * hands of the mover (player 1) and one column per hands of the opponent; for the one-die game
 * one row per total and one column per top face. Axis 0 is the rows, axis 1 the columns. */
uint64_t chopsat_chart_size(const chopsat_rules *rules, int axis);
/* What the axis shows ("the mover's hands"), and the key to the moves' short names. */
const char *chopsat_chart_title(const chopsat_rules *rules, int axis);
void chopsat_chart_legend(const chopsat_rules *rules, char *buf, size_t size);
/* The label of row or column k ("04", "1,3", "24"). */
void chopsat_chart_label(const chopsat_rules *rules, int axis, uint64_t k, char *buf,
                         size_t size);

/* One cell of the chart: its position, whether the game is over there, the value and distance
 * for the player to move, and one best move (its full name and its short name, the name
 * without the verb; both "" when the game is over). */
typedef struct chopsat_chart_cell {
    chopsat_pos pos;
    bool terminal;
    int value;
    uint32_t distance;
    char move[40];
    char short_move[40];
} chopsat_chart_cell;

/* Fills *cell for (row, col) from the solution; returns false when the cell holds no position
 * (in the one-die game, a top face larger than the total). */
bool chopsat_chart_cell_at(const chopsat_solution *sol, uint64_t row, uint64_t col,
                           chopsat_chart_cell *cell);

/* ------------------------------------------------------------------------------------------ */
/* Bounded questions answered explicitly, and witness replay (docs/questions.md)              */
/* ------------------------------------------------------------------------------------------ */

/* Repetition constraints (docs/questions.md): off; immediate (the sequence of positions is
 * square-free: no block of consecutive positions immediately followed by the same block);
 * path (no position occurs twice). */
typedef enum { CHOPSAT_REPEAT_OFF, CHOPSAT_REPEAT_IMMEDIATE, CHOPSAT_REPEAT_PATH } chopsat_repeat;
typedef enum { CHOPSAT_Q_REACH, CHOPSAT_Q_WIN } chopsat_question;

/* One bounded question. reach: is there a sequence of at most k legal moves from `from` that
 * ends in `target` (player to move included)? win: one that ends in a terminal position whose
 * winner is `player` (1 or 2)? With exact, the sequence has exactly k moves. */
typedef struct chopsat_query {
    chopsat_question kind;
    chopsat_pos from, target; /* target: for reach only */
    int player;               /* for win: 1 or 2 */
    int k;                    /* the bound, >= 0 */
    chopsat_repeat repeat;
    bool exact;
} chopsat_query;

/* Writes q in words into buf: "can player 1 win from 11/11:1 within 12 moves?"; with forced,
 * the forced question ("can player 1 force a win from 11/11:1 within 12 moves?"). */
void chopsat_query_describe(const chopsat_rules *rules, const chopsat_query *q, bool forced,
                            char *buf, size_t size);

/* The largest bound K of a question (docs/cli.md): the command line refuses more, and so does
 * a DIMACS file's header when it is decoded. */
#define CHOPSAT_MAX_K 100000

/* The most positions an explicit check may visit (a search also stops once it has examined
 * four times as many moves); "within K" questions about a game whose whole index space fits in
 * memory (about 8 bytes an index position, CHOPSAT_MEMORY or MemAvailable) search it all
 * instead, with no other limit. Strategy tables and the BDD engine's cross-checks use it too. */
#define CHOPSAT_EXPLICIT_LIMIT 10000000

/* Answers q by explicit search over the legal moves (independent of any SAT code). Returns 1
 * for yes (*moves = the minimum number of moves, or k with exact; *path = a new array of
 * *moves+1 positions from q->from, the witness, which the caller frees; path may be NULL),
 * 0 for no, -2 when the search would pass its limit (the answer is then not cross-checked,
 * err says which limit), -1 on a malformed query (err). */
int chopsat_explicit_answer(const chopsat_rules *rules, const chopsat_query *q, int *moves,
                            chopsat_pos **path, chopsat_err *err);

/* Replays a witness of n positions: checks that path[0] is q->from, that the length fits
 * (n-1 <= k, or == k with exact), that every step is a legal move from a position that is
 * not terminal, that the repetition rule holds, and that the path ends as q asks (in
 * q->target, or in a terminal position won by q->player). When names is not NULL it receives
 * the n-1 moves (with their names). Returns 0, or -1 with a message naming the first bad
 * step. */
int chopsat_replay(const chopsat_rules *rules, const chopsat_query *q, const chopsat_pos *path,
                   size_t n, chopsat_moves *names, chopsat_err *err);


/* ------------------------------------------------------------------------------------------ */
/* Bounded model checking (docs/encoding.md)                                                  */
/* ------------------------------------------------------------------------------------------ */

typedef struct chopsat_bmc_opts {
    const char *solver;      /* "cadical" (NULL too), "picosat", or "external:CMD" */
    double timeout;          /* seconds for each solver call, 0 = none */
    bool incremental;        /* deepen one solver with assumptions (else encode afresh per k) */
    bool binary_moves;       /* the move choice as a binary number instead of one-hot */
    bool textbook;           /* the textbook encoding (small games; docs/encoding.md) */
    bool plaisted_greenbaum; /* polarity-based encoding instead of full Tseitin */
    bool annotate;           /* dimacs: a comment before every clause, stable names */
    /* called before each solver call (NULL: none) with "k = 5 of 30, solver call 6" and k/K,
     * so that a caller can show the progress of a long deepening */
    chopsat_progress_fn progress;
    void *progress_ctx;
} chopsat_bmc_opts;

typedef struct chopsat_bmc_result {
    int answer;         /* 1 yes, 0 no */
    int moves;          /* for yes: the minimum number of moves (k with exact) */
    chopsat_pos *path;  /* for yes: moves+1 positions decoded from the model */
    int vars;           /* of the last formula solved */
    size_t clauses;
    int solver_calls;
    double encode_seconds, solve_seconds;
} chopsat_bmc_result;

/* Answers a reach or win question with a SAT solver, deepening k = 0 .. q->k (only q->k with
 * exact). Returns 0 with *res filled (free it with chopsat_bmc_result_free), or -1 when the
 * solver failed (timed out, crashed, printed garbage) with a message: never a guessed answer.
 * The witness is decoded, not checked: replay it with chopsat_replay. */
int chopsat_bmc_solve(const chopsat_rules *rules, const chopsat_query *q,
                      const chopsat_bmc_opts *opts, chopsat_bmc_result *res, chopsat_err *err);
void chopsat_bmc_result_free(chopsat_bmc_result *res);

/* Writes q as one DIMACS CNF ("within K", or exactly K) with header comments (version, rules,
 * question, encoding options, what models mean) and a complete variable map, one line
 * `c var <n> <name>` per variable. Returns 0 or -1 with a message. */
int chopsat_bmc_dimacs(const chopsat_rules *rules, const chopsat_query *q,
                       const chopsat_bmc_opts *opts, FILE *out, chopsat_err *err);

/* Reads a CNF written by chopsat_bmc_dimacs and a solver's output for it (s and v lines), or
 * an AIGER file written by chopsat_aiger and a witness for it (AIGER witness format: `1`, `b0`,
 * the initial latch values, one line of input values per frame, `.`; `0` for no
 * counterexample), or an SMT-LIB file written by chopsat_smt2 and Z3's output for it (`sat`,
 * `unsat` and (get-model) models), telling the three apart by the file's first character, and
 * decodes the witness. Returns 10 (satisfiable: *rules, *q and the path of *n positions are
 * filled; the caller frees them with chopsat_rules_free and free), 20 (unsatisfiable: *rules
 * and *q filled), or -1 with a message. */
int chopsat_decode(FILE *cnf, const char *cnf_name, FILE *model, const char *model_name,
                   chopsat_rules **rules, chopsat_query *q, chopsat_pos **path, size_t *n,
                   chopsat_err *err);

/* Exports of a bounded question for model checkers and SMT solvers (docs/exports.md). */
typedef struct chopsat_export_opts {
    bool binary;       /* AIGER: the binary `aig` form (else ASCII `aag`) */
    bool bounded;      /* AIGER: a step counter makes bad mean "the goal within q->k moves" (or
                          at exactly q->k); else bad is the goal itself, with no bound */
    bool binary_moves; /* the move choice as a binary number instead of one-hot */
    bool no_constraints; /* AIGER: no invariant constraint, for tools that read none: it is
                            folded into bad (a latch remembers that it held in every frame so far) */
    const char *smt2_benchmark; /* SMT-LIB: not NULL: a benchmark instead of the deepening script:
                            (set-info :smt-lib-version 2.6), (set-logic QF_BV), this text as it is
                            (the caller's set-info lines: :source, :license, :category, :status),
                            the unrolling, one (check-sat) of "within K" (or exactly K), (exit) */
} chopsat_export_opts;

/* Writes q's game as an AIGER 1.9 transition system: latches for the state words, the player
 * to move and (bounded) the step counter, reset to q->from; inputs for the move choice; one bad
 * property (the goal), one invariant constraint (the goal, or a legal move from a position that
 * is not terminal); a symbol table and header comments that chopsat_decode reads back. A
 * repetition rule cannot be written in AIGER (it needs every earlier position) and is refused,
 * as is exact without bounded. Returns 0 or -1 with a message. */
int chopsat_aiger(const chopsat_rules *rules, const chopsat_query *q,
                  const chopsat_export_opts *opts, FILE *out, chopsat_err *err);

/* Writes q as an SMT-LIB 2 QF_BV script: the state of each frame as bit-vectors, one move as a
 * function per mover, frames 0..q->k, and one (check-sat-assuming) per k = 0 .. q->k (only k
 * with exact) each followed by (get-model): the first `sat` is the least k. Repetition rules
 * are encoded over the frames. Returns 0 or -1 with a message. */
int chopsat_smt2(const chopsat_rules *rules, const chopsat_query *q,
                 const chopsat_export_opts *opts, FILE *out, chopsat_err *err);

/* Two DIMACS files compared clause by clause by the names of their variables (the `c var <n>
 * <name>` map chopsat writes; a variable the map does not name is "v<n>"), not by numbers: a
 * clause is the sorted set of its literals' names, and the files are compared as multisets of
 * clauses. Made for `dimacs --annotate` files, whose gate names do not depend on numbering; a
 * clause's note (the comment `<what>: <the clause in names>` before it) is given back with it. */
typedef struct chopsat_cnf_clause_diff {
    char *clause; /* "-f0.move.tap_LR | f0.p1.h0[0]" */
    char *note;   /* what it encodes, or "" when the file says nothing */
} chopsat_cnf_clause_diff;

typedef struct chopsat_cnf_diff {
    size_t clauses_a, clauses_b, common;
    chopsat_cnf_clause_diff *only_a, *only_b;
    size_t n_only_a, n_only_b;
    char *rules_a, *rules_b; /* the chopsat-rules comments, "" when absent */
} chopsat_cnf_diff;

/* Returns 0 with *d filled (free it with chopsat_cnf_diff_free), or -1 with a message (a file
 * that is not DIMACS CNF). with: when not NULL, only the clauses with a literal of the variable
 * of that name are compared (and counted). */
int chopsat_cnf_diff_files(FILE *a, const char *a_name, FILE *b, const char *b_name,
                           const char *with, chopsat_cnf_diff *d, chopsat_err *err);
void chopsat_cnf_diff_free(chopsat_cnf_diff *d);

/* The model of a file chopsat dimacs wrote, variable by variable and frame by frame: one row
 * per name `f<t>.<name>` (bits `<name>[i]` gathered into one number), one column per frame
 * 0 .. frames-1; values[row * frames + t] is -1 where frame t has no such variable. */
typedef struct chopsat_frame_table {
    int frames;
    size_t rows;
    char **names;
    long long *values;
} chopsat_frame_table;

/* Reads cnf and model (in any format chopsat_decode reads for a DIMACS file) into *t (free it with
 * chopsat_frame_table_free). Returns 10 (a model: *t filled), 20 (unsatisfiable: no table) or
 * -1 with a message. */
int chopsat_frame_table_read(FILE *cnf, const char *cnf_name, FILE *model, const char *model_name,
                             chopsat_frame_table *t, chopsat_err *err);
void chopsat_frame_table_free(chopsat_frame_table *t);

/* A clausal certificate for a "no": encodes q as one formula ("within K", or exactly K) for
 * PicoSAT with proof output, solves it without assumptions, checks the DRAT proof with the
 * project's forward RUP checker and only then writes it to out (DRAT text; drat-trim reads it
 * too). Returns 20 (unsatisfiable: proof checked and written), 10 (satisfiable: nothing
 * written), or -1 with a message. docs/forced.md shows how to check the file with drat-trim. */
int chopsat_bmc_proof(const chopsat_rules *rules, const chopsat_query *q,
                      const chopsat_bmc_opts *opts, FILE *out, chopsat_err *err);

/* ------------------------------------------------------------------------------------------ */
/* Unbounded questions: "ever?" instead of "within K?" (docs/questions.md)                   */
/* ------------------------------------------------------------------------------------------ */

/* An inductive invariant: clauses over the state bits of the question's transition system
 * (docs/questions.md): variable i (1 .. nbits) is the state bit names[i-1] ("h1[3]": bit 3 of
 * word h1; "turn": player 2 to move). It claims: the start satisfies it (initiation), every
 * legal move from a state that satisfies it leads to one that does (consecution), and no state
 * that satisfies it is the question's goal (safety); together: the goal is never reached. */
typedef struct chopsat_invariant {
    int nbits;
    char **names;  /* nbits names */
    int *lits;     /* the clauses, each ended by 0 */
    size_t nlits, nclauses;
} chopsat_invariant;
void chopsat_invariant_free(chopsat_invariant *inv);

typedef struct chopsat_unbounded_opts {
    chopsat_bmc_opts bmc; /* the SAT back end (cadical by default), the time-out of each call,
                           * the move encoding; incremental is always on */
    const char *engine;   /* "ic3" (NULL too): IC3/PDR; "kind": k-induction with simple paths */
    int max_depth;        /* kind: give up (an error) past this induction depth; 0: CHOPSAT_MAX_K */
} chopsat_unbounded_opts;

typedef struct chopsat_unbounded_result {
    int answer;              /* 1 yes (reachable: a witness), 0 never */
    int moves;               /* for yes: the minimum number of moves */
    chopsat_pos *path;       /* for yes: moves+1 positions decoded from a SAT model (BMC at that
                              * depth), not yet replayed: replay it with chopsat_replay */
    int depth;               /* ic3: the last frame; kind: the induction depth n */
    chopsat_invariant inv;   /* ic3, never: the invariant, already checked (nclauses may be 0) */
    int solver_calls;        /* of the engine */
    int check_calls;         /* of the separate check of "never" (fresh solvers) */
    double solve_seconds, check_seconds;
} chopsat_unbounded_result;

/* Answers q (reach or win; q->k, q->exact and q->repeat are ignored: a repetition rule changes
 * no "ever" answer) without a bound. A "never" is returned only after separate checks with
 * fresh solvers: for ic3 the invariant's initiation, consecution and safety
 * (chopsat_invariant_check); for kind the base case (no path within n-1 moves, a fresh BMC
 * formula) and the induction step at depth n over simple paths. Returns 0 with *res filled
 * (free it with chopsat_unbounded_result_free), or -1 with a message (a solver failed or timed
 * out, an unknown engine, a check that failed: never a guessed answer). */
int chopsat_unbounded_solve(const chopsat_rules *rules, const chopsat_query *q,
                            const chopsat_unbounded_opts *opts, chopsat_unbounded_result *res,
                            chopsat_err *err);
void chopsat_unbounded_result_free(chopsat_unbounded_result *res);

/* Checks inv for q with three fresh SAT instances of `solver` (NULL: cadical): initiation,
 * consecution and safety. Also checks that inv's variables are the question's state bits, by
 * name. Returns 0 when all three hold (*calls: the solver calls made), or -1 with a message
 * naming the check that fails ("consecution fails: a legal move leads from 10/31:2, which
 * satisfies the invariant, to 10/30:1, which violates clause 4"). */
int chopsat_invariant_check(const chopsat_rules *rules, const chopsat_query *q,
                            const chopsat_invariant *inv, const char *solver, double timeout,
                            int *calls, chopsat_err *err);

/* The certificate file of a "never" (docs/cli.md): DIMACS CNF whose clauses are the invariant,
 * with a header naming the rules and the question and a variable map (`c var N NAME`).
 * Returns 0 or -1 with a message. */
int chopsat_certificate_write(const chopsat_rules *rules, const chopsat_query *q,
                              const chopsat_invariant *inv, FILE *out, chopsat_err *err);
/* Reads such a file back: *rules (the caller frees it), *q and *inv (chopsat_invariant_free).
 * Nothing is checked but the format: chopsat_invariant_check does the rest. */
int chopsat_certificate_read(FILE *in, const char *name, chopsat_rules **rules, chopsat_query *q,
                             chopsat_invariant *inv, chopsat_err *err);

/* ------------------------------------------------------------------------------------------ */
/* JSON output                                                                                */
/* ------------------------------------------------------------------------------------------ */

/* A small streaming JSON writer (src/core/json.c), the one the library and the command both
 * use. It puts the separators in (", " between members; "\n " before each element of a
 * container opened "by line", and "\n" before its closing bracket) and escapes every string:
 * '"' and '\\' with a backslash, control characters as \u00XX, and each byte that is not
 * part of valid UTF-8 as \ufffd, so the output is valid JSON whatever a string holds (a
 * position, a move's name, a file name, a solver's message). Write errors show in ferror(f).
 * The fields are the writer's own; containers nest at most CHOPSAT_JSON_DEPTH deep (deeper
 * ones are written but lose their separators' bookkeeping: a programming error). */
#define CHOPSAT_JSON_DEPTH 32
typedef struct chopsat_json {
    FILE *f;
    int depth;
    bool keyed;                         /* a key was written; its value comes next */
    bool used[CHOPSAT_JSON_DEPTH];      /* the container at each depth has a member */
    bool by_line[CHOPSAT_JSON_DEPTH];   /* ... and puts each on its own line */
    char close[CHOPSAT_JSON_DEPTH];     /* '}' or ']' */
} chopsat_json;

void chopsat_json_init(chopsat_json *j, FILE *f);
/* Opens an object or an array as the next value; by_line puts each member on its own line. */
void chopsat_json_object(chopsat_json *j);
void chopsat_json_array(chopsat_json *j, bool by_line);
/* Closes the innermost open object or array. */
void chopsat_json_end(chopsat_json *j);
/* Writes the key of the next member of the current object. */
void chopsat_json_key(chopsat_json *j, const char *key);
/* Values: a string (NULL is null), whole numbers, a number with `decimals` digits after the
 * point, true/false, null. */
void chopsat_json_string(chopsat_json *j, const char *s);
void chopsat_json_int(chopsat_json *j, long long v);
void chopsat_json_uint(chopsat_json *j, unsigned long long v);
void chopsat_json_fixed(chopsat_json *j, double v, int decimals);
void chopsat_json_bool(chopsat_json *j, bool v);
void chopsat_json_null(chopsat_json *j);
/* The common member forms: a key and its value. */
void chopsat_json_kstring(chopsat_json *j, const char *key, const char *s);
void chopsat_json_kint(chopsat_json *j, const char *key, long long v);
void chopsat_json_kbool(chopsat_json *j, const char *key, bool v);

/* ------------------------------------------------------------------------------------------ */
/* External solvers                                                                           */
/* ------------------------------------------------------------------------------------------ */

/* For a signal handler: kills the process group of the external solver that is running, if
 * any, and removes every temporary file the library made for external solvers. Uses only
 * async-signal-safe calls (kill, unlink); afterwards the interrupted library call must not be
 * resumed (the program is expected to exit). Harmless when nothing runs. */
void chopsat_stop_children(void);

/* ------------------------------------------------------------------------------------------ */
/* Symbolic solving with BDDs (docs/forced.md)                                                */
/* ------------------------------------------------------------------------------------------ */

/* A third engine, independent of the explicit one and of SAT/QBF: each mover's transition
 * relation as a BDD, built from the game's symbolic step, and backward fixpoints layer by layer.
 * It goes where the explicit engine cannot (every position at fingers=1024; forced wins at
 * fingers=65536). BuDDy, the BDD library, keeps global state: at most one BDD computation
 * (a chopsat_symbolic or a chopsat_bdd_force call) exists at a time; a second one fails with a
 * message. Not thread-safe. Counts are doubles: exact up to 2^53. */
typedef struct chopsat_bdd_opts {
    const char *order;  /* the variable order: "sliced" (NULL too), "msb", "lsb", "separate" */
    uint32_t max_nodes; /* the most BDD nodes, 0 for 2^24 (about 320 MiB plus caches) */
} chopsat_bdd_opts;

typedef struct chopsat_symbolic chopsat_symbolic;

/* Values every position of the game: both players' forcing layers to their fixpoints. NULL
 * with a message (an unknown order, the node limit, another BDD computation open). */
chopsat_symbolic *chopsat_symbolic_solve(const chopsat_rules *rules, const chopsat_bdd_opts *o,
                                         chopsat_err *err);
void chopsat_symbolic_free(chopsat_symbolic *s);
/* As chopsat_value: CHOPSAT_WIN/LOSS/DRAW for the player to move, and the distance. */
int chopsat_symbolic_value(const chopsat_symbolic *s, const chopsat_pos *pos, uint32_t *distance);
/* The positions of the game (both movers), the largest distance of a win or loss, and how
 * many positions have value v (CHOPSAT_WIN or CHOPSAT_LOSS) at distance d for the player to
 * move; for CHOPSAT_DRAW, d is ignored. */
double chopsat_symbolic_positions(const chopsat_symbolic *s);
uint32_t chopsat_symbolic_max_distance(const chopsat_symbolic *s);
double chopsat_symbolic_count(const chopsat_symbolic *s, int v, uint32_t d);
/* chopsat_stats_compute by forward images from `from`. */
int chopsat_symbolic_stats(chopsat_symbolic *s, const chopsat_pos *from, chopsat_stats *out,
                           chopsat_err *err);
/* Writes the engine's report as one JSON value (the next value of j): the variable order, the
 * relation's node counts, and per player the layers (positions new in each, per mover, and
 * BDD nodes). */
void chopsat_symbolic_report(const chopsat_symbolic *s, chopsat_json *j);

/* A strategy or refutation tree as plain arrays (nodes[0] the root; node i's children are
 * child[first .. first+n)). end: 0 inner, 1 goal met, 2 game over without the goal, 3 no
 * moves left within the bound. bound: as in docs/forced.md. */
typedef struct chopsat_tree_node {
    chopsat_pos pos;
    int bound, end;
    size_t first, n;
} chopsat_tree_node;
typedef struct chopsat_tree {
    bool refutation;
    chopsat_tree_node *nodes;
    size_t nnodes;
    size_t *child;
    size_t nedges;
} chopsat_tree;

/* Checks a tree given from outside (a file a person wrote or `force` wrote) with the explicit
 * move generator alone; the nodes' bound and end fields are not read. A strategy (refutation
 * false): from nodes[0], wherever q->player moves exactly one legal move, wherever the opponent
 * moves every legal move, no loop, every leaf q->player's goal (a win, or q->target for
 * CHOPSAT_Q_REACH), and no line longer than q->k moves. A refutation: wherever the opponent
 * moves one legal move, wherever q->player moves every legal move, no node within q->k moves a
 * goal, and every line goes on until the game is over or q->k moves are played. Returns 1 when
 * it holds (*depth: the longest line of a strategy, q->k for a refutation), 0 when it does not
 * (*bad: the node where it fails, the first in breadth-first order; err: why, in words), -1
 * when the tree is malformed (a child out of range; err). */
int chopsat_tree_check(const chopsat_rules *rules, const chopsat_query *q, const chopsat_tree *t,
                       int *depth, size_t *bad, chopsat_err *err);

#define CHOPSAT_TREE_LIMIT 2000 /* the most nodes (and 10x the edges) of a tree from BDD layers */

typedef struct chopsat_bdd_force_result {
    int answer;      /* 1 yes, 0 no */
    int moves;       /* for yes: the least k (the layer of q->from) */
    int layers;      /* layers computed (0 .. layers-1) */
    bool closed;     /* the layers reached their fixpoint before K */
    double within_k; /* positions within within_steps moves of q->from (forward images; what
                        an explicit check would visit); within_steps < K when the count stopped
                        early (more than CHOPSAT_EXPLICIT_LIMIT, or a BDD of 20000 nodes) */
    int within_steps;
    chopsat_tree *tree; /* built from layer membership, NULL when it passed CHOPSAT_TREE_LIMIT */
    double build_seconds, fixpoint_seconds, tree_seconds;
    /* the engine (docs/forced.md): the variable order from the top (cut short if long), bits,
     * node counts of each mover's relation, and per layer k the positions first in it with
     * mover 1 and mover 2 to move and its BDD nodes */
    char order[512];
    int state_bits, move_bits, vars, relation_nodes[2];
    double *fresh[2];
    int *layer_nodes;
} chopsat_bdd_force_result;

/* Answers the forced question q (win or reach, "within K") with the BDD layers, and builds
 * P's strategy (yes) or the opponent's refutation (no) from layer membership and the symbolic
 * successors. Returns 0 with *res (free with chopsat_bdd_force_free), or -1 with a message. */
int chopsat_bdd_force(const chopsat_rules *rules, const chopsat_query *q,
                      const chopsat_bdd_opts *o, chopsat_bdd_force_result *res,
                      chopsat_err *err);
void chopsat_bdd_force_free(chopsat_bdd_force_result *res);

/* ------------------------------------------------------------------------------------------ */
/* Forced questions, answered and checked (docs/forced.md)                                    */
/* ------------------------------------------------------------------------------------------ */

/* A strategy (yes: P's) or refutation (no: the opponent's) tree, checked by the explicit walk. */
typedef struct chopsat_strategy chopsat_strategy;
size_t chopsat_strategy_nodes(const chopsat_strategy *s);
/* As an indented tree (a position already shown is referred to by its #number), or as one JSON
 * object {"kind", "player", "within", "root", "nodes": [...]}, the next value of j; cut at
 * max_depth moves from the root (max_depth < 0: the whole tree; the JSON then marks the nodes
 * at the cut with "cut": true and adds "tree_depth" and "cut_nodes"). Both return the number of
 * nodes the cut left out. */
size_t chopsat_strategy_write_text(const chopsat_rules *rules, const chopsat_strategy *s,
                                   FILE *out, int max_depth);
size_t chopsat_strategy_write_json(const chopsat_rules *rules, const chopsat_strategy *s,
                                   chopsat_json *j, int max_depth);

typedef struct chopsat_force_opts {
    const char *solver;      /* "bdd", "depqbf", "external:CMD" (docs/solvers.md); NULL: bdd,
                                unless a QBF option below (or a timeout) is set, then depqbf */
    double timeout;          /* QBF: seconds for each solver call, 0 = none */
    bool binary_moves;       /* QBF: the move choice as a binary number instead of one-hot */
    bool plaisted_greenbaum; /* QBF: polarity-based clauses instead of full Tseitin */
    bool innermost;          /* QBF: state and gate variables in the innermost block */
    bool no_check;           /* skip the explicit cross-check of the answer */
    /* called as each phase starts (NULL: none), with its name ("BDD layers up to k = 26", "the
     * explicit cross-check") and 0, so that a caller can show what a long question is doing */
    chopsat_progress_fn progress;
    void *progress_ctx;
} chopsat_force_opts;

/* True when opts select the BDD engine (see chopsat_force_opts.solver). */
bool chopsat_force_uses_bdd(const chopsat_force_opts *opts);

#define CHOPSAT_FORCE_FIRST_MAX 64
/* A first move of the chooser, given by the answering engine: at the root, or (after) each
 * move of the other side when the other side moves first. */
typedef struct chopsat_force_move {
    char after[40]; /* the other side's move just before, "" at the root */
    char name[40];  /* the chooser's move */
    chopsat_pos from, to;
} chopsat_force_move;

typedef struct chopsat_force_result {
    int answer;             /* 1 yes, 0 no */
    int moves;              /* for yes: the least k */
    int chooser;            /* who the tree and first moves belong to: P for yes, else the opponent */
    const char *solver;     /* "bdd", or the QBF solver named */
    bool bdd;               /* answered by the BDD engine (bdd_result is then filled) */
    chopsat_force_move first[CHOPSAT_FORCE_FIRST_MAX];
    size_t nfirst;
    const char *first_by;   /* who gave them: "bdd", "qbf" (the solver's outermost block), or
                               "explicit" (the chooser's replies when the other side moves first
                               and the explicit table covers K: no QBF call per reply) */
    chopsat_strategy *tree; /* walked by the explicit engine, every branch checked; NULL when not
                               built (tree_note says why) */
    char tree_note[700];    /* how the tree was built and checked, or why there is none */
    bool checked;           /* the answer agrees with the explicit engine over the whole K */
    char check_note[600];   /* what checked the answer, or why it was not (fully) checked */
    int checked_depth;      /* QBF past the explicit limit: the depth it checked; else -1 */
    /* QBF: the last formula and the totals of every call */
    int vars;
    size_t clauses, blocks;
    int solver_calls;
    double encode_seconds, solve_seconds;
    double explicit_seconds; /* the explicit checks */
    chopsat_bdd_force_result bdd_result;
} chopsat_force_result;

/* A cross-check failed: the engines disagree (the message says where). */
#define CHOPSAT_MISMATCH (-3)

/* Answers "can q->player force the goal (a win, or q->target) within q->k moves from q->from?"
 * with the BDD layers or a QBF solver, and checks it: the answer against explicit bounded
 * forcing (and, for wins, the explicit solver's values) where the positions within K fit
 * CHOPSAT_EXPLICIT_LIMIT, else as deep as they fit; the tree below the engine's first move walked
 * by the explicit move generator. Returns 0 with *res (free with chopsat_force_free), -1 when an
 * engine failed, or CHOPSAT_MISMATCH when a check caught a wrong answer (err says how). */
int chopsat_force(const chopsat_rules *rules, const chopsat_query *q,
                  const chopsat_force_opts *opts, chopsat_force_result *res, chopsat_err *err);
void chopsat_force_free(chopsat_force_result *res);

/* Writes the forced question q as QDIMACS (the QBF options of opts) with header comments and a
 * complete variable map. Returns 0 or -1 with a message. */
int chopsat_force_qdimacs(const chopsat_rules *rules, const chopsat_query *q,
                          const chopsat_force_opts *opts, FILE *out, chopsat_err *err);

#endif
