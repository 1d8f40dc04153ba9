/* unroll.c: K frames of the game's symbolic step, the goal, and the repetition constraints.
 * See unroll.h for the encoding of "within K". */
#include "bounded/unroll.h"

#include "bounded/repeat.h"
#include "bounded/textbook.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"

typedef struct frame {
    word s[CHOPSAT_POS_WORDS];
    lit goal, released;
    lit term; /* frame t is terminal (built on first use: LIT_NONE until then) */
    bool have_term;
    /* the step leaving this frame, once the next frame exists */
    lit_vec inputs; /* its move inputs */
    lit legal;      /* the inputs choose a legal move here */
    lit succ;       /* the next frame equals that move's successor (built on first use) */
    bool have_succ;
    lit step_ok;                  /* not terminal, legal and succ (the bounded questions' step) */
    word next[CHOPSAT_POS_WORDS]; /* the successor words */
} frame;

struct unroll {
    const chopsat_rules *r;
    const game_sym *g; /* the game's symbolic half */
    chopsat_query q;
    sym_opts o;
    circuit *c;
    cnf *f;
    int forced;   /* unroll_forced: the player asked about; 0 for the bounded questions */
    textbook *tb; /* the textbook encoding's tables (o.textbook), or NULL */
    int nwords, widths[CHOPSAT_POS_WORDS];
    const char *names[CHOPSAT_POS_WORDS];
    VEC(frame) frames;
};

int unroll_mover(const unroll *u, int t)
{
    return t % 2 == 0 ? (int)u->q.from.mover : 3 - (int)u->q.from.mover;
}

/* The goal at frame t (goal_sym, only at frame K with exact). */
static lit goal_at(unroll *u, int t, const word *s)
{
    if (u->q.exact && t != u->q.k) return LIT_FALSE;
    return goal_sym(u->c, u->r, &u->q, s, unroll_mover(u, t) == 2 ? LIT_TRUE : LIT_FALSE);
}

lit unroll_terminal(unroll *u, int t)
{
    frame *fr = &u->frames.items[t];
    if (!fr->have_term) fr->term = u->g->terminal(u->c, u->r, fr->s), fr->have_term = true;
    return fr->term;
}

lit unroll_succ(unroll *u, int t)
{
    frame *fr = &u->frames.items[t];
    if (!fr->have_succ) {
        lit e = LIT_TRUE;
        for (int i = 0; i < u->nwords; i++)
            e = gate_and(
                u->c, e,
                word_eq(u->c, word_resize(fr->next[i], u->widths[i]), u->frames.items[t + 1].s[i]));
        fr->succ = e, fr->have_succ = true;
    }
    return fr->succ;
}

/* Frame 0 is q's start position. */
static void assert_start(unroll *u)
{
    for (int i = 0; i < u->nwords; i++)
        cnf_assert(u->f, word_eq_const(u->c, u->frames.items[0].s[i], u->q.from.v[i]));
}

/* Step t-1, from frame t-1 to the new frame t: the move inputs, "legal", the successor words. */
static void add_step(unroll *u, int t)
{
    frame *pf = &u->frames.items[t - 1];
    char name[32];
    snprintf(name, sizeof name, "f%d", t - 1);
    /* forced: the universal player's choice is a binary move number whatever the encoding
     * asked for (fewer universal variables and no exactly-one; DepQBF is faster on it) */
    sym_opts o = u->o;
    if (u->forced && unroll_mover(u, t - 1) != u->forced) o.binary_moves = true;
    pf->legal =
        u->g->step(u->c, u->r, &o, pf->s, unroll_mover(u, t - 1), name, &pf->inputs, pf->next);
    for (size_t i = 0; i < pf->inputs.n; i++)
        cnf_lit(u->f, pf->inputs.items[i], POL_BOTH);
}

/* The repetition constraints (repeat.c) on the new frame t, among the frames before the goal
 * is met (guard: released(t-1)). */
