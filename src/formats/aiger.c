/* aiger.c: reading and writing AIGER 1.9 (see aiger.h). The header is
 * `aag|aig M I L O A [B C [J F]]`; binary files leave out the input literals and the latch
 * literals, and write each gate as two 7-bit-group deltas (lhs - rhs0, rhs0 - rhs1). */
#include "formats/aiger.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define AIGER_MAX_VARS 4000000

static void put_delta(FILE *f, uint32_t x)
{
    while (x & ~0x7fu) {
        putc((int)((x & 0x7f) | 0x80), f);
        x >>= 7;
    }
    putc((int)x, f);
}

static void put_latch_init(FILE *f, const aig_latch *l, aig_lit self)
{
    if (l->init == 1)
        fprintf(f, " 1");
    else if (l->init < 0)
        fprintf(f, " %u", self);
}

static void put_names(FILE *f, char kind, const aig_prop *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i].name) fprintf(f, "%c%zu %s\n", kind, i, p[i].name);
}

int aiger_write(const aig *g, FILE *f, bool binary, chopsat_err *err)
{
    size_t ni = g->inputs.n, nl = g->latches.n;
    fprintf(f, "%s %u %zu %zu %zu %zu", binary ? "aig" : "aag", aig_maxvar(g), ni, nl, g->outputs.n,
            g->gates.n);
    if (g->bad.n || g->constraints.n) fprintf(f, " %zu %zu", g->bad.n, g->constraints.n);
    putc('\n', f);
    if (!binary)
        for (size_t i = 0; i < ni; i++)
            fprintf(f, "%zu\n", 2 * (i + 1));
    for (size_t i = 0; i < nl; i++) {
        aig_lit self = (aig_lit)(2 * (ni + i + 1));
        const aig_latch *l = &g->latches.items[i];
        if (!binary) fprintf(f, "%u ", self);
        fprintf(f, "%u", l->next);
        put_latch_init(f, l, self);
        putc('\n', f);
    }
    for (size_t i = 0; i < g->outputs.n; i++)
        fprintf(f, "%u\n", g->outputs.items[i].l);
    for (size_t i = 0; i < g->bad.n; i++)
        fprintf(f, "%u\n", g->bad.items[i].l);
    for (size_t i = 0; i < g->constraints.n; i++)
        fprintf(f, "%u\n", g->constraints.items[i].l);
    for (size_t i = 0; i < g->gates.n; i++) {
        uint32_t lhs = (uint32_t)(2 * (ni + nl + i + 1));
        const aig_gate *x = &g->gates.items[i];
        if (binary) {
            put_delta(f, lhs - x->a);
            put_delta(f, x->a - x->b);
        } else {
            fprintf(f, "%u %u %u\n", lhs, x->a, x->b);
        }
    }
    for (size_t i = 0; i < ni; i++)
        if (g->inputs.items[i]) fprintf(f, "i%zu %s\n", i, g->inputs.items[i]);
    for (size_t i = 0; i < nl; i++)
        if (g->latches.items[i].name) fprintf(f, "l%zu %s\n", i, g->latches.items[i].name);
    put_names(f, 'o', g->outputs.items, g->outputs.n);
    put_names(f, 'b', g->bad.items, g->bad.n);
    put_names(f, 'c', g->constraints.items, g->constraints.n);
    if (g->comments.n) {
        fprintf(f, "c\n");
        for (size_t i = 0; i < g->comments.n; i++)
            fprintf(f, "%s\n", g->comments.items[i]);
    }
    if (fflush(f) != 0 || ferror(f)) return fail(err, "AIGER: write error: %s", strerror(errno));
    return 0;
}

/* ---- reading ------------------------------------------------------------------------------ */

typedef struct reader {
    FILE *f;
    const char *name;
    chopsat_err *err;
    int line;
    int nul_line; /* the first line found holding a NUL byte, 0 none */
    char *text;   /* the line being read (chopsat_line_read's buffer) */
    size_t cap;
} reader;

/* Reads one line into buf (without its newline); 1, 0 at the end of the file, -1 too long or
 * holding a NUL byte (rd->nul_line says which: aiger_read then names it, whatever the caller
 * said, as nothing after a NUL byte may be dropped silently). */
