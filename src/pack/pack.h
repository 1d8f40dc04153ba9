/* pack.h: what the files of the pack room share (chopsat_pack in chopsat_tool.h,
 * docs/benchmarks.md). pack.c walks the grid and settles each question's answer (chopsat_settle,
 * src/checked/); pack_emit.c writes, normalises, hashes, checks and stages one file; pack_meta.c
 * writes meta.csv and README.md; pack_question.c is every other use of the library (rules,
 * questions, the least number of moves, the writers); pack_cnf.c normalises DIMACS and QDIMACS
 * text; pack_gbd.c computes the GBD hash (MD5 from libmd); pack_xz.c compresses (liblzma);
 * pack_reference.c runs the reference solvers; pack_dir.c stages the files. Nothing here
 * prints or exits. */
#ifndef CHOPSAT_PACK_PACK_H
#define CHOPSAT_PACK_PACK_H

#include <stdbool.h>
#include <stddef.h>

#include "chopsat_tool.h"

/* One question of the family: its kind (win1, win2, reach, force1, force2), rules and bound. */
typedef struct pack_question {
    char kind[8];
    bool forced; /* force1, force2: a QBF question (QDIMACS) */
    const chopsat_rules *rules;
    char rules_text[256]; /* the canonical description */
    char slug[64];        /* "standard-f65536", for file names */
    chopsat_query q;
} pack_question;

/* What is known of a question's goal without a bound: the least number of moves (-1: never, or
 * none within the forced search's limit), found once and shared by its bounds. */
typedef struct pack_least {
    int moves;
    bool never;                         /* a checked invariant says the goal is never reached */
    const chopsat_pos *path;            /* a witness of `moves` moves (win, reach), else NULL */
    const chopsat_invariant *invariant; /* the checked invariant, NULL otherwise */
    chopsat_unbounded_result *ub;       /* the engine's result, which holds both (or NULL) */
} pack_least;

/* One file written, for meta.csv and the README. */
typedef struct pack_row {
    char file[160], rules[256], question[640], how[96], hash[33], ref[32], kind[8];
    chopsat_pack_format format;
    int k, answer;
    long vars, clauses; /* -1 for formats without clauses */
} pack_row;

typedef struct pack_dir pack_dir;

/* A pack being written: the options, the rows so far, the counts of the summary. */
typedef struct pack_plan {
    const chopsat_pack_opts *o;
    const char *dir;
    char date[16];
    pack_row *rows;
    size_t nrows, caprows;
    chopsat_pack_summary *s;
    pack_dir *d;
    chopsat_err *err;
} pack_plan;

