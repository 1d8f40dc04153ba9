/* aiger.c: reading and writing AIGER 1.9 (see aiger.h). The header is
 * `aag|aig M I L O A [B C [J F]]`; binary files leave out the input literals and the latch
 * literals, and write each gate as two 7-bit-group deltas (lhs - rhs0, rhs0 - rhs1). */
#include "symbolic/aiger.h"

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
    if (l->init == 1) fprintf(f, " 1");
    else if (l->init < 0) fprintf(f, " %u", self);
}

static void put_names(FILE *f, char kind, const aig_prop *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i].name) fprintf(f, "%c%zu %s\n", kind, i, p[i].name);
}

int aiger_write(const aig *g, FILE *f, bool binary, chopsat_err *err)
{
    size_t ni = g->inputs.n, nl = g->latches.n;
    fprintf(f, "%s %u %zu %zu %zu %zu", binary ? "aig" : "aag", aig_maxvar(g), ni, nl,
            g->outputs.n, g->gates.n);
    if (g->bad.n || g->constraints.n) fprintf(f, " %zu %zu", g->bad.n, g->constraints.n);
    putc('\n', f);
    if (!binary)
        for (size_t i = 0; i < ni; i++) fprintf(f, "%zu\n", 2 * (i + 1));
    for (size_t i = 0; i < nl; i++) {
        aig_lit self = (aig_lit)(2 * (ni + i + 1));
        const aig_latch *l = &g->latches.items[i];
        if (!binary) fprintf(f, "%u ", self);
        fprintf(f, "%u", l->next);
        put_latch_init(f, l, self);
        putc('\n', f);
    }
    for (size_t i = 0; i < g->outputs.n; i++) fprintf(f, "%u\n", g->outputs.items[i].l);
    for (size_t i = 0; i < g->bad.n; i++) fprintf(f, "%u\n", g->bad.items[i].l);
    for (size_t i = 0; i < g->constraints.n; i++) fprintf(f, "%u\n", g->constraints.items[i].l);
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
        for (size_t i = 0; i < g->comments.n; i++) fprintf(f, "%s\n", g->comments.items[i]);
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
} reader;

/* Reads one line into buf (without its newline); 1, 0 at the end of the file, -1 too long. */
static int get_line(reader *rd, char *buf, size_t size)
{
    if (!fgets(buf, (int)size, rd->f)) return 0;
    rd->line++;
    size_t n = strlen(buf);
    if (n && buf[n - 1] == '\n') buf[--n] = 0;
    else if (!feof(rd->f)) return -1;
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
    aig_lit *map;      /* file variable -> aig literal, (aig_lit)-1 unknown */
    uint32_t (*def)[2]; /* file gate variable -> its operands (file literals) */
    uint8_t *state;    /* 0 new, 1 on the stack, 2 done; 3 = a gate variable */
} loader;

