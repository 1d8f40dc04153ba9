/* cli_json_read.c: a small JSON reader (RFC 8259) for the files `chopsat check --strategy`
 * reads: a recursive-descent parser into a tree of json_value, with the line of the first error.
 * Nesting is limited to 64 levels; numbers are read as doubles. Each string takes memory for
 * its own length only: memory and time are linear in the document. */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

typedef struct reader {
    const char *s;
    const char *start;
    char *msg;
    size_t size;
    int depth;
} reader;

static int line_of(const reader *r)
{
    int line = 1;
    for (const char *p = r->start; p < r->s; p++) line += *p == '\n';
    return line;
}

static int bad(reader *r, const char *what)
{
    snprintf(r->msg, r->size, "line %d: %s", line_of(r), what);
    return -1;
}

static void skip_space(reader *r)
{
    while (*r->s == ' ' || *r->s == '\t' || *r->s == '\n' || *r->s == '\r') r->s++;
}

static int hex4(reader *r, unsigned *v)
{
    *v = 0;
    for (int i = 0; i < 4; i++) {
        char c = r->s[i];
        unsigned d = c >= '0' && c <= '9' ? (unsigned)(c - '0')
                     : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
                     : c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10) : 16;
        if (d == 16) return bad(r, "a \\u escape wants four hexadecimal digits");
        *v = *v * 16 + d;
    }
    r->s += 4;
    return 0;
}

static size_t put_utf8(char *o, unsigned cp)
{
    if (cp < 0x80) return o[0] = (char)cp, 1;
    if (cp < 0x800) return o[0] = (char)(0xc0 | cp >> 6), o[1] = (char)(0x80 | (cp & 0x3f)), 2;
    if (cp < 0x10000)
        return o[0] = (char)(0xe0 | cp >> 12), o[1] = (char)(0x80 | ((cp >> 6) & 0x3f)),
               o[2] = (char)(0x80 | (cp & 0x3f)), 3;
    o[0] = (char)(0xf0 | cp >> 18), o[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
    o[2] = (char)(0x80 | ((cp >> 6) & 0x3f)), o[3] = (char)(0x80 | (cp & 0x3f));
    return 4;
}

/* The length of the raw string text at s (after its opening quote) up to its closing quote or
 * the end of the text: its decoded form is never longer. */
static size_t raw_length(const char *s)
{
    const char *p = s;
    while (*p && *p != '"') p += p[0] == '\\' && p[1] ? 2 : 1;
    return (size_t)(p - s);
}

/* A string at r->s (the opening quote); *out a new decoded copy. Memory: the string's own
 * length, so that a document of many strings takes memory linear in its size. */
static int read_string(reader *r, char **out)
{
    r->s++;
    size_t cap = raw_length(r->s) + 1, n = 0;
    char *o = cli_calloc(cap, 1);
    for (;;) {
        unsigned char c = (unsigned char)*r->s;
        if (!c) return free(o), bad(r, "a string is not closed");
        if (c < 0x20) return free(o), bad(r, "a control character inside a string");
        r->s++;
        if (c == '"') break;
        if (c != '\\') {
            o[n++] = (char)c;
            continue;
        }
        char e = *r->s++;
        const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
        const char *k = e ? strchr(from, e) : NULL;
        if (k) {
            o[n++] = to[k - from];
            continue;
        }
        if (e != 'u') return free(o), bad(r, "an unknown escape in a string");
        unsigned cp, lo;
        if (hex4(r, &cp)) return free(o), -1;
        if (cp >= 0xd800 && cp < 0xdc00 && r->s[0] == '\\' && r->s[1] == 'u') {
            r->s += 2;
            if (hex4(r, &lo)) return free(o), -1;
            cp = lo >= 0xdc00 && lo < 0xe000 ? 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00) : 0xfffd;
        } else if (cp >= 0xd800 && cp < 0xe000) cp = 0xfffd;
        if (cp == 0) return free(o), bad(r, "a \\u0000 escape (a NUL byte) in a string");
        n += put_utf8(o + n, cp); /* an escape (6 characters) never decodes to more */
    }
    o[n] = 0;
    *out = o;
    return 0;
}

static int read_value(reader *r, json_value *v);

