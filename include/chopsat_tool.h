/* chopsat_tool.h: the calls of libchopsat that the chopsat command needs and a program using
 * the library usually does not: the JSON writer that every `--format json` shares (and the
 * calls that write through it), the comparison of two DIMACS files by variable names (`chopsat
 * diff`), the model's frame table (`decode --frames`), unsatisfiable cores (`chopsat core`,
 * `win --why`), a small QBF's value by expansion (`qbf-eval`), the best-move chart (`chart`),
 * the game graph's picture (`graph`), the force engine's choice of options (`force`), the
 * reports that print results as the command does, to a FILE of the caller's
 * (`chopsat_report_*`), and the pages of `--format html` (with `graph --highlight`'s line of
 * play).
 *
 * For the chopsat command and tools like it; less stable than chopsat.h: these calls change
 * with the command's output. Status codes and conventions are chopsat.h's.
 *
 * Also here: the one of each that the command shares with the library (docs/architecture.md,
 * "One of each"): the process runner, the clean-up registry, the monotonic clock, the line
 * reader, the readers of DIMACS variable maps and header lines, and the position counter. */
#ifndef CHOPSAT_TOOL_H
#define CHOPSAT_TOOL_H

#include "chopsat.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------ */
/* JSON output                                                                                */
/* ------------------------------------------------------------------------------------------ */

/* A small streaming JSON writer (src/core/json.c), the one the library and the command both
 * use. It puts the separators in (", " between members; "\n " before each element of a
 * container opened "by line", and "\n" before its closing bracket unless it is empty: `[]`)
 * and escapes every string: '"' and '\\' with a backslash, control characters as \u00XX, and
 * each byte that is not part of valid UTF-8 as \ufffd, so the output is valid JSON whatever a
 * string holds (a position, a move's name, a file name, a solver's message). Write errors show
 * in ferror(f). The fields are the writer's own; containers nest at most CHOPSAT_JSON_DEPTH
 * deep (deeper ones are written but lose their separators' bookkeeping: a programming error). */
#define CHOPSAT_JSON_DEPTH 32
typedef struct chopsat_json {
    FILE *f;
    int depth;
    bool keyed;                       /* a key was written; its value comes next */
    bool used[CHOPSAT_JSON_DEPTH];    /* the container at each depth has a member */
    bool by_line[CHOPSAT_JSON_DEPTH]; /* ... and puts each on its own line */
    char close[CHOPSAT_JSON_DEPTH];   /* '}' or ']' */
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
/* An exact count as a JSON integer, every digit written (JSON numbers have no size limit;
 * a reader that keeps numbers as doubles rounds past 2^53). */
void chopsat_json_count(chopsat_json *j, chopsat_count v);
void chopsat_json_fixed(chopsat_json *j, double v, int decimals);
void chopsat_json_bool(chopsat_json *j, bool v);
void chopsat_json_null(chopsat_json *j);
/* A number as written elsewhere (the len bytes at text, read back from another JSON text: kept
 * digit for digit, whatever its size); text that is not a JSON number is written as null. */
void chopsat_json_number(chopsat_json *j, const char *text, size_t len);
/* Whether the len bytes at s go into a JSON string unchanged: no NUL byte, valid UTF-8 (the
 * writer replaces what is not). */
bool chopsat_json_lossless(const char *s, size_t len);
/* The common member forms: a key and its value. */
void chopsat_json_kstring(chopsat_json *j, const char *key, const char *s);
void chopsat_json_kint(chopsat_json *j, const char *key, long long v);
void chopsat_json_kbool(chopsat_json *j, const char *key, bool v);

/* A forced question's tree as one JSON object {"kind", "player", "within", "root", "nodes":
 * [...]}, the next value of j; cut at max_depth moves from the root (max_depth < 0: the whole
 * tree; the JSON then marks the nodes at the cut with "cut": true and adds "tree_depth" and
 * "cut_nodes"). Returns the number of nodes the cut left out. */
size_t chopsat_strategy_write_json(const chopsat_rules *rules, const chopsat_strategy *s,
                                   chopsat_json *j, int max_depth);

/* The BDD engine's report as one JSON value (the next value of j): the variable order, the
 * relation's node counts, and per player the layers (positions new in each, per mover, and
 * BDD nodes). */
void chopsat_bdd_report(const chopsat_bdd *s, chopsat_json *j);

/* ------------------------------------------------------------------------------------------ */
/* The best-move chart, the game graph, the force engine's choice (chart, graph, force)       */
/* ------------------------------------------------------------------------------------------ */

/* A chart is a grid like the printed strategy charts: for the chopsticks family one row per
 * hands of the mover (player 1) and one column per hands of the opponent; for the one-die game
 * one row per total and one column per top face. Axis 0 is the rows, axis 1 the columns. */
uint64_t chopsat_chart_size(const chopsat_rules *rules, int axis);
/* What the axis shows ("the mover's hands"), and the key to the moves' short names. */
const char *chopsat_chart_title(const chopsat_rules *rules, int axis);
size_t chopsat_chart_legend(const chopsat_rules *rules, char *buf, size_t size);
/* The label of row or column k ("04", "1,3", "24"). Both writers return the text's length
 * (>= size: cut short). */
size_t chopsat_chart_label(const chopsat_rules *rules, int axis, uint64_t k, char *buf,
                           size_t size);

/* One cell of the chart: its position, whether the game is over there, the value and distance
 * for the player to move, and one best move (its name "" when the game is over; the chart shows
 * chopsat_move_short_name of it). */
typedef struct chopsat_chart_cell {
    chopsat_pos pos;
    bool terminal;
    int value;
    uint32_t distance;
    chopsat_move best;
} chopsat_chart_cell;

/* Fills *cell for (row, col) from the solution; returns false when the cell holds no position
 * (in the one-die game, a top face larger than the total). */
bool chopsat_chart_cell_at(const chopsat_solution *sol, uint64_t row, uint64_t col,
                           chopsat_chart_cell *cell);

/* The move's name without its verb, as the chart shows it ("1>3" for "tap 1>3"): a pointer into
 * m->name. */
const char *chopsat_move_short_name(const chopsat_move *m);

/* Writes the Graphviz DOT picture of the game graph reachable from `from`: nodes coloured by
 * value, terminal nodes distinct, taps and splits drawn differently. CHOPSAT_OK or a negative
 * status. */
int chopsat_write_dot(const chopsat_solution *sol, const chopsat_pos *from, FILE *out,
                      chopsat_err *err);

/* True when opts select the BDD engine (see chopsat_force_opts.solver). */
bool chopsat_force_uses_bdd(const chopsat_force_opts *opts);

/* ------------------------------------------------------------------------------------------ */
/* DIMACS files compared by variable names (chopsat diff)                                      */
/* ------------------------------------------------------------------------------------------ */

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
    bool map_a, map_b;       /* the file has a variable map (a `c var` line) */
    bool with_a, with_b;     /* with: the map of A (of B) names that variable */
    char **names;            /* every name of both maps, sorted, each once */
    size_t n_names;
} chopsat_cnf_diff;

/* Returns CHOPSAT_OK with *d filled (free it with chopsat_cnf_diff_free), or a negative status
 * with a message (a file that is not DIMACS CNF). with: when not NULL, only the clauses with a
 * literal of the variable of that name are compared (and counted). */
int chopsat_cnf_diff_files(FILE *a, const char *a_name, FILE *b, const char *b_name,
                           const char *with, chopsat_cnf_diff *d, chopsat_err *err);
void chopsat_cnf_diff_free(chopsat_cnf_diff *d);

/* One line of the variable map chopsat writes into every DIMACS file, `c var <n> <name>`
 * (src/formats/var_map.c, the one reader of it): n when the line is an entry naming a variable
 * 1..max_var, with *name the text after the number and its spaces; 0 otherwise. */
int chopsat_var_map_line(const char *line, int max_var, const char **name);
/* A DIMACS header line `p cnf V C` (src/formats/dimacs.c, the one reader of it): true with
 * *vars and *clauses when line is exactly one, with V < INT_MAX; false otherwise. */
bool chopsat_dimacs_p_line(const char *line, int *vars, long long *clauses);

/* ------------------------------------------------------------------------------------------ */
/* Unsatisfiable cores (chopsat core, win/reach --why)                                        */
/* ------------------------------------------------------------------------------------------ */

/* A minimal unsatisfiable subset of a formula's clauses or groups of clauses: unsatisfiable,
 * and satisfiable without any one of its groups (deletion-based minimisation of the failed
 * assumptions of one selector per group). A group is the clauses under one note: the last
 * comment line before a clause after the `p` line (not a `c var` line; a run of clauses
 * shares the comment before it), with the clause in names (`: a | -b`, as `dimacs --annotate`
 * writes) taken off the end, so an annotated file's gate, frame or start clauses form one group
 * each; a clause without a note is a group alone. At clause level every clause is a group. */
