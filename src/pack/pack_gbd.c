/* pack_gbd.c: the instance hash of the Global Benchmark Database (GBD) for DIMACS and QDIMACS
 * text: the MD5 (RFC 1321, libmd's) of the formula as one normalised stream: comment and `p`
 * lines skipped; each clause's literals as written, each followed by one space, then "0";
 * clauses (and, in QDIMACS, the quantifier lines, as "e " or "a " and their variables the same
 * way) separated by one space. */
#include <md5.h>
#include <stdint.h>
#include <stdio.h>

#include "pack/pack.h"

/* Adds n bytes of text to the digest. */
static void add(MD5_CTX *m, const char *text, size_t n)
{
    MD5Update(m, (const uint8_t *)text, n);
}

/* Whether c is white space as DIMACS readers take it. */
static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

void pack_gbd_hash(const char *t, size_t n, bool qbf, char *hex)
{
    MD5_CTX m;
    MD5Init(&m);
    size_t i = 0;
    bool first = true;
    for (;;) {
        while (i < n && is_space(t[i]))
            i++;
        if (i >= n) break;
        if (t[i] == 'p' || t[i] == 'c') { /* a comment or the header: skipped to the line's end */
            while (i < n && t[i] != '\n' && t[i] != '\r')
                i++;
            continue;
        }
        if (!first) add(&m, " ", 1);
        first = false;
        if (qbf && (t[i] == 'e' || t[i] == 'a')) {
            add(&m, t[i] == 'e' ? "e " : "a ", 2);
            i++;
        }
        /* numbers up to the ending 0 (or the end of the text), each as written plus a space */
        for (;;) {
            while (i < n && is_space(t[i]))
                i++;
            if (i >= n) break;
            size_t start = i;
            if (t[i] == '-')
                i++;
            else if (t[i] == '+')
                start = ++i;
            while (i < n && t[i] >= '0' && t[i] <= '9')
                i++;
            if (i == start || (i == start + 1 && t[start] == '-')) { /* not a number: stop here */
                i = start + 1;
                break;
            }
            if (i - start == 1 && t[start] == '0') break;
            add(&m, t + start, i - start);
            add(&m, " ", 1);
        }
        add(&m, "0", 1);
    }
    uint8_t digest[MD5_DIGEST_LENGTH];
    MD5Final(digest, &m);
    for (int k = 0; k < MD5_DIGEST_LENGTH; k++)
        snprintf(hex + 2 * k, 3, "%02x", digest[k]);
}