static int get_line(reader *rd, char *buf, size_t size)
{
    long n = chopsat_line_read(rd->f, &rd->text, &rd->cap, size - 1);
    if (n == CHOPSAT_LINE_END) return 0;
    rd->line++;
    if (n < 0) {
        if (n == CHOPSAT_LINE_NUL && !rd->nul_line) rd->nul_line = rd->line;
        return -1;
    }
    if (rd->text[n - 1] == '\n') n--;
    memcpy(buf, rd->text, (size_t)n);
    buf[n] = 0;
    return 1;
}

/* Parses whole unsigned numbers from s into v (at most max); their count, or -1. */
static int numbers(const char *s, uint64_t *v, int max)
{
    int n = 0;
    while (*s) {
        if (*s == ' ') {
            s++;
            continue;
        }
        if (*s < '0' || *s > '9' || n == max) return -1;
        uint64_t x = 0;
        for (; *s >= '0' && *s <= '9'; s++) {
            x = x * 10 + (uint64_t)(*s - '0');
            if (x > 0xffffffffull) return -1;
        }
        if (*s && *s != ' ') return -1;
        v[n++] = x;
    }
    return n;
}

static uint32_t get_delta(reader *rd, bool *ok)
{
    uint32_t x = 0;
    for (int shift = 0;; shift += 7) {
        int ch = getc(rd->f);
        if (ch == EOF || shift > 28) {
            *ok = false;
            return 0;
        }
        x |= (uint32_t)(ch & 0x7f) << shift;
        if (!(ch & 0x80)) return x;
    }
}

/* The file's variable v as a literal of the aig, resolving gates on demand (iteratively, in
 * an order where every gate's operands come first; a cycle is an error). */
typedef struct loader {
    aig *g;
    uint32_t maxvar;
    aig_lit *map;       /* file variable -> aig literal, (aig_lit)-1 unknown */
    uint32_t (*def)[2]; /* file gate variable -> its operands (file literals) */
    uint8_t *state;     /* 0 new, 1 on the stack, 2 done; 3 = a gate variable */
} loader;

static int resolve(loader *ld, uint32_t lit, aig_lit *out, reader *rd)
{
    uint32_t v = lit >> 1;
    if (v > ld->maxvar)
        return fail(rd->err, "%s: literal %u beyond M=%u", rd->name, lit, ld->maxvar);
    if (ld->map[v] == (aig_lit)-1) {
        VEC(uint32_t) stack = {0};
        ld->state[v] |= 1;
        VEC_PUSH(stack, v);
        while (stack.n) {
            uint32_t x = stack.items[stack.n - 1];
            if (ld->map[x] != (aig_lit)-1) {
                stack.n--;
                continue;
            }
            if (!(ld->state[x] & 4)) {
                VEC_FREE(stack);
                return fail(rd->err, "%s: variable %u is used but never defined", rd->name, x);
            }
            int pending = -1; /* the first operand not built yet: one at a time, so the
                                 stack is exactly the current path */
            for (int k = 0; k < 2 && pending < 0; k++) {
                uint32_t y = ld->def[x][k] >> 1;
                if (y > ld->maxvar) {
                    VEC_FREE(stack);
                    return fail(rd->err, "%s: literal %u beyond M=%u", rd->name, ld->def[x][k],
                                ld->maxvar);
                }
                if (ld->map[y] == (aig_lit)-1) pending = (int)k;
            }
            if (pending >= 0) {
                uint32_t y = ld->def[x][pending] >> 1;
                if (ld->state[y] & 1) {
                    VEC_FREE(stack);
                    return fail(rd->err, "%s: the AND gates form a cycle through variable %u",
                                rd->name, y);
                }
                ld->state[y] |= 1;
                VEC_PUSH(stack, y);
                continue;
            }
            aig_lit a = ld->map[ld->def[x][0] >> 1] ^ (ld->def[x][0] & 1);
            aig_lit b = ld->map[ld->def[x][1] >> 1] ^ (ld->def[x][1] & 1);
            ld->map[x] = aig_and(ld->g, a, b);
            ld->state[x] &= (uint8_t)~1u;
            stack.n--;
        }
        VEC_FREE(stack);
    }
    *out = ld->map[v] ^ (lit & 1);
    return 0;
}

/* A file being read: its header's counts, the aig being built, and the literals that wait for
 * every gate to be known before they are resolved. */