typedef struct chopsat_core_clause {
    size_t index; /* its number in the file, from 0 */
    char *lits;   /* "-3 5 0" as in the file */
    char *names;  /* "-f0.split | f0.tap00" by the `c var` map ("" when it names none) */
} chopsat_core_clause;

typedef struct chopsat_core_group {
    char *note;      /* what the group's note says, "" when none */
    size_t first, n; /* its clauses in the core: clauses[first .. first + n) */
} chopsat_core_group;

typedef struct chopsat_core {
    bool clause_level;                  /* every clause a group */
    size_t total_clauses, total_groups; /* in the whole file */
    int nvars;
    chopsat_core_clause *clauses;
    size_t nclauses;
    chopsat_core_group *groups;
    size_t ngroups;
    char **var_map; /* the file's `var <n> <name>` comments, for the core file */
    size_t nvar_map;
    int solver_calls;
    /* The check of the core (chopsat_core_file, src/checked/core_check.c). */
    bool external;          /* found by an external solver, whose "unsatisfiable" proves nothing */
    bool checked;           /* unsatisfiable by a linked solver: found by one, or confirmed */
    size_t minimal_checked; /* groups the linked check left out one at a time (the rest sat) */
    char check[512];        /* what was checked, in words ("" when a linked solver found it) */
} chopsat_core;

/* Reads the DIMACS CNF file f (named name in messages) and finds a minimal core, by groups
 * (clause_level false) or by clauses, with the SAT back end `solver` (NULL: the default;
 * "picosat", "cadical" or "external:CMD", as chopsat_bmc_opts) and timeout seconds per call (0
 * none), then checks it (src/checked/core_check.c): an empty core is never unsatisfiable; an
 * external solver's core is confirmed unsatisfiable by one call of the linked CHOPSAT_DEFAULT_SAT
 * and its minimality spot-checked (each group left out, up to CHOPSAT_CORE_SPOT_MAX of them,
 * must leave the rest satisfiable). A linked check that cannot run (a time-out) leaves the core
 * marked as resting on the external solver (checked false; check says why). Returns
 * CHOPSAT_NO (the file is unsatisfiable: *core filled, free it with chopsat_core_free),
 * CHOPSAT_YES (satisfiable: it has no core), CHOPSAT_MISMATCH when the check shows the core
 * wrong (the solver's answers were wrong; nothing filled) or a negative status with a message. */
int chopsat_core_file(FILE *f, const char *name, bool clause_level, const char *solver,
                      double timeout, chopsat_core *core, chopsat_err *err);
#define CHOPSAT_CORE_SPOT_MAX 64
/* The parts chopsat_core_file puts together (a library user calls chopsat_core_file): the core
 * found, unchecked (src/solvers/cnf_core.c); and the core's clauses loaded into a linked solver
 * (the back end "cadical" or "picosat"; an external one is refused), each group behind a
 * selector, solved with every group, or every group but group `without` (SIZE_MAX: none):
 * CHOPSAT_YES (satisfiable), CHOPSAT_NO, or CHOPSAT_ERROR with a message (a time-out). */
int chopsat_core_find(FILE *f, const char *name, bool clause_level, const char *solver,
                      double timeout, chopsat_core *core, chopsat_err *err);
typedef struct chopsat_core_probe chopsat_core_probe;
chopsat_core_probe *chopsat_core_probe_new(const chopsat_core *core, const char *backend,
                                           chopsat_err *err);
int chopsat_core_probe_solve(chopsat_core_probe *p, size_t without, double timeout,
                             chopsat_err *err);
void chopsat_core_probe_free(chopsat_core_probe *p);
/* Writes the core as a DIMACS file: `c` lines saying where it comes from (origin), the file's
 * variable map, then each clause after its group's note. CHOPSAT_OK or CHOPSAT_ERROR (a write
 * error) with a message. */
int chopsat_core_write(const chopsat_core *core, const char *origin, FILE *out, chopsat_err *err);
void chopsat_core_free(chopsat_core *core);

/* A reach or win question's own formula (q->k bounded; the encoding of o, as `dimacs
 * --annotate` writes it) cut into named groups, and a minimal core of them: why the answer is
 * no. The gates' defining clauses are always present (they constrain nothing: any inputs have
 * values of the gates); the groups are the start, each frame's moves (by player, and with the
 * textbook encoding by kind of move: "tap", "split", ..., and "choice", the clauses that make
 * the mover take exactly one move), the repetition rule per frame and the goal within K. A
 * group left out of the formula leaves what it says free (moves of a kind left out may lead
 * anywhere). */
typedef enum chopsat_why_kind {
    CHOPSAT_WHY_START,
    CHOPSAT_WHY_MOVES,
    CHOPSAT_WHY_REPEAT,
    CHOPSAT_WHY_GOAL
} chopsat_why_kind;

typedef struct chopsat_why_group {
    chopsat_why_kind kind;
    int frame;      /* the frame it constrains (moves: the frame moved from); goal: q->k */
    int player;     /* moves: the mover; else 0 */
    char move[32];  /* moves: the kind of move ("" all of them, "choice", "tap", "split", ...) */
    size_t clauses; /* its clauses in the formula */
    bool in_core;
} chopsat_why_group;

typedef struct chopsat_why {
    chopsat_why_group *groups;
    size_t ngroups;
    size_t clauses; /* of the whole formula */
    int solver_calls;
} chopsat_why;

/* Finds the core with o's solver and timeout. CHOPSAT_NO (the answer is no: *why filled, free
 * it with chopsat_why_free), CHOPSAT_YES (the formula is satisfiable: no core) or a negative
 * status with a message (q->k unbounded, an encoding the rules do not allow, a solver's
 * failure). */
int chopsat_why_core(const chopsat_rules *r, const chopsat_query *q, const chopsat_bmc_opts *o,
                     chopsat_why *why, chopsat_err *err);
void chopsat_why_free(chopsat_why *why);

/* ------------------------------------------------------------------------------------------ */
/* A small quantified formula evaluated (chopsat qbf-eval)                                     */
/* ------------------------------------------------------------------------------------------ */

/* The sizes qbf-eval takes: at most CHOPSAT_QBF_EVAL_MAX_VARS variables (a larger file is
 * refused), and the search stops (an error) after CHOPSAT_QBF_EVAL_MAX_BRANCHES branches. */
#define CHOPSAT_QBF_EVAL_MAX_VARS     5000
#define CHOPSAT_QBF_EVAL_MAX_BRANCHES 2000000L
#define CHOPSAT_QBF_EVAL_REPLIES      16 /* the losing outer choices listed with their replies */

/* A QDIMACS formula's value by expansion: a search over the prefix in order (free variables
 * existential and outermost), each variable set both ways (an existential one: either way
 * wins; a universal one: both must), with unit propagation and universal reduction between
 * branches. With it, the outermost block's answer: when that block's player wins (an
 * existential block and a true formula, a universal block and a false one), its winning
 * choice; when it loses, per choice of it (up to CHOPSAT_QBF_EVAL_REPLIES) the next block's
 * reply that defeats it. */
typedef struct chopsat_qbf_eval {
    bool value;
    int nvars;
    size_t nclauses, nblocks; /* the blocks after merging neighbours of one kind */
    bool outer_exists;        /* the outermost block's quantifier */
    int *outer;               /* its variables, in the written order */
    size_t nouter;
    bool outer_wins;     /* value == outer_exists */
    signed char *choice; /* outer_wins: per outer variable 1 or -1 (0: either) */
    int *next;           /* the next block's variables (nnext 0: none) */
    size_t nnext;
    size_t nreplies;          /* !outer_wins: rows of a losing choice and its reply */
    signed char *reply_outer; /* row r: reply_outer[r * nouter ..] (0: either) */
    signed char *reply_next;  /* row r: reply_next[r * nnext ..] (0: either) */
    bool replies_cut;         /* more losing choices than the rows listed */
    long branches;
    int *free_vars; /* the variables of the clauses that no block quantifies (existential and */
    size_t nfree;   /* outermost, as QDIMACS says), in increasing order; nfree 0: none */
} chopsat_qbf_eval;

/* Reads the QDIMACS file f (named name in messages: one without its `p cnf` line is refused)
 * and evaluates it. CHOPSAT_YES (true) or CHOPSAT_NO (false) with *out filled (free it with
 * chopsat_qbf_eval_free), or a negative status with a message (not QDIMACS, too many
 * variables, too long a search). */
int chopsat_qbf_eval_file(FILE *f, const char *name, chopsat_qbf_eval *out, chopsat_err *err);
void chopsat_qbf_eval_free(chopsat_qbf_eval *e);

/* ------------------------------------------------------------------------------------------ */
/* A model's frame table (chopsat decode --frames)                                            */
/* ------------------------------------------------------------------------------------------ */

/* The model of a file chopsat dimacs wrote, variable by variable and frame by frame: one row
 * per name `f<t>.<name>` (bits `<name>[i]` gathered into one number), one column per frame
 * 0 .. frames-1; values[row * frames + t] is -1 where frame t has no such variable. */
