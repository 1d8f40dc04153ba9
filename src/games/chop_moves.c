/* chop_moves.c: the explicit half of the chopsticks family (docs/rules.md): positions,
 * their index, terminal positions and winners, and the legal moves under every option. It is
 * written from the rules alone; chop_sym.c encodes the same rules independently as a circuit. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "games/chop_options.h"
#include "games/game.h"

/* Number of distinct hand pairs of one player. */
static uint64_t pair_count(const chopsat_rules *r)
{
    uint64_t n = chop_of(r)->fingers;
    return chop_of(r)->ordered ? n * n : n * (n + 1) / 2;
}

static uint64_t pair_index(const chopsat_rules *r, uint64_t a, uint64_t b)
{
    if (chop_of(r)->ordered) return (uint64_t)a * chop_of(r)->fingers + b;
    return (uint64_t)b * (b + 1) / 2 + a; /* a <= b */
}

static uint64_t chop_count(const chopsat_rules *r)
{
    if (chop_of(r)->fingers > (1u << 20)) return 0; /* far past 2^40; pair_count would wrap */
    uint64_t p = pair_count(r);
    if (p > (1u << 19)) return 0; /* 2 * p^2 would pass 2^39 */
    return 2 * p * p;
}

static uint64_t chop_index(const chopsat_rules *r, const chopsat_pos *p)
{
    uint64_t pc = pair_count(r);
    return ((uint64_t)(p->mover - 1) * pc + pair_index(r, p->v[0], p->v[1])) * pc +
           pair_index(r, p->v[2], p->v[3]);
}

/* The game table's mirror_index: the index of i's position with the players' pairs exchanged
 * and the other mover (the index is (mover, player 1's pair, player 2's pair) in base pc). */
static uint64_t chop_mirror_index(const chopsat_rules *r, uint64_t i)
{
    uint64_t pc = pair_count(r), h = pc * pc, j = i < h ? i : i - h;
    uint64_t a = j / pc, b = j % pc;
    return (i < h ? h : 0) + b * pc + a;
}

/* Integer square root: the single-precision root (faster than double; here x < 2^22, as a
 * pair index is below 2^19) corrected to be exact. */
static uint64_t isqrt(uint64_t x)
{
    uint64_t s = (uint64_t)sqrtf((float)x);
    while (s * s > x)
        s--;
    while ((s + 1) * (s + 1) <= x)
        s++;
    return s;
}

/* A position of zeros: copied, it clears a position with a few vector stores (a memset of the
 * 16-word struct is a `rep stos`, a quarter of the solver's time at fingers=64). */
static const chopsat_pos zero_pos;

static bool chop_unindex(const chopsat_rules *r, uint64_t i, chopsat_pos *p)
{
    uint64_t pc = pair_count(r), k1, k2;
    *p = zero_pos;
    if (i <= UINT32_MAX) { /* 32-bit division, several times faster than 64-bit */
        uint32_t i32 = (uint32_t)i, pc32 = (uint32_t)pc, q = i32 / pc32;
        k2 = i32 % pc32, k1 = q % pc32;
        p->mover = q / pc32 + 1;
    } else {
        k2 = i % pc, k1 = (i / pc) % pc;
        p->mover = (uint32_t)(i / pc / pc) + 1;
    }
    if (!chop_of(r)->ordered) {
        /* b = largest with b(b+1)/2 <= k */
        for (int j = 0; j < 2; j++) {
            uint64_t k = j ? k2 : k1;
            uint64_t b = (isqrt(8 * k + 1) - 1) / 2;
            p->v[2 * j + 1] = b;
            p->v[2 * j] = k - b * (b + 1) / 2;
        }
    } else {
        p->v[0] = k1 / chop_of(r)->fingers, p->v[1] = k1 % chop_of(r)->fingers;
        p->v[2] = k2 / chop_of(r)->fingers, p->v[3] = k2 % chop_of(r)->fingers;
    }
    return true;
}

static void chop_start(const chopsat_rules *r, chopsat_pos *p)
{
    (void)r;
    memset(p, 0, sizeof *p);
    p->v[0] = p->v[1] = p->v[2] = p->v[3] = 1;
    p->mover = 1;
}

