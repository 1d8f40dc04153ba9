/* json_batch.c: one answer of `chopsat batch` as one JSON line: {"line", "file", "command",
 * "exit", "result" (the question's JSON document, read back with jansson and written anew
 * through the JSON writer, or null), "output" (the text of a question without JSON), "error"
 * (null, or {"kind", "message"})}. An output that is not UTF-8 text, or not the one JSON
 * document asked for, becomes the line's error when it has none. */
#include <jansson.h>
#include <string.h>

#include "report/text_write.h"

/* The next number written in a JSON text from *at (outside strings; *at is outside one): its
 * start, its length in *len; *at moves past it. jansson keeps a number's value, not how it was
 * written, so the writer copies each number from the text, in document order (jansson keeps an
 * object's members in the order they were read, and a repeated key is refused). */
static const char *next_number(const char **at, size_t *len)
{
    const char *p = *at;
    while (*p && !strchr("-0123456789", *p)) {
        if (*p++ != '"') continue;
        while (*p && *p != '"')
            p += p[0] == '\\' && p[1] ? 2 : 1;
        if (*p) p++;
    }
    *len = strspn(p, "+-0123456789.eE");
    *at = p + *len;
    return p;
}

/* Writes v (a value jansson read from the text at *at) through the writer. */
static void write_value(chopsat_json *j, const json_t *v, const char **at)
{
    const char *key;
    size_t i, len;
    json_t *item;
    switch (json_typeof(v)) {
    case JSON_NULL:
        chopsat_json_null(j);
        break;
    case JSON_TRUE:
    case JSON_FALSE:
        chopsat_json_bool(j, json_is_true(v));
        break;
    case JSON_INTEGER:
    case JSON_REAL: {
        const char *num = next_number(at, &len);
        chopsat_json_number(j, num, len);
        break;
    }
    case JSON_STRING:
        chopsat_json_string(j, json_string_value(v));
        break;
    case JSON_ARRAY:
        chopsat_json_array(j, false);
        json_array_foreach(v, i, item) write_value(j, item, at);
        chopsat_json_end(j);
        break;
    case JSON_OBJECT:
        chopsat_json_object(j);
        json_object_foreach((json_t *)v, key, item)
        {
            chopsat_json_key(j, key);
            write_value(j, item, at);
        }
        chopsat_json_end(j);
        break;
    }
}

/* How deep v nests (a scalar: 0). */
static int depth_of(const json_t *v)
{
    if (!json_is_array(v) && !json_is_object(v)) return 0;
    int d = 0, di;
    const char *key;
    size_t i;
    json_t *item;
    if (json_is_array(v)) json_array_foreach(v, i, item) if ((di = depth_of(item)) > d) d = di;
    if (json_is_object(v))
        json_object_foreach((json_t *)v, key, item) if ((di = depth_of(item)) > d) d = di;
    return d + 1;
}

/* The question's JSON document read from its output (NULL: why not, in msg). */
static json_t *read_result(const chopsat_report_batch_answer *a, char *msg, size_t size)
{
    json_error_t e; /* every number as a double: a count past 2^63 is read too */
    json_t *v = json_loadb(a->out, a->out_len,
                           JSON_DECODE_ANY | JSON_DECODE_INT_AS_REAL | JSON_REJECT_DUPLICATES, &e);
    if (!v)
        snprintf(msg, size, "the question's output is not one JSON document (line %d: %.120s)",
                 e.line, e.text);
    else if (!json_is_object(v) && !json_is_array(v))
        snprintf(msg, size, "the question's output is not a JSON object or array");
    else if (depth_of(v) > CHOPSAT_JSON_DEPTH - 2)
        snprintf(msg, size, "the question's JSON nests deeper than %d levels",
                 CHOPSAT_JSON_DEPTH - 2);
    else
        return v;
    json_decref(v);
    return NULL;
}

/* The error object, or null. */
static void write_error(chopsat_json *j, const char *kind, const char *message)
{
    chopsat_json_key(j, "error");
    if (!kind) {
        chopsat_json_null(j);
        return;
    }
    chopsat_json_object(j);
    chopsat_json_kstring(j, "kind", kind);
    chopsat_json_kstring(j, "message", message);
    chopsat_json_end(j);
}

/* The answer's line, its output read as the result, the output, or the error it makes. */
static void write_answer(chopsat_json *j, const chopsat_report_batch_answer *a)
{
    const char *kind = a->kind, *message = a->message, *output = NULL, *at = a->out;
    char msg[300];
    json_t *v = NULL;
    if (a->out_len && !chopsat_json_lossless(a->out, a->out_len)) {
        snprintf(msg, sizeof msg,
                 "the question printed %zu bytes that are not UTF-8 text (binary "
                 "output cannot go in a JSON line: ask for a text format)",
                 a->out_len);
        if (!kind) kind = "error", message = msg;
    } else if (a->out_len && a->json) {
        if (!(v = read_result(a, msg, sizeof msg)) && !kind) kind = "error", message = msg;
    } else if (a->out_len) {
        output = a->out;
    }
    chopsat_json_key(j, "result");
    if (v)
        write_value(j, v, &at);
    else
        chopsat_json_null(j);
    json_decref(v);
    if (output) chopsat_json_kstring(j, "output", output);
    write_error(j, kind, message);
}

int chopsat_report_batch_json(FILE *out, const chopsat_report_batch_answer *a, chopsat_err *err)
{
    chopsat_json j;
    chopsat_json_init(&j, out);
    chopsat_json_object(&j);
    chopsat_json_kint(&j, "line", a->line);
    chopsat_json_kstring(&j, "file", a->file);
    chopsat_json_kstring(&j, "command", a->command);
    chopsat_json_key(&j, "exit");
    if (a->status >= 0)
        chopsat_json_int(&j, a->status);
    else
        chopsat_json_null(&j);
    write_answer(&j, a);
    chopsat_json_end(&j);
    fputc('\n', out);
    return report_end(out, err);
}