typedef struct chopsat_frame_table {
    int frames;
    size_t rows;
    char **names;
    long long *values;
} chopsat_frame_table;

/* Reads cnf and model (in any format chopsat_decode reads for a DIMACS file) into *t (free it
 * with chopsat_frame_table_free). Returns CHOPSAT_YES (a model: *t filled), CHOPSAT_NO
 * (unsatisfiable: no table) or a negative status with a message. */
int chopsat_frame_table_read(FILE *cnf, const char *cnf_name, FILE *model, const char *model_name,
                             chopsat_frame_table *t, chopsat_err *err);
void chopsat_frame_table_free(chopsat_frame_table *t);

/* ------------------------------------------------------------------------------------------ */
/* Hints                                                                                      */
/* ------------------------------------------------------------------------------------------ */

/* For a "did you mean" hint (src/core/nearest.c): of the n candidates, the one nearest to word
 * by edit distance (an insertion, a deletion, a change or a swap of two neighbouring characters
 * each count one), when it is near enough to be a likely slip: at most 2 edits, and at most
 * half of word's length. The first of equally near ones; NULL when none is near enough. */
const char *chopsat_nearest(const char *word, const char *const *candidates, size_t n);

/* ------------------------------------------------------------------------------------------ */
/* For interactive programs and signal handlers                                               */
/* ------------------------------------------------------------------------------------------ */

/* Draws the board of pos for a person to out, in several lines: for the chopsticks family each
 * player's two hands as rows of fingers ("|||." holds 3 of 4; "dead"; the number when a hand
 * holds more than 10), for the one-die game the total and the die's top face. The player to
 * move is marked unless the game is over. */
void chopsat_pos_draw(const chopsat_rules *rules, const chopsat_pos *pos, FILE *out);
/* True when the next move from pos is left to chance in a real game (the opening roll of the
 * one-die game, which analysis treats as the mover's choice): `chopsat play` then picks one of
 * the legal moves uniformly at random. False for terminal positions. */
bool chopsat_pos_chance(const chopsat_rules *rules, const chopsat_pos *pos);

/* The one reader of text lines for every text input (DIMACS, models, witnesses, typed moves,
 * check's move lists): a line longer than its limit and a NUL byte are refused as soon as they
 * are read, so that endless input (/dev/zero, a file with no newline) never grows without
 * bound and nothing after a NUL byte is silently dropped. CHOPSAT_LINE_MAX (256 MiB) is the
 * limit of every reader of the library and the command. */
#define CHOPSAT_LINE_MAX ((size_t)256 << 20)
enum {
    CHOPSAT_LINE_END = -1,  /* the end of the input (or a read error: ferror tells) */
    CHOPSAT_LINE_NUL = -2,  /* the line holds a NUL byte: reading stopped at it */
    CHOPSAT_LINE_LONG = -3, /* the line is longer than the limit: reading stopped there */
};

/* Reads the next line of f, its newline kept as getline keeps it, into *line (grown as needed
 * up to max + 2 bytes, NUL-terminated): its length, or CHOPSAT_LINE_END, _NUL or _LONG. */
long chopsat_line_read(FILE *f, char **line, size_t *cap, size_t max);
/* The same, but a NUL byte is kept as a character of the line (its length tells where the line
 * ends): for a reader that names the NUL's column and goes on with the next line (batch). */
long chopsat_line_read_raw(FILE *f, char **line, size_t *cap, size_t max);

/* What a CHOPSAT_LINE_NUL or CHOPSAT_LINE_LONG result means, for a message ("a NUL byte",
 * "a line longer than 256 MiB"; anything else: "a read error"). */
const char *chopsat_line_problem(long result);

/* The CHOPSAT_MEMORY setting (the memory in MiB the explicit engine may plan to use): 0 with
 * *bytes = 0 when it is unset or empty, 1 with *bytes set when it is a whole number of MiB from
 * 1 to 2^44 - 1, else -1 with a message (0, -1, 5x and numbers whose bytes wrap are refused;
 * the engine then ignores it and plans with MemAvailable). */
int chopsat_memory_setting(uint64_t *bytes, chopsat_err *err);

/* Writes the list of presets and options, with their meanings and defaults, to out. */
void chopsat_rules_help(FILE *out);

/* ------------------------------------------------------------------------------------------ */
/* Positions counted (chopsat play's repetitions)                                             */
/* ------------------------------------------------------------------------------------------ */

/* How often each position has occurred, on the library's one position hash (core/posmap.c):
 * the same cost after a million positions as after ten. new returns NULL and count_add 0 when
 * out of memory (after the program's handler, chopsat_set_oom_handler). */
typedef struct chopsat_pos_counter chopsat_pos_counter;
chopsat_pos_counter *chopsat_pos_counter_new(void);
/* Records one more occurrence of p; how often it has occurred now (1 the first time). */
size_t chopsat_pos_count_add(chopsat_pos_counter *c, const chopsat_pos *p);
void chopsat_pos_counter_free(chopsat_pos_counter *c);

/* ------------------------------------------------------------------------------------------ */
/* A game played (chopsat play, docs/play.md)                                                 */
/* ------------------------------------------------------------------------------------------ */

/* A seeded generator (splitmix64; the state is the whole of it): the same seed draws the same
 * numbers on every machine, so a seed replays a game. Set s to the seed. */
typedef struct chopsat_rng {
    uint64_t s;
} chopsat_rng;
/* The next 64-bit word. */
uint64_t chopsat_rng_next(chopsat_rng *g);
/* A uniform number in [0, 1). */
double chopsat_rng_unit(chopsat_rng *g);
/* A uniform index in [0, n), n > 0. */
size_t chopsat_rng_below(chopsat_rng *g, size_t n);
/* n bytes from the kernel's random source (getrandom), for secrets: a server's codes and keys.
 * 0, or -1 with err. */
int chopsat_random_bytes(void *buf, size_t n, chopsat_err *err);

/* A game in progress: its position, the moves played and how often each position occurred.
 * The third occurrence of a position (player to move included) ends the game as a draw, so
 * every game ends; cap > 0 also ends it after cap moves (a game too wide to repeat). new
 * returns NULL when out of memory or when start is no position of the rules
 * (chopsat_pos_check says why). */
typedef struct chopsat_game chopsat_game;
chopsat_game *chopsat_game_new(const chopsat_rules *rules, const chopsat_pos *start, long cap);
void chopsat_game_free(chopsat_game *g);
const chopsat_pos *chopsat_game_pos(const chopsat_game *g);
/* The moves played so far. */
long chopsat_game_moves(const chopsat_game *g);
/* Plays m (a legal move of the current position): CHOPSAT_OK, or CHOPSAT_NOMEM. */
int chopsat_game_play(chopsat_game *g, const chopsat_move *m, chopsat_err *err);
/* Whether the game has ended, and how. */
enum {
    CHOPSAT_GAME_ON = 0,
    CHOPSAT_GAME_WON_1 = 1,    /* player 1 has won */
    CHOPSAT_GAME_WON_2 = 2,    /* player 2 has won */
    CHOPSAT_GAME_REPEATED = 3, /* the position has occurred three times: a draw */
    CHOPSAT_GAME_CAPPED = 4,   /* cap moves played */
};
int chopsat_game_end(const chopsat_game *g);

/* The computer's move at pos from the explicit solution: at a chance position (the one-die
 * game's roll) a uniformly random legal move; else with probability blunder a uniformly random
 * legal move, otherwise a uniformly random best move (win fastest, lose slowest, keep a draw).
 * Every draw comes from rng, in that order. CHOPSAT_OK with *m, CHOPSAT_ERROR with a message
 * when pos has no move, or CHOPSAT_NOMEM. */
int chopsat_play_pick(const chopsat_solution *sol, const chopsat_rules *rules,
                      const chopsat_pos *pos, chopsat_rng *rng, double blunder, chopsat_move *m,
                      chopsat_err *err);
/* The same from a horizon's layers (games too wide for the explicit solver): a uniformly
 * random legal move drawn on the BDDs at a chance position or with probability blunder, else
 * the layers' move (chopsat_horizon_random, chopsat_horizon_move). */
int chopsat_horizon_pick(chopsat_horizon *h, const chopsat_pos *pos, chopsat_rng *rng,
                         double blunder, chopsat_move *m, chopsat_err *err);

/* ------------------------------------------------------------------------------------------ */
/* Processes, clean-up and time: the one runner, the one registry, the one clock              */
/* ------------------------------------------------------------------------------------------ */

/* The one monotonic clock (CLOCK_MONOTONIC), in seconds: deadlines, timings, progress.
 * Async-signal-safe. */
double chopsat_now(void);

