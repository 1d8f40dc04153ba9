/* chopsat.h: the public header of libchopsat.
 *
 * chopsat turns questions about small two-player games (the Chopsticks family and the one-die
 * race to 31, as docs/rules.md specifies them) into satisfiability problems and answers
 * them, and solves the same games explicitly so that every answer can be checked. The calls a
 * program needs are here; include/chopsat_tool.h adds what only the chopsat command and tools
 * like it use (the JSON writer, file diffs, frame tables), and is less stable.
 *
 * The conventions, which every prototype below keeps (tests/unit/test_header.c checks them
 * where they can fail):
 *
 * 1. Statuses. A call that can fail returns an int status (or a handle, NULL on failure):
 *
 *      CHOPSAT_OK        0   done
 *      CHOPSAT_YES      10   the question asked has the answer yes (a SAT solver's 10)
 *      CHOPSAT_NO       20   ... no (a SAT solver's 20); also "there is no such thing" from a
 *                            look-up (chopsat_move_between, chopsat_move_by_name): no failure
 *      CHOPSAT_ERROR    -1   failed: bad input, a solver failed or timed out
 *      CHOPSAT_LIMIT    -2   a search or a count would pass its limit: no answer (see below)
 *      CHOPSAT_MISMATCH -3   a check caught a wrong answer (the message says where)
 *      CHOPSAT_NOMEM    -4   out of memory (see chopsat_set_oom_handler)
 *      CHOPSAT_NOTATION -5   the text is not in the game's notation at all (chopsat_move_parse)
 *
 *    So `rc < 0` is always a failure, and a call that answers a question returns 10 or 20, as
 *    the chopsat command's exit status does.
 * 2. Errors. Every call that can fail (but out of memory, point 7) takes a chopsat_err *err as
 *    its last argument (NULL: no message wanted) and leaves a one-line message in it when it
 *    returns a negative status (or NULL); it leaves err alone otherwise, except where its
 *    comment says that it explains a no there (chopsat_tree_check: why the tree fails). A
 *    call without err cannot fail: accessors, predicates (bool), valuing calls on a handle.
 * 3. Game values have their own range, 1 .. 4 (CHOPSAT_WIN, CHOPSAT_LOSS, CHOPSAT_DRAW,
 *    CHOPSAT_UNKNOWN): never 0 and never a status, so a value is never mistaken for an error.
 *    The valuing calls (chopsat_value, chopsat_bdd_value, chopsat_horizon_value) cannot fail
 *    and return one (CHOPSAT_UNKNOWN, distance 0, for a position outside the rules:
 *    chopsat_pos_check); chopsat_pos_outcome returns one or 0 (the game is not over).
 * 4. Results. What an engine or a check computes (rules, solutions, reachable sets, BDD
 *    solutions and horizons, the SAT and unbounded engines' results, checked answers, forced
 *    answers and their trees) is an opaque handle made by one call and released by the
 *    matching `_free`; its contents are read through accessors, and strings and arrays they
 *    return live as long as the handle. Small value types stay plain structs that a caller
 *    may copy, compare and keep in arrays, and own no memory of the library's: a position
 *    (chopsat_pos, five numbers), a move (chopsat_move: a position, a kind and its name, which
 *    no game makes longer than CHOPSAT_NAME_MAX), a question (chopsat_query), options
 *    (chopsat_*_opts), counts (chopsat_count, chopsat_stats) and first moves; and the
 *    caller's own data the library reads (chopsat_tree, a tree to check). Lists the caller
 *    owns (chopsat_moves, a witness path, an invariant read from a certificate) are freed by
 *    the caller.
 * 5. Numbers. Counts are exact: uint64_t, or chopsat_count (128 bits) where 2^64 - 1 may not
 *    hold them; no count is given twice, once exact and once as a double. Doubles are
 *    seconds and fractions done only. A depth or a number of moves that does not exist is -1
 *    ("none", said at the accessor, which cannot fail), and chopsat_position_count's 0 means
 *    "too large to number" (a game has at least one position).
 * 6. Writers. A call that writes text into a caller's buffer (char *buf, size_t size) returns
 *    the whole text's length, as snprintf does: a result >= size means it was cut short (buf
 *    still ends in NUL when size > 0). A call that writes to a FILE returns a status, or (a
 *    writer that cannot fail otherwise) leaves write errors to ferror(out).
 * 7. Out of memory: see chopsat_set_oom_handler below. With no handler, the outermost call
 *    returns CHOPSAT_NOMEM, NULL, false or 0.
 * 8. Words. Messages and notes say what happened in the library's terms, never a command-line
 *    flag; where a note names the caller's own setting, the caller gives the words (for
 *    example chopsat_ask_opts.no_check_why).
 *
 * The library never prints (except to a FILE the caller passes, and progress through a
 * callback the caller installs), never exits or aborts, and keeps no global state but the
 * out-of-memory handler below and the one clean-up registry of temporary files and running
 * child processes (for chopsat_cleanup_run, chopsat_tool.h). docs/library.md has an example. */
#ifndef CHOPSAT_H
#define CHOPSAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CHOPSAT_VERSION "0.1.0"

/* The version of the library linked in ("0.1.0"): CHOPSAT_VERSION when it was built. */
const char *chopsat_version(void);

enum {
    CHOPSAT_OK = 0,
    CHOPSAT_YES = 10,
    CHOPSAT_NO = 20,
    CHOPSAT_ERROR = -1,
    CHOPSAT_LIMIT = -2,
    CHOPSAT_MISMATCH = -3,
    CHOPSAT_NOMEM = -4,
    CHOPSAT_NOTATION = -5
};

/* A one-line error message, filled in by a failing call. */
typedef struct chopsat_err {
    char msg[512];
} chopsat_err;

/* Out of memory. When an allocation fails, the library calls the handler installed here (one
 * per process, installed before anything else; NULL removes it) with ctx and the size asked
 * for; the chopsat command's prints one line and exits. With no handler, or when it returns,
 * the outermost library call of the thread returns CHOPSAT_NOMEM (a handle: NULL; a predicate:
 * false; a count: 0) with "out of memory (asked for N bytes)" in its err. A BDD computation or
 * external solver it ran is closed, but its memory is not released: finish soon. */
typedef void (*chopsat_oom_fn)(void *ctx, size_t bytes);
void chopsat_set_oom_handler(chopsat_oom_fn fn, void *ctx);

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
 * it gives the same rules back. Returns its length (>= size: cut short). */
size_t chopsat_rules_describe(const chopsat_rules *rules, char *buf, size_t size);

/* The game these rules belong to: "chopsticks" or "onedie". */
const char *chopsat_rules_game(const chopsat_rules *rules);

/* ------------------------------------------------------------------------------------------ */
/* Positions and moves                                                                        */
/* ------------------------------------------------------------------------------------------ */

/* The most hands a player has in the chopsticks family (rules option `count`, 1 .. 8), and the
 * number of words a position holds. */
#define CHOPSAT_HANDS_MAX 8
#define CHOPSAT_POS_WORDS (2 * CHOPSAT_HANDS_MAX)

/* A position. For the chopsticks family v[0] .. v[A-1] are player 1's A hands and v[A] ..
 * v[A+B-1] player 2's B hands (A = B = 2 unless the rules say `count`; unordered hands
 * smallest first), each below fingers <= 2^64 - 1; for the one-die game v[0] is the total and
 * v[1] the top face. mover is 1 or 2. Unused fields (and `unused`) are 0, so positions compare
 * with memcmp. */
typedef struct chopsat_pos {
    uint64_t v[CHOPSAT_POS_WORDS];
    uint32_t mover;
    uint32_t unused; /* always 0: the struct has no padding */
} chopsat_pos;

