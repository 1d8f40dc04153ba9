/* repeat.h: the repetition constraints of docs/questions.md on one frame of an unrolling, in a
 * file of their own so that the unroller's other changes and these stay apart.
 *   path:      frame t equals no earlier frame.
 *   immediate: the sequence of frames stays square-free (the course report's rule: no block of
 *              consecutive positions is immediately followed by the same block). Checked when
 *              frame t is added: no block that ends at frame t repeats the block just before it.
 * Every clause carries `guard` (released(t-1) for "within K", false with --exact), so that the
 * frames after the goal is met are free. */
#ifndef CHOPSAT_REPEAT_H
#define CHOPSAT_REPEAT_H

#include "bounded/tseitin.h"
#include "circuit/word.h"

/* The state words of frames 0..t of an unrolling: frame i's word w is s[i][w], named
 * names[w] ("p1.h0"), for w < nwords. The unroller hands them over, so that this file needs
 * nothing of it. */
typedef struct repeat_frames {
    const word *const *s;
    int nwords;
    const char *const *names;
} repeat_frames;

/* Asserts into f the constraints of `rule` on frame t of fr (frames 0..t built), each clause
 * with guard. Size: path adds t/2 clauses; immediate adds one clause per even block length L
 * with 2L <= t+1 (L literals each) and shares the frame equalities through the circuit's
 * structural hashing, so K frames cost O(K^2) equality circuits and O(K^3) literals. */
void repeat_constrain(const repeat_frames *fr, circuit *c, cnf *f, chopsat_repeat rule, int t,
                      lit guard);

#endif