/* The one clean-up registry (src/core/cleanup.c): what must not outlive the program when a
 * signal or running out of memory ends it. Temporary files, folders (staging folders, a folder
 * the program made) and running child process groups are registered while they exist and
 * forgotten when the program is done with them. chopsat_cleanup_run, for a signal handler,
 * stops every registered group, then removes every file, then every folder, newest first (a
 * folder is only removed when empty: rmdir). It uses only async-signal-safe calls (kill,
 * waitid, poll, clock_gettime, unlink, rmdir), so it may run in a handler; afterwards the
 * interrupted library call must not be resumed (the program is expected to exit).
 * Registering copies the path; it returns a slot >= 0 for chopsat_cleanup_forget, or -1 when
 * the table (CHOPSAT_CLEANUP_SLOTS entries) is full or the path longer than PATH_MAX (then the
 * entry is simply not guarded). Forgetting slot -1 is harmless. The runner below registers the
 * groups it starts by itself. */
#define CHOPSAT_CLEANUP_SLOTS 1024
int chopsat_cleanup_file(const char *path);
int chopsat_cleanup_folder(const char *path);
/* A child process group whose leader is pid: stopped with SIGKILL to the group; when grace > 0,
 * first SIGTERM to pid alone and up to grace seconds for it to end (its own handler cleans up),
 * then SIGKILL to the group. */
int chopsat_cleanup_group(long pid, double grace);
void chopsat_cleanup_forget(int slot);
void chopsat_cleanup_run(void);
/* In a freshly forked child: forgets every entry inherited from the parent without acting on
 * it (the parent's files and children are the parent's). */
void chopsat_cleanup_reset(void);

/* The one process runner (src/solvers/subprocess.c): a program and its words, never a shell.
 * The child leads a process group of its own (a Ctrl-C on the terminal reaches the caller
 * only; the whole group is killed when the child ends or is stopped, so nothing it started
 * outlives it), runs with the caller's signal mask and default SIGINT, SIGTERM, SIGPIPE (an exec'd
 * program), in folder `dir` when given, under an address-space limit when given. Its group is in
 * the clean-up registry while it runs.
 *
 * Where each standard stream goes: */
typedef enum chopsat_run_stream {
    CHOPSAT_RUN_CAPTURE = 0, /* into memory: stdout up to out_cap bytes (more: too_long, the group
                                killed, never a part kept as if whole), stderr's first
                                CHOPSAT_RUN_ERR_KEEP bytes (the rest read and dropped) */
    CHOPSAT_RUN_DISCARD,     /* /dev/null */
    CHOPSAT_RUN_PATH,        /* a file at *_path, created or truncated (mode 0600, not through a
                                symbolic link), opened before the child changes folder */
    CHOPSAT_RUN_FD,          /* the caller's open descriptor *_fd */
} chopsat_run_stream;
#define CHOPSAT_RUN_OUTPUT_CAP ((size_t)256 << 20) /* out_cap when 0 */
#define CHOPSAT_RUN_ERR_KEEP   4096

typedef struct chopsat_run_spec {
    /* The program: argv[0] (looked up in PATH unless it holds a '/'; a script without "#!" runs
     * under /bin/sh, as execvp does) and its words, NULL-terminated. */
    char *const *argv;
    /* Instead of a program (argv NULL): a function run in the forked child, whose return value
     * is the child's exit status (through _exit). It starts with every signal blocked and the
     * registry reset; it installs what it needs and then sets the signal mask to *mask (a sigset_t:
     * the caller's mask at the call). */
    int (*child_main)(void *ctx, const void *mask);
    void *child_ctx;
    const char *dir;   /* the child's working folder; NULL: the caller's */
    const char *input; /* its standard input: these input_len bytes; NULL: /dev/null */
    size_t input_len;
    chopsat_run_stream out, err; /* where stdout and stderr go (0: captured) */
    const char *out_path, *err_path;
    int out_fd, err_fd;
    size_t out_cap;  /* the most stdout kept in memory; 0: CHOPSAT_RUN_OUTPUT_CAP */
    double timeout;  /* seconds from the start; 0: none. At it the child is stopped */
    double deadline; /* or an absolute chopsat_now() time; 0: none (the earlier wins) */
    double grace;    /* stopping: 0 SIGKILL to the group at once; > 0 SIGTERM to the
                        child first, SIGKILL to its group after grace seconds */
    unsigned long long memory_limit; /* RLIMIT_AS in the child, bytes; 0: the caller's */
    bool no_file_writes; /* RLIMIT_FSIZE and RLIMIT_CORE 0 in the child: it writes no file */
} chopsat_run_spec;

typedef struct chopsat_run_result {
    char *out; /* captured stdout, NUL-terminated (owned; NULL when not captured) */
    size_t out_len;
    char *err; /* captured stderr's first bytes, NUL-terminated (owned; or NULL) */
    size_t err_len;
    int status;  /* as waitpid */
    bool exited; /* it exited: exit_code; else it was killed by signal `signal` */
    int exit_code, signal;
    int exec_errno;     /* the program could not be executed (ENOENT: not found): its errno;
                           the child then exits 127 with "PROGRAM: not found" or "cannot
                           execute PROGRAM: REASON" on its stderr */
    bool timed_out;     /* stopped at the time limit */
    bool too_long;      /* stopped for printing more than out_cap bytes */
    double seconds;     /* wall-clock seconds from start to reaping */
    double cpu_seconds; /* the child's user + system CPU time (with its reaped children) */
} chopsat_run_result;

/* Runs spec until the child exits (then its whole group is killed, and the pipes drained for at
 * most one more second) or is stopped. Returns CHOPSAT_OK with *r filled whatever the child did
 * (free with chopsat_run_result_free), or CHOPSAT_ERROR with a message when it could not be
 * started (no pipe, no fork, no output file, a bad spec). */
int chopsat_run(const chopsat_run_spec *spec, chopsat_run_result *r, chopsat_err *err);
void chopsat_run_result_free(chopsat_run_result *r);

/* ------------------------------------------------------------------------------------------ */
/* The engines' figures, as `chopsat force` reports them (docs/forced.md)                     */
/* ------------------------------------------------------------------------------------------ */

/* The engine's figures (docs/forced.md). */
typedef struct chopsat_bdd_figures {
    int layers;      /* layers computed (0 .. layers-1) */
    bool closed;     /* the layers reached their fixpoint before K */
    double within_k; /* positions within within_steps moves of q->from (forward images; what
                        an explicit check would visit); within_steps < K when the count stopped
                        early (more than CHOPSAT_EXPLICIT_LIMIT, or a BDD of 20000 nodes) */
    int within_steps;
    int state_bits, move_bits, vars; /* the BDD variables */
    int relation_nodes[2];           /* the nodes of each mover's relation */
    double build_seconds, fixpoint_seconds, tree_seconds;
} chopsat_bdd_figures;

/* The BDD engine's figures of a forced question; the variable order from the top ("p1.h0[2]
 * p1.h0[2]' ...", cut short if long); and per layer k (0 .. layers-1) the positions first in it
 * with `mover` (1 or 2) to move and the layer's BDD nodes. */
const chopsat_bdd_figures *chopsat_bdd_force_figures(const chopsat_bdd_force_result *res);
const char *chopsat_bdd_force_order(const chopsat_bdd_force_result *res);
double chopsat_bdd_force_fresh(const chopsat_bdd_force_result *res, int k, int mover);
int chopsat_bdd_force_layer_nodes(const chopsat_bdd_force_result *res, int k);

/* The QBF engine's figures: the last formula and the totals of every call; and the time the
 * explicit checks took (both engines). */
typedef struct chopsat_force_figures {
    int vars;
    size_t clauses, blocks;
    int solver_calls;
    double encode_seconds, solve_seconds;
    double explicit_seconds;
} chopsat_force_figures;

const chopsat_force_figures *chopsat_force_figures_of(const chopsat_force_result *res);

/* ------------------------------------------------------------------------------------------ */
/* Reports: results rendered as text, JSON and CSV (src/report/)                              */
/* ------------------------------------------------------------------------------------------ */

/* What the command prints, written to the FILE handed over and nowhere else, so that another
 * program can print the same. Each call returns 0; or -1 with a one-line message in err when a
 * write to out failed (ferror(out) tells it apart), or CHOPSAT_NOMEM when memory ran out. The
 * JSON reports end with a newline. No report names a command-line flag: where the text names
 * how a limit was set, the caller passes the name in (cut_by). */

/* How a forced answer is reported: the question in words (chopsat_query_describe), its bound k
 * (the QBF formula's when the answer is no), the tree cut below tree_depth moves (-1: whole),
 * and cut_by, the caller's name for that cut in the text's note ("cut at depth D by CUT_BY"),
 * or NULL for none. */
typedef struct chopsat_report_force_opts {
    const char *question;
    int k;
    int tree_depth;
    const char *cut_by;
} chopsat_report_force_opts;

/* Writes text to out as it is where it is printable ASCII or valid UTF-8 (C1 controls
 * excepted), every other byte escaped (\n, \t, \r, \xHH): text from outside, safe for a
 * terminal (src/report/text_escape.c). */
void chopsat_report_escaped(FILE *out, const char *text);
/* Writes text to out as HTML text or a double-quoted attribute value: & < > " ' as character
 * references, control characters and bytes that are not UTF-8 as U+FFFD (html_page.c). */
