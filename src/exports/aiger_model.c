/* aiger_model.c: a bounded question's game as an AIGER transition system (chopsat_aiger in
 * chopsat.h, docs/exports.md). The circuit of one move for each mover (move_circuit.c) gets a
 * turn input ("turn": 1 when player 2 is to move) and, when bounded, a step counter, and is copied
 * into an and-inverter graph where the state words, the turn and the counter become latches
 * and the move inputs (shared by name between the movers) become inputs:
 *   next state  = the successor of the mover's move (turn flips, the counter saturates at K+1)
 *   bad         = goal (and counter <= K, or = K with exact)
 *   constraint  = bad | (not terminal and the chosen move is legal)
 * so a trace of length k that keeps the constraint and ends in bad is a witness of k moves.
 * With no_constraints the constraint is folded into bad instead, for tools that read no
 * constraints: a latch `held` (reset 1, next = held & constraint) remembers that it held in every
 * frame so far, and bad becomes bad & held (bad implies the constraint in its own frame). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/oom.h"
#include "exports/move_circuit.h"
#include "formats/aiger.h"
#include "games/query.h"

/* Copies the circuit nodes the roots need into g (map: circuit node -> aig literal, inputs
 * already mapped): marks the cone from the top down, then builds it bottom up (children
 * always have smaller indices). */
static void copy_cone(const circuit *c, aig *g, aig_lit *map, const lit *roots, size_t nroots)
{
    size_t n = circuit_size(c);
    uint8_t *need = xcalloc(n, 1);
    for (size_t i = 0; i < nroots; i++)
        need[LIT_NODE(roots[i])] = 1;
    for (size_t i = n; i-- > 1;) {
        const node *x = circuit_node(c, (uint32_t)i);
        if (!need[i] || x->kind == NODE_INPUT || x->kind == NODE_CONST) continue;
        need[LIT_NODE(x->a)] = need[LIT_NODE(x->b)] = 1;
        if (x->kind == NODE_ITE) need[LIT_NODE(x->c)] = 1;
    }
#define M(l) (map[LIT_NODE(l)] ^ LIT_NEG(l))
    for (size_t i = 1; i < n; i++) {
        const node *x = circuit_node(c, (uint32_t)i);
        if (!need[i] || x->kind == NODE_INPUT) continue;
        if (x->kind == NODE_AND)
            map[i] = aig_and(g, M(x->a), M(x->b));
        else if (x->kind == NODE_XOR)
            map[i] = aig_xor(g, M(x->a), M(x->b));
        else
            map[i] = aig_ite(g, M(x->a), M(x->b), M(x->c));
    }
#undef M
    free(need);
}

/* The header comments: what the file asks, and how its parts map to the game. */
static void describe(aig *g, const chopsat_rules *r, const chopsat_query *q,
                     const chopsat_export_opts *o, const move_circuit *t, int cw)
{
    char buf[512];
    str_vec *v = &g->comments;
    str_vec_addf(v, "chopsat %s", CHOPSAT_VERSION);
    chopsat_query qq = *q;
    if (!o->bounded) qq.k = 0;
    query_header_write(v, r, "chopsat-query", &qq);
    if (o->bounded)
        str_vec_addf(v, "chopsat-bound %d", q->k);
    else
        str_vec_addf(v, "chopsat-bound none");
    chopsat_query_describe(r, q, false, buf, sizeof buf);
    if (o->bounded)
        str_vec_addf(v, "question: %s", buf);
    else {
        char *w = strstr(buf, " within ");
        if (w) strcpy(w, "?");
        str_vec_addf(v, "question: %s (no bound)", buf);
    }
    str_vec_addf(v, "bad (b0) reachable = yes; unreachable = no; the depth of the first bad "
                    "frame is the number of moves");
    if (o->no_constraints)
        str_vec_addf(v, "no constraint: bad (b0) also needs the latch 'held': in every earlier "
                        "frame the position was not terminal and the move chosen by the inputs "
                        "was legal (the constraint folded in)");
    else
        str_vec_addf(v, "constraint (c0): the goal is met, or the position is not terminal and "
                        "the move chosen by the inputs is legal (ABC: 'read F.aig; fold; bmc3')");
    chopsat_pos_format(r, &q->from, buf, sizeof buf);
    str_vec_addf(v, "latches (reset to %s):", buf);
    for (int i = 0; i < t->nwords; i++)
        str_vec_addf(v, "  %s[0..%d]: a state word, bit [i] weighs 2^i", t->names[i],
                     t->widths[i] - 1);
    str_vec_addf(v, "  turn: 0 when player 1 is to move, 1 when player 2 is");
    if (o->bounded)
        str_vec_addf(v, "  steps[0..%d]: the moves made so far (it stops at K+1 = %d)", cw - 1,
                     q->k + 1);
    if (o->no_constraints)
        str_vec_addf(v, "  held: 1 while every move so far was legal (the folded constraint)");
    str_vec_addf(v, "inputs: the move choice (move-encoding=%s), one set for both players",
                 o->binary_moves ? "binary" : "onehot");
}

