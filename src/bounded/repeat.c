/* repeat.c: the repetition constraints (see repeat.h). Every move hands the turn over, so
 * frames i and j can hold the same position only when j - i is even: equalities of frames of
 * odd distance are false and blocks of odd length never repeat, and neither is encoded. */
#include "bounded/repeat.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/util.h"

/* "frames i and j hold the same position" (j - i even). The circuit hashes gates, so asking
 * again for the same pair gives the same literal. */
static lit same(const repeat_frames *u, circuit *c, int i, int j)
{
    const word *a = u->s[i], *b = u->s[j];
    lit eq = LIT_TRUE;
    for (int w = 0; w < u->nwords; w++)
        eq = gate_and(c, eq, word_eq(c, a[w], b[w]));
    return eq;
}

/* path: frame t differs from every earlier frame i with the same player to move. Per bit a
 * witness variable d, named diff.f<i>.f<t>.<word>[bit], with d -> (the two bits differ) as two
 * clauses, and one clause per earlier frame: the guard or some d. The witnesses are not gates
 * (false is always allowed): the clauses need only that half, which costs 2 clauses a bit
 * against 7 for the equality gates (xor and and-chain) of a full definition. */
static void no_revisit(const repeat_frames *u, circuit *c, cnf *f, int t, lit guard)
{
    const word *b = u->s[t];
    size_t nbits = 0;
    for (int w = 0; w < u->nwords; w++)
        nbits += (size_t)b[w].w;
    lit *cl = xmalloc((nbits + 1) * sizeof *cl);
    char name[160];
    for (int i = t - 2; i >= 0; i -= 2) {
        const word *a = u->s[i];
        size_t n = 0;
        cl[n++] = guard;
        for (int w = 0; w < u->nwords; w++)
            for (int k = 0; k < b[w].w; k++) {
                snprintf(name, sizeof name, "diff.f%d.f%d.%s[%d]", i, t, u->names[w], k);
                lit d = circuit_input(c, name);
                lit half[2][3] = {{LIT_NOT(d), a[w].b[k], b[w].b[k]},
                                  {LIT_NOT(d), LIT_NOT(a[w].b[k]), LIT_NOT(b[w].b[k])}};
                cnf_clause(f, half[0], 3);
                cnf_clause(f, half[1], 3);
                cl[n++] = d;
            }
        cnf_clause(f, cl, n);
    }
    free(cl);
}

/* immediate: for every even length L, the block of frames t-L+1..t differs from the block
 * t-2L+1..t-L in at least one place. */
static void square_free(const repeat_frames *u, circuit *c, cnf *f, int t, lit guard)
{
    lit *cl = xmalloc(((size_t)t / 2 + 2) * sizeof *cl);
    for (int len = 2; 2 * len <= t + 1; len += 2) {
        int first = t + 1 - 2 * len; /* the earlier block is first..first+len-1 */
        size_t n = 0;
        cl[n++] = guard;
        for (int m = 0; m < len; m++)
            cl[n++] = LIT_NOT(same(u, c, first + m, first + len + m));
        cnf_clause(f, cl, n);
    }
    free(cl);
}

void repeat_constrain(const repeat_frames *u, circuit *c, cnf *f, chopsat_repeat rule, int t,
                      lit guard)
{
    if (rule == CHOPSAT_REPEAT_PATH)
        no_revisit(u, c, f, t, guard);
    else if (rule == CHOPSAT_REPEAT_IMMEDIATE)
        square_free(u, c, f, t, guard);
}