void chopsat_html_escaped(FILE *out, const char *text);

/* A checked forced answer (chopsat_force): the answer, the first moves, the strategy or
 * refutation tree, the check and the engine's figures, as text or as one JSON object. */
int chopsat_report_force_text(FILE *out, const chopsat_rules *rules,
                              const chopsat_force_result *res, const chopsat_report_force_opts *o,
                              chopsat_err *err);
int chopsat_report_force_json(FILE *out, const chopsat_rules *rules,
                              const chopsat_force_result *res, const chopsat_report_force_opts *o,
                              chopsat_err *err);

/* The best-move chart of a solved game: a grid of signs and moves (text), or its cells as CSV
 * lines (mover,opponent,sign,move) or one JSON object. */
int chopsat_report_chart_text(FILE *out, const chopsat_rules *rules, const chopsat_solution *sol,
                              chopsat_err *err);
int chopsat_report_chart_csv(FILE *out, const chopsat_rules *rules, const chopsat_solution *sol,
                             chopsat_err *err);
int chopsat_report_chart_json(FILE *out, const chopsat_rules *rules, const chopsat_solution *sol,
                              chopsat_err *err);

/* The unsatisfiable core of the DIMACS file named `file`, group by group (clause_level: the
 * core was made of single clauses), as text or one JSON object. */
int chopsat_report_core_text(FILE *out, const chopsat_core *c, const char *file, bool clause_level,
                             chopsat_err *err);
int chopsat_report_core_json(FILE *out, const chopsat_core *c, const char *file, bool clause_level,
                             chopsat_err *err);

/* The core of question q's own formula said in words: which groups already contradict each
 * other ("why no: ...") and how large the core is. */
int chopsat_report_why_text(FILE *out, const chopsat_why *w, const chopsat_query *q,
                            chopsat_err *err);

/* How two DIMACS files a and b compare (chopsat_cnf_diff_files): with, the one variable the
 * comparison kept (NULL: all); summary: counts per note instead of the clauses. */
typedef struct chopsat_report_diff_opts {
    const char *a, *b;
    const char *with;
    bool summary;
} chopsat_report_diff_opts;

int chopsat_report_diff_text(FILE *out, const chopsat_cnf_diff *d,
                             const chopsat_report_diff_opts *o, chopsat_err *err);
int chopsat_report_diff_json(FILE *out, const chopsat_cnf_diff *d,
                             const chopsat_report_diff_opts *o, chopsat_err *err);

/* What chopsat play shows of a game (docs/play.md): the moves of a person's turn, the help,
 * the hint, a move played and the game's end. who[1], who[2]: whether a person plays that side
 * (a side is named "(you)" or "(computer)" only when one person plays). */
typedef struct chopsat_play_view {
    const chopsat_rules *rules;
    const chopsat_pos *pos;     /* the position */
    const chopsat_moves *moves; /* the moves listed: all of them, or the first few */
    bool complete;              /* moves holds every legal move */
    chopsat_count n;            /* how many there are */
    bool numbered;              /* listed with numbers (no number is a move of this game) */
    bool human[3];
} chopsat_play_view;

/* "player 1 (you)", "player 2 (computer)" or "player 1" into buf (size 32 suffices); buf. */
const char *chopsat_report_play_who(const chopsat_play_view *v, int player, char *buf, size_t size);
/* The moves, listed (numbered when v->numbered), or their count and an example of each kind
 * when they are too many to list. */
int chopsat_report_play_moves(FILE *out, const chopsat_play_view *v, chopsat_err *err);
/* The first listed move of each kind (tap, split, ...): "tap 1>1, split 0,2". */
int chopsat_report_play_examples(FILE *out, const chopsat_play_view *v, chopsat_err *err);
/* What a person may type. */
int chopsat_report_play_help(FILE *out, const chopsat_play_view *v, chopsat_err *err);
/* The value of the position and the best moves from the solution sol, or (sol NULL) the value
 * within the horizon h and the layers' move. */
int chopsat_report_play_hint(FILE *out, const chopsat_play_view *v, const chopsat_solution *sol,
                             chopsat_horizon *h, chopsat_err *err);
/* A move made at v->pos: "<who> <verb> <name> -> <position>". */
int chopsat_report_play_move(FILE *out, const chopsat_play_view *v, const chopsat_move *m,
                             const char *verb, chopsat_err *err);
/* Who plays which side, the blunder rate (unless people play both) and the seed, with how to
 * replay the game (seed_flag: the caller's name for the seed's option). */
int chopsat_report_play_opening(FILE *out, const chopsat_play_view *v, double blunder,
                                uint64_t seed, const char *seed_flag, chopsat_err *err);
/* The prompt of a person's turn (flushed). */
int chopsat_report_play_prompt(FILE *out, const chopsat_play_view *v, chopsat_err *err);
/* The game abandoned after `moves` moves: by the player to move (quit) or at the end of the
 * input. */
int chopsat_report_play_abandoned(FILE *out, const chopsat_play_view *v, long moves, bool quit,
                                  chopsat_err *err);
/* The position after `moves` moves and its board, then how the game ended (end, a
 * chopsat_game_end value; cap: the moves a capped game stops after). */
int chopsat_report_play_turn(FILE *out, const chopsat_play_view *v, long moves, int end, long cap,
                             chopsat_err *err);

/* A small QBF's value by expansion (chopsat_qbf_eval_file) of the file named `file`, with the
 * outermost block's winning choice or the replies that defeat each of its choices. */
int chopsat_report_qbf_eval_text(FILE *out, const chopsat_qbf_eval *e, const char *file,
                                 chopsat_err *err);
int chopsat_report_qbf_eval_json(FILE *out, const chopsat_qbf_eval *e, const char *file,
                                 chopsat_err *err);
/* The warning for a formula with free variables (e->nfree > 0; nothing otherwise), one line:
 * which variables no block quantifies and what QDIMACS makes of them. */
int chopsat_report_qbf_eval_warnings(FILE *out, const chopsat_qbf_eval *e, const char *file,
                                     chopsat_err *err);

/* A solved position (chopsat_solve): its value and distance, its best moves, every legal move
 * valued for its mover and the line of best play, as text or one JSON object. */
int chopsat_report_solve_text(FILE *out, const chopsat_rules *rules, const chopsat_solution *sol,
                              const chopsat_pos *pos, chopsat_err *err);
int chopsat_report_solve_json(FILE *out, const chopsat_rules *rules, const chopsat_solution *sol,
                              const chopsat_pos *pos, chopsat_err *err);

/* Every position of a solved game with its value, distance and whether it is in reach (the
 * positions chopsat_explore found from the start), as a table, CSV lines or one JSON array. */
int chopsat_report_solve_all_text(FILE *out, const chopsat_rules *rules,
                                  const chopsat_solution *sol, const chopsat_reach_set *reach,
                                  chopsat_err *err);
int chopsat_report_solve_all_csv(FILE *out, const chopsat_rules *rules, const chopsat_solution *sol,
                                 const chopsat_reach_set *reach, chopsat_err *err);
int chopsat_report_solve_all_json(FILE *out, const chopsat_rules *rules,
                                  const chopsat_solution *sol, const chopsat_reach_set *reach,
                                  chopsat_err *err);

/* The state graph's statistics from position `from` (chopsat_stats_compute, chopsat_bdd_stats),
 * as text, a CSV header and line, or one JSON object. */
int chopsat_report_stats_text(FILE *out, const chopsat_rules *rules, const chopsat_pos *from,
                              const chopsat_stats *st, chopsat_err *err);
int chopsat_report_stats_csv(FILE *out, const chopsat_rules *rules, const chopsat_pos *from,
                             const chopsat_stats *st, chopsat_err *err);
int chopsat_report_stats_json(FILE *out, const chopsat_rules *rules, const chopsat_pos *from,
                              const chopsat_stats *st, chopsat_err *err);

/* The legal moves of position `from` (chopsat_moves_list) and where each leads, as text (who
 * moves, one move a line), CSV lines (move,position) or one JSON object. */
int chopsat_report_moves_text(FILE *out, const chopsat_rules *rules, const chopsat_pos *from,
                              const chopsat_moves *moves, chopsat_err *err);
int chopsat_report_moves_csv(FILE *out, const chopsat_rules *rules, const chopsat_pos *from,
                             const chopsat_moves *moves, chopsat_err *err);
int chopsat_report_moves_json(FILE *out, const chopsat_rules *rules, const chopsat_pos *from,
                              const chopsat_moves *moves, chopsat_err *err);

/* One answer of `chopsat batch` (docs/cli.md): the line of the file of questions, the file's
 * name, the command as written, its exit status (-1: not run), its standard output (out_len
 * bytes, its final line breaks dropped; json: it was asked for as one JSON document), and the
 * error's kind and message (kind NULL: none). */
