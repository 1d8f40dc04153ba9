/* json_decode.c: a decoded answer (chopsat_decode, checked by chopsat_decode_check) as one
 * JSON object: the question, the answer, the witness, the check, whether the file's clauses
 * are its header's question's, and with the frame table the model's values frame by frame. */
#include <stdlib.h>
#include <string.h>

#include "report/frames.h"
#include "report/text_write.h"
#include "report/witness_write.h"

/* The frame table as the "frames" member: the count (n) and one row per name. */
static void frames_json(chopsat_json *j, const chopsat_frame_table *t, size_t n)
{
    chopsat_json_key(j, "frames");
    chopsat_json_object(j);
    chopsat_json_kint(j, "count", (long long)n);
    chopsat_json_key(j, "rows");
    chopsat_json_array(j, false);
    for (size_t i = 0; i < t->rows; i++) {
        chopsat_json_object(j);
        chopsat_json_kstring(j, "name", t->names[i]);
        chopsat_json_kbool(j, "move", report_frame_move_row(t, i));
        chopsat_json_key(j, "values");
        chopsat_json_array(j, false);
        for (size_t f = 0; f < n; f++) {
            long long v = report_frame_value(t, i, f, n);
            if (v < 0)
                chopsat_json_null(j);
            else
                chopsat_json_int(j, v);
        }
        chopsat_json_end(j);
        chopsat_json_end(j);
    }
    chopsat_json_end(j);
    chopsat_json_end(j);
}

/* The check and, when the formula was edited, what of it: "CHECK; EDITED". 0 or
 * CHOPSAT_NOMEM. */
static int check(chopsat_json *j, const chopsat_report_decode_opts *o, chopsat_err *err)
{
    const char *edited = o->edited ? o->edited : "";
    size_t size = strlen(o->check) + strlen(edited) + 3;
    char *text = malloc(size);
    if (!text) {
        snprintf(err->msg, sizeof err->msg, "out of memory");
        return CHOPSAT_NOMEM;
    }
    snprintf(text, size, "%s%s%s", o->check, edited[0] ? "; " : "", edited);
    chopsat_json_kstring(j, "check", text);
    free(text);
    return 0;
}

int chopsat_report_decode_json(FILE *out, const chopsat_rules *rules, const chopsat_decoded *d,
                               const chopsat_report_decode_opts *o, chopsat_err *err)
{
    bool yes = o->answer == CHOPSAT_YES, replayed = yes && chopsat_decoded_checked(d);
    chopsat_json j;
    chopsat_json_init(&j, out);
    chopsat_json_object(&j);
    chopsat_json_kstring(&j, "question", o->question);
    chopsat_json_kstring(&j, "answer", yes ? "yes" : "no");
    chopsat_json_key(&j, "moves");
    if (yes)
        chopsat_json_uint(&j, o->n - 1);
    else
        chopsat_json_null(&j);
    chopsat_json_key(&j, "witness");
    report_witness_json(&j, rules, replayed ? o->path : NULL, chopsat_decoded_witness(d));
    chopsat_json_kbool(&j, "replayed", replayed);
    chopsat_json_kbool(&j, "checked", replayed);
    if (check(&j, o, err)) return CHOPSAT_NOMEM;
    int match = chopsat_decoded_header_match(d, NULL, NULL);
    chopsat_json_key(&j, "header_match");
    if (match < 0)
        chopsat_json_null(&j);
    else
        chopsat_json_bool(&j, match == 1);
    if (o->frames && yes)
        frames_json(&j, o->frames, o->n);
    else if (o->frames)
        chopsat_json_key(&j, "frames"), chopsat_json_null(&j);
    chopsat_json_end(&j);
    fputc('\n', out);
    return report_end(out, err);
}