static int aiger_body(const chopsat_rules *r, const chopsat_query *q, const chopsat_export_opts *o,
                      FILE *out, chopsat_err *err)
{
    if (q->repeat != CHOPSAT_REPEAT_OFF)
        return fail(err,
                    "aiger: the repetition rule %s cannot be written in AIGER: a repetition rule "
                    "needs every earlier position, which a transition system does not keep "
                    "(the least number of moves does not depend on it, docs/questions.md)",
                    repeat_name(q->repeat));
    if (q->exact && !o->bounded)
        return fail(err, "aiger: an exact number of moves needs a bound K");
    if (o->bounded && check_bound(q->k, err)) return -1;
    move_circuit t;
    move_circuit_build(&t, r, q, o->binary_moves);
    circuit *c = t.c;
    lit turn = circuit_input(c, "turn");
    int cw = 0;
    word steps = {0}, steps_next = {0};
    lit within = LIT_TRUE;
    if (o->bounded) {
        cw = word_bits((uint64_t)q->k + 1);
        steps = word_input(c, cw, "steps");
        lit full = word_eq_const(c, steps, (uint64_t)q->k + 1);
        steps_next =
            word_ite(c, full, steps, word_resize(word_add(c, steps, word_const(1, 1)), cw));
        steps_next = word_resize(steps_next, cw);
        within = q->exact ? word_eq_const(c, steps, (uint64_t)q->k)
                          : word_ule_const(c, steps, (uint64_t)q->k);
    }
    lit ok = gate_ite(c, turn, t.ok[1], t.ok[0]);
    lit bad = gate_and(c, gate_ite(c, turn, t.goal[1], t.goal[0]), within);
    lit constraint = gate_or(c, bad, ok);
    VEC(lit) roots = {0};
    VEC_PUSH(roots, bad);
    VEC_PUSH(roots, constraint);
    word next[CHOPSAT_POS_WORDS];
    for (int i = 0; i < t.nwords; i++) {
        next[i] = word_ite(c, turn, t.next[1][i], t.next[0][i]);
        for (int b = 0; b < t.widths[i]; b++)
            VEC_PUSH(roots, next[i].b[b]);
    }
    for (int b = 0; b < cw; b++)
        VEC_PUSH(roots, steps_next.b[b]);

    /* inputs and latches first, as AIGER numbers them */
    aig *g = aig_new();
    aig_lit *map = xmalloc(circuit_size(c) * sizeof *map);
    for (size_t i = 0; i < circuit_size(c); i++)
        map[i] = AIG_FALSE;
    for (int m = 0; m < 2; m++)
        for (size_t i = 0; i < t.inputs[m].n; i++) {
            uint32_t nd = LIT_NODE(t.inputs[m].items[i]);
            const char *name = circuit_input_name(c, nd);
            aig_lit found = AIG_FALSE;
            for (size_t j = 0; j < g->inputs.n && !found; j++)
                if (!strcmp(g->inputs.items[j], name)) found = (aig_lit)(2 * (j + 1));
            map[nd] = found ? found : aig_input(g, name);
        }
    char name[96];
    for (int i = 0; i < t.nwords; i++)
        for (int b = 0; b < t.widths[i]; b++) {
            snprintf(name, sizeof name, "%s[%d]", t.names[i], b);
            map[LIT_NODE(t.s[i].b[b])] = aig_latch_new(g, name, (q->from.v[i] >> b) & 1);
        }
    map[LIT_NODE(turn)] = aig_latch_new(g, "turn", q->from.mover == 2);
    for (int b = 0; b < cw; b++) {
        snprintf(name, sizeof name, "steps[%d]", b);
        map[LIT_NODE(steps.b[b])] = aig_latch_new(g, name, 0);
    }
    aig_lit held = o->no_constraints ? aig_latch_new(g, "held", 1) : AIG_FALSE;
    copy_cone(c, g, map, roots.items, roots.n);
#define M(l) (map[LIT_NODE(l)] ^ LIT_NEG(l))
    size_t li = 0;
    for (int i = 0; i < t.nwords; i++)
        for (int b = 0; b < t.widths[i]; b++)
            g->latches.items[li++].next = M(next[i].b[b]);
    g->latches.items[li++].next = M(turn) ^ 1;
    for (int b = 0; b < cw; b++)
        g->latches.items[li++].next = M(steps_next.b[b]);
    const char *goal = q->kind == CHOPSAT_Q_WIN ? "goal: the player asked about has won"
                                                : "goal: the target position";
    if (o->no_constraints) {
        g->latches.items[li].next = aig_and(g, held, M(constraint));
        aig_add_bad(g, aig_and(g, M(bad), held), goal);
    } else {
        aig_add_bad(g, M(bad), goal);
        aig_add_constraint(g, M(constraint), "legal: the goal, or a legal move");
    }
#undef M
    describe(g, r, q, o, &t, cw);
    int rc = aiger_write(g, out, o->binary, err);
    free(map);
    VEC_FREE(roots);
    aig_free(g);
    move_circuit_free(&t);
    return rc;
}

int chopsat_aiger(const chopsat_rules *r, const chopsat_query *q, const chopsat_export_opts *o,
                  FILE *out, chopsat_err *err)
{
    if (chopsat_query_check(r, q, err)) return CHOPSAT_ERROR;
    CS_GUARDED(int, CHOPSAT_NOMEM, err, aiger_body(r, q, o, out, err));
}