typedef struct chopsat_report_batch_answer {
    long line;
    const char *file;
    const char *command;
    int status;
    const char *out;
    size_t out_len;
    bool json;
    const char *kind, *message;
} chopsat_report_batch_answer;

/* The answer as one JSON line: the output read back as its "result" (json) or kept as its
 * "output" (text); an output that is not UTF-8 text, or not the one JSON object or array asked
 * for, is the line's error when it has none of its own. */
int chopsat_report_batch_json(FILE *out, const chopsat_report_batch_answer *a, chopsat_err *err);

/* How a checked reach or win answer (chopsat_ask) is reported: the question in words
 * (chopsat_query_describe), the SAT solver named, whether the formula was kept across k
 * (within K), the engine (without a bound: "ic3" or "kind"), and the caller's notes on what
 * became of a proof (within K) or a certificate (without a bound), NULL when none was asked. */
typedef struct chopsat_report_answer_opts {
    const char *question;
    const char *solver;
    bool incremental;
    const char *engine;
    const char *proof_note;
    const char *certificate_note;
} chopsat_report_answer_opts;

/* The answer to q, within K or without a bound: the answer, the witness or the proof, a game
 * already over at the start, the check and the engine's figures, as text or one JSON object. */
int chopsat_report_answer_text(FILE *out, const chopsat_rules *rules, const chopsat_query *q,
                               const chopsat_answer *a, const chopsat_report_answer_opts *o,
                               chopsat_err *err);
int chopsat_report_answer_json(FILE *out, const chopsat_rules *rules, const chopsat_query *q,
                               const chopsat_answer *a, const chopsat_report_answer_opts *o,
                               chopsat_err *err);

/* How a decoded answer (chopsat_decode, checked by chopsat_decode_check) is reported: the
 * question in words, the solver's answer (CHOPSAT_YES or CHOPSAT_NO) and its path of n
 * positions, the check and the edited formula's note in the caller's words ("" or NULL for
 * none), and the model's frame table (NULL: not asked). A yes whose path does not replay
 * (chopsat_decoded_checked false) is reported as no game, without a witness. */
typedef struct chopsat_report_decode_opts {
    const char *question;
    int answer;
    const chopsat_pos *path;
    size_t n;
    const char *check;
    const char *edited;
    const chopsat_frame_table *frames;
} chopsat_report_decode_opts;

/* The decoded answer: the answer, the witness, the check and the frame table, as text or one
 * JSON object (CHOPSAT_NOMEM when the check's text cannot be put together). */
int chopsat_report_decode_text(FILE *out, const chopsat_rules *rules, const chopsat_decoded *d,
                               const chopsat_report_decode_opts *o, chopsat_err *err);
int chopsat_report_decode_json(FILE *out, const chopsat_rules *rules, const chopsat_decoded *d,
                               const chopsat_report_decode_opts *o, chopsat_err *err);

/* How a checked certificate is reported: the rules and the question in words
 * (chopsat_rules_describe, chopsat_query_describe) and the invariant's clause count. */
typedef struct chopsat_report_certify_opts {
    const char *rules;
    const char *question;
    size_t clauses;
} chopsat_report_certify_opts;

/* A never's certificate that holds (chopsat_certify): the verdict and what checked it, as
 * text or one JSON object. */
int chopsat_report_certify_text(FILE *out, const chopsat_certified *c,
                                const chopsat_report_certify_opts *o, chopsat_err *err);
int chopsat_report_certify_json(FILE *out, const chopsat_certified *c,
                                const chopsat_report_certify_opts *o, chopsat_err *err);

/* The BDD engine's game (chopsat_bdd_solve): p's value and distance, and the exact counts of
 * every position per value and distance, as text or one JSON object; -1 with a message and
 * nothing written when a count passes 2^128 - 1. */
int chopsat_report_solve_bdd_text(FILE *out, const chopsat_rules *rules, const chopsat_bdd *s,
                                  const chopsat_pos *p, chopsat_err *err);
int chopsat_report_solve_bdd_json(FILE *out, const chopsat_rules *rules, const chopsat_bdd *s,
                                  const chopsat_pos *p, chopsat_err *err);

/* A strategy or refutation tree from outside (`check --strategy FILE`): the JSON `force
 * --format json` writes (its "strategy" object, or the whole report), or one written by hand in
 * that form (docs/cli.md). Read in two steps, for the caller to choose the rules between them:
 * chopsat_strategy_load reads the document from in (at most 64 MiB, no NUL byte, nesting up to
 * 64 levels, no repeated key; shown names it in messages); NULL with err. */
typedef struct chopsat_strategy_doc chopsat_strategy_doc;
chopsat_strategy_doc *chopsat_strategy_load(FILE *in, const char *shown, chopsat_err *err);
/* The document's "rules" text, or NULL when it has none. */
const char *chopsat_strategy_doc_rules(const chopsat_strategy_doc *d);
void chopsat_strategy_doc_free(chopsat_strategy_doc *d);

/* The tree the document holds, read under rules r: the tree (nodes[0] the root), each node's id
 * in the file, each edge's move name as written (NULL: none; strings of the document, valid
 * while it is), the claim's kind, player, bound (within: -1 when the file gives none) and
 * target (NULL: none). */
typedef struct chopsat_tree_file {
    chopsat_tree t;
    long *ids;
    const char **names;
    bool refutation;
    int player, within;
    const char *target;
} chopsat_tree_file;
/* Reads d's tree under r into *s (freed with chopsat_tree_file_free, also after a failure).
 * 0, or -1 with err naming the node. */
int chopsat_tree_file_read(const chopsat_strategy_doc *d, const chopsat_rules *r,
                           chopsat_tree_file *s, chopsat_err *err);
void chopsat_tree_file_free(chopsat_tree_file *s);

/* The check of a tree read from outside: each move's name, where the file gives one, must be
 * the move from its node to its child; then chopsat_tree_check for question q. holds: 1 yes,
 * 0 no (bad: the node where it fails, why: the reason); depth: the longest line. */
typedef struct chopsat_tree_verdict {
    int holds, depth;
    size_t bad;
    char why[700];
} chopsat_tree_verdict;
/* 0 with *v, or -1 with err when the check could not be made (a malformed tree). */
int chopsat_tree_file_check(const chopsat_rules *r, const chopsat_query *q,
                            const chopsat_tree_file *s, chopsat_tree_verdict *v, chopsat_err *err);

/* A move sequence checked move by move (`check A MOVES...`): each move as given (text, the whole
 * item; move, its move part) and, for the first `legal` of the `given` moves, what it was read
 * as, by which player, and whether another physical move was taken as it (same_as). */
typedef struct chopsat_typed_move {
    const char *text, *move;
    chopsat_move m;
    int player;
    bool same_as;
} chopsat_typed_move;
/* Checks the move t->move typed at `from` and, when expect is not NULL, that it leads to the
 * position written there (without ":M", the hands alone are compared): 1 legal (t->m,
 * t->player, t->same_as set), or 0 with the reason in why. */
int chopsat_typed_move_check(const chopsat_rules *r, const chopsat_pos *from, const char *expect,
                             chopsat_typed_move *t, char *why, size_t size);
/* The sequence from start to end; reason: why move legal+1 is illegal (NULL: all legal); win:
 * the player the caller asks has won at the end (0: not asked). */
typedef struct chopsat_move_check {
    chopsat_pos start, end;
    const chopsat_typed_move *moves;
    size_t given, legal;
    const char *reason;
    int win;
} chopsat_move_check;
int chopsat_report_check_text(FILE *out, const chopsat_rules *rules, const chopsat_move_check *c,
                              chopsat_err *err);
int chopsat_report_check_json(FILE *out, const chopsat_rules *rules, const chopsat_move_check *c,
                              chopsat_err *err);

/* A checked strategy or refutation tree (chopsat_tree_file_check) for question q: the claim in
 * words ("within K moves" only when bound_given), and whether it holds or where and why not. */
int chopsat_report_strategy_text(FILE *out, const chopsat_rules *rules, const chopsat_query *q,
                                 const chopsat_tree_file *s, bool bound_given,
                                 const chopsat_tree_verdict *v, chopsat_err *err);
int chopsat_report_strategy_json(FILE *out, const chopsat_rules *rules, const chopsat_query *q,
                                 const chopsat_tree_file *s, bool bound_given,
                                 const chopsat_tree_verdict *v, chopsat_err *err);

/* ------------------------------------------------------------------------------------------ */
/* Benchmark families (chopsat pack, docs/benchmarks.md)                                      */
/* ------------------------------------------------------------------------------------------ */

/* The formats a pack writes a question in: DIMACS (.cnf.xz), QDIMACS (.qdimacs.xz), SMT-LIB 2
 * (.smt2), binary AIGER (.aig). */
typedef enum {
    CHOPSAT_PACK_CNF,
    CHOPSAT_PACK_QDIMACS,
    CHOPSAT_PACK_SMT2,
    CHOPSAT_PACK_AIGER,
    CHOPSAT_PACK_FORMATS
} chopsat_pack_format;
/* The format's word ("cnf", "qdimacs", "smt2", "aiger"), and its reference solver's name
 * ("cadical", "depqbf", "z3", "abc"). */
