/* drat_check.c: the forward RUP/DRAT proof checker of drat_check.h. Clauses live in one literal
 * arena with two watched literals each; the top-level assignment (the units of the formula and
 * lemmas, propagated) is kept between lemmas, and each lemma is checked by assigning its
 * negation on top of it, propagating and undoing. Deletions find their clause through a hash of
 * its literal set. It does not check RAT, does not trim, and reads the whole proof into memory
 * (proofs here are small). */
#include "solvers/drat_check.h"

#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"

#define MAX_VAR (1 << 26)

/* A rejection: the message goes into err, the result is 0. */
#define REJECT(...) (fail(__VA_ARGS__), 0)

typedef struct clause {
    size_t start; /* into the arena */
    uint32_t size;
    bool deleted;
    uint64_t hash; /* of the literal set */
} clause;

typedef VEC(uint32_t) idlist;

typedef struct checker {
    VEC(int) arena;
    VEC(clause) cls;
    idlist *watches;  /* by literal index 2*var + (lit < 0) */
    signed char *val; /* by var: 1 true, -1 false, 0 unassigned */
    int64_t *reason;  /* by var: the clause a top-level assignment rests on, -1 none */
    uint32_t *stamp;  /* by literal index, for set comparisons */
    uint32_t stamp_now;
    int *trail;
    size_t trail_n, qhead;
    int nvars;       /* arrays cover vars 0..nvars */
    idlist *buckets; /* hash table of live clauses */
    size_t nbuckets, nlive;
    bool inconsistent; /* the top level propagates to a conflict */
    int formula_vars;  /* the largest variable of the formula: lemmas stay within it */
} checker;

static inline size_t lidx(int lit)
{
    return 2 * (size_t)(lit < 0 ? -lit : lit) + (lit < 0);
}

static inline int value(const checker *c, int lit)
{
    int v = c->val[lit < 0 ? -lit : lit];
    return lit < 0 ? -v : v;
}

static void ensure_var(checker *c, int var)
{
    if (var <= c->nvars) return;
    int n = c->nvars ? c->nvars : 16;
    while (n < var)
        n *= 2;
    size_t old = c->val ? (size_t)c->nvars + 1 : 0, now = (size_t)n + 1;
    c->val = xrealloc(c->val, now);
    memset(c->val + old, 0, now - old);
    c->reason = xrealloc(c->reason, now * sizeof *c->reason);
    for (size_t i = old; i < now; i++)
        c->reason[i] = -1;
    c->trail = xrealloc(c->trail, now * sizeof *c->trail);
    c->watches = xrealloc(c->watches, 2 * now * sizeof *c->watches);
    memset(c->watches + 2 * old, 0, 2 * (now - old) * sizeof *c->watches);
    c->stamp = xrealloc(c->stamp, 2 * now * sizeof *c->stamp);
    memset(c->stamp + 2 * old, 0, 2 * (now - old) * sizeof *c->stamp);
    c->nvars = n;
}

static void assign(checker *c, int lit, int64_t reason)
{
    int v = lit < 0 ? -lit : lit;
    c->val[v] = lit < 0 ? -1 : 1;
    c->reason[v] = reason;
    c->trail[c->trail_n++] = lit;
}

static void undo(checker *c, size_t mark)
{
    while (c->trail_n > mark) {
        int lit = c->trail[--c->trail_n];
        int v = lit < 0 ? -lit : lit;
        c->val[v] = 0;
        c->reason[v] = -1;
    }
    c->qhead = mark;
}

/* Unit propagation from qhead; false on a conflict. */
static bool propagate(checker *c)
{
    while (c->qhead < c->trail_n) {
        int falsified = -c->trail[c->qhead++];
        idlist *w = &c->watches[lidx(falsified)];
        size_t i = 0, j = 0;
        bool ok = true;
        while (i < w->n) {
            uint32_t id = w->items[i++];
            clause *cl = &c->cls.items[id];
            if (cl->deleted) continue; /* dropped from the list lazily */
            int *l = c->arena.items + cl->start;
            if (l[0] == falsified) {
                l[0] = l[1];
                l[1] = falsified;
            }
            if (value(c, l[0]) > 0) {
                w->items[j++] = id;
                continue;
            }
            bool moved = false;
            for (uint32_t k = 2; k < cl->size; k++) {
                if (value(c, l[k]) >= 0) {
                    l[1] = l[k];
                    l[k] = falsified;
                    VEC_PUSH(c->watches[lidx(l[1])], id);
                    moved = true;
                    break;
                }
            }
            if (moved) continue;
            w->items[j++] = id;
            if (value(c, l[0]) < 0) {
                ok = false;
                while (i < w->n)
                    w->items[j++] = w->items[i++];
                break;
            }
            assign(c, l[0], id);
        }
        w->n = j;
        if (!ok) return false;
    }
    return true;
}

