/* many_text.c: many_game's positions as text (docs/rules.md "Any number of hands"): read and
 * written with one digit a hand when N <= 10 (`111/11:1`) or comma separated hands
 * (`1,1,1/1,1:1`, required when N > 10), the board drawn for a person, the chart's labels. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "core/util.h"
#include "games/many_hands.h"

/* Reads the decimal number s[0..len) exactly; false when it is empty, has another character
 * or passes 2^64 - 1. */
static bool read_u64(const char *s, size_t len, uint64_t *v)
{
    *v = 0;
    if (!len) return false;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9') return false;
        unsigned d = (unsigned)(s[i] - '0');
        if (*v > (UINT64_MAX - d) / 10) return false;
        *v = *v * 10 + d;
    }
    return true;
}

/* The hands of player `who` written in s[0..len), into h (normal form); the count they must
 * have is the rules'. */
static int parse_hands(const chopsat_rules *r, int who, const char *s, size_t len, uint64_t *h,
                       chopsat_err *err)
{
    int want = many_n(r, who), got = 0;
    uint64_t N = chop_of(r)->fingers;
    /* a lone hand is a number, with or without commas elsewhere (`1,1,1/12` at fingers > 10) */
    bool commas = memchr(s, ',', len) != NULL || want == 1;
    if (!len) return fail(err, "position: player %d has no hands written", who);
    if (!commas && N > 10)
        return fail(err, "position: hands '%.*s' must be written with commas when fingers > 10",
                    (int)len, s);
    for (size_t at = 0;;) {
        const char *comma = commas ? memchr(s + at, ',', len - at) : NULL;
        size_t n = !commas ? 1 : comma ? (size_t)(comma - (s + at)) : len - at;
        uint64_t v;
        if (!read_u64(s + at, n, &v)) {
            if (n > 0 && strspn(s + at, "0123456789") >= n)
                return fail(err,
                            "position: a hand of %.*s fingers is out of range (0 .. %" PRIu64 ")",
                            (int)n, s + at, N - 1);
            return fail(err, "position: bad hands '%.*s' (want %s)", (int)len, s,
                        commas ? "numbers separated by commas" : "one digit a hand");
        }
        if (v >= N)
            return fail(err, "position: a hand of %.*s finger%s is out of range (0 .. %" PRIu64 ")",
                        (int)n, s + at, v == 1 ? "" : "s", N - 1);
        if (got < CHOPSAT_HANDS_MAX) h[got] = v;
        got++;
        at += n;
        if (at == len) break;
        if (commas) at++; /* past the comma: a comma at the end leaves an empty hand */
    }
    if (got != want)
        return fail(
            err, "position: player %d has %d hand%s in '%.*s', these rules need %d (count=%d/%d)",
            who, got, got == 1 ? "" : "s", (int)len, s, want, many_n(r, 1), many_n(r, 2));
    many_normalise(r, h, want);
    return 0;
}

int many_parse(const chopsat_rules *r, const char *text, chopsat_pos *out, chopsat_err *err)
{
    memset(out, 0, sizeof *out);
    const char *slash = strchr(text, '/');
    if (!slash) return fail(err, "position: '%s' has no '/' (want P1/P2[:M], e.g. 111/11)", text);
    const char *colon = strchr(slash, ':');
    const char *end2 = colon ? colon : text + strlen(text);
    if (parse_hands(r, 1, text, (size_t)(slash - text), &out->v[0], err) ||
        parse_hands(r, 2, slash + 1, (size_t)(end2 - slash - 1), &out->v[many_base(r, 2)], err)) {
        char inner[sizeof err->msg];
        snprintf(inner, sizeof inner, "%s", err ? err->msg : "");
        memset(out, 0, sizeof *out);
        return fail(err, "%s in '%s'", inner, text);
    }
    out->mover = 1;
    if (!colon) return 0;
    if (!strcmp(colon + 1, "1") || !strcmp(colon + 1, "2")) {
        out->mover = (uint32_t)(colon[1] - '0');
        return 0;
    }
    memset(out, 0, sizeof *out);
    return fail(err, "position: player to move '%s' in '%s' is not 1 or 2", colon + 1, text);
}

