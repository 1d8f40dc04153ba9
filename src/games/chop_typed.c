/* chop_typed.c: a move of the chopsticks family as a person types it (`tap 3>4`, `3>4`,
 * `add 1+2`, `L>R`, `split 0,2`, `2,0`), played by the rules of docs/rules.md as a physical
 * move: a hand of the mover's touches a hand of the opponent's, or the mover shares out its
 * fingers anew. Two physical moves that lead to the same position are both read here (the
 * move list keeps only the first name); when the rules forbid the move, why says which rule. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/chop_options.h"

/* A hand's value after it reaches v: v below N, else 0 (cutoff) or v - N (rollover). */
static uint32_t after_overflow(const chop_rules *c, uint32_t v)
{
    if (v < c->fingers) return v;
    return c->overflow == OVERFLOW_CUTOFF ? 0 : v - c->fingers;
}

static void smaller_first(const chop_rules *c, uint32_t *h)
{
    if (!c->ordered && h[0] > h[1]) {
        uint32_t t = h[0];
        h[0] = h[1];
        h[1] = t;
    }
}

/* Reads a whole number at *s (at most 9 digits), advancing *s; false when there is none. */
static bool read_number(const char **s, uint32_t *v)
{
    size_t n = strspn(*s, "0123456789");
    if (!n || n > 9) return false;
    *v = (uint32_t)strtoul(*s, NULL, 10);
    *s += n;
    return true;
}

/* Reads one hand of a tap: a number (unordered hands) or l/r (ordered); false when none. */
static bool read_hand(const chop_rules *c, const char **s, uint32_t *v)
{
    if (c->ordered) {
        if (**s != 'l' && **s != 'r') return false;
        *v = **s == 'r';
        (*s)++;
        return true;
    }
    return read_number(s, v);
}

/* The index (0 or 1) of the hand holding v among h[0], h[1], or -1. */
static int hand_holding(const uint32_t *h, uint32_t v)
{
    return h[0] == v ? 0 : h[1] == v ? 1 : -1;
}

static int typed_tap(const chop_rules *c, const chopsat_pos *p, const char *verb, const char *s,
                     chopsat_pos *to, char *why, size_t size)
{
    uint32_t x, y;
    if (!read_hand(c, &s, &x) || (*s != '>' && *s != '+')) return 0;
    char op = *s++;
    if (!read_hand(c, &s, &y) || *s) return 0;
    if (!strcmp(verb, "split")) return 0;
    bool taps = c->tap == TAP_OPPONENT;
    if ((op == '+' || !strcmp(verb, "add")) && taps) {
        snprintf(why, size, "in these rules a move taps a hand of the opponent's (tap=opponent: "
                 "tap %s), nothing is added to your own", c->ordered ? "L>R" : "a>b");
        return -1;
    }
    if ((op == '>' || !strcmp(verb, "tap")) && !taps) {
        snprintf(why, size, "in these rules a move adds a hand of the opponent's to one of yours "
                 "(tap=self-add: add %s), it does not tap theirs", c->ordered ? "L+R" : "a+b");
        return -1;
    }
    int me = (int)p->mover, bx = me == 1 ? 0 : 2, by = 2 - bx;
    const uint32_t *mine = &p->v[bx], *theirs = &p->v[by];
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
            snprintf(why, size, "player %d (to move) has no hand of %u (the hands are %u and %u)",
                     me, x, mine[0], mine[1]);
            return -1;
        }
        if (j < 0) {
            snprintf(why, size, "player %d has no hand of %u (the hands are %u and %u)", 3 - me,
                     y, theirs[0], theirs[1]);
            return -1;
        }
    }
    *to = *p;
    uint32_t sum = mine[i] + theirs[j];
    if (taps) {
        to->v[by + j] = after_overflow(c, sum);
        smaller_first(c, &to->v[by]);
    } else {
        to->v[bx + i] = after_overflow(c, sum);
        smaller_first(c, &to->v[bx]);
    }
    to->mover = 3 - p->mover;
    return 1;
}

static int typed_split(const chop_rules *c, const chopsat_pos *p, const char *verb,
                       const char *s, chopsat_pos *to, char *why, size_t size)
{
    uint32_t h[2];
    if (!read_number(&s, &h[0]) || *s++ != ',' || !read_number(&s, &h[1]) || *s) return 0;
    if (*verb && strcmp(verb, "split")) return 0;
    int bx = p->mover == 1 ? 0 : 2;
    uint32_t a = p->v[bx], b = p->v[bx + 1], N = c->fingers;
    int live_before = (a != 0) + (b != 0), live_after = (h[0] != 0) + (h[1] != 0);
    if (c->split == SPLIT_NONE) {
        snprintf(why, size, "these rules have no splits (split=none)");
        return -1;
    }
    if (h[0] >= N || h[1] >= N) {
        snprintf(why, size, "a hand holds at most %u finger%s", N - 1, N - 1 == 1 ? "" : "s");
        return -1;
    }
    if (h[0] + h[1] != a + b) {
        snprintf(why, size, "a split shares out your own fingers: %u,%u holds %u, your hands "
                 "%u and %u hold %u", h[0], h[1], h[0] + h[1], a, b, a + b);
        return -1;
    }
    if (h[0] == a && h[1] == b) {
        snprintf(why, size, "split %u,%u leaves your hands as they are: a split must change them",
                 h[0], h[1]);
        return -1;
    }
    if (h[0] == b && h[1] == a) {
        snprintf(why, size, "split %u,%u only swaps your hands, which is no move%s", h[0], h[1],
                 c->ordered ? "" : " (hands are unordered)");
        return -1;
    }
    if (c->split == SPLIT_EVEN_LONE) {
        uint32_t lone = a ? a : b;
        if (live_before != 1 || lone % 2 || h[0] != lone / 2 || h[1] != lone / 2) {
            snprintf(why, size, "split=even-lone: only a lone hand holding an even 2m (the other "
                     "dead) may be split, into m,m");
            return -1;
        }
    } else {
        if (!c->suicide && live_after < live_before) {
            snprintf(why, size, "split %u,%u would empty a live hand (suicide=no)", h[0], h[1]);
            return -1;
        }
        if (!c->revive && live_after > live_before) {
            snprintf(why, size, "split %u,%u would put fingers on a dead hand (revive=no)", h[0],
                     h[1]);
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

int chop_typed_move(const chopsat_rules *r, const chopsat_pos *p, const char *text,
                    chopsat_pos *to, char *why, size_t size)
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
