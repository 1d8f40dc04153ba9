/* many_typed.c: a move of many_game as a person types it (`tap 3>4`, `3>4`, `add 1+2`, `a>c`
 * or `l>r` with ordered hands, `split 0,1,2`), played by docs/rules.md as a physical move: a
 * hand of the mover's touches a hand of the opponent's, or the mover shares out its fingers
 * anew. When the rules forbid the move, why says which rule. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "games/many_hands.h"

/* Reads one hand of a tap of a player with n hands: a number (unordered hands: its value) or a
 * letter (ordered: l/r at 2/2, a .. h otherwise: its place); false when none. */
static bool read_hand(const chopsat_rules *r, int n, const char **s, uint64_t *v)
{
    if (!chop_of(r)->ordered) return chop_read_number(s, v);
    for (int i = 0; i < n; i++)
        if (**s == many_hand_letter(r, i) - 'A' + 'a') {
            *v = (uint64_t)i;
            (*s)++;
            return true;
        }
    return false;
}

/* The place of a hand holding v among h[0..n), or -1. */
static int hand_holding(const uint64_t *h, int n, uint64_t v)
{
    for (int i = 0; i < n; i++)
        if (h[i] == v) return i;
    return -1;
}

/* Writes the hands h[0..n) as "1, 2 and 3". */
static void hands_text(const uint64_t *h, int n, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < n && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%" PRIu64,
                                i == 0       ? ""
                                : i + 1 == n ? " and "
                                             : ", ",
                                h[i]);
}

/* The tapping and tapped hands' places i, j of a typed tap x op y; -1 with why when none. */
static int tap_places(const chopsat_rules *r, const chopsat_pos *p, uint64_t x, uint64_t y, int *i,
                      int *j, char *why, size_t size)
{
    int me = (int)p->mover, nx = many_n(r, me), ny = many_n(r, 3 - me);
    const uint64_t *mine = &p->v[many_base(r, me)], *theirs = &p->v[many_base(r, 3 - me)];
    bool taps = chop_of(r)->tap == TAP_OPPONENT;
    char list[CHOPSAT_POS_MAX];
    if (chop_of(r)->ordered) {
        *i = (int)x, *j = (int)y;
        if (!mine[*i] || !theirs[*j]) {
            snprintf(why, size, "%s hand %c is dead (0): only a live hand can %s",
                     !mine[*i] ? "your" : (3 - me == 1 ? "player 1's" : "player 2's"),
                     many_hand_letter(r, !mine[*i] ? *i : *j),
                     !mine[*i] ? (taps ? "tap" : "add") : (taps ? "be tapped" : "be added"));
            return -1;
        }
        return 0;
    }
    if (!x || !y) {
        snprintf(why, size, "a dead hand (0) can neither %s nor be %s", taps ? "tap" : "add",
                 taps ? "tapped" : "added");
        return -1;
    }
    *i = hand_holding(mine, nx, x), *j = hand_holding(theirs, ny, y);
    if (*i < 0 || *j < 0) {
        hands_text(*i < 0 ? mine : theirs, *i < 0 ? nx : ny, list, sizeof list);
        snprintf(why, size, "player %d%s has no hand of %" PRIu64 " (the hands are %s)",
                 *i < 0 ? me : 3 - me, *i < 0 ? " (to move)" : "", *i < 0 ? x : y, list);
        return -1;
    }
    return 0;
}

/* A typed tap or add `x>y` / `x+y`: 1 with *to, 0 when text is none, -1 with why. */
static int typed_tap(const chopsat_rules *r, const chopsat_pos *p, const char *verb, const char *s,
                     chopsat_pos *to, char *why, size_t size)
{
    int me = (int)p->mover, bx = many_base(r, me), by = many_base(r, 3 - me);
    uint64_t x, y;
    if (!read_hand(r, many_n(r, me), &s, &x) || (*s != '>' && *s != '+')) return 0;
    char op = *s++;
    if (!read_hand(r, many_n(r, 3 - me), &s, &y) || *s || !strcmp(verb, "split")) return 0;
    bool taps = chop_of(r)->tap == TAP_OPPONENT;
    if (taps ? op == '+' || !strcmp(verb, "add") : op == '>' || !strcmp(verb, "tap")) {
        snprintf(why, size,
                 taps ? "in these rules a move taps a hand of the opponent's (tap=opponent), "
                        "nothing is added to your own"
                      : "in these rules a move adds a hand of the opponent's to one of yours "
                        "(tap=self-add), it does not tap theirs");
        return -1;
    }
    int i, j;
    if (tap_places(r, p, x, y, &i, &j, why, size)) return -1;
    *to = *p;
    uint64_t v = many_after(r, p->v[bx + i], p->v[by + j]);
    int changed = taps ? by : bx;
    to->v[taps ? by + j : bx + i] = v;
    many_normalise(r, &to->v[changed], many_n(r, taps ? 3 - me : me));
    to->mover = 3 - p->mover;
    return 1;
}

