/* pack_cnf.c: DIMACS and QDIMACS text as the SAT Competition's rules want a benchmark (exact
 * `p cnf` counts, every variable from 1 to V occurring, no clause with a repeated literal or
 * with both a literal and its negation), with the generator's comment lines first and the
 * variable map renumbered. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "pack/pack.h"

typedef struct text_out {
    char *buf;
    size_t n, cap;
} text_out;

static void put(text_out *o, const char *s, size_t n)
{
    if (o->n + n + 1 > o->cap) {
        o->cap = (o->n + n + 1) * 2;
        o->buf = xrealloc(o->buf, o->cap);
    }
    memcpy(o->buf + o->n, s, n);
    o->n += n;
    o->buf[o->n] = 0;
}

static void putf(text_out *o, const char *fmt, long x)
{
    char b[32];
    int n = snprintf(b, sizeof b, fmt, x);
    put(o, b, (size_t)n);
}

/* A parsed DIMACS/QDIMACS text: its comment lines, the prefix and the clauses as literal lists
 * each ended by 0. */
typedef struct parsed {
    const char **comments; /* pointers into the text, each to a line after "c" */
    size_t *comment_len, ncomments;
    long *lits, nlits, cap;
    long *prefix, nprefix, pcap; /* 'a'/'e' as -1/-2 markers, then variables, 0 */
    long maxvar;
} parsed;

static void push(long **a, long *n, long *cap, long x)
{
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 1024;
        *a = xrealloc(*a, (size_t)*cap * sizeof **a);
    }
    (*a)[(*n)++] = x;
}

/* Reads whole numbers from t[*i..] up to the ending 0 into (a, n, cap); -1 on a bad token. */
static int read_list(const char *t, size_t len, size_t *i, long **a, long *n, long *cap,
                     long *maxvar)
{
    for (;;) {
        while (*i < len && (t[*i] == ' ' || t[*i] == '\t' || t[*i] == '\n' || t[*i] == '\r'))
            (*i)++;
        if (*i >= len) return -1;
        char *end;
        long x = strtol(t + *i, &end, 10);
        if (end == t + *i || x > 2147483647L || x < -2147483647L) return -1;
        *i = (size_t)(end - t);
        push(a, n, cap, x);
        if (!x) return 0;
        if ((x < 0 ? -x : x) > *maxvar) *maxvar = x < 0 ? -x : x;
    }
}

