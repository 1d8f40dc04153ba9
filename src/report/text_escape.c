/* text_escape.c: text from outside (a typed line, a file's name or content, a message) made
 * safe for a terminal: valid UTF-8 and printable ASCII as they are, every other byte (controls,
 * C1 controls, malformed or overlong sequences) as a visible escape, so that nothing read can
 * move the cursor, recolour the terminal or hide what follows. */
#include <stdbool.h>
#include <stdio.h>

#include "chopsat_tool.h"

/* The length of the valid UTF-8 sequence at s that is not a C1 control, or 0. */
static size_t utf8_ok(const unsigned char *s)
{
    size_t n = s[0] >= 0xf0 && s[0] <= 0xf4  ? 4
               : s[0] >= 0xe0                ? 3
               : s[0] >= 0xc2 && s[0] < 0xe0 ? 2
                                             : 0;
    if (!n || s[0] > 0xf4) return 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80) return 0;
    unsigned cp = n == 2   ? (s[0] & 0x1fu) << 6 | (s[1] & 0x3fu)
                  : n == 3 ? (s[0] & 0x0fu) << 12 | (s[1] & 0x3fu) << 6 | (s[2] & 0x3fu)
                           : (s[0] & 0x07u) << 18 | (s[1] & 0x3fu) << 12 | (s[2] & 0x3fu) << 6 |
                                 (s[3] & 0x3fu);
    bool overlong = (n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000);
    if (overlong || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) || (cp >= 0x80 && cp <= 0x9f))
        return 0;
    return n;
}

void chopsat_report_escaped(FILE *out, const char *text)
{
    const unsigned char *s = (const unsigned char *)text;
    while (*s) {
        size_t n = *s >= 0x80 ? utf8_ok(s) : (*s >= 0x20 && *s != 0x7f);
        if (n) {
            fwrite(s, 1, n, out);
            s += n;
            continue;
        }
        if (*s == '\n')
            fputs("\\n", out);
        else if (*s == '\t')
            fputs("\\t", out);
        else if (*s == '\r')
            fputs("\\r", out);
        else
            fprintf(out, "\\x%02x", *s);
        s++;
    }
}