static int chop_winner(const chopsat_rules *r, const chopsat_pos *p)
{
    bool dead1 = !p->v[0] && !p->v[1], dead2 = !p->v[2] && !p->v[3];
    if (!dead1 && !dead2) return 0;
    int just_moved = 3 - (int)p->mover;
    if (dead1 && dead2) return just_moved; /* cannot arise in play; the last mover wins */
    if (chop_of(r)->win == WIN_ELIMINATE) return dead1 ? 2 : 1;
    return dead1 ? 1 : 2; /* finish: the player whose hands are all 0 has won */
}

/* fingers + 8, or SIZE_MAX when that does not fit (the explicit engines refuse such rules
 * before listing moves: chop_count is 0 for them). */
static size_t chop_max_moves(const chopsat_rules *r)
{
    uint64_t n = chop_of(r)->fingers;
    return n > SIZE_MAX / 64 ? SIZE_MAX : (size_t)n + 8;
}

/* The hand x + y (both below N) by the overflow rule, in exact arithmetic at any N (the sum
 * may pass 2^64): x + y >= N exactly when x >= N - y. */
static uint64_t overflow_sum(const chopsat_rules *r, uint64_t x, uint64_t y)
{
    uint64_t N = chop_of(r)->fingers;
    if (x < N - y) return x + y;
    return chop_of(r)->overflow == OVERFLOW_CUTOFF ? 0 : x - (N - y);
}

static void normalise(const chopsat_rules *r, uint64_t *h)
{
    if (!chop_of(r)->ordered && h[0] > h[1]) {
        uint64_t t = h[0];
        h[0] = h[1];
        h[1] = t;
    }
}

static int live(uint64_t a, uint64_t b)
{
    return (a != 0) + (b != 0);
}

static bool seen_among(const step *out, size_t n, const chopsat_pos *q)
{
    for (size_t i = 0; i < n; i++)
        if (out[i].to.v[0] == q->v[0] && out[i].to.v[1] == q->v[1] && out[i].to.v[2] == q->v[2] &&
            out[i].to.v[3] == q->v[3] && out[i].to.mover == q->mover)
            return true;
    return false;
}

/* The legal splits of the mover's hands (a,b), one at a time: split_start, then split_next
 * gives each pair (x,y) the hands may become (normalised: x <= y unless the hands are
 * ordered), each once, until it returns false. */
typedef struct split_iter {
    uint64_t a, b, x, hi; /* free splits: the next x to try, the last */
    bool done;
} split_iter;

/* The other hand y = a + b - x of a split of (a, b) whose first hand is x, without forming
 * a + b (which may pass 2^64); x <= a + b. */
static inline uint64_t split_rest(uint64_t a, uint64_t b, uint64_t x)
{
    return x <= a ? (a - x) + b : b - (x - a);
}

static inline void split_start(const chopsat_rules *r, uint64_t a, uint64_t b, split_iter *it)
{
    const chop_rules *c = chop_of(r);
    uint64_t N = c->fingers, room = N - 1 - b; /* a + b >= N exactly when a > room */
    *it = (split_iter){.a = a, .b = b, .done = c->split == SPLIT_NONE};
    if (c->split != SPLIT_FREE) return;
    it->x = a > room ? a - room : 0;                 /* y = a + b - x must stay below N */
    it->hi = a > room ? N - 1 : a + b;               /* and x itself */
    uint64_t half = a / 2 + b / 2 + (a & b & 1);     /* (a + b) / 2 */
    if (!c->ordered && it->hi > half) it->hi = half; /* x <= y */
    if (it->x > it->hi) it->done = true;
}

static inline bool split_next(const chopsat_rules *r, split_iter *it, uint64_t *h)
{
    const chop_rules *c = chop_of(r);
    uint64_t a = it->a, b = it->b;
    if (it->done) return false;
    if (c->split == SPLIT_EVEN_LONE) {
        uint64_t lone = a ? b : a, other = a ? a : b;
        it->done = true;
        if (lone != 0 || other % 2 != 0 || other == 0 || live(a, b) != 1) return false;
        h[0] = h[1] = other / 2;
        return true;
    }
    while (!it->done) {
        uint64_t x = it->x, y = split_rest(a, b, x);
        if (x == it->hi)
            it->done = true;
        else
            it->x++;
        if ((x == a && y == b) || (x == b && y == a)) continue; /* no swap, no no-op */
        if (!c->suicide && live(x, y) < live(a, b)) continue;
        if (!c->revive && live(x, y) > live(a, b)) continue;
        h[0] = x;
        h[1] = y;
        return true;
    }
    return false;
}

