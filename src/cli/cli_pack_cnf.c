/* cli_pack_cnf.c: DIMACS and QDIMACS text as the SAT Competition's rules want a benchmark
 * (exact `p cnf` counts, every variable from 1 to V occurring, no clause with a repeated
 * literal or with both a literal and its negation) and the instance hash of the Global
 * Benchmark Database (GBD) for them. The hash is the MD5 (RFC 1321, written out here) of the
 * formula as one normalised stream: comment and `p` lines skipped; each clause's literals as
 * written, each followed by one space, then "0"; clauses (and, in QDIMACS, the quantifier lines,
 * as "e " or "a " and their variables the same way) separated by one space. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_pack.h"

/* ---- MD5 (RFC 1321) ---- */

typedef struct md5 {
    uint32_t h[4];
    uint64_t bytes;
    unsigned char buf[64];
    size_t used;
} md5;

static uint32_t rol(uint32_t x, int c) { return (x << c) | (x >> (32 - c)); }

/* One 64-byte block into the state. */
static void md5_block(md5 *m, const unsigned char *p)
{
    static const int s[64] = {7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
                              5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20,
                              4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
                              6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21};
    static uint32_t k[64];
    static int ready;
    if (!ready) { /* K[i] = floor(|sin(i+1)| * 2^32), exact in double for these values */
        for (int i = 0; i < 64; i++) {
            double x = __builtin_sin((double)(i + 1));
            k[i] = (uint32_t)((x < 0 ? -x : x) * 4294967296.0);
        }
        ready = 1;
    }
    uint32_t w[16];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)p[4 * i] | (uint32_t)p[4 * i + 1] << 8 | (uint32_t)p[4 * i + 2] << 16 |
               (uint32_t)p[4 * i + 3] << 24;
    uint32_t a = m->h[0], b = m->h[1], c = m->h[2], d = m->h[3];
    for (int i = 0; i < 64; i++) {
        uint32_t f;
        int g;
        if (i < 16) f = (b & c) | (~b & d), g = i;
        else if (i < 32) f = (d & b) | (~d & c), g = (5 * i + 1) % 16;
        else if (i < 48) f = b ^ c ^ d, g = (3 * i + 5) % 16;
        else f = c ^ (b | ~d), g = (7 * i) % 16;
        uint32_t t = d;
        d = c;
        c = b;
        b = b + rol(a + f + k[i] + w[g], s[i]);
        a = t;
    }
    m->h[0] += a, m->h[1] += b, m->h[2] += c, m->h[3] += d;
}

static void md5_init(md5 *m)
{
    memset(m, 0, sizeof *m);
    m->h[0] = 0x67452301, m->h[1] = 0xefcdab89, m->h[2] = 0x98badcfe, m->h[3] = 0x10325476;
}

static void md5_add(md5 *m, const char *data, size_t n)
{
    m->bytes += n;
    while (n) {
        size_t take = 64 - m->used < n ? 64 - m->used : n;
        memcpy(m->buf + m->used, data, take);
        m->used += take, data += take, n -= take;
        if (m->used == 64) md5_block(m, m->buf), m->used = 0;
    }
}

/* The digest as 32 lower-case hexadecimal digits (hex: 33 bytes). */
static void md5_hex(md5 *m, char *hex)
{
    uint64_t bits = m->bytes * 8;
    md5_add(m, "\x80", 1);
    while (m->used != 56) md5_add(m, "", 1);
    unsigned char len[8];
    for (int i = 0; i < 8; i++) len[i] = (unsigned char)(bits >> (8 * i));
    md5_add(m, (const char *)len, 8);
    for (int i = 0; i < 16; i++) sprintf(hex + 2 * i, "%02x", (m->h[i / 4] >> (8 * (i % 4))) & 0xff);
}

/* ---- the GBD hash ---- */

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

void pack_gbd_hash(const char *t, size_t n, bool qbf, char *hex)
{
    md5 m;
    md5_init(&m);
    size_t i = 0;
    bool first = true;
    for (;;) {
        while (i < n && is_space(t[i])) i++;
        if (i >= n) break;
        if (t[i] == 'p' || t[i] == 'c') { /* a comment or the header: skipped to the line's end */
            while (i < n && t[i] != '\n' && t[i] != '\r') i++;
            continue;
        }
        if (!first) md5_add(&m, " ", 1);
        first = false;
        if (qbf && (t[i] == 'e' || t[i] == 'a')) {
            md5_add(&m, t[i] == 'e' ? "e " : "a ", 2);
            i++;
        }
        /* numbers up to the ending 0 (or the end of the text), each as written plus a space */
        for (;;) {
            while (i < n && is_space(t[i])) i++;
            if (i >= n) break;
            size_t start = i;
            if (t[i] == '-') i++;
            else if (t[i] == '+') start = ++i;
            while (i < n && t[i] >= '0' && t[i] <= '9') i++;
            if (i == start || (i == start + 1 && t[start] == '-')) { /* not a number: stop here */
                i = start + 1;
                break;
            }
            if (i - start == 1 && t[start] == '0') break;
            md5_add(&m, t + start, i - start);
            md5_add(&m, " ", 1);
        }
        md5_add(&m, "0", 1);
    }
    md5_hex(&m, hex);
}

