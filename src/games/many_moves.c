/* many_moves.c: the explicit half of the chopsticks family at any hand count (docs/rules.md,
 * "Any number of hands (`count`)"): the start, terminal positions and winners, the legal moves
 * in the page's order with their names, a move decided directly from the rules, and the game
 * table many_game. It is written from the rules page, apart from chop_moves.c (which plays
 * count=2/2) and from the symbolic half; at 2/2 the tests hold the two explicit halves equal. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "games/many_hands.h"

/* The player to move's hands and the opponent's: where they begin and how many. */
typedef struct sides {
    int bx, nx, by, ny;
} sides;

/* Where p's mover's hands and the opponent's lie. */
static sides sides_of(const chopsat_rules *r, const chopsat_pos *p)
{
    int me = (int)p->mover == 2 ? 2 : 1;
    return (sides){many_base(r, me), many_n(r, me), many_base(r, 3 - me), many_n(r, 3 - me)};
}

/* Every hand of both players holds 1 finger, player 1 to move. */
static void many_start(const chopsat_rules *r, chopsat_pos *p)
{
    memset(p, 0, sizeof *p);
    for (int i = 0; i < many_n(r, 1) + many_n(r, 2); i++)
        p->v[i] = 1;
    p->mover = 1;
}

/* 1 or 2 when a player has no live hand (by the win rule), else 0. */
static int many_winner(const chopsat_rules *r, const chopsat_pos *p)
{
    bool dead1 = !many_live(&p->v[0], many_n(r, 1));
    bool dead2 = !many_live(&p->v[many_base(r, 2)], many_n(r, 2));
    if (!dead1 && !dead2) return 0;
    if (dead1 && dead2) return 3 - (int)p->mover; /* the player who has just moved */
    if (chop_of(r)->win == WIN_ELIMINATE) return dead1 ? 2 : 1;
    return dead1 ? 1 : 2;
}

/* n + extra as a size, saturating at SIZE_MAX. */
static size_t size_sat(uint64_t n, uint64_t extra)
{
    if (n > SIZE_MAX - extra || n > UINT64_MAX - extra) return SIZE_MAX;
    return (size_t)(n + extra);
}

/* The taps of the larger product of hands and the most splits of either player. */
static size_t many_max_moves(const chopsat_rules *r)
{
    uint64_t taps = (uint64_t)many_n(r, 1) * (uint64_t)many_n(r, 2);
    uint64_t s1 = many_splits_bound_any(r, many_n(r, 1)),
             s2 = many_splits_bound_any(r, many_n(r, 2));
    return size_sat(s1 > s2 ? s1 : s2, taps);
}

/* p's taps at most, and a bound on the splits of the mover's total. */
static size_t many_moves_at(const chopsat_rules *r, const chopsat_pos *p)
{
    sides s = sides_of(r, p);
    return size_sat(many_splits_bound(r, &p->v[s.bx], s.nx), (uint64_t)(s.nx * s.ny));
}

/* The position the tap of the mover's hand i on the opponent's hand j leads to. */
static void tap_to(const chopsat_rules *r, const chopsat_pos *p, const sides *s, int i, int j,
                   chopsat_pos *to)
{
    *to = *p;
    uint64_t v = many_after(r, p->v[s->bx + i], p->v[s->by + j]);
    if (chop_of(r)->tap == TAP_OPPONENT) {
        to->v[s->by + j] = v;
        many_normalise(r, &to->v[s->by], s->ny);
    } else {
        to->v[s->bx + i] = v;
        many_normalise(r, &to->v[s->bx], s->nx);
    }
    to->mover = 3 - p->mover;
}

/* True when q is the result of one of out[0..n). */
static bool among(const step *out, size_t n, const chopsat_pos *q)
{
    for (size_t i = 0; i < n; i++)
        if (!memcmp(&out[i].to, q, sizeof *q)) return true;
    return false;
}