/* An upper bound on the moves of p, and on the steps chop_moves writes for it (four taps, every
 * split the iterator tries, and the one built in place past the last): saturates at SIZE_MAX. */
static size_t chop_moves_at(const chopsat_rules *r, const chopsat_pos *p)
{
    int bx = p->mover == 1 ? 0 : 2;
    split_iter it;
    split_start(r, p->v[bx], p->v[bx + 1], &it);
    uint64_t splits = chop_of(r)->split == SPLIT_EVEN_LONE ? 1 : it.done ? 0 : it.hi - it.x;
    return splits >= SIZE_MAX - 8 ? SIZE_MAX : (size_t)splits + 7;
}

/* The tap of the mover's hand i (pair at bx) with the opponent's hand j: the pair it changes
 * (returned: bx for tap=self-add, the opponent's otherwise) gets the hands h (normalised). */
static inline int tap_result(const chopsat_rules *r, const chopsat_pos *p, int bx, int i, int j,
                             uint64_t *h)
{
    int by = 2 - bx;
    uint64_t v = overflow_sum(r, p->v[bx + i], p->v[by + j]);
    bool opp = chop_of(r)->tap == TAP_OPPONENT;
    int bt = opp ? by : bx;
    h[0] = p->v[bt];
    h[1] = p->v[bt + 1];
    h[opp ? j : i] = v;
    normalise(r, h);
    return bt;
}

/* The splits of the mover's hands (at bx); appends the ones not already in out[0..ntaps). */
static size_t add_splits(const chopsat_rules *r, const chopsat_pos *p, int bx, step *out, size_t n,
                         size_t ntaps)
{
    split_iter it;
    uint64_t h[2];
    split_start(r, p->v[bx], p->v[bx + 1], &it);
    while (split_next(r, &it, h)) {
        step *s = &out[n]; /* built in place */
        s->to = *p;
        s->to.v[bx] = h[0];
        s->to.v[bx + 1] = h[1];
        s->to.mover = 3 - p->mover;
        s->kind = CHOPSAT_SPLIT;
        s->a = s->b = 0;
        if (!ntaps || !seen_among(out, ntaps, &s->to)) n++;
    }
    return n;
}

static size_t chop_moves(const chopsat_rules *r, const chopsat_pos *p, step *out)
{
    int bx = p->mover == 1 ? 0 : 2, by = 2 - bx;
    size_t n = 0;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            if (!p->v[bx + i] || !p->v[by + j]) continue;
            step *s = &out[n];
            uint64_t h[2];
            int bt = tap_result(r, p, bx, i, j, h);
            s->to = *p;
            s->kind = CHOPSAT_TAP;
            s->a = (uint8_t)i;
            s->b = (uint8_t)j;
            s->to.v[bt] = h[0];
            s->to.v[bt + 1] = h[1];
            s->to.mover = 3 - p->mover;
            if (!seen_among(out, n, &s->to)) n++;
        }
    /* a tap of the opponent's hand leaves the mover's hands, which a split changes: only an
     * add (tap=self-add) can lead where a split does */
    return add_splits(r, p, bx, out, n, chop_of(r)->tap == TAP_OPPONENT ? 0 : n);
}

/* The split of the mover's pair (a, b) into q's (x, y) (normalised as moves() leaves it):
 * legal by the split rule, decided from the rules without listing the splits. */
static bool split_legal(const chopsat_rules *r, uint64_t a, uint64_t b, uint64_t x, uint64_t y)
{
    const chop_rules *c = chop_of(r);
    uint64_t N = c->fingers;
    if (c->split == SPLIT_NONE || x >= N || y >= N) return false;
    if (!c->ordered && x > y) return false; /* moves() keeps unordered pairs smaller first */
    if (c->split == SPLIT_EVEN_LONE) {
        uint64_t other = a ? a : b;
        return live(a, b) == 1 && other % 2 == 0 && x == other / 2 && y == other / 2;
    }
    /* x + y == a + b in exact arithmetic: the differences balance */
    bool same_sum = x >= a ? b >= y && x - a == b - y : y >= b && a - x == y - b;
    if (!same_sum || (x == a && y == b) || (x == b && y == a)) return false;
    if (!c->suicide && live(x, y) < live(a, b)) return false;
    if (!c->revive && live(x, y) > live(a, b)) return false;
    return true;
}

/* The move from p to q without listing p's moves: the taps in moves()'s order (the first that
 * leads to q is the one the list keeps), then the one split that could. */
