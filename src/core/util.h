/* util.h: allocation helpers that never return NULL (out of memory: core/oom.h), one
 * growable-array macro, and the error-message helper shared by every library module. Nothing
 * here knows about games. */
#ifndef CHOPSAT_UTIL_H
#define CHOPSAT_UTIL_H

#include <stdarg.h>
#include <stddef.h>

#include "chopsat_tool.h"

void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);

/* Writes a printf-style message into err (if err is not NULL); always returns -1 so that
 * callers can write `return fail(err, "...")`. */
int fail(chopsat_err *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The one monotonic clock, in seconds (deadlines and timings): chopsat_now (chopsat_tool.h),
 * by the name the library's files use. */
static inline double now_seconds(void)
{
    return chopsat_now();
}

/* The largest CHOPSAT_MEMORY: 2^44 - 1 MiB, the most whose bytes fit 64 bits. */
#define MEMORY_MAX_MIB ((UINT64_C(1) << 44) - 1)

/* The memory the explicit engine's whole-index passes may use, in bytes: CHOPSAT_MEMORY (MiB)
 * when set and valid (chopsat_memory_setting; the command refuses an invalid one), else the
 * kernel's MemAvailable; 0 when neither is known. */
uint64_t memory_available(void); /* core/memory.c */

/* The one library-side check of a question's bound: 0 when k >= 0, else -1 with
 * "bound: K must be at least 0 (got K)". */
int check_bound(int k, chopsat_err *err);

/* A growable array: `VEC(int) v = {0}; VEC_PUSH(v, 3); v.items[0]; v.n; VEC_FREE(v);` */
#define VEC(T)                                                                                     \
    struct {                                                                                       \
        T *items;                                                                                  \
        size_t n, cap;                                                                             \
    }
#define VEC_RESERVE(v, want)                                                                       \
    do {                                                                                           \
        if ((want) > (v).cap) {                                                                    \
            size_t vec_nc_ = (v).cap ? (v).cap : 8;                                                \
            while (vec_nc_ < (want))                                                               \
                vec_nc_ *= 2;                                                                      \
            (v).items = xrealloc((v).items, vec_nc_ * sizeof *(v).items);                          \
            (v).cap = vec_nc_;                                                                     \
        }                                                                                          \
    } while (0)
#define VEC_PUSH(v, x)                                                                             \
    do {                                                                                           \
        VEC_RESERVE(v, (v).n + 1);                                                                 \
        (v).items[(v).n++] = (x);                                                                  \
    } while (0)
#define VEC_FREE(v)                                                                                \
    do {                                                                                           \
        free((v).items);                                                                           \
        (v).items = NULL;                                                                          \
        (v).n = (v).cap = 0;                                                                       \
    } while (0)

/* A list of owned strings (comment lines of an exported file). */
typedef VEC(char *) str_vec;
void str_vec_addf(str_vec *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void str_vec_free(str_vec *v);

#endif