/* The moves of p in the page's order: taps by the mover's hand, then the opponent's; then the
 * splits in lexicographic order of their result; a result reached twice kept once, first. */
static size_t many_moves(const chopsat_rules *r, const chopsat_pos *p, step *out)
{
    sides s = sides_of(r, p);
    size_t n = 0;
    for (int i = 0; i < s.nx; i++)
        for (int j = 0; j < s.ny; j++) {
            if (!p->v[s.bx + i] || !p->v[s.by + j]) continue;
            chopsat_pos to;
            tap_to(r, p, &s, i, j, &to);
            if (!among(out, n, &to))
                out[n++] = (step){.to = to, .kind = CHOPSAT_TAP, .a = (uint8_t)i, .b = (uint8_t)j};
        }
    /* a tap of the opponent changes their hands and a split the mover's: only an add can lead
     * where a split does */
    size_t ntaps = chop_of(r)->tap == TAP_OPPONENT ? 0 : n;
    many_split_iter it;
    uint64_t h[CHOPSAT_HANDS_MAX];
    many_split_start(r, &p->v[s.bx], s.nx, &it);
    while (many_split_next(&it, h)) {
        chopsat_pos to = *p;
        memcpy(&to.v[s.bx], h, (size_t)s.nx * sizeof *h);
        to.mover = 3 - p->mover;
        if (!among(out, ntaps, &to)) out[n++] = (step){.to = to, .kind = CHOPSAT_SPLIT};
    }
    return n;
}

/* True when j is among out[0..n). */
static bool index_among(const uint64_t *out, size_t n, uint64_t j)
{
    for (size_t i = 0; i < n; i++)
        if (out[i] == j) return true;
    return false;
}

/* The indices of moves(p)'s positions, without building the steps: a move changes one player's
 * hands, so the other's part of the index is computed once. */
static size_t many_successors(const chopsat_rules *r, const chopsat_pos *p, uint64_t *out)
{
    sides s = sides_of(r, p);
    uint64_t p2 = many_hands_count(r, many_n(r, 2)), p1 = many_hands_count(r, many_n(r, 1));
    uint64_t wx = s.bx == 0 ? p2 : 1, wy = s.by == 0 ? p2 : 1; /* player 1's hands weigh P2 */
    uint64_t base = (uint64_t)(2 - p->mover) * p1 * p2;        /* the other player moves next */
    uint64_t kx = many_hands_index(r, &p->v[s.bx], s.nx) * wx;
    uint64_t ky = many_hands_index(r, &p->v[s.by], s.ny) * wy;
    bool taps = chop_of(r)->tap == TAP_OPPONENT;
    size_t n = 0;
    for (int i = 0; i < s.nx; i++)
        for (int j = 0; j < s.ny; j++) {
            if (!p->v[s.bx + i] || !p->v[s.by + j]) continue;
            uint64_t h[CHOPSAT_HANDS_MAX], v = many_after(r, p->v[s.bx + i], p->v[s.by + j]);
            int b = taps ? s.by : s.bx, nh = taps ? s.ny : s.nx;
            memcpy(h, &p->v[b], (size_t)nh * sizeof *h);
            h[taps ? j : i] = v;
            many_normalise(r, h, nh);
            uint64_t k = base + (taps ? kx + many_hands_index(r, h, nh) * wy
                                      : many_hands_index(r, h, nh) * wx + ky);
            if (!index_among(out, n, k)) out[n++] = k;
        }
    size_t ntaps = taps ? 0 : n; /* as in many_moves */
    many_split_iter it;
    uint64_t h[CHOPSAT_HANDS_MAX];
    many_split_start(r, &p->v[s.bx], s.nx, &it);
    while (many_split_next(&it, h)) {
        uint64_t k = base + many_hands_index(r, h, s.nx) * wx + ky;
        if (!index_among(out, ntaps, k)) out[n++] = k;
    }
    return n;
}

/* The move from p to q decided from the rules: each tap in the list's order (the first that
 * leads to q is the one the list keeps), then the one split that could. */
