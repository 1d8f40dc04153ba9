/* tsys.c: a question as a transition system with the turn as a state bit (see tsys.h). */
#include "unbounded/tsys.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tsys_init(tsys *ts, const chopsat_rules *r, const chopsat_query *q, const sym_opts *o)
{
    memset(ts, 0, sizeof *ts);
    ts->r = r;
    ts->q = *q;
    ts->o = *o;
    ts->nwords = game_sym_of(r->game)->words(r, ts->widths, ts->names);
    for (int i = 0; i < ts->nwords; i++)
        ts->nbits += ts->widths[i];
    ts->nbits++; /* the turn */
}

tsys_state tsys_state_new(const tsys *ts, circuit *c, const char *prefix)
{
    tsys_state st;
    memset(&st, 0, sizeof st);
    char name[128];
    for (int i = 0; i < ts->nwords; i++) {
        snprintf(name, sizeof name, "%s.%s", prefix, ts->names[i]);
        st.s[i] = word_input(c, ts->widths[i], name);
    }
    snprintf(name, sizeof name, "%s.turn", prefix);
    st.turn = circuit_input(c, name);
    return st;
}

/* The word and bit of state bit i; word -1 for the turn. */
static void locate(const tsys *ts, int i, int *w, int *b)
{
    for (int k = 0; k < ts->nwords; k++) {
        if (i < ts->widths[k]) {
            *w = k, *b = i;
            return;
        }
        i -= ts->widths[k];
    }
    *w = -1, *b = 0;
}

lit tsys_bit(const tsys *ts, const tsys_state *a, int i)
{
    int w, b;
    locate(ts, i, &w, &b);
    return w < 0 ? a->turn : a->s[w].b[b];
}

void tsys_bit_name(const tsys *ts, int i, char *buf, size_t size)
{
    int w, b;
    locate(ts, i, &w, &b);
    if (w < 0)
        snprintf(buf, size, "turn");
    else
        snprintf(buf, size, "%s[%d]", ts->names[w], b);
}

int tsys_pos_bit(const tsys *ts, const chopsat_pos *p, int i)
{
    int w, b;
    locate(ts, i, &w, &b);
    return w < 0 ? p->mover == 2 : (int)((p->v[w] >> b) & 1u);
}

void tsys_pos_of_bits(const tsys *ts, const uint8_t *bits, chopsat_pos *out)
{
    memset(out, 0, sizeof *out);
    for (int i = 0; i < ts->nbits; i++) {
        int w, b;
        locate(ts, i, &w, &b);
        if (w < 0)
            out->mover = bits[i] ? 2 : 1;
        else if (bits[i])
            out->v[w] |= (uint64_t)1 << b;
    }
}

/* a equals position p, turn included. */
static lit is_pos(const tsys *ts, circuit *c, const tsys_state *a, const chopsat_pos *p)
{
    lit eq = p->mover == 2 ? a->turn : LIT_NOT(a->turn);
    for (int i = 0; i < ts->nwords; i++)
        eq = gate_and(c, eq, word_eq_const(c, a->s[i], p->v[i]));
    return eq;
}

lit tsys_init_lit(const tsys *ts, circuit *c, const tsys_state *a)
{
    return is_pos(ts, c, a, &ts->q.from);
}

lit tsys_bad(const tsys *ts, circuit *c, const tsys_state *a)
{
    return goal_sym(c, ts->r, &ts->q, a->s, a->turn);
}

lit tsys_successor(const tsys *ts, circuit *c, const tsys_state *a, const char *prefix,
                   lit_vec *inputs, tsys_state *next)
{
    const game_sym *g = game_sym_of(ts->r->game);
    word succ[2][CHOPSAT_POS_WORDS];
    lit legal[2];
    char name[128];
    for (int m = 1; m <= 2; m++) {
        snprintf(name, sizeof name, "%s.p%d", prefix, m);
        legal[m - 1] = g->step(c, ts->r, &ts->o, a->s, m, name, inputs, succ[m - 1]);
    }
    memset(next, 0, sizeof *next);
    next->turn = LIT_NOT(a->turn);
    for (int i = 0; i < ts->nwords; i++)
        next->s[i] = word_ite(c, a->turn, word_resize(succ[1][i], ts->widths[i]),
                              word_resize(succ[0][i], ts->widths[i]));
    return gate_and(c, LIT_NOT(g->terminal(c, ts->r, a->s)),
                    gate_ite(c, a->turn, legal[1], legal[0]));
}

lit tsys_step(const tsys *ts, circuit *c, const tsys_state *a, const tsys_state *b,
              const char *prefix)
{
    lit_vec inputs = {0};
    tsys_state next;
    lit ok = tsys_successor(ts, c, a, prefix, &inputs, &next);
    free(inputs.items);
    return gate_and(c, ok, tsys_same(ts, c, &next, b));
}

lit tsys_valid(const tsys *ts, circuit *c, const tsys_state *a)
{
    const game_sym *g = game_sym_of(ts->r->game);
    return g->valid ? g->valid(c, ts->r, a->s) : LIT_TRUE;
}

lit tsys_same(const tsys *ts, circuit *c, const tsys_state *a, const tsys_state *b)
{
    lit eq = gate_eq(c, a->turn, b->turn);
    for (int i = 0; i < ts->nwords; i++)
        eq = gate_and(c, eq, word_eq(c, a->s[i], b->s[i]));
    return eq;
}