static void constrain_repeat(unroll *u, int t, lit guard)
{
    const word **s = xmalloc(((size_t)t + 1) * sizeof *s);
    for (int i = 0; i <= t; i++)
        s[i] = u->frames.items[i].s;
    repeat_frames fr = {s, u->nwords, u->names};
    cnf_note(u->f, "f%d: the repetition rule", t);
    repeat_constrain(&fr, u->c, u->f, u->q.repeat, t, guard);
    free(s);
}

/* The bounded questions' constraints on the new frame t: the start (t = 0), or step t-1
 * required while the goal is not yet met, and the repetition constraints. */
static void constrain_frame(unroll *u, int t)
{
    char pos[CHOPSAT_POS_MAX];
    if (t == 0) {
        chopsat_pos_format(u->r, &u->q.from, pos, sizeof pos);
        cnf_note(u->f, "f0: the start position %s", pos);
        if (u->tb)
            textbook_start(u->f, u->frames.items[0].s, u->nwords, &u->q.from);
        else
            assert_start(u);
        return;
    }
    frame *pf = &u->frames.items[t - 1];
    if (u->tb) {
        snprintf(pos, sizeof pos, "f%d", t - 1);
        pf->step_ok = textbook_step(u->tb, u->c, u->f, unroll_mover(u, t - 1), pf->s,
                                    u->frames.items[t].s, pos, &pf->inputs, pf->released);
        constrain_repeat(u, t, pf->released);
        return;
    }
    cnf_note(u->f, "f%d: player %d moves to f%d (unless the goal is met already)", t - 1,
             unroll_mover(u, t - 1), t);
    lit term = unroll_terminal(u, t - 1), ok = gate_and(u->c, LIT_NOT(term), pf->legal);
    for (int i = 0; i < u->nwords; i++)
        ok = gate_and(
            u->c, ok,
            word_eq(u->c, word_resize(pf->next[i], u->widths[i]), u->frames.items[t].s[i]));
    pf->step_ok = ok;
    if (u->forced && unroll_mover(u, t - 1) != u->forced) {
        /* the universal player: must move while the goal is not met, and a legal choice is
         * followed; an illegal one has released frame t (add_frame) */
        lit cl[3] = {pf->released, LIT_NOT(term)};
        cnf_clause_expanded(u->f, cl, 2);
        cl[1] = LIT_NOT(pf->legal), cl[2] = unroll_succ(u, t - 1);
        cnf_clause_expanded(u->f, cl, 3);
    } else {
        lit cl[2] = {pf->released, ok};
        cnf_clause_expanded(u->f, cl, 2);
    }
    constrain_repeat(u, t, pf->released);
}

static void add_frame(unroll *u)
{
    int t = (int)u->frames.n;
    frame fr;
    memset(&fr, 0, sizeof fr);
    char name[96];
    for (int i = 0; i < u->nwords; i++) {
        snprintf(name, sizeof name, "f%d.%s", t, u->names[i]);
        fr.s[i] = word_input(u->c, u->widths[i], name);
        /* number the frame's state variables together, so that the map reads frame by frame */
        for (int b = 0; b < fr.s[i].w; b++)
            cnf_lit(u->f, fr.s[i].b[b], POL_BOTH);
    }
    fr.goal = goal_at(u, t, fr.s);
    VEC_PUSH(u->frames, fr);
    if (t && !u->tb) add_step(u, t);
    lit prev_released = t ? u->frames.items[t - 1].released : LIT_FALSE;
    /* forced: an illegal choice of the universal player is that player's loss */
    if (t && u->forced && unroll_mover(u, t - 1) != u->forced)
        prev_released = gate_or(u->c, prev_released, LIT_NOT(u->frames.items[t - 1].legal));
    u->frames.items[t].released =
        u->q.exact ? LIT_FALSE : gate_or(u->c, prev_released, u->frames.items[t].goal);
    constrain_frame(u, t);
}

