/* smt2_export.c: a bounded question as an SMT-LIB 2 script in QF_BV (chopsat_smt2 in
 * chopsat.h, docs/exports.md). Every frame gets the gates of its goal and of the move leaving it
 * (the circuit of move_circuit.c) as Boolean 0-ary functions f<t>._g<n> (a move written once as a
 * function with let-bound gates sends Z3's parser into exponential time). Frame t's words are the
 * constants f<t>.<word> (bit-vectors), its move inputs f<t>.move.<what> (Booleans). "Within K" is
 * encoded as the unroller does (unroll.h): r<t> = the goal was met at some frame <= t; the move
 * leaving frame t is required unless r<t>. After frame k is declared, (check-sat-assuming (g<k>))
 * asks for the goal at k, so the first `sat` is the least number of moves; a last
 * (check-sat-assuming (r<K>)) asks "within K" and (get-model) prints the witness, which `chopsat
 * decode` reads. As a benchmark (smt2_benchmark), the file starts with SMT-LIB's benchmark header,
 * asserts r<K> (or g<K>) and ends with one (check-sat) and (exit), as SMT-LIB's library wants its
 * files. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/oom.h"
#include "core/util.h"
#include "exports/move_circuit.h"
#include "games/query.h"

/* Writes prefix and name as one SMT-LIB symbol, in |quotes| unless every character may stand
 * in a simple symbol ("move.split.x[0]" needs them). */
