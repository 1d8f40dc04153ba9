/* cli_pack.h: what the files of `chopsat pack` share (docs/benchmarks.md). cli_pack.c plans the
 * family and writes meta.csv and README.md; cli_pack_library.c is every use of the library (one
 * small function per status source and per format, so that a change of the public API touches
 * only it); cli_pack_cnf.c normalises DIMACS and QDIMACS text and computes the GBD hash;
 * cli_pack_io.c compresses with liblzma, runs the reference solvers and stages the files. */
#ifndef CHOPSAT_CLI_PACK_H
#define CHOPSAT_CLI_PACK_H

#include <stdbool.h>
#include <stddef.h>

#include "cli/cli.h"

typedef enum { PF_CNF, PF_QDIMACS, PF_SMT2, PF_AIGER, PF_COUNT } pack_format;
extern const char *const pack_format_names[PF_COUNT]; /* "cnf", "qdimacs", "smt2", "aiger" */

/* One question of the family: its kind (win1, win2, reach, force1, force2), rules and bound. */
typedef struct pack_question {
    char kind[8];
    bool forced;            /* force1, force2: a QBF question (QDIMACS) */
    const chopsat_rules *rules;
    char rules_text[256];   /* the canonical description */
    char slug[64];          /* "standard-f65536", for file names */
    chopsat_query q;
} pack_question;

/* What is known of a question's goal without a bound: the least number of moves (-1: never, or
 * none within the forced search's limit), found once and shared by its bounds. */
typedef struct pack_least {
    int moves;
    bool never;             /* a checked invariant says the goal is never reached */
    chopsat_pos *path;      /* a witness of `moves` moves (win, reach), NULL otherwise */
    void *invariant;        /* the checked invariant (chopsat_invariant), NULL otherwise */
} pack_least;

/* How a question's answer was established. */
typedef struct pack_status {
    int answer;             /* 1 yes (sat, true), 0 no (unsat, false), -1 not established */
    char how[96];           /* "explicit search", "replayed witness+explicit search", ... */
    char why[1200];         /* answer -1: why not */
} pack_status;

/* cli_pack_library.c: the library behind the pack. */
#define PACK_FORCE_LIMIT 64 /* forced questions: the least k is looked for up to this bound */
/* Parses "PRESET,fingers=N" (fingers 0: the preset as it is) into *rules and pq's texts; 0 or -1
 * with msg. */
int pack_rules(const char *preset, long fingers, chopsat_rules **rules, char *text, size_t tsize,
               char *msg, size_t size);
/* Sets pq->q from pq->kind (the start, the player; reach: the far corner, below), bound k. 0, or
 * -1 with msg when the kind does not apply to the game (reach in the one-die game). */
int pack_query(pack_question *pq, int k, char *msg, size_t size);
/* The least number of moves of pq's goal: 0 with *l, or -1 with msg (an engine failed). */
int pack_find_least(const pack_question *pq, double timeout, pack_least *l, char *msg,
                    size_t size);
void pack_least_free(pack_least *l);
/* Establishes pq's answer at its bound: the explicit search, a replayed witness, a checked
 * certificate (the invariant checked again) or a checked DRAT proof; for forced questions the
 * explicit bounded forcing over the whole bound. Returns 0 with *st (answer -1: none of them
 * could, st->why says why), or CHOPSAT_MISMATCH (st->why) when two sources disagree. */
int pack_establish(const pack_question *pq, const pack_least *l, double timeout, pack_status *st);
/* Writes pq in format f into a new buffer (*text, *len; the caller frees it): DIMACS, QDIMACS,
 * SMT-LIB 2 as a benchmark (smt2_info: its set-info lines), AIGER (binary; folded: no
 * constraints). 0, or -1 with msg. */
int pack_write(const pack_question *pq, pack_format f, bool folded, const char *smt2_info,
               char **text, size_t *len, char *msg, size_t size);
/* The command line that writes the same formula (before normalisation): "chopsat dimacs win
 * start -k 24 --player 1 --rules standard,fingers=65536". */
void pack_command(const pack_question *pq, pack_format f, bool folded, char *buf, size_t size);

/* cli_pack_cnf.c: DIMACS and QDIMACS as the SAT Competition wants them. */
typedef struct pack_cnf_info {
    long vars, clauses;     /* of the p line written: exact */
    long tautologies, repeated, unused; /* clauses dropped, literals dropped, variables renumbered away */
} pack_cnf_info;
/* Rewrites DIMACS (qbf: QDIMACS) text `in`: the `first` comment lines at the top, then the
 * text's comments (its `c var N NAME` map renumbered), an exact p line, the prefix (qbf), the
 * clauses one per line, each without repeated literals; tautologies dropped; the variables that
 * occur renumbered 1..V in their order. 0 with a new *out, or -1 with msg (malformed text). */
int pack_cnf_normalise(const char *in, size_t n, bool qbf, const char *const *first,
                       size_t nfirst, char **out, size_t *outlen, pack_cnf_info *info, char *msg,
                       size_t size);
/* The GBD instance hash of DIMACS (qbf: QDIMACS) text, as the Global Benchmark Database's tool
 * computes it: the MD5 of the clauses (and quantifier lines) written as one normalised stream,
 * comments and the p line skipped. hex: 33 bytes. */
void pack_gbd_hash(const char *text, size_t n, bool qbf, char *hex);

/* cli_pack_io.c: compression, reference solvers, the staged folder. */
/* xz-compresses data into a new buffer (*out, *outlen); 0 or -1 with msg. */
int pack_xz(const char *data, size_t n, char **out, size_t *outlen, char *msg, size_t size);
/* The reference solver of format f run on `text` (written to a private temporary; k: the
 * bound, for ABC's bmc3 over frames 0..k): 1 sat, 0 unsat, -2 timed out, -3 not installed, -1
 * error (msg); *seconds: its CPU time (user+sys). */
int pack_reference(pack_format f, int k, const char *text, size_t n, double timeout,
                   double *seconds, char *msg, size_t size);
extern const char *const pack_reference_names[PF_COUNT]; /* "cadical", "depqbf", "z3", "abc" */

typedef struct pack_dir pack_dir;
/* Opens DIR for a pack: creates it, or takes it as it is when it is an empty folder (any folder
 * with force; never a link or a file), and a staging folder inside it; capacity: the most files
 * that will be staged. NULL after printing one error line. */
pack_dir *pack_dir_open(const char *path, bool force, size_t capacity);
/* Stages file `name` (created, written, flushed and synced); 0 or EXIT_ERROR (one line). */
int pack_dir_add(pack_dir *d, const char *name, const void *data, size_t n);
/* Moves every staged file into DIR (replacing a file of the same name) and removes the staging
 * folder; 0 or EXIT_ERROR. Frees d. */
int pack_dir_commit(pack_dir *d);
/* Removes every staged file, the staging folder and DIR when this run made it. Frees d. */
void pack_dir_abort(pack_dir *d);

#endif
