/* qbf.h: the QBF encoder for forced questions (docs/rules.md: force A K P, force A B K P)
 * and the QBF solver interface. "P can force the goal within K moves from A" becomes a prenex
 * QBF: one quantifier block per move (frame t's move inputs; existential when P moves in frame
 * t, universal otherwise), then one innermost existential block with the state words of every
 * frame and the Tseitin (or Plaisted-Greenbaum) auxiliaries. The matrix is written over the gate
 * circuit through the game's symbolic table (game_sym.h: step, terminal, won), for any game.
 * An illegal choice by the universal player counts as that player's loss; docs/forced.md says
 * why. This module does not build strategy trees (strategy.c) and does not print; the solvers
 * are behind solvers/qbf_solver.h, which knows nothing of games. */
#ifndef CHOPSAT_QBF_H
#define CHOPSAT_QBF_H

#include <stdbool.h>
#include <stdio.h>

#include "chopsat.h"

typedef struct qbf qbf;

typedef struct qbf_opts {
    bool binary_moves;       /* the move choice as a binary number instead of one-hot */
    bool plaisted_greenbaum; /* polarity-based CNF instead of full Tseitin */
    bool innermost;          /* every state and gate variable in the innermost block (else each
                                in the first existential block after the moves it depends on) */
} qbf_opts;

/* Encodes "q->player can force the goal within q->k moves from q->from": the goal is a won
 * terminal position (q->kind == CHOPSAT_Q_WIN) or the position q->target (CHOPSAT_Q_REACH).
 * Repetition constraints and exact are not part of forced questions and are refused. Returns
 * a new formula the caller frees, or NULL with a message. */
qbf *qbf_encode(const chopsat_rules *r, const chopsat_query *q, const qbf_opts *o,
                chopsat_err *err);
void qbf_free(qbf *f);

int qbf_var_count(const qbf *f);
size_t qbf_clause_count(const qbf *f);
/* The number of quantifier blocks after merging adjacent blocks of one kind (as written in
 * QDIMACS and given to the solver). */
size_t qbf_block_count(const qbf *f);
/* True when the outermost block is existential (P moves first), false when universal. */
bool qbf_outer_exists(const qbf *f);

/* Writes QDIMACS: header comments (version, rules, question, encoding, prefix layout, what
 * the answer means), a complete variable map `c var <n> <name>`, the prefix and the matrix. */
int qbf_write_qdimacs(const qbf *f, FILE *out, chopsat_err *err);

/* Solves f with `solver` through the QBF shim (solvers/qbf_solver.h): "depqbf" (NULL too;
 * in-process) or "external:CMD" (CMD, split into words without a shell, runs on a QDIMACS file
 * whose path is appended; it prints `s cnf 1|0` and, if it can, `V` lines).
 * timeout 0 = none. Returns 10 (true), 20 (false) or -1 with a message, never a guess. val
 * (qbf_var_count + 1 entries) receives 1/-1 for the variables of the outermost block that the
 * solver reports (DepQBF: a winning first move after 10 when the outermost block is
 * existential, a refuting first move after 20 when it is universal), 0 for the rest. */
int qbf_solve(const qbf *f, const char *solver, double timeout, signed char *val, chopsat_err *err);

/* The first move that the values of frame 0's move inputs describe: 0 with the position it
 * leads to, or -1 when some of those values are missing or they choose no legal move. */
int qbf_first_move(const qbf *f, const signed char *val, chopsat_pos *to);

/* A forced question answered by deepening (qbf_force.c): K first, then a binary search for
 * the least true k, each k a fresh formula. */
typedef struct qbf_result {
    int answer; /* 1 yes, 0 no */
    int moves;  /* for yes: the least k that is true */
    int vars;   /* of the last formula solved */
    size_t clauses, blocks;
    int solver_calls;
    double encode_seconds, solve_seconds;
    bool have_first;   /* the last solve's outermost values chose a legal first move */
    chopsat_pos first; /* ...the position it leads to (P's move, or the opponent's refuting
                          move when the opponent moves first and the answer is no) */
} qbf_result;

/* Solves the formula for q->k; when it is true, binary-searches the least true k, probing
 * hint and hint-1 first when 0 <= hint <= q->k (another engine's least k: two calls confirm it
 * when it is right; a wrong hint costs at most two calls more). hint < 0: none. Returns 0 with
 * *res filled, or -1 when the solver failed. */
int qbf_force(const chopsat_rules *r, const chopsat_query *q, const qbf_opts *o, const char *solver,
              double timeout, int hint, qbf_result *res, chopsat_err *err);

/* One fresh formula for q->k, added to *res (solver calls, seconds; vars, clauses and blocks
 * of this formula): 10, 20 or -1 with a message. res->have_first and res->first are set when the
 * outermost block's values give a first move (P's winning move after 10 when P moves first, the
 * opponent's refuting move after 20 when the opponent does) and left alone otherwise. */
int qbf_force_at(const chopsat_rules *r, const chopsat_query *q, const qbf_opts *o,
                 const char *solver, double timeout, qbf_result *res, chopsat_err *err);

#endif
