/* word.c: bit-vector helpers over the circuit (ripple-carry adder and subtractor, comparison by
 * a borrow chain, equality as a conjunction of xnors). A carry or borrow is one if-then-else on
 * the bits' xor (when the bits differ the carry passes through, else it is the bit), two gates
 * per bit instead of four; comparisons with a constant fold to the bits that matter. */
#include "circuit/word.h"

#include <stdio.h>

int word_bits(uint64_t max)
{
    int w = 1;
    while (w < 64 && (max >> w))
        w++;
    return w;
}

word word_const(uint64_t v, int w)
{
    word r = {.w = w};
    for (int i = 0; i < w; i++)
        r.b[i] = i < 64 && (v >> i) & 1 ? LIT_TRUE : LIT_FALSE;
    return r;
}

word word_input(circuit *c, int w, const char *name)
{
    word r = {.w = w};
    char buf[160];
    for (int i = 0; i < w; i++) {
        snprintf(buf, sizeof buf, "%s[%d]", name, i);
        r.b[i] = circuit_input(c, buf);
    }
    return r;
}

static lit bit(word a, int i)
{
    return i < a.w ? a.b[i] : LIT_FALSE;
}

word word_resize(word a, int w)
{
    word r = {.w = w};
    for (int i = 0; i < w; i++)
        r.b[i] = bit(a, i);
    return r;
}

static int max_width(word a, word b)
{
    return a.w > b.w ? a.w : b.w;
}

word word_add(circuit *c, word a, word b)
{
    int w = max_width(a, b);
    word r = {.w = w + 1 > WORD_MAX ? WORD_MAX : w + 1};
    lit carry = LIT_FALSE;
    for (int i = 0; i < w; i++) {
        lit x = bit(a, i), y = bit(b, i);
        lit t = gate_xor(c, x, y);
        r.b[i] = gate_xor(c, t, carry);
        carry = gate_ite(c, t, carry, x); /* x == y: both carry; else the carry passes */
    }
    if (w < WORD_MAX) r.b[w] = carry;
    return r;
}

word word_sub_borrow(circuit *c, word a, word b, lit *borrow_out)
{
    int w = max_width(a, b);
    word r = {.w = w};
    lit borrow = LIT_FALSE;
    for (int i = 0; i < w; i++) {
        lit x = bit(a, i), y = bit(b, i);
        lit t = gate_xor(c, x, y);
        r.b[i] = gate_xor(c, t, borrow);
        borrow = gate_ite(c, t, y, borrow); /* x != y: borrow when y is 1; else it passes */
    }
    if (borrow_out) *borrow_out = borrow;
    return r;
}

word word_sub(circuit *c, word a, word b)
{
    return word_sub_borrow(c, a, b, NULL);
}

word word_ite(circuit *c, lit s, word t, word e)
{
    int w = max_width(t, e);
    word r = {.w = w};
    for (int i = 0; i < w; i++)
        r.b[i] = gate_ite(c, s, bit(t, i), bit(e, i));
    return r;
}

word word_shr1(word a)
{
    word r = {.w = a.w};
    for (int i = 0; i < a.w; i++)
        r.b[i] = bit(a, i + 1);
    return r;
}

lit word_eq(circuit *c, word a, word b)
{
    lit r = LIT_TRUE;
    for (int i = 0; i < max_width(a, b); i++)
        r = gate_and(c, r, gate_eq(c, bit(a, i), bit(b, i)));
    return r;
}

lit word_eq_const(circuit *c, word a, uint64_t v)
{
    if (a.w < 64 && (v >> a.w)) return LIT_FALSE;
    return word_eq(c, a, word_const(v, a.w));
}

lit word_is_zero(circuit *c, word a)
{
    return word_eq_const(c, a, 0);
}

lit word_ult(circuit *c, word a, word b)
{
    /* a < b exactly when a - b borrows out of the top bit */
    lit borrow = LIT_FALSE;
    for (int i = 0; i < max_width(a, b); i++) {
        lit x = bit(a, i), y = bit(b, i);
        borrow = gate_ite(c, gate_xor(c, x, y), y, borrow);
    }
    return borrow;
}

lit word_ule(circuit *c, word a, word b)
{
    return LIT_NOT(word_ult(c, b, a));
}

lit word_ule_const(circuit *c, word a, uint64_t v)
{
    if (a.w < 64 && (v >> a.w)) return LIT_TRUE;
    /* le: "bits 0..i of a are <= those of v"; a 1 of v lets a lower comparison through or a
     * 0 of a decide, a 0 of v needs a 0 of a; trailing ones of v fold to true */
    lit le = LIT_TRUE;
    for (int i = 0; i < a.w; i++)
        le = i < 64 && (v >> i) & 1 ? gate_or(c, LIT_NOT(a.b[i]), le)
                                    : gate_and(c, LIT_NOT(a.b[i]), le);
    return le;
}

lit word_uge_const(circuit *c, word a, uint64_t v)
{
    if (v == 0) return LIT_TRUE;
    return LIT_NOT(word_ule_const(c, a, v - 1));
}
