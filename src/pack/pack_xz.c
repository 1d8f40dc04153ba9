/* pack_xz.c: xz compression in process (liblzma), for the pack's DIMACS and QDIMACS files. */
#include <lzma.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/util.h"
#include "pack/pack.h"

int pack_xz(const char *data, size_t n, char **out, size_t *outlen, char *msg, size_t size)
{
    size_t cap = lzma_stream_buffer_bound(n);
    *out = xmalloc(cap ? cap : 1);
    *outlen = 0;
    lzma_ret r = lzma_easy_buffer_encode(6, LZMA_CHECK_CRC64, NULL, (const uint8_t *)data, n,
                                         (uint8_t *)*out, outlen, cap);
    if (r != LZMA_OK) {
        free(*out);
        *out = NULL;
        snprintf(msg, size, "xz compression failed (liblzma error %d)", (int)r);
        return -1;
    }
    return 0;
}