static void push(json_value *v, size_t *cap, json_value item, char *key)
{
    if (v->n == *cap) {
        *cap = *cap ? 2 * *cap : 8;
        json_value *items = cli_calloc(*cap, sizeof *items);
        char **keys = cli_calloc(*cap, sizeof *keys);
        if (v->n) {
            memcpy(items, v->items, v->n * sizeof *items);
            memcpy(keys, v->keys, v->n * sizeof *keys);
        }
        free(v->items);
        free(v->keys);
        v->items = items;
        v->keys = keys;
    }
    v->items[v->n] = item;
    v->keys[v->n++] = key;
}

static int read_container(reader *r, json_value *v, bool object)
{
    char close = object ? '}' : ']';
    size_t cap = 0;
    v->kind = object ? JV_OBJECT : JV_ARRAY;
    if (++r->depth > 64) return bad(r, "nested more than 64 levels deep");
    r->s++;
    skip_space(r);
    if (*r->s == close) {
        r->s++;
        r->depth--;
        return 0;
    }
    for (;;) {
        char *key = NULL;
        skip_space(r);
        if (object) {
            if (*r->s != '"') return bad(r, "an object member wants a \"key\"");
            if (read_string(r, &key)) return -1;
            skip_space(r);
            if (*r->s != ':') return free(key), bad(r, "':' wanted after a key");
            r->s++;
        }
        json_value item;
        memset(&item, 0, sizeof item);
        if (read_value(r, &item)) {
            free(key);
            json_value_free(&item);
            return -1;
        }
        push(v, &cap, item, key);
        skip_space(r);
        if (*r->s == ',') {
            r->s++;
            continue;
        }
        if (*r->s == close) {
            r->s++;
            r->depth--;
            return 0;
        }
        return bad(r, object ? "',' or '}' wanted in an object" : "',' or ']' wanted in an array");
    }
}

static int read_value(reader *r, json_value *v)
{
    memset(v, 0, sizeof *v);
    skip_space(r);
    const char *s = r->s;
    if (*s == '{' || *s == '[') return read_container(r, v, *s == '{');
    if (*s == '"') {
        v->kind = JV_STRING;
        return read_string(r, &v->string);
    }
    static const char *words[] = {"null", "true", "false"};
    for (int i = 0; i < 3; i++)
        if (!strncmp(s, words[i], strlen(words[i]))) {
            v->kind = i ? JV_BOOL : JV_NULL;
            v->boolean = i == 1;
            r->s += strlen(words[i]);
            return 0;
        }
    /* a number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
    const char *p = s;
    if (*p == '-') p++;
    size_t d = strspn(p, "0123456789");
    if (!d || (d > 1 && *p == '0')) return bad(r, "a value wanted (an object, array, string, number, true, false or null)");
    p += d;
    if (*p == '.') {
        size_t f = strspn(p + 1, "0123456789");
        if (!f) return bad(r, "digits wanted after a decimal point");
        p += 1 + f;
    }
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-') p++;
        size_t x = strspn(p, "0123456789");
        if (!x) return bad(r, "digits wanted in an exponent");
        p += x;
    }
    v->kind = JV_NUMBER;
    v->number = strtod(s, NULL);
    v->text = s;
    v->text_len = (size_t)(p - s);
    r->s = p;
    return 0;
}

int json_parse(const char *text, json_value *out, char *msg, size_t size)
{
    reader r = {.s = text, .start = text, .msg = msg, .size = size};
    if (read_value(&r, out)) {
        json_value_free(out);
        return -1;
    }
    skip_space(&r);
    if (*r.s) {
        json_value_free(out);
        return bad(&r, "more text after the JSON value");
    }
    return 0;
}

void json_value_free(json_value *v)
{
    for (size_t i = 0; i < v->n; i++) {
        json_value_free(&v->items[i]);
        if (v->keys) free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v->string);
    memset(v, 0, sizeof *v);
}

const json_value *json_member(const json_value *v, const char *key)
{
    if (!v || v->kind != JV_OBJECT) return NULL;
    for (size_t i = 0; i < v->n; i++)
        if (!strcmp(v->keys[i], key)) return &v->items[i];
    return NULL;
}