static int parse(const char *t, size_t len, bool qbf, parsed *p, char *msg, size_t size)
{
    memset(p, 0, sizeof *p);
    size_t ccap = 0, i = 0;
    while (i < len) {
        while (i < len && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r'))
            i++;
        if (i >= len) break;
        size_t eol = i;
        while (eol < len && t[eol] != '\n')
            eol++;
        if (t[i] == 'c') {
            if (p->ncomments == ccap) {
                ccap = ccap ? 2 * ccap : 256;
                p->comments = xrealloc(p->comments, ccap * sizeof *p->comments);
                p->comment_len = xrealloc(p->comment_len, ccap * sizeof *p->comment_len);
            }
            p->comments[p->ncomments] = t + i + 1;
            p->comment_len[p->ncomments++] = eol - i - 1;
            i = eol;
        } else if (t[i] == 'p') {
            i = eol;
        } else if (qbf && (t[i] == 'a' || t[i] == 'e')) {
            push(&p->prefix, &p->nprefix, &p->pcap, t[i] == 'a' ? -1 : -2);
            i++;
            if (read_list(t, len, &i, &p->prefix, &p->nprefix, &p->pcap, &p->maxvar))
                return snprintf(msg, size, "a malformed quantifier line"), -1;
        } else if (read_list(t, len, &i, &p->lits, &p->nlits, &p->cap, &p->maxvar)) {
            return snprintf(msg, size, "a malformed clause (a clause must end with 0)"), -1;
        }
    }
    return 0;
}

/* The comment lines: the `first` ones, then the text's own with its variable map renumbered
 * (an entry for a variable no clause uses is dropped). */
static void put_comments(text_out *o, const char *const *first, size_t nfirst, const parsed *p,
                         const long *newvar)
{
    for (size_t i = 0; i < nfirst; i++) {
        put(o, "c ", 2);
        put(o, first[i], strlen(first[i]));
        put(o, "\n", 1);
    }
    for (size_t i = 0; i < p->ncomments; i++) {
        const char *c = p->comments[i];
        size_t len = p->comment_len[i];
        long v;
        int at = 0;
        if (sscanf(c, " var %ld %n", &v, &at) == 1 && at > 0 && (size_t)at <= len) {
            if (v < 1 || v > p->maxvar || !newvar[v]) continue;
            putf(o, "c var %ld ", newvar[v]);
            put(o, c + at, len - (size_t)at);
        } else {
            put(o, "c", 1);
            put(o, c, len);
        }
        put(o, "\n", 1);
    }
}

/* The prefix without the variables no clause uses: empty blocks dropped, neighbours of one
 * kind merged. */
static void put_prefix(text_out *o, const parsed *p, const long *newvar)
{
    long last = 0;
    for (long j = 0; j < p->nprefix; j++) {
        long kind = p->prefix[j], e = j + 1;
        bool any = false;
        for (; p->prefix[e]; e++)
            any |= newvar[p->prefix[e]] != 0;
        if (any) {
            if (last && last != kind) put(o, "0\n", 2);
            if (last != kind) put(o, kind == -1 ? "a " : "e ", 2);
            for (long q = j + 1; q < e; q++)
                if (newvar[p->prefix[q]]) putf(o, "%ld ", newvar[p->prefix[q]]);
            last = kind;
        }
        j = e;
    }
    if (last) put(o, "0\n", 2);
}

int pack_cnf_normalise(const char *in, size_t n, bool qbf, const char *const *first, size_t nfirst,
                       char **out, size_t *outlen, pack_cnf_info *info, char *msg, size_t size)
{
    memset(info, 0, sizeof *info);
    *msg = 0;
    parsed p;
    int rc = parse(in, n, qbf, &p, msg, size);
    for (long j = 0; !rc && j < p.nprefix; j++)
        if (p.prefix[j] < -2 || (p.prefix[j] < 0 && j && p.prefix[j - 1])) rc = -1;
    if (rc && !*msg) snprintf(msg, size, "a malformed quantifier line");
    size_t nv = (size_t)p.maxvar + 1;
    long *newvar = rc ? NULL : xcalloc(nv, sizeof *newvar);
    long *mark = rc ? NULL : xcalloc(nv, sizeof *mark);
    signed char *sign = rc ? NULL : xcalloc(nv, 1);
    bool *drop = rc ? NULL : xcalloc((size_t)p.nlits + 1, sizeof *drop); /* by clause start */
    /* which clauses are tautologies, which variables the others use */
    long no = 0;
    for (long s = 0; !rc && s < p.nlits; no++) {
        long e = s;
        for (; p.lits[e]; e++) {
            long l = p.lits[e], v = l < 0 ? -l : l;
            if (mark[v] == no + 1 && sign[v] != (l > 0 ? 1 : -1)) drop[s] = true;
            mark[v] = no + 1, sign[v] = l > 0 ? 1 : -1;
        }
        if (drop[s])
            info->tautologies++;
        else
            for (long j = s; j < e; j++)
                newvar[p.lits[j] < 0 ? -p.lits[j] : p.lits[j]] = 1;
        s = e + 1;
    }
    long used = 0;
    for (long v = 1; !rc && v <= p.maxvar; v++)
        newvar[v] = newvar[v] ? ++used : 0;
    text_out o = {0}, body = {0};
    if (!rc) {
        info->unused = p.maxvar - used;
        info->vars = used;
        put_comments(&o, first, nfirst, &p, newvar);
        memset(mark, 0, nv * sizeof *mark);
        no = 0;
        for (long s = 0; s < p.nlits; no++) {
            long e = s;
            for (; p.lits[e]; e++) {
                long l = p.lits[e], v = l < 0 ? -l : l;
                if (drop[s]) continue;
                if (mark[v] == no + 1) {
                    info->repeated++;
                    continue;
                }
                mark[v] = no + 1;
                putf(&body, "%ld ", l < 0 ? -newvar[v] : newvar[v]);
            }
            if (!drop[s]) {
                put(&body, "0\n", 2);
                info->clauses++;
            }
            s = e + 1;
        }
        putf(&o, "p cnf %ld", used);
        putf(&o, " %ld\n", info->clauses);
        if (qbf) put_prefix(&o, &p, newvar);
        if (body.n) put(&o, body.buf, body.n);
    }
    free(body.buf);
    free(newvar), free(mark), free(sign), free(drop);
    free(p.comments), free(p.comment_len), free(p.lits), free(p.prefix);
    if (rc) return -1;
    *out = o.buf ? o.buf : xcalloc(1, 1);
    *outlen = o.n;
    return 0;
}