const char *chopsat_pack_format_name(chopsat_pack_format f);
const char *chopsat_pack_reference_name(chopsat_pack_format f);

#define CHOPSAT_PACK_LIST_MAX 16 /* the most entries of each list of the grid */

/* A bound of the grid: relative to the least number of moves (min+value) or absolute. */
typedef struct chopsat_pack_bound {
    bool relative;
    int value;
} chopsat_pack_bound;

/* The grid of a pack (rule presets x finger counts x hand counts x questions x bounds, in the
 * formats that can say each question) and how to write it. */
typedef struct chopsat_pack_opts {
    const char *presets[CHOPSAT_PACK_LIST_MAX]; /* rule presets, each once */
    size_t npresets;
    long fingers[CHOPSAT_PACK_LIST_MAX]; /* finger counts (chopsticks presets) */
    size_t nfingers;
    const char *questions[CHOPSAT_PACK_LIST_MAX]; /* "win1", "win2", "reach", "force1", "force2" */
    size_t nquestions;
    chopsat_pack_bound bounds[CHOPSAT_PACK_LIST_MAX];
    size_t nbounds;
    bool formats[CHOPSAT_PACK_FORMATS]; /* the formats written */
    bool no_constraints;                /* AIGER: legality folded into the bad state */
    bool force;     /* DIR may hold files already (files of the same name are replaced) */
    double timeout; /* each SAT call's and each reference solver's limit, seconds */
    double lo, hi;  /* keep questions whose reference time lies in lo..hi (hi 0: all) */
    /* Hand counts ("2", "3", "3/2": the rules option count of the chopsticks presets). */
    const char *counts[CHOPSAT_PACK_LIST_MAX];
    size_t ncounts;
    /* The grid as the user wrote it, for README.md's parameters line (the lists, the target). */
    const char *text_presets, *text_fingers, *text_questions, *text_bounds, *text_formats;
    const char *text_counts;
    const char *text_target;
    /* Optional: called with each phase ("win1 standard,fingers=5 k=4, establishing the
     * answer") and 0; NULL: none. */
    chopsat_progress_fn progress;
    void *progress_ctx;
    char *grid_words[6]; /* chopsat_pack_grid's copies of the lists (chopsat_pack_grid_free) */
} chopsat_pack_opts;

/* The lists of a grid as a person writes them, in this order. */
enum {
    CHOPSAT_PACK_LIST_PRESETS,
    CHOPSAT_PACK_LIST_FINGERS,
    CHOPSAT_PACK_LIST_QUESTIONS,
    CHOPSAT_PACK_LIST_BOUNDS,
    CHOPSAT_PACK_LIST_FORMATS,
    CHOPSAT_PACK_LIST_COUNTS,
    CHOPSAT_PACK_LISTS
};
/* Reads the grid of g from texts (comma-separated lists of 1 to CHOPSAT_PACK_LIST_MAX rule
 * presets, finger counts 2..1048576, questions win1 win2 reach force1 force2, bounds min,
 * min-N, min+N or N, formats cnf qdimacs smt2 aiger, hand counts A or A/B of the rules option
 * count; repeated presets, questions and counts kept once)
 * and target ("A..B" reference seconds, or NULL): the lists' words point into copies that
 * chopsat_pack_grid_free releases (also after a failure). CHOPSAT_OK, or CHOPSAT_ERROR with
 * *list the list at fault (CHOPSAT_PACK_LISTS: the target) and a message about the entry at
 * fault, or that starts "wants" when the whole list or target is malformed. */
int chopsat_pack_grid(chopsat_pack_opts *g, const char *const texts[CHOPSAT_PACK_LISTS],
                      const char *target, int *list, chopsat_err *err);
void chopsat_pack_grid_free(chopsat_pack_opts *g);

#define CHOPSAT_PACK_NOTES 8 /* the reasons kept for leaving questions out */

/* What a pack wrote. */
typedef struct chopsat_pack_summary {
    size_t files; /* written (meta.csv and README.md not counted) */
    size_t by_format[CHOPSAT_PACK_FORMATS];
    size_t left_out;                     /* questions whose answer was not settled */
    size_t outside;                      /* with lo..hi: reference time outside it */
    char notes[CHOPSAT_PACK_NOTES][800]; /* "QUESTION: why it was left out", the first ones */
    size_t nnotes;
    bool not_empty; /* failed: DIR is not empty and force is off */
} chopsat_pack_summary;

/* Writes the benchmark family of o into folder dir (made, or taken when empty; any folder with
 * o->force; never a link or a file): for each question of the grid its answer is settled
 * (chopsat_settle) before its files are written, each file is given to its reference solver
 * (which must agree; its CPU time goes into meta.csv), and dir gets meta.csv and README.md.
 * Files are staged in a private folder inside dir and moved in at the end; on any failure (and
 * on a signal, through chopsat_cleanup_run) nothing is left, not even dir when this call made
 * it (on a signal: up to CHOPSAT_CLEANUP_SLOTS staged files). Returns CHOPSAT_OK with *s filled,
 * CHOPSAT_MISMATCH when a reference solver or a check disagrees with a settled answer, or another
 * negative status (err: one line). */
int chopsat_pack(const char *dir, const chopsat_pack_opts *o, chopsat_pack_summary *s,
                 chopsat_err *err);
/* What `chopsat pack` prints after a pack into dir: the files written per format, the questions
 * left out (and outside o's seconds) and the first reasons (src/report/text_pack.c).
 * CHOPSAT_OK or CHOPSAT_ERROR (a write error). */
int chopsat_report_pack_text(FILE *out, const char *dir, const chopsat_pack_opts *o,
                             const chopsat_pack_summary *s, chopsat_err *err);

/* ------------------------------------------------------------------------------------------ */
/* The pages of --format html (src/report/, docs/viewer.md)                                    */
/* ------------------------------------------------------------------------------------------ */

/* Each call writes one self-contained page to out: inline CSS, JavaScript and SVG, nothing
 * fetched, every string from outside escaped. 0, or -1 (or CHOPSAT_NOMEM) with err; a failed
 * write is -1 with out's error indicator set (out then holds part of a page: the caller drops
 * it). The caller opens and closes out. */

/* win and reach (kind "win" or "reach"): the answer of chopsat_bmc_solve, its replayed witness
 * (names), what was checked (check: the sentence after "checked: "; proof_note: NULL without a
 * proof) and the game graph with the witness on it. */
int chopsat_html_bmc(FILE *out, const chopsat_rules *r, const char *kind, const chopsat_query *q,
                     const chopsat_bmc_result *res, const chopsat_moves *names,
                     const char *question, const char *check, const chopsat_bmc_opts *bo,
                     const char *proof_note, chopsat_err *err);
/* decode: the file's question, the answer (10 or 20) and the replayed witness of n positions;
 * table (NULL, or rows 0, when there is none) is the model frame by frame, read from the DIMACS
 * file cnf_path; model_name names the solver's output. */
int chopsat_html_decoded(FILE *out, const chopsat_rules *r, const chopsat_query *q, int answer,
                         const chopsat_pos *path, size_t n, const chopsat_moves *names,
                         const char *question, const char *check, const chopsat_frame_table *table,
                         const char *cnf_path, const char *model_name, chopsat_err *err);
/* Whether a decode page can show the frames table of the file at cnf_path: a regular DIMACS
 * file (not AIGER or SMT-LIB). */
bool chopsat_html_decode_frames(const char *cnf_path);
/* check A MOVES...: the moves read (made: the legal ones, as made), the typed text of each,
 * and, when one is illegal, the reason (else NULL). */
int chopsat_html_checked(FILE *out, const chopsat_rules *r, const chopsat_pos *start,
                         const chopsat_moves *made, const char *const *typed, size_t ntyped,
                         const char *reason, chopsat_err *err);
/* solve POS: every move's value and distance, the best moves, the line of best play. */
int chopsat_html_solve(FILE *out, const chopsat_rules *r, const chopsat_solution *sol,
                       const chopsat_pos *p, chopsat_err *err);
/* force: the answer of chopsat_force, its first moves and its tree. */
int chopsat_html_force(FILE *out, const chopsat_rules *r, const chopsat_query *q,
                       const char *question, const chopsat_force_result *res, chopsat_err *err);
/* dimacs: the question's formula (annotated) beside its frames. */
int chopsat_html_dimacs(FILE *out, const chopsat_rules *r, const chopsat_query *q,
                        const chopsat_bmc_opts *bo, chopsat_err *err);

/* The DOT of chopsat_write_dot from `from` with the line path[0..n-1] drawn thick and numbered
 * (`graph --highlight`). 0, or -1 with err. */
int chopsat_dot_highlight(FILE *out, const chopsat_solution *sol, const chopsat_pos *from,
                          const chopsat_pos *path, size_t n, chopsat_err *err);

