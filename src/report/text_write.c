/* text_write.c: the write check every report ends with, and the CSV field. */
#include "report/text_write.h"

#include <errno.h>
#include <string.h>

#include "core/util.h"

int report_end(FILE *out, chopsat_err *err)
{
    if (!ferror(out)) return 0;
    return fail(err, "cannot write the report%s%s", errno ? ": " : "",
                errno ? strerror(errno) : "");
}

void report_csv_field(FILE *out, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"') fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

const char *report_sign(int value)
{
    return value == CHOPSAT_WIN ? "+" : value == CHOPSAT_LOSS ? "-" : "";
}