static bool chop_step_to(const chopsat_rules *r, const chopsat_pos *p, const chopsat_pos *q,
                         step *s)
{
    int bx = p->mover == 1 ? 0 : 2, by = 2 - bx;
    if (q->mover != 3 - p->mover || q->unused) return false;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            if (!p->v[bx + i] || !p->v[by + j]) continue;
            uint64_t h[2];
            int bt = tap_result(r, p, bx, i, j, h);
            chopsat_pos to = *p;
            to.v[bt] = h[0];
            to.v[bt + 1] = h[1];
            to.mover = 3 - p->mover;
            if (!memcmp(&to, q, sizeof to)) {
                *s = (step){.to = to, .kind = CHOPSAT_TAP, .a = (uint8_t)i, .b = (uint8_t)j};
                return true;
            }
        }
    /* a split changes only the mover's pair */
    if (q->v[by] != p->v[by] || q->v[by + 1] != p->v[by + 1]) return false;
    if (!split_legal(r, p->v[bx], p->v[bx + 1], q->v[bx], q->v[bx + 1])) return false;
    *s = (step){.to = *q, .kind = CHOPSAT_SPLIT};
    return true;
}

static bool index_among(const uint64_t *out, size_t n, uint64_t j)
{
    for (size_t i = 0; i < n; i++)
        if (out[i] == j) return true;
    return false;
}

/* The successors' indices straight from the rules' helpers above, each base + the mover's
 * pair times wx + the opponent's pair times wy: a move changes one pair (a tap the tapped pair,
 * a split the mover's), so the other pair's part of the index is computed once. */
static size_t successors_at(const chopsat_rules *r, const chopsat_pos *p, uint64_t base,
                            uint64_t wx, uint64_t wy, uint64_t *out)
{
    int bx = p->mover == 1 ? 0 : 2, by = 2 - bx;
    uint64_t kx = pair_index(r, p->v[bx], p->v[bx + 1]) * wx;
    uint64_t ky = pair_index(r, p->v[by], p->v[by + 1]) * wy;
    size_t n = 0;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            if (!p->v[bx + i] || !p->v[by + j]) continue;
            uint64_t h[2];
            int bt = tap_result(r, p, bx, i, j, h);
            uint64_t k = base + (bt == bx ? pair_index(r, h[0], h[1]) * wx + ky
                                          : kx + pair_index(r, h[0], h[1]) * wy);
            if (!index_among(out, n, k)) out[n++] = k;
        }
    size_t ntaps = chop_of(r)->tap == TAP_OPPONENT ? 0 : n; /* as in chop_moves */
    split_iter it;
    uint64_t h[2];
    split_start(r, p->v[bx], p->v[bx + 1], &it);
    while (split_next(r, &it, h)) {
        uint64_t k = base + pair_index(r, h[0], h[1]) * wx + ky;
        if (!ntaps || !index_among(out, ntaps, k)) out[n++] = k;
    }
    return n;
}

/* The number of legal splits of the mover's hands (a, b), as split_next lists them, counted
 * without listing: the free splits are the x of [x, hi] less the no-op and the swap, less the
 * splits that empty a hand without suicide, and none at all that keep a dead hand dead when a
 * split may not revive it (both such splits are the no-op or the swap). */
static uint64_t split_count(const chopsat_rules *r, uint64_t a, uint64_t b)
{
    const chop_rules *c = chop_of(r);
    split_iter it;
    uint64_t h[2];
    split_start(r, a, b, &it);
    if (it.done) return 0;
    if (c->split == SPLIT_EVEN_LONE) return split_next(r, &it, h) ? 1 : 0;
    int la = live(a, b);
    if (!c->revive && la == 1) return 0;
    uint64_t lo = it.x, hi = it.hi, n = hi - lo + 1, room = c->fingers - 1 - b;
    n -= lo <= a && a <= hi;
    n -= b != a && lo <= b && b <= hi;
    if (!c->suicide && la == 2) {
        n -= lo == 0;                  /* x = 0, y = a + b */
        n -= a <= room && hi == a + b; /* x = a + b, y = 0 (a + b below N) */
    }
    return n;
}

/* The game table's successor_count: with taps of the opponent's hands, which change only the
 * opponent's pair and always change it, while a split changes only the mover's, the distinct
 * taps plus the splits; SIZE_MAX (list them) with self-add taps, which a split may repeat. */
