/* bdd_order.c: the BDD engine's variable orders (bdd_relation.h: bddg_order; docs/forced.md
 * measures them): where each state bit's current and next variable and each move input stand,
 * and the public BDD options (chopsat_bdd_opts) as the engine's. */
#include "bdd/bdd_engine.h"
#include "bdd/bdd_reach.h"

#include <stdlib.h>
#include <string.h>

#include "core/util.h"

const char *bddg_order_name(bddg_order o)
{
    static const char *names[] = {"sliced", "msb", "lsb", "separate"};
    return names[o];
}

int bddg_opts_of(const chopsat_bdd_opts *o, bddg_opts *out, chopsat_err *err)
{
    memset(out, 0, sizeof *out);
    if (o && o->order && bddg_order_parse(o->order, &out->order))
        return fail(err, "bdd: unknown variable order '%s' (sliced, msb, lsb, separate)", o->order);
    if (bddg_node_limit(o ? o->max_nodes : 0, &out->max_nodes, err)) return -1;
    out->progress = o ? o->progress : NULL;
    out->progress_ctx = o ? o->progress_ctx : NULL;
    return 0;
}

int bddg_order_parse(const char *name, bddg_order *out)
{
    for (int o = BDDG_ORDER_SLICED; o <= BDDG_ORDER_SEPARATE; o++)
        if (!strcmp(name, bddg_order_name((bddg_order)o))) {
            *out = (bddg_order)o;
            return 0;
        }
    return -1;
}

/* The bit index of a move input named "<word>[j]" (a word of inputs, word.h), or -1. */
static int input_bit(const char *name)
{
    const char *b = strrchr(name, '[');
    if (!b || !b[1]) return -1;
    char *end;
    long j = strtol(b + 1, &end, 10);
    return *end == ']' && j >= 0 && j < WORD_MAX ? (int)j : -1;
}

/* The number of move inputs named like input k up to its "[j]" (the width of its word). */
static int same_word(const circuit *c, const lit_vec *moves, int k)
{
    const char *name = circuit_input_name(c, LIT_NODE(moves->items[k]));
    size_t len = (size_t)(strrchr(name, '[') - name);
    int n = 0;
    for (size_t i = 0; i < moves->n; i++) {
        const char *o = circuit_input_name(c, LIT_NODE(moves->items[i]));
        n += !strncmp(o, name, len) && o[len] == '[';
    }
    return n;
}

/* Numbers the variables from the top of the order (docs/forced.md). sliced: the move inputs
 * that are no word bits first, then per bit significance j (from the top) the current and
 * next variable of bit j of every word, then the move inputs that are bit j of an input word
 * (the split's new hand; a word as wide as the widest state word): data bits that are added and
 * compared stay together. The other orders put all move inputs above (or below, moves_last) the
 * state bits. */
void bddg_assign_vars(bddg_game *g, const bddg_opts *o, const circuit *c, const lit_vec *moves)
{
    int v = 0, maxw = 0;
    bool sliced = o->order == BDDG_ORDER_SLICED && !o->moves_last;
    int *bitk = xmalloc((size_t)(g->nmove + 1) * sizeof *bitk);
    for (int i = 0; i < g->nw; i++)
        maxw = g->width[i] > maxw ? g->width[i] : maxw;
    for (int k = 0; k < g->nmove; k++) {
        bitk[k] = k < (int)moves->n && sliced
                      ? input_bit(circuit_input_name(c, LIT_NODE(moves->items[k])))
                      : -1;
        if (bitk[k] >= 0 && same_word(c, moves, k) != maxw) bitk[k] = -1; /* not a data word */
        if (!o->moves_last && bitk[k] < 0) g->move_var[k] = v++;
    }
    if (o->order == BDDG_ORDER_SLICED) {
        for (int j = maxw - 1; j >= 0; j--) {
            for (int i = 0; i < g->nw; i++)
                if (j < g->width[i]) {
                    g->cur[g->off[i] + j] = v++;
                    g->next[g->off[i] + j] = v++;
                }
            for (int k = 0; k < g->nmove; k++)
                if (bitk[k] == j) g->move_var[k] = v++;
        }
        for (int k = 0; k < g->nmove; k++) /* bits above every state word */
            if (bitk[k] >= maxw) g->move_var[k] = v++;
    } else {
        int half = o->order == BDDG_ORDER_SEPARATE ? g->nstate : 0;
        for (int i = 0; i < g->nw; i++)
            for (int j = 0; j < g->width[i]; j++) {
                int b = g->off[i] + (o->order == BDDG_ORDER_LSB ? j : g->width[i] - 1 - j);
                g->cur[b] = v;
                g->next[b] = half ? v + half : v + 1;
                v += half ? 1 : 2;
            }
        v += half;
    }
    if (o->moves_last)
        for (int k = 0; k < g->nmove; k++)
            g->move_var[k] = v++;
    free(bitk);
}
