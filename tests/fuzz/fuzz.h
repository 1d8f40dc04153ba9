/* fuzz.h: what the libFuzzer harnesses of tests/fuzz/ share. Each fuzz_<reader>.c defines
 * LLVMFuzzerTestOneInput for one parser or reader of outside input; `make fuzz` runs each for
 * FUZZ_SECONDS, `make test` runs each over its committed corpus (tests/fuzz/corpus/<reader>/)
 * as a regression test. A harness reports a bug by crashing (the sanitizers, or FUZZ_ASSERT on
 * a broken round trip); a refused input is not a bug. */
#ifndef CHOPSAT_FUZZ_H
#define CHOPSAT_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chopsat.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input as a NUL-terminated string (cut at its first NUL); the caller frees it. */
static inline char *fuzz_string(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s) abort();
    memcpy(s, data, size);
    s[size] = 0;
    return s;
}

/* The input as a FILE to read (NULL for the empty input, which fmemopen refuses). */
static inline FILE *fuzz_file(const uint8_t *data, size_t size)
{
    return size ? fmemopen((void *)data, size, "r") : fopen("/dev/null", "r");
}

#define FUZZ_ASSERT(cond)                                                                          \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: FUZZ_ASSERT(%s) failed\n", __FILE__, __LINE__, #cond);         \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

#endif