/* A line of play given from outside: moves separated by ';' or line breaks, each as a person
 * types it (`tap 1>1`, `1>1`, `3. player 1  tap 1>1 -> 11/12:2`), or what another command
 * printed: the JSON of win, reach, decode, check or solve (its "witness", "line" or "moves"),
 * or their text (its numbered lines, and its `start` line). Read from in (at most 16 MiB, no
 * NUL byte), or from text when in is NULL; shown names it in messages. NULL with err. */
typedef struct chopsat_played_line chopsat_played_line;
chopsat_played_line *chopsat_played_line_read(FILE *in, const char *text, const char *shown,
                                              chopsat_err *err);
/* How many moves it has; the start position it names, as written (NULL: none). */
size_t chopsat_played_line_moves(const chopsat_played_line *pl);
const char *chopsat_played_line_start(const chopsat_played_line *pl);
/* Plays its moves from start: *path gets the n positions (a new array; the caller frees it).
 * A position written after "->" must be the one its move leads to. 0, or -1 with err naming the
 * move. */
int chopsat_played_line_positions(const chopsat_played_line *pl, const chopsat_rules *r,
                                  const chopsat_pos *start, chopsat_pos **path, size_t *n,
                                  chopsat_err *err);
void chopsat_played_line_free(chopsat_played_line *pl);

/* ------------------------------------------------------------------------------------------ */
/* The lab's exercises graded (chopsat grade, src/grade/, docs/lab/instructor.md)             */
/* ------------------------------------------------------------------------------------------ */

/* One test of a graded exercise, as Gradescope's results.json has them: its name, the points
 * scored of max_score, the feedback (never the reference answer) and who sees it ("visible",
 * "hidden", "after_due_date" or "after_published", from the exercise's data). */
typedef struct chopsat_grade_test {
    char *name;
    double score, max_score;
    char *output;
    char *visibility;
    bool graded; /* the check reached this test */
} chopsat_grade_test;

/* The largest submission graded (a larger one is refused, as one that cannot be read). */
#define CHOPSAT_GRADE_SUBMISSION_MAX ((size_t)1 << 20)

/* One exercise graded: its tests, score and hints (those of the failed tests). */
typedef struct chopsat_graded chopsat_graded;

/* Grades the file submission_path as an answer to the exercise `id` of the folder
 * exercises_dir (one JSON file per exercise: what is submitted, the check, the tests, the
 * question the hidden reference comes from). CHOPSAT_OK with *out (free it with
 * chopsat_graded_free) whatever the score; CHOPSAT_NO when there is no such exercise (err names
 * the nearest id); CHOPSAT_ERROR with one line when the submission cannot be read (missing, not
 * a file, larger than 1 MiB) or the check cannot run (broken data, a solver's failure). */
int chopsat_grade(const char *exercises_dir, const char *id, const char *submission_path,
                  chopsat_graded **out, chopsat_err *err);
/* The same for a submission read to its end from in (at most 1 MiB; shown names it). */
int chopsat_grade_stream(const char *exercises_dir, const char *id, FILE *in, const char *shown,
                         chopsat_graded **out, chopsat_err *err);
/* The same for a submission held in memory (a form's text, len bytes; shown names it). */
int chopsat_grade_text(const char *exercises_dir, const char *id, const char *text, size_t len,
                       const char *shown, chopsat_graded **out, chopsat_err *err);
/* Every exercise of exercises_dir graded from a student's folder, which holds one file per
 * exercise under the name its data gives (chopsat_exercise_info's file); an exercise without
 * its file scores 0 ("not submitted"), and one whose file cannot be read (not a file, larger
 * than 1 MiB) scores 0 with the reason. CHOPSAT_OK with the *n results in *out (free them with
 * chopsat_graded_list_free), or CHOPSAT_ERROR with one line. */
int chopsat_grade_folder(const char *exercises_dir, const char *folder, chopsat_graded ***out,
                         size_t *n, chopsat_err *err);
void chopsat_graded_free(chopsat_graded *g);
void chopsat_graded_list_free(chopsat_graded **g, size_t n);
const char *chopsat_graded_exercise(const chopsat_graded *g);
const char *chopsat_graded_title(const chopsat_graded *g);
const char *chopsat_graded_file(const chopsat_graded *g);
bool chopsat_graded_submitted(const chopsat_graded *g);
double chopsat_graded_score(const chopsat_graded *g);
double chopsat_graded_max_score(const chopsat_graded *g);
size_t chopsat_graded_tests(const chopsat_graded *g);
const chopsat_grade_test *chopsat_graded_test(const chopsat_graded *g, size_t i);
size_t chopsat_graded_hints(const chopsat_graded *g);
const char *chopsat_graded_hint(const chopsat_graded *g, size_t i);

/* An exercise as a student sees it: its id, title, the file to hand in, what to submit and its
 * points (never its reference). */
typedef struct chopsat_exercise_info {
    char *id, *title, *file, *submit;
    double max_score;
} chopsat_exercise_info;
/* The exercises of exercises_dir, in the lab's order. CHOPSAT_OK with *out (free it with
 * chopsat_exercises_list_free), or CHOPSAT_ERROR with one line. */
int chopsat_exercises_list(const char *exercises_dir, chopsat_exercise_info **out, size_t *n,
                           chopsat_err *err);
void chopsat_exercises_list_free(chopsat_exercise_info *list, size_t n);
/* The exercises folder when none is given, into buf: the installed one beside the running
 * program (PREFIX/share/chopsat/exercises), else the source tree's (src/grade/exercises) when
 * the program runs from a build tree, else the installed path the build was configured with.
 * 0, or -1 when none holds an exercise. */
int chopsat_exercises_default(char *buf, size_t size);

/* A graded exercise, or a student's folder of them (folder: the results of
 * chopsat_grade_folder, with their total), as text for people, as JSON ({"exercise", "score",
 * "max_score", "tests": [...], "hints": [...]}; a folder: {"score", "max_score", "exercises":
 * [...]}) or as Gradescope's results.json ({"score", "tests": [...]}, a folder's tests named
 * after their exercise). CHOPSAT_OK or CHOPSAT_ERROR (a write error). */
int chopsat_report_grade_text(FILE *out, chopsat_graded *const *g, size_t n, bool folder,
                              chopsat_err *err);
int chopsat_report_grade_json(FILE *out, chopsat_graded *const *g, size_t n, bool folder,
                              chopsat_err *err);
int chopsat_report_grade_gradescope(FILE *out, chopsat_graded *const *g, size_t n,
                                    chopsat_err *err);
/* The list of exercises as text or JSON. */
int chopsat_report_exercises_text(FILE *out, const chopsat_exercise_info *list, size_t n,
                                  chopsat_err *err);
int chopsat_report_exercises_json(FILE *out, const chopsat_exercise_info *list, size_t n,
                                  chopsat_err *err);
/* The class server (chopsat serve, src/serve/, docs/lab/instructor.md)                       */
/* ------------------------------------------------------------------------------------------ */
/* These calls are the command's alone: the installed libchopsat.a and libchopsat.so leave the
 * server out (docs/architecture.md, "What a library user links"). */

/* What the server is started with. */
typedef struct chopsat_serve_opts {
    const char *listen;   /* "ADDR:PORT" ("[::1]:PORT" for IPv6; port 0: any free one); NULL:
                             127.0.0.1:8080 */
    const char *database; /* the SQLite file (made when missing); NULL: chopsat-lab.db */
    const char *roster;   /* a roster CSV to load at start ("id,name" header), or NULL */
    const char *program;  /* the chopsat program run for each grading and question; NULL:
                             this program (/proc/self/exe) */
    double child_seconds; /* the time limit of each grading and question; 0: 20 s */
    unsigned long long child_memory; /* their address-space limit, bytes; 0: 1 GiB */
} chopsat_serve_opts;

typedef struct chopsat_server chopsat_server;
/* Opens the database, loads the roster, reads the exercise list (program's `grade --list`),
 * draws the instructor's key and starts serving in threads of its own; the caller's thread
 * returns at once. NULL with err (nothing left running). */
chopsat_server *chopsat_serve_start(const chopsat_serve_opts *o, chopsat_err *err);
/* Its address (http://ADDR:PORT, the port it got), the instructor's key, its database file, its
 * exercises and its students. */
const char *chopsat_serve_url(const chopsat_server *s);
const char *chopsat_serve_key(const chopsat_server *s);
const char *chopsat_serve_database(const chopsat_server *s);
size_t chopsat_serve_exercises(const chopsat_server *s);
size_t chopsat_serve_students(chopsat_server *s);
/* Stops serving (requests in progress end first), closes the database, frees s. */
void chopsat_serve_stop(chopsat_server *s);
/* What the command prints once s has started: its address, the instructor's page and key, the
 * database (src/report/text_serve.c). CHOPSAT_OK or CHOPSAT_ERROR (a write error). */
int chopsat_report_serve_text(FILE *out, chopsat_server *s, chopsat_err *err);

#ifdef __cplusplus
}
#endif

#endif
