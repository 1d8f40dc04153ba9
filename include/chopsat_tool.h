/* chopsat_tool.h: the calls of libchopsat that the chopsat command needs and a program using
 * the library usually does not: the JSON writer that every `--format json` shares (and the
 * calls that write through it), the comparison of two DIMACS files by variable names (`chopsat
 * diff`) and the model's frame table (`decode --frames`).
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
