/* html_page.c: the frame of every page of `--format html`: the head with a
 * Content-Security-Policy that forbids every fetch (so nothing the page holds can reach the
 * network even by mistake), the inline CSS, the summary that stays visible (question, answer,
 * what was checked), the footer and the inline JavaScript; and the escaping every string from
 * outside goes through. The caller opens and closes the output (the command's -o FILE appears
 * only when complete). */
#include <stdarg.h>
#include <string.h>

#include "report/html.h"

/* The length of the valid UTF-8 sequence at s (a character of two to four bytes), or 0. */
static size_t utf8_len(const unsigned char *s)
{
    size_t n = s[0] >= 0xf0 && s[0] <= 0xf4  ? 4
               : s[0] >= 0xe0 && s[0] < 0xf0 ? 3
               : s[0] >= 0xc2 && s[0] < 0xe0 ? 2
                                             : 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80) return 0;
    if (n == 3) {
        unsigned cp = (s[0] & 0x0fu) << 12 | (s[1] & 0x3fu) << 6;
        if (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
    }
    if (n == 4) {
        unsigned cp = (s[0] & 0x07u) << 18 | (s[1] & 0x3fu) << 12;
        if (cp < 0x10000 || cp > 0x10ffff) return 0;
    }
    return n;
}

void html_text(FILE *f, const char *text)
{
    const unsigned char *s = (const unsigned char *)(text ? text : "");
    while (*s) {
        if (*s >= 0x80) {
            size_t n = utf8_len(s);
            if (n)
                fwrite(s, 1, n, f);
            else
                fputs("\xef\xbf\xbd", f); /* U+FFFD */
            s += n ? n : 1;
            continue;
        }
        switch (*s) {
        case '&':
            fputs("&amp;", f);
            break;
        case '<':
            fputs("&lt;", f);
            break;
        case '>':
            fputs("&gt;", f);
            break;
        case '"':
            fputs("&quot;", f);
            break;
        case '\'':
            fputs("&#39;", f);
            break;
        case '\n':
        case '\t':
            fputc(*s, f);
            break;
        default:
            if (*s < 0x20 || *s == 0x7f)
                fputs("\xef\xbf\xbd", f);
            else
                fputc(*s, f);
        }
        s++;
    }
}

/* Writes one conversion spec (without the %s case) for html_printf. */
static void one_spec(FILE *f, const char *spec, size_t n, va_list *ap)
{
    char fmt[16];
    snprintf(fmt, sizeof fmt, "%%%.*s", (int)n, spec);
    char last = spec[n - 1];
    if (last == 'f')
        fprintf(f, fmt, va_arg(*ap, double));
    else if (!strncmp(spec, "zu", 2))
        fprintf(f, fmt, va_arg(*ap, size_t));
    else if (!strncmp(spec, "llu", 3))
        fprintf(f, fmt, va_arg(*ap, unsigned long long));
    else if (!strncmp(spec, "lld", 3))
        fprintf(f, fmt, va_arg(*ap, long long));
    else if (!strncmp(spec, "ld", 2))
        fprintf(f, fmt, va_arg(*ap, long));
    else if (last == 'u')
        fprintf(f, fmt, va_arg(*ap, unsigned));
    else
        fprintf(f, fmt, va_arg(*ap, int));
}

void html_printf(FILE *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    for (const char *p = fmt; *p;) {
        if (*p != '%') {
            size_t n = strcspn(p, "%");
            fwrite(p, 1, n, f);
            p += n;
            continue;
        }
        p++;
        if (*p == '%') {
            fputc('%', f);
            p++;
        } else if (*p == 's') {
            html_text(f, va_arg(ap, const char *));
            p++;
        } else {
            size_t n = strcspn(p, "dufs") + 1; /* ".3f", "zu", "lld" ... */
            one_spec(f, p, n, &ap);
            p += n;
        }
    }
    va_end(ap);
}

/* One row of the summary, left out when text is NULL. */
static void summary_row(FILE *f, const char *id, const char *label, const char *text)
{
    if (text) html_printf(f, "<div><dt>%s</dt><dd id=\"%s\">%s</dd></div>\n", label, id, text);
}

void html_begin(FILE *f, const chopsat_rules *r, const char *kind, const char *question,
                const char *answer, const char *checked)
{
    char rules[256];
    chopsat_rules_describe(r, rules, sizeof rules);
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
          "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
          "style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n",
          f);
    html_printf(f, "<title>chopsat %s: %s</title>\n", kind, question ? question : rules);
    fputs("<style>\n", f);
    fputs(html_css, f);
    fputs("</style>\n</head>\n<body>\n<a class=\"skip\" href=\"#main\">Skip to the answer</a>\n",
          f);
    html_printf(f,
                "<header class=\"summary\">\n<p class=\"kind\">chopsat %s &middot; "
                "<span class=\"rules\">%s</span></p>\n<dl>\n",
                kind, rules);
    summary_row(f, "question", "question", question);
    summary_row(f, "answer", "answer", answer);
    summary_row(f, "checked", "checked", checked);
    fputs("</dl>\n</header>\n<main id=\"main\">\n", f);
}

void html_end(FILE *f)
{
    html_printf(f,
                "</main>\n<footer><p>Written by chopsat %s. This page is one self-contained "
                "file: it fetches nothing and works offline; the arrow keys step through a "
                "film, and a printout shows every step.</p></footer>\n<script>\n",
                CHOPSAT_VERSION);
    fputs(html_js, f);
    fputs("</script>\n</body>\n</html>\n", f);
}

int html_written(FILE *f, chopsat_err *err)
{
    if (!ferror(f)) return 0;
    snprintf(err->msg, sizeof err->msg, "cannot write the page");
    return -1;
}

void chopsat_html_escaped(FILE *out, const char *text)
{
    html_text(out, text);
}