/* Appends the n hands h to buf (at *len): digits, or commas when N > 10. */
static void write_hands(const chopsat_rules *r, const uint64_t *h, int n, char *buf, size_t size,
                        size_t *len)
{
    bool commas = chop_of(r)->fingers > 10;
    for (int i = 0; i < n && *len < size; i++)
        *len +=
            (size_t)snprintf(buf + *len, size - *len, "%s%" PRIu64, commas && i ? "," : "", h[i]);
}

void many_format(const chopsat_rules *r, const chopsat_pos *p, char *buf, size_t size)
{
    size_t len = 0;
    if (!size) return;
    buf[0] = 0;
    write_hands(r, &p->v[0], many_n(r, 1), buf, size, &len);
    if (len < size) len += (size_t)snprintf(buf + len, size - len, "/");
    write_hands(r, &p->v[many_base(r, 2)], many_n(r, 2), buf, size, &len);
    if (len < size) snprintf(buf + len, size - len, ":%u", p->mover);
}

void many_chart_label(const chopsat_rules *r, int axis, uint64_t k, char *buf, size_t size)
{
    uint64_t h[CHOPSAT_HANDS_MAX];
    int n = many_n(r, axis ? 2 : 1);
    size_t len = 0;
    many_chart_hands(r, k, h, n);
    if (size) buf[0] = 0;
    write_hands(r, h, n, buf, size, &len);
}

void many_chart_legend(const chopsat_rules *r, char *buf, size_t size)
{
    const chop_rules *c = chop_of(r);
    char first = many_hand_letter(r, 0), second = many_hand_letter(r, 1);
    char tap[120];
    if (c->ordered && first == 'L')
        snprintf(tap, sizeof tap, "%s",
                 c->tap == TAP_OPPONENT ? "L>R: tap their right hand with your left"
                                        : "L+R: add their right hand to your left");
    else if (c->ordered)
        snprintf(tap, sizeof tap, "%c%c%c: %s your hand %c", first,
                 c->tap == TAP_OPPONENT ? '>' : '+', second,
                 c->tap == TAP_OPPONENT ? "tap their hand B with" : "add their hand B to", first);
    else
        snprintf(tap, sizeof tap, "%s",
                 c->tap == TAP_OPPONENT ? "a>b: tap their b with your a"
                                        : "a+b: add their b to your a");
    int n = many_n(r, 1);
    const char *split = n == 2 ? "x,y" : n == 3 ? "x,y,z" : "x,y,...";
    if (c->split == SPLIT_NONE || n == 1)
        snprintf(buf, size, "%s; #: the game is over", tap);
    else
        snprintf(buf, size, "%s; %s: split your hands into %s; #: the game is over", tap, split,
                 split);
}

void many_draw(const chopsat_rules *r, const chopsat_pos *p, FILE *out)
{
    char num[32];
    snprintf(num, sizeof num, "%" PRIu64, chop_of(r)->fingers - 1);
    int width = chop_of(r)->fingers <= 11 ? (int)chop_of(r)->fingers - 1 : (int)strlen(num);
    if (width < 4) width = 4; /* room for "dead" */
    bool over =
        !many_live(&p->v[0], many_n(r, 1)) || !many_live(&p->v[many_base(r, 2)], many_n(r, 2));
    for (int player = 2; player >= 1; player--) {
        int b = many_base(r, player), n = many_n(r, player);
        fprintf(out, "  %s player %d   ", (int)p->mover == player && !over ? ">" : " ", player);
        for (int h = 0; h < n; h++) {
            if (chop_of(r)->ordered) fprintf(out, "%c ", many_hand_letter(r, h));
            chop_draw_hand(r, p->v[b + h], h + 1 < n ? width : 0, out);
            fprintf(out, h + 1 < n ? "   " : "\n");
        }
    }
}