/* ---- normalisation ---- */

typedef struct text_out {
    char *buf;
    size_t n, cap;
} text_out;

static void put(text_out *o, const char *s, size_t n)
{
    if (o->n + n + 1 > o->cap) {
        o->cap = (o->n + n + 1) * 2;
        char *b = realloc(o->buf, o->cap);
        if (!b) {
            fprintf(stderr, "chopsat: error: out of memory\n");
            exit(EXIT_ERROR);
        }
        o->buf = b;
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
    const char **comments;  /* pointers into the text, each to a line after "c" */
    size_t *comment_len, ncomments;
    long *lits, nlits, cap;
    long *prefix, nprefix, pcap; /* 'a'/'e' as -1/-2 markers, then variables, 0 */
    long maxvar;
} parsed;

static void push(long **a, long *n, long *cap, long x)
{
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 1024;
        *a = realloc(*a, (size_t)*cap * sizeof **a);
        if (!*a) {
            fprintf(stderr, "chopsat: error: out of memory\n");
            exit(EXIT_ERROR);
        }
    }
    (*a)[(*n)++] = x;
}

/* Reads whole numbers from t[*i..] up to the ending 0 into (a, n, cap); -1 on a bad token. */
static int read_list(const char *t, size_t len, size_t *i, long **a, long *n, long *cap, long *maxvar)
{
    for (;;) {
        while (*i < len && (t[*i] == ' ' || t[*i] == '\t' || t[*i] == '\n' || t[*i] == '\r')) (*i)++;
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
        while (i < len && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r')) i++;
        if (i >= len) break;
        size_t eol = i;
        while (eol < len && t[eol] != '\n') eol++;
        if (t[i] == 'c') {
            if (p->ncomments == ccap) {
                ccap = ccap ? 2 * ccap : 256;
                p->comments = realloc(p->comments, ccap * sizeof *p->comments);
                p->comment_len = realloc(p->comment_len, ccap * sizeof *p->comment_len);
                if (!p->comments || !p->comment_len) return snprintf(msg, size, "out of memory"), -1;
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
        for (; p->prefix[e]; e++) any |= newvar[p->prefix[e]] != 0;
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

int pack_cnf_normalise(const char *in, size_t n, bool qbf, const char *const *first,
                       size_t nfirst, char **out, size_t *outlen, pack_cnf_info *info, char *msg,
                       size_t size)
{
    memset(info, 0, sizeof *info);
    *msg = 0;
    parsed p;
    int rc = parse(in, n, qbf, &p, msg, size);
    for (long j = 0; !rc && j < p.nprefix; j++)
        if (p.prefix[j] < -2 || (p.prefix[j] < 0 && j && p.prefix[j - 1])) rc = -1;
    if (rc && !*msg) snprintf(msg, size, "a malformed quantifier line");
    size_t nv = (size_t)p.maxvar + 1;
    long *newvar = rc ? NULL : calloc(nv, sizeof *newvar), *mark = rc ? NULL : calloc(nv, sizeof *mark);
    signed char *sign = rc ? NULL : calloc(nv, 1);
    bool *drop = rc ? NULL : calloc((size_t)p.nlits + 1, sizeof *drop); /* by clause start */
    if (!rc && (!newvar || !mark || !sign || !drop)) {
        fprintf(stderr, "chopsat: error: out of memory\n");
        exit(EXIT_ERROR);
    }
    /* which clauses are tautologies, which variables the others use */
    long no = 0;
    for (long s = 0; !rc && s < p.nlits; no++) {
        long e = s;
        for (; p.lits[e]; e++) {
            long l = p.lits[e], v = l < 0 ? -l : l;
            if (mark[v] == no + 1 && sign[v] != (l > 0 ? 1 : -1)) drop[s] = true;
            mark[v] = no + 1, sign[v] = l > 0 ? 1 : -1;
        }
        if (drop[s]) info->tautologies++;
        else
            for (long j = s; j < e; j++) newvar[p.lits[j] < 0 ? -p.lits[j] : p.lits[j]] = 1;
        s = e + 1;
    }
    long used = 0;
    for (long v = 1; !rc && v <= p.maxvar; v++) newvar[v] = newvar[v] ? ++used : 0;
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
    *out = o.buf ? o.buf : calloc(1, 1);
    *outlen = o.n;
    return 0;
}
