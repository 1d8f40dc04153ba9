/* json.c: the streaming JSON writer of chopsat.h, shared by the library (strategy trees) and the
 * command (every --format json): separators from a small stack of open containers, strings
 * escaped so that any text makes valid JSON. */
#include "chopsat_tool.h"

void chopsat_json_init(chopsat_json *j, FILE *f)
{
    *j = (chopsat_json){.f = f};
}

/* The separator before the next member of the current container, if any. */
static void before_value(chopsat_json *j)
{
    if (j->keyed) {
        j->keyed = false;
        return;
    }
    int d = j->depth;
    if (d <= 0 || d > CHOPSAT_JSON_DEPTH) return;
    if (j->by_line[d - 1])
        fputs(j->used[d - 1] ? ",\n " : "\n ", j->f);
    else if (j->used[d - 1])
        fputs(", ", j->f);
    j->used[d - 1] = true;
}

static void open_container(chopsat_json *j, char open, char close, bool by_line)
{
    before_value(j);
    fputc(open, j->f);
    int d = j->depth++;
    if (d < CHOPSAT_JSON_DEPTH) {
        j->used[d] = false;
        j->by_line[d] = by_line;
        j->close[d] = close;
    }
}

void chopsat_json_object(chopsat_json *j)
{
    open_container(j, '{', '}', false);
}

void chopsat_json_array(chopsat_json *j, bool by_line)
{
    open_container(j, '[', ']', by_line);
}

void chopsat_json_end(chopsat_json *j)
{
    if (j->depth <= 0) return;
    int d = --j->depth;
    char close = d < CHOPSAT_JSON_DEPTH ? j->close[d] : ']';
    if (d < CHOPSAT_JSON_DEPTH && j->by_line[d] && j->used[d]) fputc('\n', j->f); /* [] */
    fputc(close, j->f);
}

/* The length of the valid UTF-8 sequence (2 to 4 bytes) at s, or 0. */
static size_t utf8_length(const unsigned char *s)
{
    size_t n = s[0] >= 0xc2 && s[0] <= 0xdf   ? 2
               : s[0] >= 0xe0 && s[0] <= 0xef ? 3
               : s[0] >= 0xf0 && s[0] <= 0xf4 ? 4
                                              : 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80) return 0;
    if (n == 3 && ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0))) return 0;
    if (n == 4 && ((s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90))) return 0;
    return n;
}

/* Writes s as a string literal. */
static void write_string(FILE *f, const char *text)
{
    const unsigned char *s = (const unsigned char *)text;
    fputc('"', f);
    while (*s) {
        size_t n = *s < 0x80 ? 1 : utf8_length(s);
        if (*s == '"' || *s == '\\')
            fprintf(f, "\\%c", *s);
        else if (*s < 0x20)
            fprintf(f, "\\u%04x", *s);
        else if (n)
            fwrite(s, 1, n, f);
        else
            fputs("\\ufffd", f), n = 1;
        s += n ? n : 1;
    }
    fputc('"', f);
}

void chopsat_json_key(chopsat_json *j, const char *key)
{
    before_value(j);
    write_string(j->f, key);
    fputs(": ", j->f);
    j->keyed = true;
}

void chopsat_json_string(chopsat_json *j, const char *s)
{
    if (!s) {
        chopsat_json_null(j);
        return;
    }
    before_value(j);
    write_string(j->f, s);
}

void chopsat_json_int(chopsat_json *j, long long v)
{
    before_value(j);
    fprintf(j->f, "%lld", v);
}

void chopsat_json_uint(chopsat_json *j, unsigned long long v)
{
    before_value(j);
    fprintf(j->f, "%llu", v);
}

void chopsat_json_count(chopsat_json *j, chopsat_count v)
{
    char buf[CHOPSAT_COUNT_DIGITS];
    before_value(j);
    chopsat_count_format(v, buf, sizeof buf);
    fputs(buf, j->f);
}

void chopsat_json_fixed(chopsat_json *j, double v, int decimals)
{
    before_value(j);
    if (v != v || v - v != 0)
        fputs("null", j->f); /* NaN and infinities are not JSON */
    else
        fprintf(j->f, "%.*f", decimals, v);
}

void chopsat_json_bool(chopsat_json *j, bool v)
{
    before_value(j);
    fputs(v ? "true" : "false", j->f);
}

void chopsat_json_null(chopsat_json *j)
{
    before_value(j);
    fputs("null", j->f);
}

/* len when s[0 .. len) is one JSON number, else 0 (RFC 8259:
 * -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?). */
static size_t number_length(const char *s, size_t len)
{
    size_t i = 0, d;
    if (i < len && s[i] == '-') i++;
    for (d = 0; i + d < len && s[i + d] >= '0' && s[i + d] <= '9'; d++) {
    }
    if (!d || (d > 1 && s[i] == '0')) return 0;
    i += d;
    if (i < len && s[i] == '.') {
        for (d = 0; i + 1 + d < len && s[i + 1 + d] >= '0' && s[i + 1 + d] <= '9'; d++) {
        }
        if (!d) return 0;
        i += 1 + d;
    }
    if (i < len && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (i < len && (s[i] == '+' || s[i] == '-')) i++;
        for (d = 0; i + d < len && s[i + d] >= '0' && s[i + d] <= '9'; d++) {
        }
        if (!d) return 0;
        i += d;
    }
    return i == len ? len : 0;
}

void chopsat_json_number(chopsat_json *j, const char *text, size_t len)
{
    before_value(j);
    if (text && number_length(text, len))
        fwrite(text, 1, len, j->f);
    else
        fputs("null", j->f);
}

bool chopsat_json_lossless(const char *s, size_t len)
{
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < len;) {
        if (!u[i]) return false;
        if (u[i] < 0x80) {
            i++;
            continue;
        }
        size_t want = u[i] >= 0xf0 ? 4 : u[i] >= 0xe0 ? 3 : 2; /* never past len */
        if (want > len - i || utf8_length(u + i) != want) return false;
        i += want;
    }
    return true;
}

void chopsat_json_kstring(chopsat_json *j, const char *key, const char *s)
{
    chopsat_json_key(j, key);
    chopsat_json_string(j, s);
}

void chopsat_json_kint(chopsat_json *j, const char *key, long long v)
{
    chopsat_json_key(j, key);
    chopsat_json_int(j, v);
}

void chopsat_json_kbool(chopsat_json *j, const char *key, bool v)
{
    chopsat_json_key(j, key);
    chopsat_json_bool(j, v);
}