typedef struct parse {
    reader rd;
    bool binary;
    uint64_t M, I, L, O, A, B, C;
    aig *g;
    loader ld;
    uint32_t *latch_next; /* each latch's next-state literal, as the file gives it */
    uint32_t *props;      /* the output, bad and constraint literals, as the file gives them */
} parse;

/* The header line `aag|aig M I L O A [B C [J F]]`, refused when its counts do not add up. */
static int read_header(parse *p)
{
    const char *name = p->rd.name;
    chopsat_err *err = p->rd.err;
    char buf[4096];
    int got = get_line(&p->rd, buf, sizeof buf);
    p->binary = got > 0 && !strncmp(buf, "aig ", 4);
    if (got <= 0 || (!p->binary && strncmp(buf, "aag ", 4)))
        return fail(err, "%s: not an AIGER file (no 'aag' or 'aig' header)", name);
    uint64_t h[9] = {0};
    int nh = numbers(buf + 4, h, 9);
    if (nh < 5) return fail(err, "%s:1: the header wants M I L O A [B C [J F]]", name);
    if ((nh > 7 && h[7]) || (nh > 8 && h[8]))
        return fail(err, "%s: justice and fairness properties are not supported", name);
    p->M = h[0], p->I = h[1], p->L = h[2], p->O = h[3], p->A = h[4], p->B = h[5], p->C = h[6];
    uint64_t ila = p->I + p->L + p->A;
    /* chopsat's own files have a few thousand variables; a forged header asking for billions
     * is refused before anything is allocated for it */
    if (p->M > AIGER_MAX_VARS || ila > p->M || p->O + p->B + p->C > AIGER_MAX_VARS ||
        (p->binary && ila != p->M))
        return fail(err, "%s:1: inconsistent header (M=%llu, I+L+A=%llu)", name,
                    (unsigned long long)p->M, (unsigned long long)ila);
    return 0;
}

/* Allocates what the header's counts call for: the aig, the loader, the pending literals. */
static void parse_alloc(parse *p)
{
    uint64_t M = p->M;
    p->g = aig_new();
    p->ld = (loader){p->g, (uint32_t)M, xmalloc((M + 1) * sizeof *p->ld.map),
                     xcalloc(M + 1, sizeof *p->ld.def), xcalloc(M + 1, 1)};
    for (uint64_t v = 0; v <= M; v++)
        p->ld.map[v] = (aig_lit)-1;
    p->ld.map[0] = AIG_FALSE;
    p->latch_next = xcalloc(p->L + 1, sizeof *p->latch_next);
    p->props = xcalloc(p->O + p->B + p->C + 1, sizeof *p->props);
}

static void parse_free(parse *p)
{
    free(p->ld.map);
    free(p->ld.def);
    free(p->ld.state);
    free(p->latch_next);
    free(p->props);
}

/* The I inputs (their literals are lines of their own in ASCII only). */
static int read_inputs(parse *p)
{
    char buf[4096];
    uint64_t v[3];
    for (uint64_t i = 0; i < p->I; i++) {
        uint32_t var = (uint32_t)(i + 1);
        if (!p->binary) {
            if (get_line(&p->rd, buf, sizeof buf) <= 0 || numbers(buf, v, 1) != 1 || v[0] & 1 ||
                v[0] < 2 || v[0] > 2 * p->M)
                return fail(p->rd.err, "%s:%d: expected an input literal", p->rd.name, p->rd.line);
            var = (uint32_t)(v[0] >> 1);
        }
        if (p->ld.map[var] != (aig_lit)-1)
            return fail(p->rd.err, "%s:%d: variable %u defined twice", p->rd.name, p->rd.line, var);
        p->ld.map[var] = aig_input(p->g, NULL);
    }
    return 0;
}

/* Latch i of variable var from its line's numbers v[0..n): `next [init]` (the lhs already
 * taken off in ASCII). */