/* The number of hands `player` (1 or 2) has under these rules: 1 .. CHOPSAT_HANDS_MAX in the
 * chopsticks family (2 unless the rules say `count`), 0 in a game without hands. */
int chopsat_rules_hands(const chopsat_rules *rules, int player);

/* The room for a written position, its end included: sixteen hands of 20 digits, the separators
 * and the ":M" suffix (335 characters at most). */
#define CHOPSAT_POS_MAX 352

/* Parses a position in the notation of docs/rules.md ("11/04", "1,1/0,4:2", "24@3", "start"),
 * normalising it (unordered hands smaller first). Returns CHOPSAT_OK or CHOPSAT_ERROR. */
int chopsat_pos_parse(const chopsat_rules *rules, const char *text, chopsat_pos *out,
                      chopsat_err *err);
void chopsat_pos_start(const chopsat_rules *rules, chopsat_pos *out);
/* Writes the position with its ":M" suffix ("11/04:1", "24@3:2"); returns its length (>= size:
 * cut short; never more than CHOPSAT_POS_MAX - 1). */
size_t chopsat_pos_format(const chopsat_rules *rules, const chopsat_pos *pos, char *buf,
                          size_t size);
bool chopsat_pos_equal(const chopsat_pos *a, const chopsat_pos *b);
/* Is pos a position of these rules: mover 1 or 2, `unused` 0, every field in range (hands below
 * fingers, in normal form; the one-die total and face as docs/rules.md allows) and the fields
 * the game does not use 0? CHOPSAT_OK, or CHOPSAT_ERROR with one line naming the problem. Every
 * call that takes a position checks it so: a call that can fail returns CHOPSAT_ERROR (NULL),
 * and a valuing call (which cannot fail) returns CHOPSAT_UNKNOWN with distance 0. */
int chopsat_pos_check(const chopsat_rules *rules, const chopsat_pos *pos, chopsat_err *err);

/* Game values, for the player to move: their own range 1 .. 4, never 0 and never a status.
 * CHOPSAT_UNKNOWN: no forced result within a horizon (chopsat_horizon_value), which is no draw. */
enum { CHOPSAT_WIN = 1, CHOPSAT_LOSS = 2, CHOPSAT_DRAW = 3, CHOPSAT_UNKNOWN = 4 };
/* The value of the same position for the other player: a win is the other's loss and a loss
 * the other's win; a draw and CHOPSAT_UNKNOWN stay as they are. */
int chopsat_value_other(int value);

/* The result of a terminal position for the player to move: CHOPSAT_WIN or CHOPSAT_LOSS, or 0
 * (no value) when the game is not over. */
int chopsat_pos_outcome(const chopsat_rules *rules, const chopsat_pos *pos);
/* 1 or 2: the player who has won a terminal position, 0 when the game is not over. */
int chopsat_pos_winner(const chopsat_rules *rules, const chopsat_pos *pos);

enum { CHOPSAT_TAP = 1, CHOPSAT_SPLIT = 2, CHOPSAT_ROLL = 3 };

/* The room for a move's name, its end included: the longest name any game makes (a split of
 * eight hands of 20 digits, "split 18446744073709551614,...", 173 characters) fits. */
#define CHOPSAT_NAME_MAX 176

/* One legal move: its kind, a readable name ("tap 1>3", "split 2,2", "add L+R", "roll 5") and
 * the position it leads to. */
typedef struct chopsat_move {
    chopsat_pos to;
    int kind;
    char name[CHOPSAT_NAME_MAX];
} chopsat_move;

/* A list of moves the caller owns: start it as {0}, free it with chopsat_moves_free. */
typedef struct chopsat_moves {
    chopsat_move *items;
    size_t n, cap;
} chopsat_moves;

/* Replaces the contents of out with the legal moves of pos, one per distinct resulting
 * position (two moves that lead to the same position are one edge), in a fixed order.
 * CHOPSAT_OK; CHOPSAT_LIMIT when pos may have more than CHOPSAT_MOVES_LIST_MAX moves (wide
 * hands: a split of a hand of 2^40 fingers has 2^39 ways; chopsat_move_between and
 * chopsat_move_parse decide one move at any width), or CHOPSAT_NOMEM (out is then empty). */
#define CHOPSAT_MOVES_LIST_MAX ((size_t)1 << 22)
int chopsat_moves_list(const chopsat_rules *rules, const chopsat_pos *pos, chopsat_moves *out,
                       chopsat_err *err);
void chopsat_moves_free(chopsat_moves *moves);

/* Finds the legal move from `from` to `to`: CHOPSAT_OK with *move, CHOPSAT_NO when there is
 * none (the game is over at `from`, or no legal move leads to `to`; err untouched), or a
 * negative status (CHOPSAT_LIMIT, CHOPSAT_NOMEM) with a message. */
int chopsat_move_between(const chopsat_rules *rules, const chopsat_pos *from, const chopsat_pos *to,
                         chopsat_move *move, chopsat_err *err);

/* Finds the legal move of pos whose name is `name` (case-insensitive, spaces ignored, the verb
 * optional): CHOPSAT_OK with *move, CHOPSAT_NO when there is none (err untouched), or a
 * negative status with a message. */
int chopsat_move_by_name(const chopsat_rules *rules, const chopsat_pos *pos, const char *name,
                         chopsat_move *move, chopsat_err *err);

/* Reads a move as a person types it at pos: its name with or without the verb (case and spaces
 * ignored: `tap 1>4`, `1>4`, `SPLIT 2,0`), a die face for the one-die game (`4` is `turn 4`),
 * or any physical move the rules allow that the move list names otherwise (at 34/24, `4>4`
 * leads where `tap 3>4` does). Returns CHOPSAT_OK with *move, the legal move typed, and
 * *renamed (may be NULL) true when what was typed is another physical move that leads to the
 * same position (then *move's name differs from it); CHOPSAT_ERROR with the reason in err when
 * it is no legal move (the game is over, or which rule forbids it here); CHOPSAT_NOTATION with a
 * message when the text is no move in the game's notation at all (in the chopsticks family a
 * plain number such as `2` is none). */
int chopsat_move_parse(const chopsat_rules *rules, const chopsat_pos *pos, const char *text,
                       chopsat_move *move, bool *renamed, chopsat_err *err);

/* ------------------------------------------------------------------------------------------ */
/* The explicit solver                                                                        */
/* ------------------------------------------------------------------------------------------ */

typedef struct chopsat_solution chopsat_solution;

/* Progress callback for long computations: a phase name and the fraction done (0..1). */
typedef void (*chopsat_progress_fn)(void *ctx, const char *phase, double done);

/* The number of positions in the game's index space, or 0 when it does not fit in 2^40 (the
 * explicit solver then refuses). */
uint64_t chopsat_position_count(const chopsat_rules *rules);

/* The explicit searches that keep an entry for every position of the game's index space, and
 * the most memory each needs (docs/reliability.md has the measured peaks):
 *   CHOPSAT_SEARCH_SOLVE      chopsat_solve: 10 bytes an index position
 *   CHOPSAT_SEARCH_STATS      chopsat_solve, then chopsat_stats_compute while the solution is
 *                             kept: 12 bytes (4 of the solution, 8 of the walk)
 *   CHOPSAT_SEARCH_SOLVE_ALL  chopsat_solve, then chopsat_explore while it is kept: 12 bytes
 *   CHOPSAT_SEARCH_EXPLORE    chopsat_explore alone (the check of an answer without a bound):
 *                             8 bytes
 *   CHOPSAT_SEARCH_WITHIN     the "within K" check (chopsat_explicit_answer's flat search):
 *                             8 bytes and 32 MiB
 * each plus 64 MiB for the program and its caches. */