static uint64_t mix(int lit)
{
    uint64_t x = (uint64_t)(uint32_t)lit * 0x9E3779B97F4A7C15ull;
    x ^= x >> 29;
    x *= 0xBF58476D1CE4E5B9ull;
    return x ^ (x >> 32);
}

/* Sorts out a clause in place: duplicates removed; returns its new size, or -1 if it is a
 * tautology. */
static int normalise(checker *c, int *lits, int n)
{
    c->stamp_now++;
    int m = 0;
    for (int i = 0; i < n; i++) {
        int l = lits[i];
        if (c->stamp[lidx(-l)] == c->stamp_now) return -1;
        if (c->stamp[lidx(l)] == c->stamp_now) continue;
        c->stamp[lidx(l)] = c->stamp_now;
        lits[m++] = l;
    }
    return m;
}

static uint64_t set_hash(const int *lits, int n)
{
    uint64_t h = (uint64_t)n;
    for (int i = 0; i < n; i++)
        h += mix(lits[i]);
    return h;
}

static void bucket_insert(checker *c, uint32_t id)
{
    if (c->nlive + 1 > c->nbuckets) {
        size_t nb = c->nbuckets ? 2 * c->nbuckets : 1024;
        idlist *b = xcalloc(nb, sizeof *b);
        for (size_t i = 0; i < c->nbuckets; i++) {
            for (size_t k = 0; k < c->buckets[i].n; k++) {
                uint32_t o = c->buckets[i].items[k];
                VEC_PUSH(b[c->cls.items[o].hash & (nb - 1)], o);
            }
            VEC_FREE(c->buckets[i]);
        }
        free(c->buckets);
        c->buckets = b;
        c->nbuckets = nb;
    }
    VEC_PUSH(c->buckets[c->cls.items[id].hash & (c->nbuckets - 1)], id);
    c->nlive++;
}

/* Adds a (normalised, non-tautological) clause at the top level, propagating its unit. */
static void add_clause(checker *c, int *lits, int n)
{
    for (int i = 0; i < n; i++)
        ensure_var(c, lits[i] < 0 ? -lits[i] : lits[i]);
    uint32_t id = (uint32_t)c->cls.n;
    clause cl = {.start = c->arena.n, .size = (uint32_t)n, .hash = set_hash(lits, n)};
    /* Non-false literals first, so the watches are sound at the top level. */
    int nf = 0;
    for (int i = 0; i < n; i++)
        if (value(c, lits[i]) >= 0) {
            int t = lits[nf];
            lits[nf++] = lits[i];
            lits[i] = t;
        }
    for (int i = 0; i < n; i++)
        VEC_PUSH(c->arena, lits[i]);
    VEC_PUSH(c->cls, cl);
    bucket_insert(c, id);
    if (n >= 2) {
        VEC_PUSH(c->watches[lidx(lits[0])], id);
        VEC_PUSH(c->watches[lidx(lits[1])], id);
    }
    if (c->inconsistent) return;
    if (nf == 0) {
        c->inconsistent = true;
    } else if (nf == 1 && value(c, lits[0]) == 0) {
        assign(c, lits[0], id);
        if (!propagate(c)) c->inconsistent = true;
    }
}

/* Deletes the live clause with exactly these literals; unknown clauses and clauses that a
 * top-level assignment rests on are left alone. */
static void delete_clause(checker *c, const int *lits, int n)
{
    if (!c->nbuckets) return;
    for (int i = 0; i < n; i++)
        if ((lits[i] < 0 ? -lits[i] : lits[i]) > c->nvars) return; /* unknown variable */
    uint64_t h = set_hash(lits, n);
    idlist *b = &c->buckets[h & (c->nbuckets - 1)];
    c->stamp_now++;
    for (int i = 0; i < n; i++)
        c->stamp[lidx(lits[i])] = c->stamp_now;
    for (size_t k = 0; k < b->n; k++) {
        clause *cl = &c->cls.items[b->items[k]];
        if (cl->hash != h || cl->size != (uint32_t)n) continue;
        const int *l = c->arena.items + cl->start;
        bool same = true;
        for (int i = 0; i < n && same; i++)
            same = c->stamp[lidx(l[i])] == c->stamp_now;
        if (!same) continue;
        for (int i = 0; i < n; i++) {
            int v = l[i] < 0 ? -l[i] : l[i];
            if (value(c, l[i]) > 0 && c->reason[v] == (int64_t)b->items[k]) return;
        }
        cl->deleted = true;
        b->items[k] = b->items[--b->n];
        c->nlive--;
        return;
    }
}