static bool many_step_to(const chopsat_rules *r, const chopsat_pos *p, const chopsat_pos *q,
                         step *out)
{
    sides s = sides_of(r, p);
    if (q->mover != 3 - p->mover || q->unused) return false;
    for (int i = 0; i < s.nx; i++)
        for (int j = 0; j < s.ny; j++) {
            if (!p->v[s.bx + i] || !p->v[s.by + j]) continue;
            chopsat_pos to;
            tap_to(r, p, &s, i, j, &to);
            if (!memcmp(&to, q, sizeof to)) {
                *out = (step){.to = to, .kind = CHOPSAT_TAP, .a = (uint8_t)i, .b = (uint8_t)j};
                return true;
            }
        }
    /* a split changes only the mover's hands */
    chopsat_pos same = *q;
    memcpy(&same.v[s.bx], &p->v[s.bx], (size_t)s.nx * sizeof *p->v);
    same.mover = p->mover;
    if (memcmp(&same, p, sizeof same)) return false;
    if (!many_split_legal(r, &p->v[s.bx], &q->v[s.bx], s.nx)) return false;
    *out = (step){.to = *q, .kind = CHOPSAT_SPLIT};
    return true;
}

char many_hand_letter(const chopsat_rules *r, int i)
{
    if (many_n(r, 1) == 2 && many_n(r, 2) == 2) return "LR"[i & 1];
    return (char)('A' + i);
}

/* `tap a>b` / `add a+b` by value, `tap A>C` / `L>R` by letter, `split x,y,z`. */
static void many_move_name(const chopsat_rules *r, const chopsat_pos *p, const step *st, char *buf,
                           size_t size)
{
    sides s = sides_of(r, p);
    bool taps = chop_of(r)->tap == TAP_OPPONENT;
    if (st->kind == CHOPSAT_SPLIT) {
        size_t len = (size_t)snprintf(buf, size, "split");
        for (int i = 0; i < s.nx && len < size; i++)
            len += (size_t)snprintf(buf + len, size - len, "%s%" PRIu64, i ? "," : " ",
                                    st->to.v[s.bx + i]);
    } else if (chop_of(r)->ordered) {
        snprintf(buf, size, "%s %c%c%c", taps ? "tap" : "add", many_hand_letter(r, st->a),
                 taps ? '>' : '+', many_hand_letter(r, st->b));
    } else {
        snprintf(buf, size, "%s %" PRIu64 "%c%" PRIu64, taps ? "tap" : "add", p->v[s.bx + st->a],
                 taps ? '>' : '+', p->v[s.by + st->b]);
    }
}

/* No move of the chopsticks family is left to chance. */
static bool many_chance(const chopsat_rules *r, const chopsat_pos *p)
{
    (void)r, (void)p;
    return false;
}

const game many_game = {
    .name = "chopsticks",
    .rules_size = sizeof(chop_rules),
    .count = many_count,
    .index = many_index,
    .unindex = many_unindex,
    .start = many_start,
    .winner = many_winner,
    .max_moves = many_max_moves,
    .moves_at = many_moves_at,
    .moves = many_moves,
    .successors = many_successors,
    .step_to = many_step_to,
    .max_unmoves = many_max_unmoves,
    .unmoves = many_unmoves,
    .move_name = many_move_name,
    .parse = many_parse,
    .typed_move = many_typed_move,
    .format = many_format,
    .draw = many_draw,
    .chance = many_chance,
    .title = "the chopsticks family",
    .options = chop_options,
    .defaults = chop_defaults,
    .get_option = chop_get_option,
    .set_option = chop_set_option,
    .check = chop_check,
    .hands = chop_hands_of,
    .chart_title = {"the mover's hands", "the opponent's hands"},
    .chart_legend = many_chart_legend,
    .chart_size = many_chart_size,
    .chart_label = many_chart_label,
    .chart_cell = many_chart_cell,
};
