/* many_hands.h: what the files of many_game (the explicit half of the chopsticks family at any
 * hand count, docs/rules.md "Any number of hands") share: where a player's hands lie in a
 * position, the hands as a multiset or a tuple, their index, exact sums and the splits. Only
 * src/games/many_*.c include it. */
#ifndef CHOPSAT_MANY_HANDS_H
#define CHOPSAT_MANY_HANDS_H

#include "games/chop_options.h"
#include "games/game.h"

/* An exact sum of up to eight hands (each below 2^64). */
typedef unsigned __int128 many_sum;

/* The number of hands of `player` (1 or 2), and where they begin in a position's words. */
static inline int many_n(const chopsat_rules *r, int player)
{
    return chop_hands(r, player);
}
static inline int many_base(const chopsat_rules *r, int player)
{
    return player == 1 ? 0 : chop_hands(r, 1);
}

/* The number of hands of h[0..n) that are live (not 0). */
int many_live(const uint64_t *h, int n);
/* The exact sum of h[0..n). */
many_sum many_total(const uint64_t *h, int n);
/* Sorts h[0..n) smallest first when the hands are unordered (their normal form). */
void many_normalise(const chopsat_rules *r, uint64_t *h, int n);
/* True when a[0..n) and b[0..n) hold the same hands in some order. */
bool many_same_multiset(const uint64_t *a, const uint64_t *b, int n);
/* The hand x + y (both below N) by the overflow rule, exact at any N. */
uint64_t many_after(const chopsat_rules *r, uint64_t x, uint64_t y);
/* a * b, or UINT64_MAX when that passes it. */
uint64_t many_mul_sat(uint64_t a, uint64_t b);
/* C(n, k) for k <= 16, or UINT64_MAX when it passes 2^62 (never wrapped). */
uint64_t many_binom_sat(many_sum n, int k);

/* The number of different hands of a player with n hands: C(N+n-1, n) multisets (unordered) or
 * N^n tuples (ordered); UINT64_MAX when it passes 2^62. */
uint64_t many_hands_count(const chopsat_rules *r, int n);
/* The index of the hands h[0..n) among them (a combinatorial number system for multisets,
 * base N for tuples), and back. */
uint64_t many_hands_index(const chopsat_rules *r, const uint64_t *h, int n);
void many_hands_unindex(const chopsat_rules *r, uint64_t k, uint64_t *h, int n);

/* The splits of n hands holding `from`, one at a time in increasing lexicographic order of
 * their result (normal form): many_split_start, then many_split_next writes each legal result
 * of the split rule (split=free with suicide and revive, or even-lone; none under split=none)
 * into h until it returns false. */
typedef struct many_split_iter {
    const chopsat_rules *r;
    uint64_t from[CHOPSAT_HANDS_MAX], x[CHOPSAT_HANDS_MAX];
    many_sum rest[CHOPSAT_HANDS_MAX]; /* rest[k]: the sum of x[k..n) */
    int n;
    bool done, started;
} many_split_iter;
void many_split_start(const chopsat_rules *r, const uint64_t *from, int n, many_split_iter *it);
bool many_split_next(many_split_iter *it, uint64_t *h);
/* Every result (normal form) of n hands whose sum is that of `from`, legal or not, in the same
 * order: the un-split candidates. */
void many_split_all_start(const chopsat_rules *r, const uint64_t *from, int n, many_split_iter *it);
bool many_split_all_next(many_split_iter *it, uint64_t *h);
/* The split of the hands `from` into `to` (normal form) is legal by the split rule, decided
 * without listing the splits. */
bool many_split_legal(const chopsat_rules *r, const uint64_t *from, const uint64_t *to, int n);
/* The even-lone split of `from`: true with its result in h when the rule allows one. */
bool many_even_lone(const chopsat_rules *r, const uint64_t *from, int n, uint64_t *h);
/* An upper bound on the splits of n hands holding `from` (saturates at UINT64_MAX). */
uint64_t many_splits_bound(const chopsat_rules *r, const uint64_t *from, int n);
/* An upper bound on the splits of n hands holding anything. */
uint64_t many_splits_bound_any(const chopsat_rules *r, int n);

/* The game table's text members (many_text.c) and its typed moves (many_typed.c). */
int many_parse(const chopsat_rules *r, const char *text, chopsat_pos *out, chopsat_err *err);
void many_format(const chopsat_rules *r, const chopsat_pos *p, char *buf, size_t size);
void many_draw(const chopsat_rules *r, const chopsat_pos *p, FILE *out);
void many_chart_legend(const chopsat_rules *r, char *buf, size_t size);
void many_chart_label(const chopsat_rules *r, int axis, uint64_t k, char *buf, size_t size);
int many_typed_move(const chopsat_rules *r, const chopsat_pos *p, const char *text, chopsat_pos *to,
                    char *why, size_t size);
/* The index members (many_index.c). */
uint64_t many_count(const chopsat_rules *r);
uint64_t many_index(const chopsat_rules *r, const chopsat_pos *p);
bool many_unindex(const chopsat_rules *r, uint64_t i, chopsat_pos *p);
uint64_t many_chart_size(const chopsat_rules *r, int axis);
bool many_chart_cell(const chopsat_rules *r, uint64_t row, uint64_t col, chopsat_pos *p);
/* The k-th hands of a player with n hands in lexicographic order (the chart's rows). */
void many_chart_hands(const chopsat_rules *r, uint64_t k, uint64_t *h, int n);
/* The un-moves (many_unmoves.c). */
size_t many_max_unmoves(const chopsat_rules *r);
size_t many_unmoves(const chopsat_rules *r, const chopsat_pos *p, chopsat_pos *out);
/* The letter or name of hand i of a player with n hands under r ("L", "R", or "A" .. "H"). */
char many_hand_letter(const chopsat_rules *r, int i);

#endif