/* pack.c: the phase for the progress callback, printf-style. */
void pack_phase(const pack_plan *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* pack_emit.c: writes pq in format f, checks it with the reference solver and (stage) stages
 * it with its row. answer, how: the settled answer. Returns 0 (*time: the reference time, -1
 * when it timed out or is missing), or a negative status with p->err. */
int pack_emit(pack_plan *p, const pack_question *pq, int answer, const char *how,
              chopsat_pack_format f, bool stage, double *time);

/* pack_meta.c: DIR/meta.csv (one row per file) and DIR/README.md (the family described as the
 * SAT Competition asks), staged; 0 or a negative status with p->err. */
int pack_write_meta(pack_plan *p);
int pack_write_readme(pack_plan *p);

/* pack_question.c: the library behind the pack. */
#define PACK_FORCE_LIMIT 64 /* forced questions: the least k is looked for up to this bound */
/* Parses "PRESET,fingers=N,count=C" (fingers 0: the preset as it is; count NULL: none) into
 * *rules and the canonical text; 0 or -1 with msg. */
int pack_rules(const char *preset, long fingers, const char *count, chopsat_rules **rules,
               char *text, size_t tsize, char *msg, size_t size);
/* Sets pq->q from pq->kind (the start, the player; reach: the far corner), bound k. 0, or -1
 * with msg when the kind does not apply to the game (reach in the one-die game). */
int pack_query(pack_question *pq, int k, char *msg, size_t size);
/* The least number of moves of pq's goal: 0 with *l, or -1 with msg (an engine failed). */
int pack_find_least(const pack_question *pq, double timeout, pack_least *l, char *msg, size_t size);
void pack_least_free(pack_least *l);
/* Writes pq in format f into a new buffer (*text, *len; the caller frees it): DIMACS, QDIMACS,
 * SMT-LIB 2 as a benchmark (smt2_info: its set-info lines), AIGER (binary; folded: no
 * constraints). 0, or -1 with msg. */
int pack_write(const pack_question *pq, chopsat_pack_format f, bool folded, const char *smt2_info,
               char **text, size_t *len, char *msg, size_t size);
/* The command line that writes the same formula (before normalisation): "chopsat dimacs win
 * start -k 24 --player 1 --rules standard,fingers=65536". */
void pack_command(const pack_question *pq, chopsat_pack_format f, bool folded, char *buf,
                  size_t size);

/* pack_cnf.c: DIMACS and QDIMACS as the SAT Competition wants them. */
typedef struct pack_cnf_info {
    long vars, clauses;                 /* of the p line written: exact */
    long tautologies, repeated, unused; /* clauses dropped, literals dropped, variables
                                           renumbered away */
} pack_cnf_info;
/* Rewrites DIMACS (qbf: QDIMACS) text `in`: the `first` comment lines at the top, then the
 * text's comments (its `c var N NAME` map renumbered), an exact p line, the prefix (qbf), the
 * clauses one per line, each without repeated literals; tautologies dropped; the variables that
 * occur renumbered 1..V in their order. 0 with a new *out, or -1 with msg (malformed text). */
int pack_cnf_normalise(const char *in, size_t n, bool qbf, const char *const *first, size_t nfirst,
                       char **out, size_t *outlen, pack_cnf_info *info, char *msg, size_t size);

/* pack_gbd.c: the GBD instance hash of DIMACS (qbf: QDIMACS) text, as the Global Benchmark
 * Database's tool computes it: the MD5 of the clauses (and quantifier lines) written as one
 * normalised stream, comments and the p line skipped. hex: 33 bytes. */
void pack_gbd_hash(const char *text, size_t n, bool qbf, char *hex);

/* pack_xz.c: xz-compresses data into a new buffer (*out, *outlen); 0 or -1 with msg. */
int pack_xz(const char *data, size_t n, char **out, size_t *outlen, char *msg, size_t size);

/* pack_reference.c: the reference solver of format f run on `text` (written to a private
 * temporary folder; k: the bound, for ABC's bmc3 over frames 0..k): 1 sat, 0 unsat, -2 timed
 * out, -3 not installed, -1 error (msg); *seconds: its CPU time (user+sys). */
int pack_reference(chopsat_pack_format f, int k, const char *text, size_t n, double timeout,
                   double *seconds, char *msg, size_t size);

/* pack_dir.c: the pack's folder. Opens DIR for a pack: creates it, or takes it as it is when it
 * is an empty folder (any folder with force; never a link or a file), and a staging folder
 * inside it; capacity: the most files that will be staged. NULL with err (*not_empty set when
 * that is why). */
pack_dir *pack_dir_open(const char *path, bool force, size_t capacity, bool *not_empty,
                        chopsat_err *err);
/* Stages file `name` (created, written, flushed and synced); 0 or -1 with err. */
int pack_dir_add(pack_dir *d, const char *name, const void *data, size_t n, chopsat_err *err);
/* Moves every staged file into DIR (replacing a file of the same name) and removes the staging
 * folder; 0 or -1 with err. All or nothing: a destination that is a folder is refused before the
 * first move, and a move that fails puts back the moves before it. Frees d. */
int pack_dir_commit(pack_dir *d, chopsat_err *err);
/* Removes every staged file, the staging folder and DIR when this run made it. Frees d. */
void pack_dir_abort(pack_dir *d);

#endif