static size_t chop_successor_count(const chopsat_rules *r, const chopsat_pos *p)
{
    if (chop_of(r)->tap != TAP_OPPONENT) return SIZE_MAX;
    int bx = p->mover == 1 ? 0 : 2, by = 2 - bx;
    uint64_t taps[4];
    size_t n = 0;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            if (!p->v[bx + i] || !p->v[by + j]) continue;
            uint64_t h[2];
            tap_result(r, p, bx, i, j, h);
            uint64_t k = pair_index(r, h[0], h[1]);
            if (!index_among(taps, n, k)) taps[n++] = k;
        }
    uint64_t s = split_count(r, p->v[bx], p->v[bx + 1]);
    return s >= SIZE_MAX - n ? SIZE_MAX - 1 : n + (size_t)s;
}

/* The game table's successors: the other player moves next, player 1's pair comes first. */
static size_t chop_successors(const chopsat_rules *r, const chopsat_pos *p, uint64_t *out)
{
    uint64_t pc = pair_count(r);
    return successors_at(r, p, (uint64_t)(2 - p->mover) * pc * pc, p->mover == 1 ? pc : 1,
                         p->mover == 1 ? 1 : pc, out);
}

/* The game table's mirror_successors: the successors' mirrors, whose mover is p's and whose
 * first pair is the opponent's. */
static size_t chop_mirror_successors(const chopsat_rules *r, const chopsat_pos *p, uint64_t *out)
{
    uint64_t pc = pair_count(r);
    return successors_at(r, p, (uint64_t)(p->mover - 1) * pc * pc, p->mover == 1 ? 1 : pc,
                         p->mover == 1 ? pc : 1, out);
}

static void chop_move_name(const chopsat_rules *r, const chopsat_pos *p, const step *s, char *buf,
                           size_t size)
{
    int bx = p->mover == 1 ? 0 : 2, by = 2 - bx;
    int mine = bx + s->a, theirs = by + s->b;
    if (s->kind == CHOPSAT_SPLIT) {
        snprintf(buf, size, "split %" PRIu64 ",%" PRIu64, s->to.v[bx], s->to.v[bx + 1]);
    } else if (chop_of(r)->ordered) {
        snprintf(buf, size, "%s %c%c%c", chop_of(r)->tap == TAP_OPPONENT ? "tap" : "add",
                 "LR"[s->a], chop_of(r) -> tap == TAP_OPPONENT ? '>' : '+', "LR"[s->b]);
    } else {
        snprintf(buf, size, "%s %" PRIu64 "%c%" PRIu64,
                 chop_of(r)->tap == TAP_OPPONENT ? "tap" : "add", p->v[mine],
                 chop_of(r)->tap == TAP_OPPONENT ? '>' : '+', p->v[theirs]);
    }
}

/* Reads the decimal number at s (digits only, at least one) into *v, exactly: false when it
 * passes 2^64 - 1. *end is left after the digits. */
static bool read_u64(const char *s, const char **end, uint64_t *v)
{
    bool ok = true;
    *v = 0;
    for (; *s >= '0' && *s <= '9'; s++) {
        unsigned d = (unsigned)(*s - '0');
        if (*v > (UINT64_MAX - d) / 10)
            ok = false;
        else
            *v = *v * 10 + d;
    }
    *end = s;
    return ok;
}

/* Parses one player's hands: "ab" (two digits, fingers <= 10) or "a,b". */
static int parse_hands(const chopsat_rules *r, const char *s, size_t len, uint64_t *h,
                       chopsat_err *err)
{
    char tmp[64];
    if (len == 0 || len >= sizeof tmp) return fail(err, "position: bad hands '%.*s'", (int)len, s);
    memcpy(tmp, s, len);
    tmp[len] = 0;
    const char *comma = strchr(tmp, ',');
    uint64_t v[2];
    bool fits[2] = {true, true};
    if (comma) {
        const char *end;
        for (int i = 0; i < 2; i++) {
            const char *start = i ? comma + 1 : tmp;
            if (*start < '0' || *start > '9')
                return fail(err, "position: bad hands '%s' (want a,b)", tmp);
            fits[i] = read_u64(start, &end, &v[i]);
            if (end != (i ? tmp + len : comma))
                return fail(err, "position: bad hands '%s' (want a,b)", tmp);
        }
    } else {
        if (len != 2 || tmp[0] < '0' || tmp[0] > '9' || tmp[1] < '0' || tmp[1] > '9')
            return fail(err, "position: bad hands '%s' (want two digits or a,b)", tmp);
        if (chop_of(r)->fingers > 10)
            return fail(err, "position: hands '%s' must be written a,b when fingers > 10", tmp);
        v[0] = (uint64_t)(tmp[0] - '0');
        v[1] = (uint64_t)(tmp[1] - '0');
    }
    for (int i = 0; i < 2; i++) {
        if (!fits[i] || v[i] >= chop_of(r)->fingers) {
            const char *start = comma ? (i ? comma + 1 : tmp) : tmp + i;
            int digits = comma ? (int)(i ? tmp + len - start : comma - tmp) : 1;
            return fail(err, "position: a hand of %.*s finger%s is out of range (0 .. %" PRIu64 ")",
                        digits, start, fits[i] && v[i] == 1 ? "" : "s", chop_of(r)->fingers - 1);
        }
        h[i] = v[i];
    }
    normalise(r, h);
    return 0;
}