/* Is the clause RUP: does assigning its negation propagate to a conflict? */
static bool is_rup(checker *c, const int *lits, int n)
{
    if (c->inconsistent) return true;
    size_t mark = c->trail_n;
    bool conflict = false;
    for (int i = 0; i < n && !conflict; i++) {
        int v = value(c, lits[i]);
        if (v > 0)
            conflict = true;
        else if (v == 0)
            assign(c, -lits[i], -1);
    }
    if (!conflict) conflict = !propagate(c);
    undo(c, mark);
    return conflict;
}

static void checker_free(checker *c)
{
    VEC_FREE(c->arena);
    VEC_FREE(c->cls);
    if (c->watches)
        for (size_t i = 0; i < 2 * ((size_t)c->nvars + 1); i++)
            VEC_FREE(c->watches[i]);
    free(c->watches);
    free(c->val);
    free(c->reason);
    free(c->stamp);
    free(c->trail);
    for (size_t i = 0; i < c->nbuckets; i++)
        VEC_FREE(c->buckets[i]);
    free(c->buckets);
}

/* A proof step: a lemma to check and add, or a deletion; `where` describes it for messages. */
typedef struct step_state {
    checker *c;
    size_t lemmas;
    bool refuted;
    VEC(int) buf;
} step_state;

/* Returns 1 when the empty clause is verified, 0 to go on, -1 rejected (message in err). */
static int step(step_state *st, bool deletion, const char *where, chopsat_err *err)
{
    checker *c = st->c;
    int n = (int)st->buf.n;
    int *lits = st->buf.items;
    if (deletion) {
        for (int i = 0; i < n; i++)
            if ((lits[i] < 0 ? -lits[i] : lits[i]) > c->nvars) return 0; /* no such clause */
        int m = normalise(c, lits, n);
        if (m >= 0) delete_clause(c, lits, m);
        return 0;
    }
    st->lemmas++;
    for (int i = 0; i < n; i++)
        if ((lits[i] < 0 ? -lits[i] : lits[i]) > c->formula_vars) {
            /* a RUP lemma never needs a new variable (only RAT extension does); refusing it
             * also keeps a tiny proof from making the checker allocate for 2^26 variables */
            fail(err,
                 "lemma %zu (%s) mentions variable %d, beyond the formula's %d (this "
                 "checker takes RUP proofs, which need no new variables)",
                 st->lemmas, where, lits[i] < 0 ? -lits[i] : lits[i], c->formula_vars);
            return -1;
        }
    int m = normalise(c, lits, n);
    if (m < 0) return 0; /* a tautology: true, useless */
    if (!is_rup(c, lits, m)) {
        char text[120];
        size_t used = 0;
        for (int i = 0; i < m && used < sizeof text - 24; i++)
            used += (size_t)snprintf(text + used, sizeof text - used, "%d ", lits[i]);
        snprintf(text + used, sizeof text - used, "%s0", used < sizeof text - 24 ? "" : "... ");
        fail(err, "lemma %zu (%s) '%s' is not RUP (not implied by unit propagation)", st->lemmas,
             where, text);
        return -1;
    }
    if (m == 0) return 1;
    add_clause(c, lits, m);
    return 0;
}

static int check_text(step_state *st, char *text, size_t len, chopsat_err *err)
{
    long lineno = 0;
    bool deletion = false, in_step = false;
    char *p = text, *end = text + len;
    char where[48];
    while (p < end) {
        char *nl = memchr(p, '\n', (size_t)(end - p));
        char *eol = nl ? nl : end;
        lineno++;
        char *q = p;
        p = nl ? nl + 1 : end;
        while (q < eol && (*q == ' ' || *q == '\t' || *q == '\r'))
            q++;
        if (!in_step && q < eol && (*q == 'c' || *q == '%')) continue;
        while (q < eol) {
            while (q < eol && (*q == ' ' || *q == '\t' || *q == '\r'))
                q++;
            if (q >= eol) break;
            char *t = q;
            while (q < eol && *q != ' ' && *q != '\t' && *q != '\r')
                q++;
            size_t tl = (size_t)(q - t);
            if (tl == 1 && *t == 'd' && !in_step) {
                deletion = true;
                in_step = true;
                continue;
            }
            char tok[24];
            long long v = 0;
            bool good = tl > 0 && tl < sizeof tok;
            if (good) {
                memcpy(tok, t, tl);
                tok[tl] = 0;
                char *e;
                errno = 0;
                v = strtoll(tok, &e, 10);
                good = !*e && !errno && tok[0] != '+' && v > -MAX_VAR && v < MAX_VAR;
            }
            if (!good) {
                return REJECT(err, "proof line %ld: unreadable token '%.*s'", lineno,
                              (int)(tl > 20 ? 20 : tl), t);
            }
            if (v != 0) {
                VEC_PUSH(st->buf, (int)v);
                in_step = true;
                continue;
            }
            snprintf(where, sizeof where, "line %ld", lineno);
            int r = step(st, deletion, where, err);
            if (r) return r > 0 ? 1 : 0;
            st->buf.n = 0;
            deletion = false;
            in_step = false;
        }
    }
    if (in_step) return REJECT(err, "proof line %ld: the last step is not ended by 0", lineno);
    return 2; /* ended without the empty clause */
}

