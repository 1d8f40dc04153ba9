/* test_json.c: the JSON writer of chopsat.h (src/core/json.c): separators for nested objects
 * and arrays (inline and one member per line), every kind of value, and strings escaped so the
 * output is valid JSON whatever they hold (quotes, backslashes, control characters, bytes that
 * are not UTF-8), byte for byte. */
#include <stdlib.h>
#include <string.h>

#include "chopsat_tool.h"
#include "harness.h"

/* The text a writer produced into a memory stream. */
typedef struct sink {
    char *buf;
    size_t len;
    FILE *f;
    chopsat_json j;
} sink;

static void sink_open(sink *s)
{
    s->buf = NULL;
    s->len = 0;
    s->f = open_memstream(&s->buf, &s->len);
    chopsat_json_init(&s->j, s->f);
}

/* Closes the stream and compares its text with want; frees it. */
static void sink_expect(sink *s, const char *want, const char *what)
{
    fclose(s->f);
    CHECKF(s->buf && !strcmp(s->buf, want), "%s: got '%s', wanted '%s'", what, s->buf ? s->buf : "",
           want);
    free(s->buf);
}

/* The string literal the writer makes of text. */
static void expect_string(const char *text, const char *want)
{
    sink s;
    sink_open(&s);
    chopsat_json_string(&s.j, text);
    sink_expect(&s, want, text);
}

TEST(json_strings_escaped)
{
    expect_string("tap 1>1", "\"tap 1>1\"");
    expect_string("", "\"\"");
    expect_string("a\"b\\c", "\"a\\\"b\\\\c\"");
    expect_string("line\nnext\ttab\r\x1b[31m\x01",
                  "\"line\\u000anext\\u0009tab\\u000d\\u001b[31m\\u0001\"");
    expect_string("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80",
                  "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"");
    expect_string("\x7f", "\"\x7f\"");
    /* not UTF-8: a lone byte, a lone continuation, an overlong form, a surrogate, past U+10FFFF,
     * a sequence cut short by the end of the string */
    expect_string("a\xff"
                  "b",
                  "\"a\\ufffdb\"");
    expect_string("\x80", "\"\\ufffd\"");
    expect_string("\xc0\xaf", "\"\\ufffd\\ufffd\"");
    expect_string("\xe0\x80\xaf", "\"\\ufffd\\ufffd\\ufffd\"");
    expect_string("\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"");
    expect_string("\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"");
    expect_string("x\xe2\x82", "\"x\\ufffd\\ufffd\"");
    sink s;
    sink_open(&s);
    chopsat_json_string(&s.j, NULL);
    sink_expect(&s, "null", "NULL string");
}

TEST(json_nesting_and_values)
{
    sink s;
    sink_open(&s);
    chopsat_json *j = &s.j;
    chopsat_json_object(j);
    chopsat_json_kstring(j, "k\"ey", "v");
    chopsat_json_kint(j, "n", -42);
    chopsat_json_key(j, "u");
    chopsat_json_uint(j, 18446744073709551615ull);
    chopsat_json_key(j, "x");
    chopsat_json_fixed(j, 0.12345, 4);
    chopsat_json_key(j, "nan");
    chopsat_json_fixed(j, strtod("nan", NULL), 4);
    chopsat_json_kbool(j, "t", true);
    chopsat_json_key(j, "empty");
    chopsat_json_array(j, false);
    chopsat_json_end(j);
    chopsat_json_key(j, "list");
    chopsat_json_array(j, false);
    chopsat_json_int(j, 1);
    chopsat_json_object(j);
    chopsat_json_key(j, "z");
    chopsat_json_null(j);
    chopsat_json_end(j);
    chopsat_json_bool(j, false);
    chopsat_json_end(j);
    chopsat_json_end(j);
    sink_expect(&s,
                "{\"k\\\"ey\": \"v\", \"n\": -42, \"u\": 18446744073709551615, \"x\": 0.1235, "
                "\"nan\": null, \"t\": true, \"empty\": [], \"list\": [1, {\"z\": null}, false]}",
                "object");
}

TEST(json_by_line)
{
    sink s;
    sink_open(&s);
    chopsat_json_array(&s.j, true);
    chopsat_json_end(&s.j);
    sink_expect(&s, "[]", "empty array by line: [] (issue 19)");
    sink_open(&s);
    chopsat_json_object(&s.j);
    chopsat_json_key(&s.j, "cells");
    chopsat_json_array(&s.j, true);
    for (int i = 0; i < 2; i++) {
        chopsat_json_object(&s.j);
        chopsat_json_kint(&s.j, "i", i);
        chopsat_json_end(&s.j);
    }
    chopsat_json_end(&s.j);
    chopsat_json_end(&s.j);
    sink_expect(&s, "{\"cells\": [\n {\"i\": 0},\n {\"i\": 1}\n]}", "array by line");
}

/* Numbers read back from another JSON text are written digit for digit (a count past 2^64 too);
 * text that is not a JSON number becomes null, so the output stays valid JSON. */
TEST(json_numbers_as_written)
{
    static const char *kept[] = {
        "0",     "-0",     "42",    "-7.25",
        "1e300", "2.5E-3", "0.100", "340282366920938463463374607431768211456"};
    for (size_t i = 0; i < sizeof kept / sizeof kept[0]; i++) {
        sink s;
        sink_open(&s);
        chopsat_json_number(&s.j, kept[i], strlen(kept[i]));
        sink_expect(&s, kept[i], kept[i]);
    }
    static const char *refused[] = {"",    "-",  "01",   "1.",  ".5", "1e",
                                    "1e+", "+1", "0x10", "nan", "1 ", "1,2"};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        sink s;
        sink_open(&s);
        chopsat_json_number(&s.j, refused[i], strlen(refused[i]));
        sink_expect(&s, "null", refused[i]);
    }
    sink s; /* only len bytes count: the digits after them are not the number's */
    sink_open(&s);
    chopsat_json_number(&s.j, "12345", 3);
    sink_expect(&s, "123", "a prefix");
}

/* Which texts a JSON string holds unchanged: valid UTF-8 without NUL bytes, nothing past len. */
TEST(json_lossless_text)
{
    CHECK(chopsat_json_lossless("", 0));
    CHECK(chopsat_json_lossless("tap 1>1\n\t\x1b", 10));
    CHECK(chopsat_json_lossless("caf\xc3\xa9 \xf0\x9f\x98\x80", 10));
    CHECK(!chopsat_json_lossless("a\0b", 3));
    CHECK(!chopsat_json_lossless("a\xff"
                                 "b",
                                 3));
    CHECK(!chopsat_json_lossless("\xc0\xaf", 2));
    CHECK(!chopsat_json_lossless("\xed\xa0\x80", 3));
    CHECK(!chopsat_json_lossless("caf\xc3\xa9", 4)); /* a sequence cut by len */
    CHECK(chopsat_json_lossless("caf\xc3\xa9", 5));
}

SCHEDULE_FILE(json)
{
    SCHEDULE(json_strings_escaped);
    SCHEDULE(json_nesting_and_values);
    SCHEDULE(json_by_line);
    SCHEDULE(json_numbers_as_written);
    SCHEDULE(json_lossless_text);
}