static int chop_parse(const chopsat_rules *r, const char *text, chopsat_pos *out, chopsat_err *err)
{
    memset(out, 0, sizeof *out);
    const char *slash = strchr(text, '/');
    if (!slash) return fail(err, "position: '%s' has no '/' (want P1/P2[:M], e.g. 11/04)", text);
    const char *colon = strchr(slash, ':');
    const char *end2 = colon ? colon : text + strlen(text);
    if (parse_hands(r, text, (size_t)(slash - text), &out->v[0], err) ||
        parse_hands(r, slash + 1, (size_t)(end2 - slash - 1), &out->v[2], err)) {
        char inner[sizeof err->msg];
        snprintf(inner, sizeof inner, "%s", err ? err->msg : "");
        return fail(err, "%s in '%s'", inner, text);
    }
    out->mover = 1;
    if (colon) {
        if (!strcmp(colon + 1, "1"))
            out->mover = 1;
        else if (!strcmp(colon + 1, "2"))
            out->mover = 2;
        else
            return fail(err, "position: player to move '%s' in '%s' is not 1 or 2", colon + 1,
                        text);
    }
    return 0;
}

static void chop_format(const chopsat_rules *r, const chopsat_pos *p, char *buf, size_t size)
{
    if (chop_of(r)->fingers <= 10)
        snprintf(buf, size, "%" PRIu64 "%" PRIu64 "/%" PRIu64 "%" PRIu64 ":%u", p->v[0], p->v[1],
                 p->v[2], p->v[3], p->mover);
    else
        snprintf(buf, size, "%" PRIu64 ",%" PRIu64 "/%" PRIu64 ",%" PRIu64 ":%u", p->v[0], p->v[1],
                 p->v[2], p->v[3], p->mover);
}

/* ---- the best-move chart: rows are the mover's hands, columns the opponent's, both in
 * lexicographic order (00, 01, .., 0N-1, 11, 12, ..); player 1 is the mover. ---- */

static uint64_t chop_chart_size(const chopsat_rules *r, int axis)
{
    (void)axis;
    return pair_count(r);
}

/* The k-th hands in lexicographic order: (a,b) with a <= b when unordered. */
static void chart_hands(const chopsat_rules *r, uint64_t k, uint64_t *h)
{
    uint64_t N = chop_of(r)->fingers;
    if (chop_of(r)->ordered) {
        h[0] = k / N, h[1] = k % N;
        return;
    }
    uint64_t a = 0;
    while (k >= N - a)
        k -= N - a++; /* row a holds (a,a) .. (a,N-1) */
    h[0] = a, h[1] = a + k;
}

static void chop_chart_label(const chopsat_rules *r, int axis, uint64_t k, char *buf, size_t size)
{
    (void)axis;
    uint64_t h[2];
    chart_hands(r, k, h);
    if (chop_of(r)->fingers <= 10)
        snprintf(buf, size, "%" PRIu64 "%" PRIu64, h[0], h[1]);
    else
        snprintf(buf, size, "%" PRIu64 ",%" PRIu64, h[0], h[1]);
}

static void chop_chart_legend(const chopsat_rules *r, char *buf, size_t size)
{
    const char *tap = chop_of(r)->tap == TAP_OPPONENT
                          ? (chop_of(r)->ordered ? "L>R: tap their right hand with your left"
                                                 : "a>b: tap their b with your a")
                          : (chop_of(r)->ordered ? "L+R: add their right hand to your left"
                                                 : "a+b: add their b to your a");
    snprintf(buf, size, "%s%s; #: the game is over", tap,
             chop_of(r)->split == SPLIT_NONE ? "" : "; x,y: split your hands into x,y");
}

