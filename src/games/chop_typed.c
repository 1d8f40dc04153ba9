/* chop_typed.c: a move of the chopsticks family as a person types it (`tap 3>4`, `3>4`,
 * `add 1+2`, `L>R`, `split 0,2`, `2,0`), played by the rules of docs/rules.md as a physical
 * move: a hand of the mover's touches a hand of the opponent's, or the mover shares out its
 * fingers anew. Two physical moves that lead to the same position are both read here (the
 * move list keeps only the first name); when the rules forbid the move, why says which rule. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/chop_options.h"

/* A hand's value after x + y (both below N) reaches it: the sum below N, else 0 (cutoff) or
 * the sum - N (rollover); exact at any N (x + y >= N exactly when x >= N - y). */
static uint64_t after_overflow(const chop_rules *c, uint64_t x, uint64_t y)
{
    if (x < c->fingers - y) return x + y;
    return c->overflow == OVERFLOW_CUTOFF ? 0 : x - (c->fingers - y);
}

static void smaller_first(const chop_rules *c, uint64_t *h)
{
    if (!c->ordered && h[0] > h[1]) {
        uint64_t t = h[0];
        h[0] = h[1];
        h[1] = t;
    }
}

/* Writes x + y in decimal, exactly (the sum may pass 2^64: 2^64 = 10 * 1844674407370955161 +
 * 6 carries into the quotient by ten). */
static void sum_text(uint64_t x, uint64_t y, char *buf, size_t size)
{
    uint64_t lo = x + y;
    if (lo >= x) {
        snprintf(buf, size, "%" PRIu64, lo);
        return;
    }
    uint64_t r = lo % 10 + 6;
    snprintf(buf, size, "%" PRIu64 "%u", UINT64_C(1844674407370955161) + lo / 10 + r / 10,
             (unsigned)(r % 10));
}

/* Reads one hand of a tap: a number (unordered hands) or l/r (ordered); false when none. */
static bool read_hand(const chop_rules *c, const char **s, uint64_t *v)
{
    if (c->ordered) {
        if (**s != 'l' && **s != 'r') return false;
        *v = **s == 'r';
        (*s)++;
        return true;
    }
    return chop_read_number(s, v);
}

/* The index (0 or 1) of the hand holding v among h[0], h[1], or -1. */
static int hand_holding(const uint64_t *h, uint64_t v)
{
    return h[0] == v ? 0 : h[1] == v ? 1 : -1;
}

static int typed_tap(const chop_rules *c, const chopsat_pos *p, const char *verb, const char *s,
                     chopsat_pos *to, char *why, size_t size)
{
    uint64_t x, y;
    if (!read_hand(c, &s, &x) || (*s != '>' && *s != '+')) return 0;
    char op = *s++;
    if (!read_hand(c, &s, &y) || *s) return 0;
    if (!strcmp(verb, "split")) return 0;
    bool taps = c->tap == TAP_OPPONENT;
    if ((op == '+' || !strcmp(verb, "add")) && taps) {
        snprintf(why, size,
                 "in these rules a move taps a hand of the opponent's (tap=opponent: "
                 "tap %s), nothing is added to your own",
                 c->ordered ? "L>R" : "a>b");
        return -1;
    }
    if ((op == '>' || !strcmp(verb, "tap")) && !taps) {
        snprintf(why, size,
                 "in these rules a move adds a hand of the opponent's to one of yours "
                 "(tap=self-add: add %s), it does not tap theirs",
                 c->ordered ? "L+R" : "a+b");
        return -1;
    }
    int me = (int)p->mover, bx = me == 1 ? 0 : 2, by = 2 - bx;
    const uint64_t *mine = &p->v[bx], *theirs = &p->v[by];
    int i, j;
    if (c->ordered) {
        i = (int)x, j = (int)y;
        const char *side[2] = {"left", "right"};
        if (!mine[i]) {
            snprintf(why, size, "your %s hand is dead (0): only a live hand can %s", side[i],
                     taps ? "tap" : "add");
            return -1;
        }
        if (!theirs[j]) {
            snprintf(why, size, "player %d's %s hand is dead (0): only a live hand can be %s",
                     3 - me, side[j], taps ? "tapped" : "added");
            return -1;
        }
    } else {
        i = hand_holding(mine, x), j = hand_holding(theirs, y);
        if (!x || !y) {
            snprintf(why, size, "a dead hand (0) can neither %s nor be %s", taps ? "tap" : "add",
                     taps ? "tapped" : "added");
            return -1;
        }
        if (i < 0) {
            snprintf(why, size,
                     "player %d (to move) has no hand of %" PRIu64 " (the hands are %" PRIu64
                     " and %" PRIu64 ")",
                     me, x, mine[0], mine[1]);
            return -1;
        }
        if (j < 0) {
            snprintf(why, size,
                     "player %d has no hand of %" PRIu64 " (the hands are %" PRIu64 " and %" PRIu64
                     ")",
                     3 - me, y, theirs[0], theirs[1]);
            return -1;
        }
    }
    *to = *p;
    uint64_t v = after_overflow(c, mine[i], theirs[j]);
    if (taps) {
        to->v[by + j] = v;
        smaller_first(c, &to->v[by]);
    } else {
        to->v[bx + i] = v;
        smaller_first(c, &to->v[bx]);
    }
    to->mover = 3 - p->mover;
    return 1;
}