static unroll *unroll_make(const chopsat_rules *r, const chopsat_query *q, const sym_opts *o,
                           circuit *c, cnf *f, int forced)
{
    unroll *u = xcalloc(1, sizeof *u);
    u->r = r;
    u->g = game_sym_of(r->game);
    u->q = *q;
    u->o = *o;
    u->c = c;
    u->f = f;
    u->forced = forced;
    if (o->textbook) u->tb = textbook_new(r);
    u->nwords = u->g->words(r, u->widths, u->names);
    add_frame(u);
    return u;
}

unroll *unroll_new(const chopsat_rules *r, const chopsat_query *q, const sym_opts *o, circuit *c,
                   cnf *f)
{
    return unroll_make(r, q, o, c, f, 0);
}

unroll *unroll_forced(const chopsat_rules *r, const chopsat_query *q, const sym_opts *o, circuit *c,
                      cnf *f)
{
    return unroll_make(r, q, o, c, f, q->player);
}

unroll *unroll_question(const chopsat_rules *r, const chopsat_query *q, const sym_opts *o,
                        circuit *c, cnf *f)
{
    unroll *u = unroll_new(r, q, o, c, f);
    unroll_extend(u, q->k);
    if (q->exact)
        cnf_note(f, "the goal is met at f%d", q->k);
    else
        cnf_note(f, "the goal is met at one of f0 .. f%d", q->k);
    cnf_assert(f, q->exact ? unroll_goal(u, q->k) : unroll_released(u, q->k));
    return u;
}

void formula_open(formula *fm, const chopsat_rules *r, const chopsat_query *q,
                  const chopsat_bmc_opts *o, sat *s, bool whole)
{
    sym_opts so = {.binary_moves = o->binary_moves, .textbook = o->textbook};
    fm->c = circuit_new();
    fm->f = cnf_new(fm->c, o->plaisted_greenbaum, s);
    if (o->annotate) cnf_keep_notes(fm->f);
    fm->u = whole ? unroll_question(r, q, &so, fm->c, fm->f) : unroll_new(r, q, &so, fm->c, fm->f);
}

void formula_close(formula *fm)
{
    unroll_free(fm->u);
    cnf_free(fm->f);
    circuit_free(fm->c);
    fm->u = NULL, fm->f = NULL, fm->c = NULL;
}

void unroll_free(unroll *u)
{
    if (!u) return;
    textbook_free(u->tb);
    for (size_t i = 0; i < u->frames.n; i++)
        VEC_FREE(u->frames.items[i].inputs);
    VEC_FREE(u->frames);
    free(u);
}

void unroll_extend(unroll *u, int k)
{
    while ((int)u->frames.n <= k)
        add_frame(u);
}

int unroll_last_frame(const unroll *u)
{
    return (int)u->frames.n - 1;
}
lit unroll_goal(const unroll *u, int t)
{
    return u->frames.items[t].goal;
}
lit unroll_released(const unroll *u, int t)
{
    return u->frames.items[t].released;
}
int unroll_word_count(const unroll *u)
{
    return u->nwords;
}
const char *unroll_word_name(const unroll *u, int i)
{
    return u->names[i];
}
const word *unroll_state(const unroll *u, int t)
{
    return u->frames.items[t].s;
}
const lit_vec *unroll_move_inputs(const unroll *u, int t)
{
    return &u->frames.items[t].inputs;
}
lit unroll_step_ok(const unroll *u, int t)
{
    return u->frames.items[t].step_ok;
}
lit unroll_legal(const unroll *u, int t)
{
    return u->frames.items[t].legal;
}
const word *unroll_next(const unroll *u, int t)
{
    return u->frames.items[t].next;
}

void unroll_decode(const unroll *u, const cnf *f, int t, int (*value)(void *ctx, int var),
                   void *ctx, chopsat_pos *out)
{
    memset(out, 0, sizeof *out);
    out->mover = (uint32_t)unroll_mover(u, t);
    const frame *fr = &u->frames.items[t];
    for (int i = 0; i < u->nwords; i++)
        for (int b = 0; b < fr->s[i].w; b++) {
            int v = cnf_node_var(f, LIT_NODE(fr->s[i].b[b]));
            if (v && value(ctx, v) > 0) out->v[i] |= (uint64_t)1 << b;
        }
}
