/* solve.h: the explicit solution's layout, shared by the tablebase solver (solve.c) and the
 * edge-list solver the unit tests keep as an independent reference (tests/unit/solve_edges.c). */
#ifndef CHOPSAT_SOLVE_H
#define CHOPSAT_SOLVE_H

#include "chopsat.h"

/* A position's value and distance packed in 32 bits: the value in the top two bits, the
 * distance in the low 30. 0 is "not resolved" (a draw once the solve is over). */
enum { VD_WIN = 1u << 30, VD_LOSS = 2u << 30, VD_INVALID = 3u << 30, VD_DIST = (1u << 30) - 1 };

/* The same in 16 bits (a narrow solution): the value in the top two bits, the distance in the
 * low 14. */
#define VD_NARROW_DIST ((1u << 14) - 1)

static inline uint32_t vd_widen(uint16_t x)
{
    return ((uint32_t)(x & 0xC000u) << 16) | (x & VD_NARROW_DIST);
}

static inline uint16_t vd_narrow(uint32_t v)
{
    return (uint16_t)(((v >> 16) & 0xC000u) | (v & VD_NARROW_DIST));
}

/* Games with more index positions than this are solved narrow (2 bytes of value and distance
 * a position) and again wide (4 bytes) only when a distance passes VD_NARROW_DIST; smaller
 * games are solved wide at once. */
#define SOLVE_NARROW_FROM ((uint64_t)1 << 24)

struct chopsat_solution {
    const chopsat_rules *rules;
    uint64_t n;     /* the index positions */
    uint64_t kept;  /* the index positions kept: n, or n / 2 in a symmetric game */
    uint32_t *vd;   /* per index kept: value and distance (VD_*), or NULL when narrow */
    uint16_t *vd16; /* per index kept, narrow (vd_narrow): when vd is NULL */
    /* the game's mirror_index (game.h) when only player 1's half is kept, else NULL */
    uint64_t (*mirror)(const chopsat_rules *r, uint64_t i);
};

/* The value and distance of index i (VD_*): a position of player 2 has its mirror's. */
static inline uint32_t solution_vd(const struct chopsat_solution *s, uint64_t i)
{
    if (i >= s->kept) i = s->mirror(s->rules, i);
    return s->vd ? s->vd[i] : vd_widen(s->vd16[i]);
}

/* chopsat_solve with the width chosen, narrow (2 bytes) or wide (4), and the successor
 * counters capped at `many` (2..255; 255 outside the tests): NULL with a message in err when a
 * narrow solve meets a distance past VD_NARROW_DIST. The unit tests compare both widths, with
 * low caps, with the edge-list solver. */
chopsat_solution *solve_width(const chopsat_rules *r, bool narrow, unsigned many,
                              chopsat_progress_fn progress, void *ctx, chopsat_err *err);

/* The most index positions the solver takes (the searches after it, explore.c, number positions
 * in uint32_t). */
#define SOLVE_LIMIT 0xFFFFFFF0u

#endif