static int add_latch(parse *p, uint64_t i, uint32_t var, const uint64_t *v, int n)
{
    const char *name = p->rd.name;
    if (n < 1 || n > 2 || v[0] > 2 * p->M + 1)
        return fail(p->rd.err, "%s:%d: expected a latch: next [init]", name, p->rd.line);
    int init = 0;
    if (n == 2) {
        if (v[1] == 0 || v[1] == 1)
            init = (int)v[1];
        else if (v[1] == 2 * (uint64_t)var)
            init = -1;
        else
            return fail(p->rd.err, "%s:%d: a latch's reset value is 0, 1 or the latch itself", name,
                        p->rd.line);
    }
    if (p->ld.map[var] != (aig_lit)-1)
        return fail(p->rd.err, "%s:%d: variable %u defined twice", name, p->rd.line, var);
    p->ld.map[var] = aig_latch_new(p->g, NULL, init);
    p->latch_next[i] = (uint32_t)v[0];
    return 0;
}

/* The L latch lines: `[lhs] next [init]` (the lhs in ASCII only). */
static int read_latches(parse *p)
{
    char buf[4096];
    uint64_t v[3];
    for (uint64_t i = 0; i < p->L; i++) {
        int n = get_line(&p->rd, buf, sizeof buf) <= 0 ? -1 : numbers(buf, v, 3);
        uint32_t var = (uint32_t)(p->I + i + 1);
        if (!p->binary) {
            if (n < 2 || v[0] & 1 || v[0] < 2 || v[0] > 2 * p->M)
                return fail(p->rd.err, "%s:%d: expected a latch: lhs next [init]", p->rd.name,
                            p->rd.line);
            var = (uint32_t)(v[0] >> 1);
            memmove(v, v + 1, 2 * sizeof *v);
            n--;
        }
        if (add_latch(p, i, var, v, n)) return -1;
    }
    return 0;
}

/* The O + B + C output, bad and constraint literals, one a line. */
static int read_props(parse *p)
{
    char buf[4096];
    uint64_t v[3];
    for (uint64_t i = 0; i < p->O + p->B + p->C; i++) {
        if (get_line(&p->rd, buf, sizeof buf) <= 0 || numbers(buf, v, 1) != 1 ||
            v[0] > 2 * p->M + 1)
            return fail(p->rd.err, "%s:%d: expected an output, bad or constraint literal",
                        p->rd.name, p->rd.line);
        p->props[i] = (uint32_t)v[0];
    }
    return 0;
}

/* Binary AND gate i: its lhs is implied, its operands are two deltas. */
static int read_binary_gate(parse *p, uint64_t i, uint32_t *lhs, uint32_t *r0, uint32_t *r1)
{
    *lhs = (uint32_t)(2 * (p->I + p->L + i + 1));
    bool dok = true;
    uint32_t d0 = get_delta(&p->rd, &dok), d1 = get_delta(&p->rd, &dok);
    if (!dok || d0 == 0 || d0 > *lhs || d1 > *lhs - d0)
        return fail(p->rd.err, "%s: binary AND gate %llu is malformed", p->rd.name,
                    (unsigned long long)i);
    *r0 = *lhs - d0, *r1 = *r0 - d1;
    return 0;
}

/* An ASCII AND gate line: `lhs rhs0 rhs1`. */
static int read_ascii_gate(parse *p, uint32_t *lhs, uint32_t *r0, uint32_t *r1)
{
    char buf[4096];
    uint64_t v[3];
    uint64_t M = p->M;
    if (get_line(&p->rd, buf, sizeof buf) <= 0 || numbers(buf, v, 3) != 3 || v[0] & 1 || v[0] < 2 ||
        v[0] > 2 * M || v[1] > 2 * M + 1 || v[2] > 2 * M + 1)
        return fail(p->rd.err, "%s:%d: expected an AND gate: lhs rhs0 rhs1", p->rd.name,
                    p->rd.line);
    *lhs = (uint32_t)v[0], *r0 = (uint32_t)v[1], *r1 = (uint32_t)v[2];
    return 0;
}

/* The A AND gates, recorded as definitions for resolve (built later, operands first). */
static int read_gates(parse *p)
{
    for (uint64_t i = 0; i < p->A; i++) {
        uint32_t lhs, r0, r1;
        if (p->binary ? read_binary_gate(p, i, &lhs, &r0, &r1) : read_ascii_gate(p, &lhs, &r0, &r1))
            return -1;
        uint32_t var = lhs >> 1;
        if (p->ld.map[var] != (aig_lit)-1 || p->ld.state[var] & 4)
            return fail(p->rd.err, "%s: variable %u defined twice", p->rd.name, var);
        p->ld.state[var] = 4;
        p->ld.def[var][0] = r0, p->ld.def[var][1] = r1;
    }
    return 0;
}