static void put_sym(FILE *f, const char *prefix, const char *name)
{
    static const char simple[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                                 "~!@$%^&*_-+=<>.?/";
    bool quote = strspn(prefix, simple) < strlen(prefix) || strspn(name, simple) < strlen(name);
    fprintf(f, quote ? "|%s%s|" : "%s%s", prefix, name);
}

typedef struct writer {
    FILE *f;
    const move_circuit *t;
    uint8_t *need;
    int frame;           /* the frame whose gates are being written */
    uint8_t *defined[2]; /* [frame % 2]: the gates of that frame already defined */
} writer;

/* A circuit literal of the current frame: gates are f<t>._g<n>, state bits are extracted from
 * the frame's words, move inputs are the frame's f<t>.move.* constants. */
static void put_lit(writer *w, lit l)
{
    uint32_t n = LIT_NODE(l);
    if (n == 0) {
        fputs(LIT_NEG(l) ? "true" : "false", w->f);
        return;
    }
    if (LIT_NEG(l)) fputs("(not ", w->f);
    const node *x = circuit_node(w->t->c, n);
    if (x->kind != NODE_INPUT)
        fprintf(w->f, "f%d._g%u", w->frame, n);
    else {
        const char *name = circuit_input_name(w->t->c, n);
        bool state = false;
        for (int i = 0; i < w->t->nwords && !state; i++)
            for (int b = 0; b < w->t->widths[i]; b++)
                if (LIT_NODE(w->t->s[i].b[b]) == n) {
                    fprintf(w->f, "(= ((_ extract %d %d) f%d.%s) #b1)", b, b, w->frame,
                            w->t->names[i]);
                    state = true;
                    break;
                }
        if (!state) {
            char pre[32];
            snprintf(pre, sizeof pre, "f%d.", w->frame);
            put_sym(w->f, pre, name);
        }
    }
    if (LIT_NEG(l)) fputc(')', w->f);
}

/* Defines (as 0-ary functions, in an order where operands come first) every gate of frame
 * w->frame that the roots need and that is not defined yet. */
static void define_gates(writer *w, const lit *roots, size_t nroots)
{
    const circuit *c = w->t->c;
    size_t n = circuit_size(c);
    uint8_t *done = w->defined[w->frame % 2];
    memset(w->need, 0, n);
    for (size_t i = 0; i < nroots; i++)
        w->need[LIT_NODE(roots[i])] = 1;
    for (size_t i = n; i-- > 1;) {
        const node *x = circuit_node(c, (uint32_t)i);
        if (!w->need[i] || done[i] || x->kind == NODE_INPUT || x->kind == NODE_CONST) continue;
        w->need[LIT_NODE(x->a)] = w->need[LIT_NODE(x->b)] = 1;
        if (x->kind == NODE_ITE) w->need[LIT_NODE(x->c)] = 1;
    }
    for (size_t i = 1; i < n; i++) {
        const node *x = circuit_node(c, (uint32_t)i);
        if (!w->need[i] || done[i] || x->kind == NODE_INPUT) continue;
        done[i] = 1;
        fprintf(w->f, "(define-fun f%d._g%zu () Bool (%s ", w->frame, i,
                x->kind == NODE_AND   ? "and"
                : x->kind == NODE_XOR ? "xor"
                                      : "ite");
        put_lit(w, x->a);
        fputc(' ', w->f);
        put_lit(w, x->b);
        if (x->kind == NODE_ITE) {
            fputc(' ', w->f);
            put_lit(w, x->c);
        }
        fputs("))\n", w->f);
    }
}

/* "frames i and j hold the same position" */
static void same(writer *w, int i, int j)
{
    fputs("(and", w->f);
    for (int x = 0; x < w->t->nwords; x++)
        fprintf(w->f, " (= f%d.%s f%d.%s)", i, w->t->names[x], j, w->t->names[x]);
    fputc(')', w->f);
}

/* The move leaving frame k-1 (mover m, 1 or 2): its inputs, its gates, and the assertion
 * that it is legal and leads to frame k unless the goal was met by frame k-1. */
static void write_step(writer *w, int k, int m)
{
    const move_circuit *t = w->t;
    FILE *out = w->f;
    const lit_vec *in = &t->inputs[m - 1];
    char pre[32];
    snprintf(pre, sizeof pre, "f%d.", k - 1);
    for (size_t i = 0; i < in->n; i++) {
        fputs("(declare-const ", out);
        put_sym(out, pre, circuit_input_name(t->c, LIT_NODE(in->items[i])));
        fputs(" Bool)\n", out);
    }
    w->frame = k - 1;
    VEC(lit) roots = {0};
    VEC_PUSH(roots, t->ok[m - 1]);
    for (int i = 0; i < t->nwords; i++)
        for (int b = 0; b < t->widths[i]; b++)
            VEC_PUSH(roots, t->next[m - 1][i].b[b]);
    define_gates(w, roots.items, roots.n);
    VEC_FREE(roots);
    fprintf(out, "(assert (or r%d (and ", k - 1);
    put_lit(w, t->ok[m - 1]);
    for (int i = 0; i < t->nwords; i++) {
        fprintf(out, "\n  (= f%d.%s ", k, t->names[i]);
        if (t->widths[i] > 1) fputs("(concat", out);
        for (int b = t->widths[i] - 1; b >= 0; b--) {
            fputs(" (ite ", out);
            put_lit(w, t->next[m - 1][i].b[b]);
            fputs(" #b1 #b0)", out);
        }
        if (t->widths[i] > 1) fputc(')', out);
        fputc(')', out);
    }
    fputs(")))\n", out);
}

static int smt2_body(const chopsat_rules *r, const chopsat_query *q, const chopsat_export_opts *o,
                     FILE *out, chopsat_err *err)
{
    if (check_bound(q->k, err)) return -1;
    move_circuit t;
    move_circuit_build(&t, r, q, o->binary_moves);
    size_t n = circuit_size(t.c);
    writer w = {out, &t, xmalloc(n), 0, {xmalloc(n), xmalloc(n)}};
    char buf[512];
    const char *bench = o->smt2_benchmark;
    if (bench) fprintf(out, "(set-info :smt-lib-version 2.6)\n(set-logic QF_BV)\n%s", bench);
    fprintf(out, "; chopsat %s\n", CHOPSAT_VERSION);
    str_vec head = {0};
    query_header_write(&head, r, "chopsat-query", q);
    for (size_t i = 0; i < head.n; i++)
        fprintf(out, "; %s\n", head.items[i]);
    str_vec_free(&head);
    chopsat_query_describe(r, q, false, buf, sizeof buf);
    fprintf(out, "; question: %s\n", buf);
    fprintf(out,
            "; frame t: player %u to move when t is even, player %u when odd; f<t>.<word> "
            "is a state word, f<t>.move.* the move leaving frame t (move-encoding=%s)\n",
            q->from.mover, 3 - q->from.mover, o->binary_moves ? "binary" : "onehot");
    if (bench)
        fprintf(out, "; asserts %c%d; its one check-sat: sat = yes (%s %d move%s), unsat = no\n",
                q->exact ? 'g' : 'r', q->k, q->exact ? "in exactly" : "within", q->k,
                q->k == 1 ? "" : "s");
    else if (q->exact)
        fprintf(out,
                "; one (check-sat-assuming (g%d)): sat = yes (in exactly %d move%s), unsat = "
                "no; then (get-model)\n",
                q->k, q->k, q->k == 1 ? "" : "s");
    else
        fprintf(out,
                "; (check-sat-assuming (g<k>)) for k = 0 .. %d: the first sat is the least "
                "number of moves; the last (check-sat-assuming (r%d)): sat = yes within %d, "
                "unsat = no; then (get-model)\n",
                q->k, q->k, q->k);
    if (!bench) fprintf(out, "(set-logic QF_BV)\n(set-option :produce-models true)\n");
    for (int k = 0; k <= q->k; k++) {
        int mover = k % 2 == 0 ? (int)q->from.mover : 3 - (int)q->from.mover;
        fprintf(out, "; frame %d: player %d to move\n", k, mover);
        memset(w.defined[k % 2], 0, n);
        for (int i = 0; i < t.nwords; i++)
            fprintf(out, "(declare-const f%d.%s (_ BitVec %d))\n", k, t.names[i], t.widths[i]);
        if (k == 0)
            for (int i = 0; i < t.nwords; i++)
                fprintf(out, "(assert (= f0.%s (_ bv%" PRIu64 " %d)))\n", t.names[i], q->from.v[i],
                        t.widths[i]);
        else {
            write_step(&w, k, 3 - mover);
            /* repetition (as repeat.c): positions repeat only at even distances */
            if (q->repeat == CHOPSAT_REPEAT_PATH)
                for (int i = k - 2; i >= 0; i -= 2) {
                    fprintf(out, "(assert (or r%d (not ", k - 1);
                    same(&w, i, k);
                    fputs(")))\n", out);
                }
            else if (q->repeat == CHOPSAT_REPEAT_IMMEDIATE)
                for (int len = 2; 2 * len <= k + 1; len += 2) {
                    int first = k + 1 - 2 * len;
                    fprintf(out, "(assert (or r%d (not (and", k - 1);
                    for (int m = 0; m < len; m++) {
                        fputc(' ', out);
                        same(&w, first + m, first + len + m);
                    }
                    fputs("))))\n", out);
                }
        }
        w.frame = k;
        fprintf(out, "(declare-const g%d Bool)\n", k);
        if (q->exact && k != q->k)
            fprintf(out, "(assert (not g%d))\n", k);
        else {
            define_gates(&w, &t.goal[mover - 1], 1);
            fprintf(out, "(assert (= g%d ", k);
            put_lit(&w, t.goal[mover - 1]);
            fputs("))\n", out);
        }
        fprintf(out, "(declare-const r%d Bool)\n", k);
        if (q->exact)
            fprintf(out, "(assert (not r%d))\n", k);
        else if (k == 0)
            fprintf(out, "(assert (= r0 g0))\n");
        else
            fprintf(out, "(assert (= r%d (or r%d g%d)))\n", k, k - 1, k);
        if (!q->exact && !bench) fprintf(out, "(check-sat-assuming (g%d))\n", k);
    }
    if (bench)
        fprintf(out, "(assert %c%d)\n(check-sat)\n(exit)\n", q->exact ? 'g' : 'r', q->k);
    else
        fprintf(out, "(check-sat-assuming (%c%d))\n(get-model)\n", q->exact ? 'g' : 'r', q->k);
    free(w.need);
    free(w.defined[0]);
    free(w.defined[1]);
    move_circuit_free(&t);
    if (fflush(out) != 0 || ferror(out))
        return fail(err, "SMT-LIB: write error: %s", strerror(errno));
    return 0;
}

int chopsat_smt2(const chopsat_rules *r, const chopsat_query *q, const chopsat_export_opts *o,
                 FILE *out, chopsat_err *err)
{
    if (chopsat_query_check(r, q, err)) return CHOPSAT_ERROR;
    CS_GUARDED(int, CHOPSAT_NOMEM, err, smt2_body(r, q, o, out, err));
}