static int check_binary(step_state *st, const unsigned char *b, size_t len, chopsat_err *err)
{
    size_t i = 0;
    char where[48];
    while (i < len) {
        size_t at = i;
        unsigned char kind = b[i++];
        if (kind != 'a' && kind != 'd')
            return REJECT(err, "binary proof byte %zu: expected 'a' or 'd', found 0x%02x", at,
                          kind);
        for (;;) {
            uint64_t u = 0;
            int shift = 0;
            for (;;) {
                if (i >= len) return REJECT(err, "binary proof: truncated step at byte %zu", at);
                unsigned char x = b[i++];
                u |= (uint64_t)(x & 0x7f) << shift;
                shift += 7;
                if (!(x & 0x80)) break;
                if (shift > 35) return REJECT(err, "binary proof byte %zu: literal too large", i);
            }
            if (u == 0) break;
            uint64_t var = u >> 1;
            if (var == 0 || var >= MAX_VAR)
                return REJECT(err, "binary proof byte %zu: bad literal code %llu", i,
                              (unsigned long long)u);
            VEC_PUSH(st->buf, (u & 1) ? -(int)var : (int)var);
        }
        snprintf(where, sizeof where, "byte %zu", at);
        int r = step(st, kind == 'd', where, err);
        if (r) return r > 0 ? 1 : 0;
        st->buf.n = 0;
    }
    return 2;
}

int drat_check(const int *clauses, size_t nlits, FILE *proof, chopsat_err *err)
{
    VEC(char) text = {0};
    VEC_RESERVE(text, 1); /* an empty proof is text too, never a null pointer */
    char chunk[65536];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, proof)) > 0) {
        VEC_RESERVE(text, text.n + got + 1);
        memcpy(text.items + text.n, chunk, got);
        text.n += got;
    }
    if (ferror(proof)) {
        VEC_FREE(text);
        return fail(err, "cannot read the proof: %s", strerror(errno));
    }

    checker c;
    memset(&c, 0, sizeof c);
    ensure_var(&c, 1);
    step_state st = {.c = &c};
    int rc;
    /* The formula. */
    size_t begin = 0;
    for (size_t i = 0; i < nlits; i++) {
        if (clauses[i] == INT_MIN || clauses[i] <= -MAX_VAR || clauses[i] >= MAX_VAR) {
            rc = fail(err, "formula literal %d out of range", clauses[i]);
            goto done;
        }
        if (clauses[i]) continue;
        st.buf.n = 0;
        for (size_t k = begin; k < i; k++)
            VEC_PUSH(st.buf, clauses[k]);
        begin = i + 1;
        for (size_t k = 0; k < st.buf.n; k++) {
            int v = st.buf.items[k] < 0 ? -st.buf.items[k] : st.buf.items[k];
            ensure_var(&c, v);
            if (v > c.formula_vars) c.formula_vars = v;
        }
        int m = normalise(&c, st.buf.items, (int)st.buf.n);
        if (m == 0)
            c.inconsistent = true;
        else if (m > 0)
            add_clause(&c, st.buf.items, m);
    }
    st.buf.n = 0;

    /* Binary DRAT has a NUL byte at the end of each step, text never does; text never starts
     * with 'a', nor with 'd' followed by anything but a blank. */
    bool binary =
        text.n > 0 && (text.items[0] == 'a' || (text.items[0] == 'd' && text.n > 1 &&
                                                text.items[1] != ' ' && text.items[1] != '\t'));
    for (size_t i = 0; i < text.n && i < 4096 && !binary; i++) {
        unsigned char ch = (unsigned char)text.items[i];
        binary = ch == 0 || ch >= 128 || (ch < 32 && ch != '\n' && ch != '\r' && ch != '\t');
    }
    rc = binary ? check_binary(&st, (unsigned char *)text.items, text.n, err)
                : check_text(&st, text.items, text.n, err);
    if (rc == 2) {
        if (c.inconsistent)
            rc = 1; /* the empty clause is implied by unit propagation */
        else
            rc = REJECT(err, "the proof ends (%zu lemmas) without deriving the empty clause",
                        st.lemmas);
    }
done:
    VEC_FREE(st.buf);
    VEC_FREE(text);
    checker_free(&c);
    return rc;
}