static int resolve(loader *ld, uint32_t lit, aig_lit *out, reader *rd)
{
    uint32_t v = lit >> 1;
    if (v > ld->maxvar) return fail(rd->err, "%s: literal %u beyond M=%u", rd->name, lit, ld->maxvar);
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

aig *aiger_read(FILE *f, const char *name, chopsat_err *err)
{
    reader rd = {f, name, err, 0};
    char buf[4096];
    int got = get_line(&rd, buf, sizeof buf);
    bool binary = got > 0 && !strncmp(buf, "aig ", 4);
    if (got <= 0 || (!binary && strncmp(buf, "aag ", 4))) {
        fail(err, "%s: not an AIGER file (no 'aag' or 'aig' header)", name);
        return NULL;
    }
    uint64_t h[9] = {0};
    int nh = numbers(buf + 4, h, 9);
    if (nh < 5) {
        fail(err, "%s:1: the header wants M I L O A [B C [J F]]", name);
        return NULL;
    }
    if ((nh > 7 && h[7]) || (nh > 8 && h[8])) {
        fail(err, "%s: justice and fairness properties are not supported", name);
        return NULL;
    }
    uint64_t M = h[0], I = h[1], L = h[2], O = h[3], A = h[4], B = h[5], C = h[6];
    /* chopsat's own files have a few thousand variables; a forged header asking for billions
     * is refused before anything is allocated for it */
    if (M > AIGER_MAX_VARS || I + L + A > M || O + B + C > AIGER_MAX_VARS ||
        (binary && I + L + A != M)) {
        fail(err, "%s:1: inconsistent header (M=%llu, I+L+A=%llu)", name, (unsigned long long)M,
             (unsigned long long)(I + L + A));
        return NULL;
    }
    aig *g = aig_new();
    loader ld = {g, (uint32_t)M, xmalloc((M + 1) * sizeof *ld.map),
                 xcalloc(M + 1, sizeof *ld.def), xcalloc(M + 1, 1)};
    for (uint64_t v = 0; v <= M; v++) ld.map[v] = (aig_lit)-1;
    ld.map[0] = AIG_FALSE;
    uint32_t *latch_next = xcalloc(L + 1, sizeof *latch_next);
    uint32_t *props = xcalloc(O + B + C + 1, sizeof *props);
    uint64_t v[3];
    bool ok = true;
#define BAD(...) do { fail(err, __VA_ARGS__); ok = false; goto done; } while (0)
    for (uint64_t i = 0; i < I; i++) {
        uint32_t var = (uint32_t)(i + 1);
        if (!binary) {
            if (get_line(&rd, buf, sizeof buf) <= 0 || numbers(buf, v, 1) != 1 || v[0] & 1 ||
                v[0] < 2 || v[0] > 2 * M)
                BAD("%s:%d: expected an input literal", name, rd.line);
            var = (uint32_t)(v[0] >> 1);
        }
        if (ld.map[var] != (aig_lit)-1) BAD("%s:%d: variable %u defined twice", name, rd.line, var);
        ld.map[var] = aig_input(g, NULL);
    }
    for (uint64_t i = 0; i < L; i++) {
        int n = get_line(&rd, buf, sizeof buf) <= 0 ? -1 : numbers(buf, v, 3);
        uint32_t var = (uint32_t)(I + i + 1);
        if (!binary) {
            if (n < 2 || v[0] & 1 || v[0] < 2 || v[0] > 2 * M)
                BAD("%s:%d: expected a latch: lhs next [init]", name, rd.line);
            var = (uint32_t)(v[0] >> 1);
            memmove(v, v + 1, 2 * sizeof *v);
            n--;
        }
        if (n < 1 || n > 2 || v[0] > 2 * M + 1)
            BAD("%s:%d: expected a latch: next [init]", name, rd.line);
        int init = 0;
        if (n == 2) {
            if (v[1] == 0 || v[1] == 1) init = (int)v[1];
            else if (v[1] == 2 * (uint64_t)var) init = -1;
            else BAD("%s:%d: a latch's reset value is 0, 1 or the latch itself", name, rd.line);
        }
        if (ld.map[var] != (aig_lit)-1) BAD("%s:%d: variable %u defined twice", name, rd.line, var);
        ld.map[var] = aig_latch_new(g, NULL, init);
        latch_next[i] = (uint32_t)v[0];
    }
    for (uint64_t i = 0; i < O + B + C; i++) {
        if (get_line(&rd, buf, sizeof buf) <= 0 || numbers(buf, v, 1) != 1 || v[0] > 2 * M + 1)
            BAD("%s:%d: expected an output, bad or constraint literal", name, rd.line);
        props[i] = (uint32_t)v[0];
    }
    for (uint64_t i = 0; i < A; i++) {
        uint32_t lhs, r0, r1;
        if (binary) {
            lhs = (uint32_t)(2 * (I + L + i + 1));
            bool dok = true;
            uint32_t d0 = get_delta(&rd, &dok), d1 = get_delta(&rd, &dok);
            if (!dok || d0 == 0 || d0 > lhs || d1 > lhs - d0)
                BAD("%s: binary AND gate %llu is malformed", name, (unsigned long long)i);
            r0 = lhs - d0, r1 = r0 - d1;
        } else {
            if (get_line(&rd, buf, sizeof buf) <= 0 || numbers(buf, v, 3) != 3 || v[0] & 1 ||
                v[0] < 2 || v[0] > 2 * M || v[1] > 2 * M + 1 || v[2] > 2 * M + 1)
                BAD("%s:%d: expected an AND gate: lhs rhs0 rhs1", name, rd.line);
            lhs = (uint32_t)v[0], r0 = (uint32_t)v[1], r1 = (uint32_t)v[2];
        }
        uint32_t var = lhs >> 1;
        if (ld.map[var] != (aig_lit)-1 || ld.state[var] & 4)
            BAD("%s: variable %u defined twice", name, var);
        ld.state[var] = 4;
        ld.def[var][0] = r0, ld.def[var][1] = r1;
    }
    /* every gate is built, in an order where operands come first */
    for (uint32_t var = 1; var <= M; var++) {
        aig_lit dummy;
        if ((ld.state[var] & 4) && resolve(&ld, 2 * var, &dummy, &rd)) {
            ok = false;
            goto done;
        }
    }
    for (uint64_t i = 0; i < L; i++) {
        aig_lit next;
        if (resolve(&ld, latch_next[i], &next, &rd)) {
            ok = false;
            goto done;
        }
        g->latches.items[i].next = next;
    }
    for (uint64_t i = 0; i < O + B + C; i++) {
        aig_lit l;
        if (resolve(&ld, props[i], &l, &rd)) {
            ok = false;
            goto done;
        }
        if (i < O) aig_add_output(g, l, NULL);
        else if (i < O + B) aig_add_bad(g, l, NULL);
        else aig_add_constraint(g, l, NULL);
    }
    /* the symbol table, then the comment section */
    for (int n; (n = get_line(&rd, buf, sizeof buf)) != 0;) {
        if (n < 0) BAD("%s:%d: line too long", name, rd.line);
        if (!strcmp(buf, "c")) {
            while ((n = get_line(&rd, buf, sizeof buf)) != 0) {
                if (n < 0) BAD("%s:%d: line too long", name, rd.line);
                str_vec_addf(&g->comments, "%s", buf);
            }
            break;
        }
        char kind = buf[0];
        char *end;
        errno = 0;
        unsigned long idx = strtoul(buf + 1, &end, 10);
        if (!strchr("ilobc", kind) || !kind || end == buf + 1 || *end != ' ' || errno)
            BAD("%s:%d: expected a symbol (i0 name) or 'c'", name, rd.line);
        char **slot = NULL;
        if (kind == 'i' && idx < I) slot = &g->inputs.items[idx];
        else if (kind == 'l' && idx < L) slot = &g->latches.items[idx].name;
        else if (kind == 'o' && idx < O) slot = &g->outputs.items[idx].name;
        else if (kind == 'b' && idx < B) slot = &g->bad.items[idx].name;
        else if (kind == 'c' && idx < C) slot = &g->constraints.items[idx].name;
        else BAD("%s:%d: symbol for %c%lu, which does not exist", name, rd.line, kind, idx);
        free(*slot);
        *slot = xstrdup(end + 1);
    }
    if (ferror(f)) BAD("%s: read error: %s", name, strerror(errno));
#undef BAD
done:
    free(ld.map);
    free(ld.def);
    free(ld.state);
    free(latch_next);
    free(props);
    if (!ok) {
        aig_free(g);
        return NULL;
    }
    return g;
}