enum {
    CHOPSAT_SEARCH_SOLVE,
    CHOPSAT_SEARCH_STATS,
    CHOPSAT_SEARCH_SOLVE_ALL,
    CHOPSAT_SEARCH_EXPLORE,
    CHOPSAT_SEARCH_WITHIN
};
/* An upper bound of the memory (peak resident set, bytes) the search needs for r's game into
 * *need (0 when the index space is too large to number), and whether it may run: CHOPSAT_OK,
 * or CHOPSAT_LIMIT with one line in err when the index does not fit the search's position
 * numbers or *need is more than the memory available (CHOPSAT_MEMORY, in MiB, when set; else
 * the kernel's MemAvailable; when neither is known it may run). The searches themselves check
 * the same before they allocate anything. */
int chopsat_explicit_memory(const chopsat_rules *rules, int search, uint64_t *need,
                            chopsat_err *err);

/* Solves every position by retrograde analysis (exact in games with cycles). Returns a new
 * solution the caller frees, or NULL with a message (for example when the game is too large). */
chopsat_solution *chopsat_solve(const chopsat_rules *rules, chopsat_progress_fn progress, void *ctx,
                                chopsat_err *err);
void chopsat_solution_free(chopsat_solution *sol);

/* The value (CHOPSAT_WIN/LOSS/DRAW) of pos for its player to move, and its distance (0 for a
 * draw). */
int chopsat_value(const chopsat_solution *sol, const chopsat_pos *pos, uint32_t *distance);

/* The best moves of pos: for a win, every move to a loss one move nearer; for a loss, every
 * move to a win at distance-1 (the slowest defence); for a draw, every move to a draw.
 * CHOPSAT_OK or a negative status (as chopsat_moves_list) with a message. */
int chopsat_best_moves(const chopsat_solution *sol, const chopsat_pos *pos, chopsat_moves *out,
                       chopsat_err *err);

/* The principal variation from pos: the first best move at every step, to the end of the game,
 * or for a draw until a position repeats (at most max_len moves). CHOPSAT_OK or a negative
 * status with a message. */
int chopsat_principal_line(const chopsat_solution *sol, const chopsat_pos *pos, size_t max_len,
                           chopsat_moves *out, chopsat_err *err);

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
    uint64_t positions;           /* reachable positions, the start included */
    uint64_t terminal;            /* of them terminal */
    uint64_t edges;               /* distinct (position, successor) pairs among them */
    uint64_t wins, losses, draws; /* values of the reachable non-terminal positions */
    uint64_t longest_distance;    /* the largest distance among those wins and losses */
    uint64_t depth;               /* the largest breadth-first depth */
} chopsat_stats;

/* Statistics of the positions reachable from `from`, using sol for the values. CHOPSAT_OK or
 * a negative status. */
int chopsat_stats_compute(const chopsat_solution *sol, const chopsat_pos *from, chopsat_stats *out,
                          chopsat_err *err);

/* ------------------------------------------------------------------------------------------ */
/* Questions, answered explicitly, and witness replay (docs/questions.md)                     */
/* ------------------------------------------------------------------------------------------ */

/* Repetition constraints (docs/questions.md): off; immediate (the sequence of positions is
 * square-free: no block of consecutive positions immediately followed by the same block);
 * path (no position occurs twice). */
typedef enum { CHOPSAT_REPEAT_OFF, CHOPSAT_REPEAT_IMMEDIATE, CHOPSAT_REPEAT_PATH } chopsat_repeat;
typedef enum { CHOPSAT_Q_REACH, CHOPSAT_Q_WIN } chopsat_question;

/* One question. reach: is there a sequence of at most k legal moves from `from` that ends in
 * `target` (player to move included)? win: one that ends in a terminal position whose winner is
 * `player` (1 or 2)? With exact, the sequence has exactly k moves. k = CHOPSAT_NO_BOUND asks
 * "ever?" instead (chopsat_ask; exact and repeat then mean nothing). */
typedef struct chopsat_query {
    chopsat_question kind;
    chopsat_pos from, target; /* target: for reach only */
    int player;               /* for win: 1 or 2 */
    int k;                    /* the bound, >= 0, or CHOPSAT_NO_BOUND */
    chopsat_repeat repeat;
    bool exact;
} chopsat_query;

#define CHOPSAT_NO_BOUND (-1)

/* Are q's positions (its start, and its target for reach) positions of the rules
 * (chopsat_pos_check)? CHOPSAT_OK, or CHOPSAT_ERROR with one line naming the position and its
 * problem. Every call that takes a question checks it so before anything else. */
int chopsat_query_check(const chopsat_rules *rules, const chopsat_query *q, chopsat_err *err);

/* Writes q in words into buf: "can player 1 win from 11/11:1 within 12 moves?"; with forced,
 * the forced question ("can player 1 force a win from 11/11:1 within 12 moves?"); without a
 * bound, "can player 1 ever win from 11/11:1 (no bound)?". Returns its length (>= size: cut
 * short). */
size_t chopsat_query_describe(const chopsat_rules *rules, const chopsat_query *q, bool forced,
                              char *buf, size_t size);

/* The largest bound K of a question (docs/cli.md): the command line refuses more, and so does
 * a DIMACS file's header when it is decoded. */
#define CHOPSAT_MAX_K 100000

/* The SAT solver used when none is named (a solver option NULL): the linked-in CaDiCaL. */
#define CHOPSAT_DEFAULT_SAT "cadical"

/* The explicit limit, one policy for every explicit search that checks an answer
 * (docs/questions.md, "The explicit limit"):
 * - a search that keeps an entry for every position of the game's index space (the flat
 *   "within K" search and the breadth-first search of an unbounded question: 8 bytes an index
 *   position; the tablebase solver: 10) runs when the index fits its position numbers and its
 *   arrays fit the memory available (CHOPSAT_MEMORY in MiB when set, else the kernel's
 *   MemAvailable; unknown: it runs);
 * - every other search keeps only the positions it meets and stops at CHOPSAT_EXPLICIT_LIMIT of
 *   them (or after examining four times as many moves): the node graph of exact questions and
 *   of games whose index does not fit, and the forcing tables of forced questions (whose BDD
 *   count of the positions within K is held to the same limit).
 * Past the limit a search returns CHOPSAT_LIMIT and says which limit it passed; a checked answer
 * then says plainly what was not checked: a "yes" whose witness replays is still certain. */
#define CHOPSAT_EXPLICIT_LIMIT 10000000

/* Answers q by explicit search over the legal moves (independent of any SAT code). Returns
 * CHOPSAT_YES (*moves = the minimum number of moves, or k with exact; *path = a new array of
 * *moves+1 positions from q->from, the witness, which the caller frees; path may be NULL),
 * CHOPSAT_NO, CHOPSAT_LIMIT when the search would pass its limit (err says which), or
 * CHOPSAT_ERROR on a malformed query (err). */
int chopsat_explicit_answer(const chopsat_rules *rules, const chopsat_query *q, int *moves,
                            chopsat_pos **path, chopsat_err *err);

/* Replays a witness of n positions: checks that path[0] is q->from, that the length fits
 * (n-1 <= k, or == k with exact), that every step is a legal move from a position that is
 * not terminal, that the repetition rule holds, and that the path ends as q asks (in
 * q->target, or in a terminal position won by q->player). When names is not NULL it receives
 * the n-1 moves (with their names). Returns CHOPSAT_OK, or CHOPSAT_MISMATCH with a message
 * naming the first bad step. */
int chopsat_replay(const chopsat_rules *rules, const chopsat_query *q, const chopsat_pos *path,
                   size_t n, chopsat_moves *names, chopsat_err *err);

/* ------------------------------------------------------------------------------------------ */
/* Bounded model checking (docs/encoding.md)                                                  */
/* ------------------------------------------------------------------------------------------ */