/* Why the split of `from` into h is no move (h holds the typed hands, in normal form). */
static void split_why(const chopsat_rules *r, const uint64_t *from, const uint64_t *h, int n,
                      char *why, size_t size)
{
    const chop_rules *c = chop_of(r);
    for (int i = 0; i < n; i++)
        if (h[i] >= c->fingers) {
            snprintf(why, size, "a hand holds at most %" PRIu64 " finger%s", c->fingers - 1,
                     c->fingers - 1 == 1 ? "" : "s");
            return;
        }
    if (c->split == SPLIT_EVEN_LONE) {
        snprintf(why, size,
                 "split=even-lone: only a lone live hand holding an even 2m (the others dead) "
                 "may be split, into m,m");
        return;
    }
    int before = many_live(from, n), after = many_live(h, n);
    if (many_total(from, n) != many_total(h, n))
        snprintf(why, size,
                 "a split shares out your own fingers: the hands typed hold another "
                 "total than yours");
    else if (many_same_multiset(from, h, n))
        snprintf(why, size,
                 "that split leaves your hands as they are (or only rearranges "
                 "them), which is no move");
    else if (after < before)
        snprintf(why, size, "that split would empty a live hand (suicide=no)");
    else
        snprintf(why, size, "that split would put fingers on a dead hand (revive=no)");
    (void)after;
}

/* A typed split `x,y,z`: 1 with *to, 0 when text is none, -1 with why. */
static int typed_split(const chopsat_rules *r, const chopsat_pos *p, const char *verb,
                       const char *s, chopsat_pos *to, char *why, size_t size)
{
    int me = (int)p->mover, n = many_n(r, me), bx = many_base(r, me), got = 0;
    uint64_t h[CHOPSAT_HANDS_MAX];
    for (;; s++) {
        uint64_t v;
        if (!chop_read_number(&s, &v)) return 0;
        if (got < CHOPSAT_HANDS_MAX) h[got] = v;
        got++;
        if (*s != ',') break;
    }
    if (*s || (*verb && strcmp(verb, "split"))) return 0;
    if (chop_of(r)->split == SPLIT_NONE) {
        snprintf(why, size, "these rules have no splits (split=none)");
        return -1;
    }
    if (got != n) {
        snprintf(why, size, "a split names all %d of your hands, not %d", n, got);
        return -1;
    }
    many_normalise(r, h, n);
    if (!many_split_legal(r, &p->v[bx], h, n)) {
        split_why(r, &p->v[bx], h, n, why, size);
        return -1;
    }
    *to = *p;
    memcpy(&to->v[bx], h, (size_t)n * sizeof *h);
    to->mover = 3 - p->mover;
    return 1;
}

int many_typed_move(const chopsat_rules *r, const chopsat_pos *p, const char *text, chopsat_pos *to,
                    char *why, size_t size)
{
    static const char *verbs[] = {"tap", "add", "split"};
    const char *verb = "";
    for (size_t i = 0; i < sizeof verbs / sizeof *verbs; i++)
        if (!strncmp(text, verbs[i], strlen(verbs[i]))) {
            verb = verbs[i];
            text += strlen(verbs[i]);
            break;
        }
    if (strchr(text, ',') || (!strcmp(verb, "split") && many_n(r, p->mover) == 1))
        return typed_split(r, p, verb, text, to, why, size);
    return typed_tap(r, p, verb, text, to, why, size);
}