/* Builds every gate (operands first), then sets the latches' next states and adds the
 * outputs, bad states and constraints. */
static int build(parse *p)
{
    for (uint32_t var = 1; var <= p->M; var++) {
        aig_lit dummy;
        if ((p->ld.state[var] & 4) && resolve(&p->ld, 2 * var, &dummy, &p->rd)) return -1;
    }
    for (uint64_t i = 0; i < p->L; i++) {
        aig_lit next;
        if (resolve(&p->ld, p->latch_next[i], &next, &p->rd)) return -1;
        p->g->latches.items[i].next = next;
    }
    for (uint64_t i = 0; i < p->O + p->B + p->C; i++) {
        aig_lit l;
        if (resolve(&p->ld, p->props[i], &l, &p->rd)) return -1;
        if (i < p->O)
            aig_add_output(p->g, l, NULL);
        else if (i < p->O + p->B)
            aig_add_bad(p->g, l, NULL);
        else
            aig_add_constraint(p->g, l, NULL);
    }
    return 0;
}

/* The comment section's lines after its 'c', to the end of the file. */
static int read_comments(parse *p)
{
    char buf[4096];
    for (int n; (n = get_line(&p->rd, buf, sizeof buf)) != 0;) {
        if (n < 0) return fail(p->rd.err, "%s:%d: line too long", p->rd.name, p->rd.line);
        str_vec_addf(&p->g->comments, "%s", buf);
    }
    return 0;
}

/* One symbol line `<kind><index> <name>`, naming an input, latch, output, bad or constraint. */
static int read_symbol(parse *p, const char *buf)
{
    aig *g = p->g;
    char kind = buf[0];
    char *end;
    errno = 0;
    unsigned long idx = strtoul(buf + 1, &end, 10);
    if (!strchr("ilobc", kind) || !kind || end == buf + 1 || *end != ' ' || errno)
        return fail(p->rd.err, "%s:%d: expected a symbol (i0 name) or 'c'", p->rd.name, p->rd.line);
    char **slot = NULL;
    if (kind == 'i' && idx < p->I)
        slot = &g->inputs.items[idx];
    else if (kind == 'l' && idx < p->L)
        slot = &g->latches.items[idx].name;
    else if (kind == 'o' && idx < p->O)
        slot = &g->outputs.items[idx].name;
    else if (kind == 'b' && idx < p->B)
        slot = &g->bad.items[idx].name;
    else if (kind == 'c' && idx < p->C)
        slot = &g->constraints.items[idx].name;
    else
        return fail(p->rd.err, "%s:%d: symbol for %c%lu, which does not exist", p->rd.name,
                    p->rd.line, kind, idx);
    free(*slot);
    *slot = xstrdup(end + 1);
    return 0;
}

/* The symbol table, then the comment section, to the end of the file. */
static int read_trailer(parse *p)
{
    char buf[4096];
    for (int n; (n = get_line(&p->rd, buf, sizeof buf)) != 0;) {
        if (n < 0) return fail(p->rd.err, "%s:%d: line too long", p->rd.name, p->rd.line);
        if (!strcmp(buf, "c")) return read_comments(p);
        if (read_symbol(p, buf)) return -1;
    }
    return 0;
}

aig *aiger_read(FILE *f, const char *name, chopsat_err *err)
{
    parse p = {.rd = {.f = f, .name = name, .err = err}};
    if (read_header(&p)) {
        if (p.rd.nul_line) fail(err, "%s:%d: a NUL byte (text never holds one)", name, 1);
        free(p.rd.text);
        return NULL;
    }
    parse_alloc(&p);
    int rc = read_inputs(&p) || read_latches(&p) || read_props(&p) || read_gates(&p) || build(&p) ||
             read_trailer(&p);
    if (!rc && ferror(f)) rc = fail(err, "%s: read error: %s", name, strerror(errno));
    if (rc && p.rd.nul_line)
        fail(err, "%s:%d: a NUL byte (text never holds one)", name, p.rd.nul_line);
    parse_free(&p);
    free(p.rd.text);
    if (rc) {
        aig_free(p.g);
        return NULL;
    }
    return p.g;
}