typedef struct chopsat_bmc_opts {
    const char *solver;      /* "cadical", "picosat", "external:CMD"; NULL: CHOPSAT_DEFAULT_SAT */
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

/* What a SAT engine answered and what it took (numbers and the decoded path): a handle made by
 * chopsat_bmc_solve, released by chopsat_bmc_result_free (NULL: nothing). */
typedef struct chopsat_bmc_result chopsat_bmc_result;

/* Answers a reach or win question with a SAT solver, deepening k = 0 .. q->k (only q->k with
 * exact). Returns CHOPSAT_YES or CHOPSAT_NO with *out a new result, or CHOPSAT_ERROR when the
 * solver failed (timed out, crashed, printed garbage) with a message and *out NULL: never a
 * guessed answer. The witness is decoded, not checked: replay it with chopsat_replay, or ask
 * chopsat_ask, which does. */
int chopsat_bmc_solve(const chopsat_rules *rules, const chopsat_query *q,
                      const chopsat_bmc_opts *opts, chopsat_bmc_result **out, chopsat_err *err);
void chopsat_bmc_result_free(chopsat_bmc_result *res);
/* CHOPSAT_YES or CHOPSAT_NO, as chopsat_bmc_solve returned. */
int chopsat_bmc_result_value(const chopsat_bmc_result *res);
/* For a yes the minimum number of moves (k with exact); -1 for a no. */
int chopsat_bmc_result_moves(const chopsat_bmc_result *res);
/* For a yes the moves + 1 positions decoded from the model (*path, not yet replayed) and their
 * number; 0 (and *path NULL) for a no. path may be NULL. */
size_t chopsat_bmc_result_path(const chopsat_bmc_result *res, const chopsat_pos **path);
/* The variables and clauses of the last formula solved. */
int chopsat_bmc_result_vars(const chopsat_bmc_result *res);
size_t chopsat_bmc_result_clauses(const chopsat_bmc_result *res);
/* The solver calls made, the seconds spent encoding and solving. */
int chopsat_bmc_result_solver_calls(const chopsat_bmc_result *res);
double chopsat_bmc_result_encode_seconds(const chopsat_bmc_result *res);
double chopsat_bmc_result_solve_seconds(const chopsat_bmc_result *res);

/* Writes q as one DIMACS CNF ("within K", or exactly K) with header comments (version, rules,
 * question, encoding options, what models mean) and a complete variable map, one line
 * `c var <n> <name>` per variable. CHOPSAT_OK or a negative status. */
int chopsat_bmc_dimacs(const chopsat_rules *rules, const chopsat_query *q,
                       const chopsat_bmc_opts *opts, FILE *out, chopsat_err *err);

/* The same formula in memory, for a program that hands clauses to its own solver (a Python
 * binding, PySAT, z3): a handle made by chopsat_bmc_cnf, released by chopsat_cnf_free (NULL:
 * nothing). Its clauses and variable names are those chopsat_bmc_dimacs writes for q and opts
 * (opts->annotate and the solver options mean nothing here). */
typedef struct chopsat_cnf chopsat_cnf;
/* Encodes q as chopsat_bmc_dimacs does (opts NULL: the defaults): CHOPSAT_OK with *out a new
 * handle, or a negative status with a message and *out NULL. */
int chopsat_bmc_cnf(const chopsat_rules *rules, const chopsat_query *q,
                    const chopsat_bmc_opts *opts, chopsat_cnf **out, chopsat_err *err);
void chopsat_cnf_free(chopsat_cnf *cnf);
/* The number of variables (1 .. vars) and of clauses. */
int chopsat_cnf_vars(const chopsat_cnf *cnf);
size_t chopsat_cnf_clauses(const chopsat_cnf *cnf);
/* The clauses as one array of literals, each clause ended by 0 (*lits; returns its length). */
size_t chopsat_cnf_lits(const chopsat_cnf *cnf, const int **lits);
/* The name of variable v as the file's variable map gives it ("f3.p1.h0[2]"); NULL when v is not
 * 1 .. vars. */
const char *chopsat_cnf_name(const chopsat_cnf *cnf, int v);

/* Reads a CNF written by chopsat_bmc_dimacs and a solver's output for it (s and v lines), or
 * an AIGER file written by chopsat_aiger and a witness for it (AIGER witness format: `1`, `b0`,
 * the initial latch values, one line of input values per frame, `.`; `0` for no
 * counterexample), or an SMT-LIB file written by chopsat_smt2 and Z3's output for it (`sat`,
 * `unsat` and (get-model) models), telling the three apart by the file's first character, and
 * decodes the witness. Returns CHOPSAT_YES (satisfiable: *rules, *q and the path of *n
 * positions are filled; the caller frees them with chopsat_rules_free and free), CHOPSAT_NO
 * (unsatisfiable: *rules and *q filled), or a negative status with a message. */
int chopsat_decode(FILE *cnf, const char *cnf_name, FILE *model, const char *model_name,
                   chopsat_rules **rules, chopsat_query *q, chopsat_pos **path, size_t *n,
                   chopsat_err *err);

/* Exports of a bounded question for model checkers and SMT solvers (docs/exports.md). */
typedef struct chopsat_export_opts {
    bool binary;       /* AIGER: the binary `aig` form (else ASCII `aag`) */
    bool bounded;      /* AIGER: a step counter makes bad mean "the goal within q->k moves" (or
                          at exactly q->k); else bad is the goal itself, with no bound */
    bool binary_moves; /* the move choice as a binary number instead of one-hot */
    bool
        no_constraints;         /* AIGER: no invariant constraint, for tools that read none: it is
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
 * as is exact without bounded. CHOPSAT_OK or a negative status. */
int chopsat_aiger(const chopsat_rules *rules, const chopsat_query *q,
                  const chopsat_export_opts *opts, FILE *out, chopsat_err *err);

/* Writes q as an SMT-LIB 2 QF_BV script: the state of each frame as bit-vectors, one move as a
 * function per mover, frames 0..q->k, and one (check-sat-assuming) per k = 0 .. q->k (only k
 * with exact) each followed by (get-model): the first `sat` is the least k. Repetition rules
 * are encoded over the frames. CHOPSAT_OK or a negative status. */
int chopsat_smt2(const chopsat_rules *rules, const chopsat_query *q,
                 const chopsat_export_opts *opts, FILE *out, chopsat_err *err);

/* A clausal certificate for a "no": encodes q as one formula ("within K", or exactly K) for
 * PicoSAT with proof output, solves it without assumptions, checks the DRAT proof with the
 * project's forward RUP checker and only then writes it to out (DRAT text; drat-trim reads it
 * too). Returns CHOPSAT_NO (unsatisfiable: proof checked and written), CHOPSAT_YES
 * (satisfiable: nothing written), or a negative status with a message. docs/forced.md shows how
 * to check the file with drat-trim. */
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
    char **names; /* nbits names */
    int *lits;    /* the clauses, each ended by 0 */
    size_t nlits, nclauses;
} chopsat_invariant;
void chopsat_invariant_free(chopsat_invariant *inv);

typedef struct chopsat_unbounded_opts {
    chopsat_bmc_opts bmc; /* the SAT back end (NULL: CHOPSAT_DEFAULT_SAT), the time-out of each
                           * call, the move encoding; incremental is always on */
    const char *engine;   /* "ic3" (NULL too): IC3/PDR; "kind": k-induction with simple paths */
    int max_depth;        /* kind: give up (an error) past this induction depth; 0: CHOPSAT_MAX_K */
} chopsat_unbounded_opts;

/* What an unbounded engine answered and what it took: a handle made by chopsat_unbounded_solve,
 * released by chopsat_unbounded_result_free (NULL: nothing). */
typedef struct chopsat_unbounded_result chopsat_unbounded_result;

/* Answers q (reach or win; q->k, q->exact and q->repeat are ignored: a repetition rule changes
 * no "ever" answer) without a bound. A "never" is returned only after separate checks with
 * fresh solvers: for ic3 the invariant's initiation, consecution and safety
 * (chopsat_invariant_check); for kind the base case (no path within n-1 moves, a fresh BMC
 * formula) and the induction step at depth n over simple paths. Returns CHOPSAT_YES or
 * CHOPSAT_NO with *out a new result, or a negative status with a message and *out NULL (a
 * solver failed or timed out, an unknown engine, a check that failed: never a guessed answer).
 * chopsat_ask also replays the witness and compares the answer with the explicit search. */
int chopsat_unbounded_solve(const chopsat_rules *rules, const chopsat_query *q,
                            const chopsat_unbounded_opts *opts, chopsat_unbounded_result **out,
                            chopsat_err *err);
void chopsat_unbounded_result_free(chopsat_unbounded_result *res);
/* CHOPSAT_YES (reachable: a witness) or CHOPSAT_NO (never), as chopsat_unbounded_solve returned. */
int chopsat_unbounded_result_value(const chopsat_unbounded_result *res);
/* For a yes the minimum number of moves; -1 for a never. */
int chopsat_unbounded_result_moves(const chopsat_unbounded_result *res);
/* For a yes the moves + 1 positions decoded from a SAT model (BMC at that depth; *path, not yet
 * replayed: replay it with chopsat_replay) and their number; 0 (and *path NULL) for a never.
 * path may be NULL. */
size_t chopsat_unbounded_result_path(const chopsat_unbounded_result *res, const chopsat_pos **path);
/* ic3: the last frame; kind: the induction depth n. */
int chopsat_unbounded_result_depth(const chopsat_unbounded_result *res);
/* An ic3 never's invariant, already checked (nclauses may be 0); NULL otherwise. */
const chopsat_invariant *chopsat_unbounded_result_invariant(const chopsat_unbounded_result *res);
/* The engine's solver calls, and those of the separate check of a "never" (fresh solvers). */
int chopsat_unbounded_result_solver_calls(const chopsat_unbounded_result *res);
int chopsat_unbounded_result_check_calls(const chopsat_unbounded_result *res);
/* The seconds the engine and the check took. */
double chopsat_unbounded_result_solve_seconds(const chopsat_unbounded_result *res);
double chopsat_unbounded_result_check_seconds(const chopsat_unbounded_result *res);

/* Checks inv for q with three fresh SAT instances of `solver` (NULL: CHOPSAT_DEFAULT_SAT):
 * initiation, consecution and safety. Also checks that inv's variables are the question's state
 * bits, by name. Returns CHOPSAT_OK when all three hold (*calls: the solver calls made),
 * CHOPSAT_MISMATCH with a message naming the check that fails ("consecution fails: a legal move
 * leads from 10/31:2, which satisfies the invariant, to 10/30:1, which violates clause 4"), or
 * another negative status (the variables do not match, a solver failed). */
int chopsat_invariant_check(const chopsat_rules *rules, const chopsat_query *q,
                            const chopsat_invariant *inv, const char *solver, double timeout,
                            int *calls, chopsat_err *err);

/* The certificate file of a "never" (docs/cli.md): DIMACS CNF whose clauses are the invariant,
 * with a header naming the rules and the question and a variable map (`c var N NAME`).
 * CHOPSAT_OK or a negative status. */
int chopsat_certificate_write(const chopsat_rules *rules, const chopsat_query *q,
                              const chopsat_invariant *inv, FILE *out, chopsat_err *err);
/* Reads such a file back: *rules (the caller frees it), *q and *inv (chopsat_invariant_free).
 * Nothing is checked but the format: chopsat_invariant_check does the rest. CHOPSAT_OK or a
 * negative status. */
int chopsat_certificate_read(FILE *in, const char *name, chopsat_rules **rules, chopsat_query *q,
                             chopsat_invariant *inv, chopsat_err *err);

/* ------------------------------------------------------------------------------------------ */
/* Reach and win, answered and checked (docs/questions.md)                                    */
/* ------------------------------------------------------------------------------------------ */

/* How chopsat_ask answers: the SAT engine's options (for q->k = CHOPSAT_NO_BOUND also the
 * unbounded engine and its depth) and whether to skip the explicit comparison. */
typedef struct chopsat_ask_opts {
    chopsat_bmc_opts bmc;     /* the SAT back end, encoding and progress (bounded: the
                                 deepening's progress, then the phase "the explicit cross-check") */
    const char *engine;       /* unbounded: "ic3" (NULL too) or "kind" */
    int max_depth;            /* unbounded kind: as chopsat_unbounded_opts */
    bool no_check;            /* skip the comparison with the explicit search */
    const char *no_check_why; /* with no_check: why, in the caller's words, for the notes (the
                                 command: "--no-check"); NULL: "not asked for" */
} chopsat_ask_opts;

typedef struct chopsat_answer chopsat_answer;

/* Answers the reach or win question q, bounded (q->k >= 0: chopsat_bmc_solve) or not (q->k =
 * CHOPSAT_NO_BOUND: chopsat_unbounded_solve, whose "never" the engine has checked with fresh
 * solvers), and checks the answer: a witness is replayed move by move by the explicit move
 * generator, and the answer (yes or no, and the least number of moves) is compared with the
 * explicit search (chopsat_explicit_answer; without a bound, a breadth-first search over every
 * position reachable from q->from), as far as the explicit limit allows. Returns CHOPSAT_YES or
 * CHOPSAT_NO with *out (free it with chopsat_answer_free), CHOPSAT_ERROR when the engine failed,
 * or CHOPSAT_MISMATCH when the witness does not replay or the explicit search disagrees (err
 * says how); then *out is NULL. */
int chopsat_ask(const chopsat_rules *rules, const chopsat_query *q, const chopsat_ask_opts *opts,
                chopsat_answer **out, chopsat_err *err);
void chopsat_answer_free(chopsat_answer *a);

/* CHOPSAT_YES or CHOPSAT_NO, and for a yes the number of moves (the minimum, or k with
 * exact; -1 for a no). */
int chopsat_answer_value(const chopsat_answer *a);
int chopsat_answer_moves(const chopsat_answer *a);
/* The witness of a yes: its positions (returns their number, 0 for a no; *path may be NULL)
 * and the moves between them, named by the replay (NULL for a no). */
size_t chopsat_answer_path(const chopsat_answer *a, const chopsat_pos **path);
const chopsat_moves *chopsat_answer_witness(const chopsat_answer *a);
/* True when the explicit search ran and agrees. */
bool chopsat_answer_checked(const chopsat_answer *a);
/* In words, for people: what checked the answer (the replay, the comparison, or plainly what
 * was NOT checked and why), as the command prints it after "checked: "; what the comparison
 * with the explicit search alone found; and for an unbounded "never" what proved it (the
 * checked invariant or k-induction; NULL otherwise). */
const char *chopsat_answer_note(const chopsat_answer *a);
const char *chopsat_answer_compare_note(const chopsat_answer *a);
const char *chopsat_answer_proof_note(const chopsat_answer *a);
/* The engine's own result: the SAT engine's for a bounded question (else NULL), the unbounded
 * engine's without a bound (else NULL). The answer owns it: it lives as long as a. */
const chopsat_bmc_result *chopsat_answer_bmc(const chopsat_answer *a);
const chopsat_unbounded_result *chopsat_answer_unbounded(const chopsat_answer *a);

/* ------------------------------------------------------------------------------------------ */
/* Answers settled from checked sources only (chopsat pack, docs/benchmarks.md)               */
/* ------------------------------------------------------------------------------------------ */

/* What the engines found of a question's goal before its answer at a bound is settled (a
 * benchmark generator finds it once per question, with chopsat_unbounded_solve or
 * chopsat_force, and settles each bound with it). */
typedef struct chopsat_settle_opts {
    bool forced; /* q is a forced question (as chopsat_force asks it), else reach or win */
    int least;   /* reach, win: the least number of moves the engines found, -1 none */
    bool never;  /* ... an unbounded engine's checked "never" (invariant given) */
    const chopsat_pos *path;            /* a witness of `least` moves (least + 1 positions) */
    const chopsat_invariant *invariant; /* the invariant of a never */
    double timeout;                     /* each SAT call's time limit in seconds, 0 none */
} chopsat_settle_opts;

typedef struct chopsat_settled chopsat_settled;

/* Settles q's answer at its bound q->k from sources that share no code with the encodings, or
 * check what the encodings produced: the explicit search (chopsat_explicit_answer, when the
 * explicit limit lets it run); for a yes the witness replayed by the explicit move generator;
 * for a never the invariant checked again by three fresh SAT calls; for a no that neither
 * covers, a DRAT proof of the bounded formula (PicoSAT) checked by the project's RUP checker;
 * for a forced question the BDD engine's answer checked against explicit bounded forcing over
 * the whole bound. The engines' answer (opts->least <= q->k) must agree with every source that
 * ran. Returns CHOPSAT_YES or CHOPSAT_NO with *out when settled, CHOPSAT_OK with *out when no
 * source could settle it (chopsat_settled_note says why), or CHOPSAT_MISMATCH when two sources
 * disagree (err says which), or another negative status; then *out is NULL. */
int chopsat_settle(const chopsat_rules *rules, const chopsat_query *q,
                   const chopsat_settle_opts *opts, chopsat_settled **out, chopsat_err *err);
void chopsat_settled_free(chopsat_settled *s);
/* CHOPSAT_YES or CHOPSAT_NO when settled, CHOPSAT_OK when not. */
int chopsat_settled_value(const chopsat_settled *s);
/* True when settled: at least one independent source established the answer and every source
 * that ran agrees. */
bool chopsat_settled_checked(const chopsat_settled *s);
/* The sources that settled it joined by "+" ("replayed witness+explicit search"), "" when not
 * settled; in words, what settled it or why no source could. */
const char *chopsat_settled_how(const chopsat_settled *s);
const char *chopsat_settled_note(const chopsat_settled *s);

/* ------------------------------------------------------------------------------------------ */
/* Certificates and decoded answers, checked (docs/questions.md)                              */
/* ------------------------------------------------------------------------------------------ */

typedef struct chopsat_certified chopsat_certified;

/* Checks the certificate of a "never" (rules, q and inv as chopsat_certificate_read reads
 * them; q's bound means nothing): the invariant's initiation, consecution and safety with fresh
 * calls of solver (NULL: CHOPSAT_DEFAULT_SAT; timeout in seconds per call, 0 none), as
 * chopsat_invariant_check does, then the "never" compared with the explicit breadth-first
 * search over every position reachable from q->from where it fits, else to the largest depth
 * that fits the explicit limit (a goal within that depth is caught).
 * Returns CHOPSAT_OK with *out once the checks ran (free it with chopsat_certified_free):
 * whether the invariant holds is its verdict, not an error; CHOPSAT_MISMATCH when the invariant
 * holds but the explicit search reaches the goal (err says in how many moves: the solver's
 * answers were wrong); another negative status (err) when the invariant is not over the
 * question's state bits or a solver failed. Then *out is NULL. */
int chopsat_certify(const chopsat_rules *rules, const chopsat_query *q,
                    const chopsat_invariant *inv, const char *solver, double timeout,
                    chopsat_certified **out, chopsat_err *err);
void chopsat_certified_free(chopsat_certified *c);
/* True when the invariant passed its three checks. */
bool chopsat_certified_holds(const chopsat_certified *c);
/* True when the invariant holds and the answer rests on more than an external solver's word:
 * the solver is linked in, or the explicit search agrees. */
bool chopsat_certified_checked(const chopsat_certified *c);
/* The solver calls of the invariant's checks. */
int chopsat_certified_calls(const chopsat_certified *c);
/* In words, for people: what the invariant's checks found ("the invariant of 5 clauses holds:
 * ...", or "rejected: " and the check that fails), and what the comparison with the explicit
 * search found ("" when the invariant does not hold). */
const char *chopsat_certified_note(const chopsat_certified *c);
const char *chopsat_certified_compare_note(const chopsat_certified *c);
/* When the game is past the explicit search over every reachable position: the depth D to
 * which the breadth-first search, cut at the explicit limit, compared the never (no position
 * within D moves of the start is the goal); -1 when the search met every reachable position,
 * or did not run. */
int chopsat_certified_checked_depth(const chopsat_certified *c);

typedef struct chopsat_decoded chopsat_decoded;
struct chopsat_frame_table; /* chopsat_tool.h: a model's frame table */

/* Checks an answer chopsat_decode read from a file and another solver's output (rules, q, the
 * answer CHOPSAT_YES or CHOPSAT_NO and a yes's path of n positions): a yes's witness is
 * replayed by the explicit move generator, and one that does not replay is named by its first
 * illegal step (its frames and positions and, when frames is not NULL and covers that step,
 * the move inputs the model sets there and the state words that change); a "no" read from a
 * file cannot be checked (the note says so). When cnf is not NULL (the file, a seekable one,
 * read again from its start; named cnf_name) and is a DIMACS file with an encoding line, its
 * clauses are compared with those chopsat_bmc_dimacs writes for q with that encoding: an
 * edited formula answers another question. model_name names the solver's output in the note.
 * Returns CHOPSAT_OK with *out once the checks ran (free it with chopsat_decoded_free): a
 * witness that does not replay is its verdict, not an error; else a negative status (err),
 * *out NULL. */
int chopsat_decode_check(FILE *cnf, const char *cnf_name, const char *model_name,
                         const chopsat_rules *rules, const chopsat_query *q, int answer,
                         const chopsat_pos *path, size_t n,
                         const struct chopsat_frame_table *frames, chopsat_decoded **out,
                         chopsat_err *err);
void chopsat_decoded_free(chopsat_decoded *d);
/* True when the answer is a yes whose witness replays move by move. */
bool chopsat_decoded_checked(const chopsat_decoded *d);
/* In words, for people: "the witness replays move by move", "the witness does not replay: "
 * and why, or that a "no" rests on the solver's output alone. */
const char *chopsat_decoded_note(const chopsat_decoded *d);
/* The witness's moves, named by the replay (empty unless the witness replays). */
const chopsat_moves *chopsat_decoded_witness(const chopsat_decoded *d);
/* Whether the file's clauses are chopsat's own for its header's question: 1 yes, 0 no (an
 * edited formula: *extra clauses only in the file, *missing only in chopsat's; either may be
 * NULL), -1 not compared (an aiger or smt2 file, no encoding line, no cnf given). */
int chopsat_decoded_header_match(const chopsat_decoded *d, size_t *extra, size_t *missing);
/* Why a yes's witness does not replay (NULL when it does, and for a no): the first step that
 * is no legal move (*step its frame, *detailed true when the frame table's facts are added),
 * else the replay's message (*step -1: a first position, a length or an end that is wrong).
 * step and detailed may be NULL. */
const char *chopsat_decoded_fault(const chopsat_decoded *d, int *step, bool *detailed);

/* ------------------------------------------------------------------------------------------ */
/* Solving with BDDs (docs/forced.md)                                                         */
/* ------------------------------------------------------------------------------------------ */

/* A third engine, independent of the explicit one and of SAT/QBF: each mover's transition
 * relation as a BDD, built from the game's symbolic step, and backward fixpoints layer by layer.
 * It goes where the explicit engine cannot (every position at fingers=1024; forced wins at
 * fingers=65536). BuDDy, the BDD library, keeps global state: at most one BDD computation
 * (a chopsat_bdd or a chopsat_bdd_force call) exists at a time; a second one fails with a
 * message. Not thread-safe. Counts of positions are 128-bit integers (chopsat_count). */
typedef struct chopsat_bdd_opts {
    const char *order;  /* the variable order: "sliced" (NULL too), "msb", "lsb", "separate" */
    uint32_t max_nodes; /* the most BDD nodes, 0 for 2^24 (about 320 MiB plus caches) */
    /* Optional: called every 1024 layers of a fixpoint with the phase, "BDD layers: k = K
     * (player P)", and 0 (its end is not known in advance); NULL: none. */
    chopsat_progress_fn progress;
    void *progress_ctx;
    /* Optional, chopsat_bdd_solve only: value this position alone. The layers are then not
     * kept (the fixpoint holds two at a time and counts each as it is made): chopsat_bdd_value
     * answers for this position (CHOPSAT_UNKNOWN for any other) and chopsat_bdd_stats fails;
     * the counts are the same. NULL: keep every layer. */
    const chopsat_pos *only;
} chopsat_bdd_opts;

typedef struct chopsat_bdd chopsat_bdd;

/* Values every position of the game: both players' forcing layers to their fixpoints. NULL
 * with a message (an unknown order, the node limit, another BDD computation open). */
chopsat_bdd *chopsat_bdd_solve(const chopsat_rules *rules, const chopsat_bdd_opts *o,
                               chopsat_err *err);
void chopsat_bdd_free(chopsat_bdd *s);
/* As chopsat_value: CHOPSAT_WIN/LOSS/DRAW for the player to move, and the distance. */
int chopsat_bdd_value(const chopsat_bdd *s, const chopsat_pos *pos, uint32_t *distance);
/* The largest distance of a win or loss. */
uint32_t chopsat_bdd_max_distance(const chopsat_bdd *s);
/* An exact count of positions: the 128-bit unsigned integer hi * 2^64 + lo. */
typedef struct chopsat_count {
    uint64_t hi, lo;
} chopsat_count;
/* How many positions have value v (CHOPSAT_WIN or CHOPSAT_LOSS) at distance d for the player to
 * move (for CHOPSAT_DRAW, d is ignored), and the positions of the game (both movers), counted
 * exactly from the BDDs' nodes: CHOPSAT_OK with *out, or CHOPSAT_LIMIT with a message when a
 * count of the game passes 2^128 - 1 (not before the game's positions need 127 state bits; no
 * game of docs/rules.md comes near: fingers=65536 needs 64). Every
 * position is a win, a loss or a draw for its player to move: the wins and losses over every
 * distance and the draws add up to the positions exactly. */
int chopsat_bdd_count_exact(const chopsat_bdd *s, int v, uint32_t d, chopsat_count *out,
                            chopsat_err *err);
int chopsat_bdd_positions_exact(const chopsat_bdd *s, chopsat_count *out, chopsat_err *err);
/* *acc += x; false (and *acc unchanged) when the sum passes 2^128 - 1. */
bool chopsat_count_add(chopsat_count *acc, chopsat_count x);
/* n in decimal, into buf (CHOPSAT_COUNT_DIGITS bytes hold any count); returns the number of
 * digits (>= len: cut short). */
#define CHOPSAT_COUNT_DIGITS 40
size_t chopsat_count_format(chopsat_count n, char *buf, size_t len);
/* chopsat_stats_compute by forward images from `from`, every count exact. CHOPSAT_OK, or a
 * negative status (CHOPSAT_LIMIT when a count passes the 2^64 - 1 of chopsat_stats, or when
 * the walk cannot fit the node limit: chopsat_bdd_stats_fits). */
int chopsat_bdd_stats(chopsat_bdd *s, const chopsat_pos *from, chopsat_stats *out,
                      chopsat_err *err);
/* Whether chopsat_bdd_stats can answer for the rules' game with o's node limit (o may be NULL):
 * the nodes its forward walk needs, estimated from the game's number of positions by a model
 * measured at fingers 16..128 (docs/forced.md, "The statistics' forward walk"), without
 * building anything. CHOPSAT_OK, or CHOPSAT_LIMIT with one line naming the game's size and the
 * largest that fits. chopsat_bdd_stats refuses the same before its walk; calling this first
 * saves the solve. */
int chopsat_bdd_stats_fits(const chopsat_rules *rules, const chopsat_bdd_opts *o, chopsat_err *err);

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
 * goal, and every line goes on until the game is over or q->k moves are played. Returns
 * CHOPSAT_YES when it holds (*depth: the longest line of a strategy, q->k for a refutation),
 * CHOPSAT_NO when it does not (*bad: the node where it fails, the first in breadth-first order;
 * err: why, in words), CHOPSAT_ERROR when the tree is malformed (a child out of range; err). */
int chopsat_tree_check(const chopsat_rules *rules, const chopsat_query *q, const chopsat_tree *t,
                       int *depth, size_t *bad, chopsat_err *err);

#define CHOPSAT_TREE_LIMIT 2000 /* the most nodes (and 10x the edges) of a tree from BDD layers */

/* A forced question answered by the BDD layers (chopsat_bdd_force). */
typedef struct chopsat_bdd_force_result chopsat_bdd_force_result;

/* Answers the forced question q (win or reach, "within K") with the BDD layers, and builds
 * P's strategy (yes) or the opponent's refutation (no) from layer membership and the symbolic
 * successors. Returns CHOPSAT_YES or CHOPSAT_NO with *out (free with chopsat_bdd_force_free),
 * or a negative status with a message (*out NULL). */
int chopsat_bdd_force(const chopsat_rules *rules, const chopsat_query *q, const chopsat_bdd_opts *o,
                      chopsat_bdd_force_result **out, chopsat_err *err);
void chopsat_bdd_force_free(chopsat_bdd_force_result *res);
/* For a yes, the least k (the layer of q->from); -1 for a no. */
int chopsat_bdd_force_moves(const chopsat_bdd_force_result *res);
/* The tree built from layer membership, NULL when it passed CHOPSAT_TREE_LIMIT. */
const chopsat_tree *chopsat_bdd_force_tree(const chopsat_bdd_force_result *res);

/* Playing from the BDD layers within a horizon (docs/play.md, "Wide hands"): for games too
 * large for the explicit solver, both players' forcing layers up to H moves, computed once, and
 * per position its value within H, a good move, the number of legal moves, the moves when they
 * are few and a uniformly random move, each found on the BDDs without listing the position's
 * moves (a position may have 2^64 of them) and named with chopsat_move_between. The handle
 * holds the one BDD computation BuDDy allows (see above) until it is freed. */
typedef struct chopsat_horizon chopsat_horizon;
#define CHOPSAT_HORIZON_MAX 1000 /* the largest horizon H */

/* Both players' layers of "has won within k moves", k = 0..horizon (1..CHOPSAT_HORIZON_MAX).
 * NULL with a message (a horizon out of range, the node limit, another BDD computation
 * open). */
chopsat_horizon *chopsat_horizon_new(const chopsat_rules *rules, int horizon,
                                     const chopsat_bdd_opts *o, chopsat_err *err);
void chopsat_horizon_free(chopsat_horizon *h);
/* The horizon H, and the seconds the layers took (the engine built included). */
int chopsat_horizon_depth(const chopsat_horizon *h);
double chopsat_horizon_seconds(const chopsat_horizon *h);
/* The value of pos for its player to move within the horizon: CHOPSAT_WIN (it can force a win
 * within *distance <= H moves, the least such), CHOPSAT_LOSS (the opponent can, within
 * *distance), or CHOPSAT_UNKNOWN (neither within H moves; *distance 0: not a draw). */
int chopsat_horizon_value(const chopsat_horizon *h, const chopsat_pos *pos, uint32_t *distance);
/* The move the layers choose at pos: a win, the move into the least layer of the mover's own
 * layers (the fastest); else one into the mover's own layer H when there is one (a win within
 * H + 1); else one outside the opponent's layers when there is one, else the slowest (into the
 * opponent's greatest layer); among equals the first in the BDD's variable order. CHOPSAT_OK
 * with *move, CHOPSAT_ERROR with a message when pos has no move (the game is over) or the
 * engine failed. */
int chopsat_horizon_move(chopsat_horizon *h, const chopsat_pos *pos, chopsat_move *move,
                         chopsat_err *err);
/* The legal moves of pos (distinct resulting positions), counted exactly on the BDD of its
 * successors: CHOPSAT_OK with *n, or CHOPSAT_ERROR with a message. */
int chopsat_horizon_count(chopsat_horizon *h, const chopsat_pos *pos, chopsat_count *n,
                          chopsat_err *err);
/* Replaces out with the legal moves of pos in the BDD's order, at most max of them: CHOPSAT_OK
 * when that is all of them, CHOPSAT_LIMIT when pos has more (out holds the first max),
 * CHOPSAT_ERROR with a message. */
int chopsat_horizon_moves(chopsat_horizon *h, const chopsat_pos *pos, size_t max,
                          chopsat_moves *out, chopsat_err *err);
/* A uniformly random legal move of pos, drawn on the BDD of its successors without listing
 * them: a number below their exact count from draw's 64-bit words (uniform; rejection keeps it
 * unbiased), then the successor of that rank. CHOPSAT_OK with *move, CHOPSAT_ERROR with a
 * message (no move, or a count past 2^128 - 1). */
int chopsat_horizon_random(chopsat_horizon *h, const chopsat_pos *pos, uint64_t (*draw)(void *ctx),
                           void *ctx, chopsat_move *move, chopsat_err *err);

/* ------------------------------------------------------------------------------------------ */
/* Forced questions, answered and checked (docs/forced.md)                                    */
/* ------------------------------------------------------------------------------------------ */

/* A strategy (yes: P's) or refutation (no: the opponent's) tree, checked by the explicit walk. */
typedef struct chopsat_strategy chopsat_strategy;
size_t chopsat_strategy_nodes(const chopsat_strategy *s);
/* As an indented tree (a position already shown is referred to by its #number), cut at
 * max_depth moves from the root (max_depth < 0: the whole tree; a node at the cut says "its
 * moves cut (CUT_BY max_depth)", cut_by in the caller's words, NULL: "at depth"); returns the
 * number of nodes the cut left out. chopsat_tool.h writes it as JSON. */
size_t chopsat_strategy_write_text(const chopsat_rules *rules, const chopsat_strategy *s, FILE *out,
                                   int max_depth, const char *cut_by);

typedef struct chopsat_force_opts {
    const char *solver;       /* "bdd", "depqbf", "external:CMD" (docs/solvers.md); NULL: bdd,
                                 unless a QBF option below (or a timeout) is set, then depqbf */
    double timeout;           /* QBF: seconds for each solver call, 0 = none */
    bool binary_moves;        /* QBF: the move choice as a binary number instead of one-hot */
    bool plaisted_greenbaum;  /* QBF: polarity-based clauses instead of full Tseitin */
    bool innermost;           /* QBF: state and gate variables in the innermost block */
    bool no_check;            /* skip the explicit cross-check of the answer */
    const char *no_check_why; /* with no_check: why, in the caller's words, for the notes (the
                                 command: "--no-check"); NULL: "not asked for" */
    /* called as each phase starts (NULL: none), with its name ("BDD layers up to k = 26", "the
     * explicit cross-check") and 0, so that a caller can show what a long question is doing */
    chopsat_progress_fn progress;
    void *progress_ctx;
} chopsat_force_opts;

/* The most first moves gathered (the other side's first moves, each with the chooser's reply). */
#define CHOPSAT_FORCE_FIRST_MAX 64

/* A first move of the chooser, given by the answering engine: at the root, or (after) each
 * move of the other side when the other side moves first. */
typedef struct chopsat_force_move {
    chopsat_move after; /* the other side's move just before (its name "" at the root) */
    chopsat_pos from;   /* where the chooser moves */
    chopsat_move move;  /* the chooser's move (its name "(illegal)" if the engine's is none) */
} chopsat_force_move;

/* A forced question answered and checked (chopsat_force). */
typedef struct chopsat_force_result chopsat_force_result;

/* Answers "can q->player force the goal (a win, or q->target) within q->k moves from q->from?"
 * with the BDD layers or a QBF solver, and checks it: the answer against explicit bounded
 * forcing (and, for wins, the explicit solver's values) where the positions within K fit the
 * explicit limit, else as deep as they fit; the tree below the engine's first move walked by
 * the explicit move generator. Returns CHOPSAT_YES or CHOPSAT_NO with *out (free with
 * chopsat_force_free), CHOPSAT_ERROR when an engine failed, or CHOPSAT_MISMATCH when a check
 * caught a wrong answer (err says how); then *out is NULL. */
int chopsat_force(const chopsat_rules *rules, const chopsat_query *q,
                  const chopsat_force_opts *opts, chopsat_force_result **out, chopsat_err *err);
void chopsat_force_free(chopsat_force_result *res);

/* CHOPSAT_YES or CHOPSAT_NO; for a yes the least k (-1 for a no); who the tree and first moves
 * belong to (q->player for a yes, else the opponent); the engine ("bdd", or the QBF solver
 * named). */
int chopsat_force_value(const chopsat_force_result *res);
int chopsat_force_moves(const chopsat_force_result *res);
int chopsat_force_chooser(const chopsat_force_result *res);
const char *chopsat_force_solver(const chopsat_force_result *res);
/* The chooser's first moves (their number; *moves may be NULL), and who gave them: "bdd",
 * "qbf" (the solver's outermost block), or "explicit" (the chooser's replies when the other
 * side moves first and the explicit table covers K: no QBF call per reply). */
size_t chopsat_force_first_moves(const chopsat_force_result *res, const chopsat_force_move **moves);
const char *chopsat_force_first_by(const chopsat_force_result *res);
/* What the first moves leave out, one sentence, or NULL when nothing: the QBF path asks the
 * solver for the chooser's reply to at most CHOPSAT_FORCE_FIRST_MAX of the other side's first
 * moves (one call each), none once that phase took opts->timeout seconds, and none after a call
 * that gave no answer; a root whose moves are too many to list gets no first moves. */
const char *chopsat_force_first_note(const chopsat_force_result *res);
/* The tree, walked by the explicit engine, every branch checked (NULL when not built), and how
 * it was built and checked or why there is none. */
const chopsat_strategy *chopsat_force_tree(const chopsat_force_result *res);
const char *chopsat_force_tree_note(const chopsat_force_result *res);
/* True when the answer agrees with the explicit engine over the whole K; what checked it, or
 * why it was not (fully) checked; for QBF past the explicit limit the depth it checked (else
 * -1). */
bool chopsat_force_checked(const chopsat_force_result *res);
const char *chopsat_force_check_note(const chopsat_force_result *res);
int chopsat_force_checked_depth(const chopsat_force_result *res);
/* The BDD engine's own result when it answered (else NULL). */
const chopsat_bdd_force_result *chopsat_force_bdd(const chopsat_force_result *res);

/* Writes the forced question q as QDIMACS (the QBF options of opts) with header comments and a
 * complete variable map. CHOPSAT_OK or a negative status. */
int chopsat_force_qdimacs(const chopsat_rules *rules, const chopsat_query *q,
                          const chopsat_force_opts *opts, FILE *out, chopsat_err *err);

#ifdef __cplusplus
}
#endif

#endif
