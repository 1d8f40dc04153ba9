/* util.c: allocation that never returns NULL (out of memory goes to the program's handler
 * and the public call's recovery point, core/oom.h: the library neither prints nor exits) and
 * the error-message helper. */
#include "core/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "chopsat_tool.h"
#include "core/oom.h"

void *xmalloc(size_t n)
{
    for (;;) {
        void *p = malloc(n ? n : 1);
        if (p) return p;
        cs_out_of_memory(n);
    }
}

void *xcalloc(size_t count, size_t size)
{
    for (;;) {
        void *p = calloc(count ? count : 1, size ? size : 1);
        if (p) return p;
        /* the size asked for, or the largest size_t when count * size overflows */
        cs_out_of_memory(size && count > (size_t)-1 / size ? (size_t)-1 : count * size);
    }
}

void *xrealloc(void *p, size_t n)
{
    for (;;) {
        void *q = realloc(p, n ? n : 1);
        if (q) return q;
        cs_out_of_memory(n);
    }
}

char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}

int fail(chopsat_err *err, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return -1;
}

double chopsat_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int check_bound(int k, chopsat_err *err)
{
    return k < 0 ? fail(err, "bound: K must be at least 0 (got %d)", k) : 0;
}

void str_vec_addf(str_vec *v, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    VEC_PUSH(*v, xstrdup(buf));
}

void str_vec_free(str_vec *v)
{
    for (size_t i = 0; i < v->n; i++)
        free(v->items[i]);
    VEC_FREE(*v);
}