static int typed_split(const chop_rules *c, const chopsat_pos *p, const char *verb, const char *s,
                       chopsat_pos *to, char *why, size_t size)
{
    uint64_t h[2];
    if (!chop_read_number(&s, &h[0]) || *s++ != ',' || !chop_read_number(&s, &h[1]) || *s) return 0;
    if (*verb && strcmp(verb, "split")) return 0;
    int bx = p->mover == 1 ? 0 : 2;
    uint64_t a = p->v[bx], b = p->v[bx + 1], N = c->fingers;
    int live_before = (a != 0) + (b != 0), live_after = (h[0] != 0) + (h[1] != 0);
    if (c->split == SPLIT_NONE) {
        snprintf(why, size, "these rules have no splits (split=none)");
        return -1;
    }
    if (h[0] >= N || h[1] >= N) {
        snprintf(why, size, "a hand holds at most %" PRIu64 " finger%s", N - 1,
                 N - 1 == 1 ? "" : "s");
        return -1;
    }
    /* h[0] + h[1] == a + b, in exact arithmetic: the differences balance */
    bool same = h[0] >= a ? b >= h[1] && h[0] - a == b - h[1] : h[1] >= b && a - h[0] == h[1] - b;
    if (!same) {
        char hs[24], ab[24];
        sum_text(h[0], h[1], hs, sizeof hs);
        sum_text(a, b, ab, sizeof ab);
        snprintf(why, size,
                 "a split shares out your own fingers: %" PRIu64 ",%" PRIu64
                 " holds %s, your hands %" PRIu64 " and %" PRIu64 " hold %s",
                 h[0], h[1], hs, a, b, ab);
        return -1;
    }
    if (h[0] == a && h[1] == b) {
        snprintf(why, size,
                 "split %" PRIu64 ",%" PRIu64 " leaves your hands as they are: a split "
                 "must change them",
                 h[0], h[1]);
        return -1;
    }
    if (h[0] == b && h[1] == a) {
        snprintf(why, size,
                 "split %" PRIu64 ",%" PRIu64 " only swaps your hands, which is no "
                 "move%s",
                 h[0], h[1], c->ordered ? "" : " (hands are unordered)");
        return -1;
    }
    if (c->split == SPLIT_EVEN_LONE) {
        uint64_t lone = a ? a : b;
        if (live_before != 1 || lone % 2 || h[0] != lone / 2 || h[1] != lone / 2) {
            snprintf(why, size,
                     "split=even-lone: only a lone hand holding an even 2m (the other "
                     "dead) may be split, into m,m");
            return -1;
        }
    } else {
        if (!c->suicide && live_after < live_before) {
            snprintf(why, size,
                     "split %" PRIu64 ",%" PRIu64 " would empty a live hand "
                     "(suicide=no)",
                     h[0], h[1]);
            return -1;
        }
        if (!c->revive && live_after > live_before) {
            snprintf(why, size,
                     "split %" PRIu64 ",%" PRIu64 " would put fingers on a dead hand "
                     "(revive=no)",
                     h[0], h[1]);
            return -1;
        }
    }
    *to = *p;
    to->v[bx] = h[0];
    to->v[bx + 1] = h[1];
    smaller_first(c, &to->v[bx]);
    to->mover = 3 - p->mover;
    return 1;
}

int chop_typed_move(const chopsat_rules *r, const chopsat_pos *p, const char *text, chopsat_pos *to,
                    char *why, size_t size)
{
    const chop_rules *c = chop_of(r);
    static const char *verbs[] = {"tap", "add", "split"};
    const char *verb = "";
    for (size_t i = 0; i < sizeof verbs / sizeof *verbs; i++)
        if (!strncmp(text, verbs[i], strlen(verbs[i]))) {
            verb = verbs[i];
            text += strlen(verbs[i]);
            break;
        }
    if (strchr(text, ',')) return typed_split(c, p, verb, text, to, why, size);
    return typed_tap(c, p, verb, text, to, why, size);
}
