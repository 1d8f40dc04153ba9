/* test_html.c: the report room (src/report/): the escaping every string from outside goes
 * through, a page's frame with the embedded style sheet and script (byte for byte the asset
 * files), a failed write reported, and a line of play read from text and from JSON (jansson),
 * with its refusals. */
#include <stdlib.h>
#include <string.h>

#include "chopsat_tool.h"
#include "harness.h"
#include "report/html.h"

/* The text written to a memory stream by the caller between open and this close. */
static char *closed(FILE *f, char **buf)
{
    fclose(f);
    return *buf;
}

TEST(html_escapes_text)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    html_text(f, "<script>\"a\" & 'b'\x01\xff caf\xc3\xa9");
    html_printf(f, "|%s|%d|%zu|%%|", "<b>", -3, (size_t)7);
    closed(f, &buf);
    CHECKF(
        !strcmp(buf,
                "&lt;script&gt;&quot;a&quot; &amp; &#39;b&#39;\xef\xbf\xbd\xef\xbf\xbd caf\xc3\xa9"
                "|&lt;b&gt;|-3|7|%|"),
        "got %s", buf);
    free(buf);
}

/* The bytes of the file at path, NUL-terminated (NULL when it cannot be read). */
static char *file_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    int c;
    while ((c = getc(f)) != EOF)
        putc(c, m);
    fclose(f);
    fclose(m);
    return buf;
}

TEST(html_page_embeds_assets)
{
    chopsat_rules *r = test_rules("standard,fingers=3");
    REQUIRE(r);
    chopsat_pos start = test_pos(r, "start");
    chopsat_moves made = {0};
    const char *typed[] = {"\"><img src=x>"};
    char *buf = NULL;
    size_t len = 0;
    chopsat_err err;
    FILE *f = open_memstream(&buf, &len);
    CHECK(chopsat_html_checked(f, r, &start, &made, typed, 1, "no such move", &err) == 0);
    closed(f, &buf);
    char *css = file_text("src/report/assets/page.css"),
         *js = file_text("src/report/assets/page.js");
    CHECKF(css && js, "src/report/assets/ cannot be read: run the tests from the top folder");
    CHECK(css && !strcmp(css, html_css));
    CHECK(js && !strcmp(js, html_js));
    CHECK(!strncmp(buf, "<!DOCTYPE html>\n", 16));
    CHECK(len > 8 && !strcmp(buf + len - 8, "</html>\n"));
    CHECK(strstr(buf, html_css) && strstr(buf, html_js));
    CHECK(strstr(buf, "&quot;&gt;&lt;img src=x&gt;") && !strstr(buf, "<img src=x>"));
    free(css);
    free(js);
    free(buf);
    chopsat_rules_free(r);
}

TEST(html_write_failure_reported)
{
    chopsat_rules *r = test_rules("standard,fingers=3");
    REQUIRE(r);
    FILE *f = fopen("/dev/full", "w");
    REQUIRE(f);
    setvbuf(f, NULL, _IONBF, 0);
    chopsat_pos start = test_pos(r, "start");
    chopsat_moves made = {0};
    chopsat_err err;
    CHECK(chopsat_html_checked(f, r, &start, &made, NULL, 0, NULL, &err) == -1);
    CHECKF(!strcmp(err.msg, "cannot write the page"), "got %s", err.msg);
    fclose(f);
    chopsat_rules_free(r);
}

/* Reads text as a line of play and plays it from the start of r: its positions (n), or NULL
 * with err. */
static chopsat_pos *played(const chopsat_rules *r, const char *text, size_t *n, chopsat_err *err)
{
    chopsat_played_line *pl = chopsat_played_line_read(NULL, text, "the argument", err);
    if (!pl) return NULL;
    chopsat_pos start, *path = NULL;
    chopsat_pos_start(r, &start);
    const char *given = chopsat_played_line_start(pl);
    if (given && chopsat_pos_parse(r, given, &start, err))
        path = NULL;
    else if (chopsat_played_line_positions(pl, r, &start, &path, n, err))
        path = NULL;
    chopsat_played_line_free(pl);
    return path;
}

TEST(html_line_of_play_read)
{
    chopsat_rules *r = test_rules("standard");
    REQUIRE(r);
    chopsat_err err;
    size_t n = 0;
    char buf[CHOPSAT_POS_MAX];
    chopsat_pos *p = played(r, "tap 1>1; 0,3", &n, &err);
    REQUIRE(p);
    CHECK(n == 3);
    chopsat_pos_format(r, &p[2], buf, sizeof buf);
    CHECKF(!strcmp(buf, "11/03:1"), "got %s", buf);
    free(p);
    p = played(r, "start 11/11:2\n 1. player 2  tap 1>1 -> 21/11:1\n", &n, &err);
    REQUIRE(p);
    CHECK(n == 2 && p[0].mover == 2);
    free(p);
    p = played(r, "{\"start\": \"11/11:1\", \"witness\": [{\"move\": \"tap 1>1\"}]}", &n, &err);
    REQUIRE(p);
    CHECK(n == 2);
    free(p);
    CHECK(!played(r, "{\"witness\": [", &n, &err));
    CHECKF(!strncmp(err.msg, "the argument is not JSON: line 1: ", 34), "got %s", err.msg);
    CHECK(!played(r, "{\"witness\": [{\"mov\": 1}]}", &n, &err));
    CHECKF(strstr(err.msg, "move 1 has no \"move\" string") != NULL, "got %s", err.msg);
    CHECK(!played(r, "tap 1>1; 9>9", &n, &err));
    CHECKF(!strncmp(err.msg, "move 2 '9>9' at 11/12:2: ", 25), "got %s", err.msg);
    CHECK(!played(r, "tap 1>1 -> 11/04:1", &n, &err));
    CHECKF(strstr(err.msg, "does not lead to 11/04:1") != NULL, "got %s", err.msg);
    chopsat_rules_free(r);
}

SCHEDULE_FILE(html)
{
    SCHEDULE(html_escapes_text);
    SCHEDULE(html_page_embeds_assets);
    SCHEDULE(html_write_failure_reported);
    SCHEDULE(html_line_of_play_read);
}