static bool chop_chart_cell(const chopsat_rules *r, uint64_t row, uint64_t col, chopsat_pos *p)
{
    memset(p, 0, sizeof *p);
    chart_hands(r, row, &p->v[0]);
    chart_hands(r, col, &p->v[2]);
    p->mover = 1;
    return true;
}

/* ---- the board for a person (chopsat play): each player's hands as rows of fingers ---- */

static void chop_draw(const chopsat_rules *r, const chopsat_pos *p, FILE *out)
{
    char num[32];
    snprintf(num, sizeof num, "%" PRIu64, chop_of(r)->fingers - 1);
    int width = chop_of(r)->fingers <= 11 ? (int)chop_of(r)->fingers - 1 : (int)strlen(num);
    if (width < 4) width = 4; /* room for "dead" */
    for (int player = 2; player >= 1; player--) {
        int bx = player == 1 ? 0 : 2;
        bool to_move = (int)p->mover == player && !chop_winner(r, p);
        fprintf(out, "  %s player %d   ", to_move ? ">" : " ", player);
        for (int h = 0; h < 2; h++) {
            if (chop_of(r)->ordered) fprintf(out, "%c ", "LR"[h]);
            chop_draw_hand(r, p->v[bx + h], h ? 0 : width, out);
            fprintf(out, h ? "\n" : "   ");
        }
    }
}

/* No move of the chopsticks family is left to chance. */
static bool chop_chance(const chopsat_rules *r, const chopsat_pos *p)
{
    (void)r, (void)p;
    return false;
}

/* ---- un-moves: the predecessors of a position, generated from the rules backwards (the
 * tablebase solver, src/explicit/solve.c, walks them instead of storing reversed edges) ---- */

static size_t chop_max_unmoves(const chopsat_rules *r)
{
    return 4 * (size_t)chop_of(r)->fingers + 16;
}

/* The distinct live values of hands h[0], h[1] (0, 1 or 2 of them) into out. */
static int live_values(const uint64_t *h, uint64_t *out)
{
    int n = 0;
    if (h[0]) out[n++] = h[0];
    if (h[1] && h[1] != h[0]) out[n++] = h[1];
    return n;
}

/* Appends q = p with player 3-p->mover to move and hands [bx], [bx+1] set to (x, y). */
static size_t add_pred(const chopsat_rules *r, const chopsat_pos *p, int bx, uint64_t x, uint64_t y,
                       chopsat_pos *out, size_t n)
{
    chopsat_pos *q = &out[n]; /* written in place: no copy reads back the hands just set */
    *q = *p;
    q->v[bx] = x;
    q->v[bx + 1] = y;
    normalise(r, &q->v[bx]);
    q->mover = 3 - p->mover;
    return n + 1;
}

/* Un-taps: a hand of the pair at bt (in p) was the live hand h with overflow(h + a) == its
 * value, a being a live hand of the pair at ba (unchanged by the tap). Every (slot, h) once:
 * for a result 0 under cutoff every h >= N - max(a) qualifies; otherwise h = v - a (mod N
 * under rollover), distinct for distinct a. */
static size_t untaps(const chopsat_rules *r, const chopsat_pos *p, int bt, int ba, chopsat_pos *out,
                     size_t n)
{
    uint64_t N = chop_of(r)->fingers, adders[2];
    int na = live_values(&p->v[ba], adders);
    if (!na) return n;
    bool rollover = chop_of(r)->overflow == OVERFLOW_ROLLOVER;
    for (int slot = 0; slot < 2; slot++) {
        uint64_t v = p->v[bt + slot], w = p->v[bt + 1 - slot];
        if (slot == 1 && !chop_of(r)->ordered && v == w) break; /* the same pair again */
        if (v == 0 && !rollover) {
            uint64_t amax = na == 2 && adders[1] > adders[0] ? adders[1] : adders[0];
            for (uint64_t h = N - amax; h < N; h++)
                n = add_pred(r, p, bt, slot ? w : h, slot ? h : w, out, n);
            continue;
        }
        for (int k = 0; k < na; k++) {
            uint64_t a = adders[k], h;
            if (rollover)
                h = v >= a ? v - a : v + (N - a); /* v - a mod N; a < N */
            else if (v > a)
                h = v - a;
            else
                continue;
            if (h == 0) continue;
            n = add_pred(r, p, bt, slot ? w : h, slot ? h : w, out, n);
        }
    }
    return n;
}

