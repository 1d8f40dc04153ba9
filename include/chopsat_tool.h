/* chopsat_tool.h: the calls of libchopsat that the chopsat command needs and a program using
 * the library usually does not: the JSON writer that every `--format json` shares (and the
 * calls that write through it), the comparison of two DIMACS files by variable names (`chopsat
 * diff`), the model's frame table (`decode --frames`), unsatisfiable cores (`chopsat core`,
 * `win --why`), a small QBF's value by expansion (`qbf-eval`), the best-move chart (`chart`),
 * the game graph's picture (`graph`) and the force engine's choice of options (`force`).
 *
 * For the chopsat command and tools like it; less stable than chopsat.h: these calls change
 * with the command's output. Status codes and conventions are chopsat.h's. */
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
    size_t index;   /* its number in the file, from 0 */
    char *lits;     /* "-3 5 0" as in the file */
    char *names;    /* "-f0.split | f0.tap00" by the `c var` map ("" when it names none) */
} chopsat_core_clause;

typedef struct chopsat_core_group {
    char *note;     /* what the group's note says, "" when none */
    size_t first, n;/* its clauses in the core: clauses[first .. first + n) */
} chopsat_core_group;

typedef struct chopsat_core {
    bool clause_level;                  /* every clause a group */
    size_t total_clauses, total_groups; /* in the whole file */
    int nvars;
    chopsat_core_clause *clauses;
    size_t nclauses;
    chopsat_core_group *groups;
    size_t ngroups;
    char **var_map;  /* the file's `var <n> <name>` comments, for the core file */
    size_t nvar_map;
    int solver_calls;
} chopsat_core;

/* Reads the DIMACS CNF file f (named name in messages) and finds a minimal core, by groups
 * (clause_level false) or by clauses, with the SAT back end `solver` (NULL: the default;
 * "picosat", "cadical" or "external:CMD", as chopsat_bmc_opts) and timeout seconds per call (0
 * none). Returns CHOPSAT_NO (the file is unsatisfiable: *core filled, free it with
 * chopsat_core_free), CHOPSAT_YES (satisfiable: it has no core) or a negative status with a
 * message. */
int chopsat_core_file(FILE *f, const char *name, bool clause_level, const char *solver,
                      double timeout, chopsat_core *core, chopsat_err *err);
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
    size_t clauses;  /* of the whole formula */
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
#define CHOPSAT_QBF_EVAL_MAX_VARS 5000
#define CHOPSAT_QBF_EVAL_MAX_BRANCHES 2000000L
#define CHOPSAT_QBF_EVAL_REPLIES 16 /* the losing outer choices listed with their replies */

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
    size_t nclauses, nblocks;    /* the blocks after merging neighbours of one kind */
    bool outer_exists;           /* the outermost block's quantifier */
    int *outer;                  /* its variables, in the written order */
    size_t nouter;
    bool outer_wins;             /* value == outer_exists */
    signed char *choice;         /* outer_wins: per outer variable 1 or -1 (0: either) */
    int *next;                   /* the next block's variables (nnext 0: none) */
    size_t nnext;
    size_t nreplies;             /* !outer_wins: rows of a losing choice and its reply */
    signed char *reply_outer;    /* row r: reply_outer[r * nouter ..] (0: either) */
    signed char *reply_next;     /* row r: reply_next[r * nnext ..] (0: either) */
    bool replies_cut;            /* more losing choices than the rows listed */
    long branches;
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

/* What a CHOPSAT_LINE_NUL or CHOPSAT_LINE_LONG result means, for a message ("a NUL byte",
 * "a line longer than 256 MiB"; anything else: "a read error"). */
const char *chopsat_line_problem(long result);

/* The explicit answer of "ever?" (q's bound is ignored): a breadth-first search over every
 * position reachable from q->from, when the explicit limit lets it run. CHOPSAT_YES (*least:
 * the minimum number of moves) or CHOPSAT_NO, *count the reachable positions; CHOPSAT_LIMIT
 * (err says which limit). `chopsat certify` compares a certificate's never with it. */
int chopsat_ever_explicit(const chopsat_rules *rules, const chopsat_query *q, int *least,
                          unsigned long long *count, chopsat_err *err);

/* The CHOPSAT_MEMORY setting (the memory in MiB the explicit engine may plan to use): 0 with
 * *bytes = 0 when it is unset or empty, 1 with *bytes set when it is a whole number of MiB from
 * 1 to 2^44 - 1, else -1 with a message (0, -1, 5x and numbers whose bytes wrap are refused;
 * the engine then ignores it and plans with MemAvailable). */
int chopsat_memory_setting(uint64_t *bytes, chopsat_err *err);

/* Writes the list of presets and options, with their meanings and defaults, to out. */
void chopsat_rules_help(FILE *out);

/* For a signal handler: kills the process group of the external solver that is running, if
 * any, and removes every temporary file the library made for external solvers. Uses only
 * async-signal-safe calls (kill, unlink); afterwards the interrupted library call must not be
 * resumed (the program is expected to exit). Harmless when nothing runs. */
void chopsat_stop_children(void);

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

#ifdef __cplusplus
}
#endif

#endif
