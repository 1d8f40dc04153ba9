/* drat_check.h: a small forward checker of clausal proofs of unsatisfiability (RUP lemmas in
 * DRAT text or binary DRAT, with deletions), for the proofs that sat.c (PicoSAT) and the
 * cadical program write. Every added lemma must be RUP (reverse unit propagation) with respect
 * to the clauses so far; lemmas that are only RAT are rejected. It is not meant for large proofs
 * (no backward core-first checking, no RAT, no LRAT). */
#ifndef CHOPSAT_DRAT_CHECK_H
#define CHOPSAT_DRAT_CHECK_H

#include <stddef.h>
#include <stdio.h>

#include "chopsat.h"

/* Checks that `proof` refutes the formula `clauses` (nlits literals, 0 ending each clause).
 * The proof: DRAT text (a lemma per line, "d " before a deletion, each ended by 0; `c` comment
 * lines and PicoSAT's "%RUPD32 M N" header lines are skipped) or binary DRAT (recognised by its
 * bytes). Returns 1 verified (the empty clause was derived, or every lemma was RUP and the
 * formula with them is refuted by unit propagation alone), 0 rejected with the reason in err
 * (a lemma that is not RUP, a malformed proof, no refutation at the end), -1 on a read error.
 * Deleting a clause that a top-level unit rests on is ignored (sound: the kept clause is
 * implied by the formula anyway). */
int drat_check(const int *clauses, size_t nlits, FILE *proof, chopsat_err *err);

#endif