static bool pos_among(const chopsat_pos *out, size_t n, const chopsat_pos *q)
{
    for (size_t i = 0; i < n; i++)
        if (!memcmp(&out[i], q, sizeof *q)) return true;
    return false;
}

/* Un-splits: the pairs (x, y) the mover's hands at bx could have held before a split that
 * left (a, b); appended unless already among out[0..ntaps). */
static size_t unsplits(const chopsat_rules *r, const chopsat_pos *p, int bx, chopsat_pos *out,
                       size_t n, size_t ntaps)
{
    const chop_rules *c = chop_of(r);
    uint64_t a = p->v[bx], b = p->v[bx + 1], N = c->fingers;
    chopsat_pos q = *p;
    q.mover = 3 - p->mover;
    if (c->split == SPLIT_NONE) return n;
    if (c->split == SPLIT_EVEN_LONE) {
        if (a != b || a == 0 || a >= N - a) return n; /* 2a >= N */
        for (int k = 0; k < (c->ordered ? 2 : 1); k++) {
            q.v[bx] = k ? 2 * a : 0;
            q.v[bx + 1] = k ? 0 : 2 * a;
            if (!pos_among(out, ntaps, &q)) out[n++] = q;
        }
        return n;
    }
    if (a == 0 && b == 0) return n;
    uint64_t room = N - 1 - b; /* a + b >= N exactly when a > room */
    uint64_t lo = a > room ? a - room : 0, hi = a > room ? N - 1 : a + b;
    uint64_t half = a / 2 + b / 2 + (a & b & 1);
    if (!c->ordered && hi > half) hi = half;
    for (uint64_t x = lo; x <= hi; x++) {
        uint64_t y = split_rest(a, b, x);
        if ((x == a && y == b) || (x == b && y == a)) continue;
        if (!c->suicide && live(a, b) < live(x, y)) continue;
        if (!c->revive && live(a, b) > live(x, y)) continue;
        q.v[bx] = x;
        q.v[bx + 1] = y;
        if (!pos_among(out, ntaps, &q)) out[n++] = q;
    }
    return n;
}

/* Writes the distinct predecessors of p (every non-terminal q with p among moves(q)). */
static size_t chop_unmoves(const chopsat_rules *r, const chopsat_pos *p, chopsat_pos *out)
{
    int bm = p->mover == 1 ? 0 : 2, bo = 2 - bm; /* p's mover; the player who just moved */
    if (!live(p->v[bm], p->v[bm + 1]) && !live(p->v[bo], p->v[bo + 1])) return 0;
    size_t n = 0;
    if (chop_of(r)->tap == TAP_OPPONENT) {
        n = untaps(r, p, bm, bo, out, n);
        if (!live(p->v[bm], p->v[bm + 1])) return n; /* q would have had no hand left */
        return unsplits(r, p, bo, out, n, 0);
    }
    if (!live(p->v[bm], p->v[bm + 1])) return 0;
    n = untaps(r, p, bo, bm, out, n);
    return unsplits(r, p, bo, out, n, n);
}

const game chop_game = {
    .name = "chopsticks",
    .rules_size = sizeof(chop_rules),
    .count = chop_count,
    .index = chop_index,
    .unindex = chop_unindex,
    .start = chop_start,
    .winner = chop_winner,
    .max_moves = chop_max_moves,
    .moves_at = chop_moves_at,
    .moves = chop_moves,
    .successors = chop_successors,
    .step_to = chop_step_to,
    .mirror_index = chop_mirror_index,
    .mirror_successors = chop_mirror_successors,
    .successor_count = chop_successor_count,
    .max_unmoves = chop_max_unmoves,
    .unmoves = chop_unmoves,
    .move_name = chop_move_name,
    .parse = chop_parse,
    .typed_move = chop_typed_move,
    .format = chop_format,
    .draw = chop_draw,
    .chance = chop_chance,
    .title = "the chopsticks family",
    .options = chop_options,
    .defaults = chop_defaults,
    .get_option = chop_get_option,
    .set_option = chop_set_option,
    .check = chop_check,
    .variant = chop_variant,
    .hands = chop_hands_of,
    .chart_title = {"the mover's hands", "the opponent's hands"},
    .chart_legend = chop_chart_legend,
    .chart_size = chop_chart_size,
    .chart_label = chop_chart_label,
    .chart_cell = chop_chart_cell,
};
