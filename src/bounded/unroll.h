/* unroll.h: the unroller. It lays out K+1 frames of state words, joins consecutive frames by the
 * game's symbolic step, fixes frame 0 to the start position, defines the goal at every frame
 * (reach: the frame equals the target, player to move included; win: the frame is terminal and
 * won by the player asked about) and adds the repetition constraints of docs/rules.md.
 *
 * "Within K" without stuttering: released(t) = goal(0) | ... | goal(t). Step t is required only
 * while not released(t), and repetition constraints on frame j only while not released(j-1):
 * once the goal has been met, the later frames are free. Asserting released(K) asks "within K";
 * assuming goal(k) for k = 0, 1, 2, ... in one solver finds the minimum (an unsatisfiable goal(s)
 * stays unsatisfiable as frames are added, because the added constraints are all released by
 * goal(s)). With exact, nothing is ever released and only goal(K) counts.
 *
 * The same frames serve every encoder: BMC and DIMACS export (unroll_new, unroll_question),
 * proofs (bmc_proof.c) and the QBF encoder (unroll_forced: the same constraints, except that
 * the universal player's illegal choice releases the next frame). */
#ifndef CHOPSAT_UNROLL_H
#define CHOPSAT_UNROLL_H

#include "bounded/tseitin.h"
#include "games/game_sym.h"

typedef struct unroll unroll;

/* A new unrolling of q (borrowed) into the circuit c and the encoder f (both borrowed):
 * frame 0 is built at once. */
unroll *unroll_new(const chopsat_rules *r, const chopsat_query *q, const sym_opts *o, circuit *c,
                   cnf *f);
void unroll_free(unroll *u);

/* A question's formula: its circuit, its encoder and its unrolling, owned together. */
typedef struct formula {
    circuit *c;
    cnf *f;
    unroll *u;
} formula;

/* Opens q's formula with the encoding options of o; clauses also go to solver s (may be
 * NULL). whole: all K frames with the goal asserted (unroll_question); else frame 0 only,
 * for deepening. */
void formula_open(formula *fm, const chopsat_rules *r, const chopsat_query *q,
                  const chopsat_bmc_opts *o, sat *s, bool whole);
void formula_close(formula *fm);

/* The frames of a forced question (QBF): constrained as by unroll_new, except that a step of
 * the player not asked about (the universal player) releases the next frame when its move
 * inputs name no legal move (an illegal choice is that player's loss), and is followed only
 * when they name one. Asserting released(K) asks "can q->player force the goal within K". */
unroll *unroll_forced(const chopsat_rules *r, const chopsat_query *q, const sym_opts *o, circuit *c,
                      cnf *f);

/* The whole question in one formula: frames 0..q->k and the assertion that the goal is met
 * within K (released(K)), or at K with exact. */
unroll *unroll_question(const chopsat_rules *r, const chopsat_query *q, const sym_opts *o,
                        circuit *c, cnf *f);

/* Adds frames up to k, asserting their constraints into the encoder. */
void unroll_extend(unroll *u, int k);
int unroll_last_frame(const unroll *u);
lit unroll_goal(const unroll *u, int t);
lit unroll_released(const unroll *u, int t);
int unroll_mover(const unroll *u, int t);
int unroll_word_count(const unroll *u);
/* The name of state word i ("p1.h0", "total"). */
const char *unroll_word_name(const unroll *u, int i);
const word *unroll_state(const unroll *u, int t);
/* The per-frame literals. Frame t: its state words, goal(t), terminal(t). Step t (frame t to
 * t+1, once frame t+1 exists): its move inputs, legal(t) ("the inputs choose a legal move at
 * frame t"), the successor words they give, succ(t) ("frame t+1 equals that successor") and, in a
 * constrained unrolling, step_ok(t) = !terminal(t) & legal(t) & succ(t), the step that the
 * bounded questions require while the goal is not met. terminal and succ are built on first use. */
lit unroll_terminal(unroll *u, int t);
const lit_vec *unroll_move_inputs(const unroll *u, int t);
lit unroll_legal(const unroll *u, int t);
const word *unroll_next(const unroll *u, int t);
lit unroll_succ(unroll *u, int t);
lit unroll_step_ok(const unroll *u, int t);

/* The position at frame t under a model: value(ctx, v) gives CNF variable v's value (1/-1). */
void unroll_decode(const unroll *u, const cnf *f, int t, int (*value)(void *ctx, int var),
                   void *ctx, chopsat_pos *out);

#endif
