/* text_decode.c: a decoded answer (chopsat_decode, checked by chopsat_decode_check) as text:
 * the question, the answer, the witness and what was checked, and with the frame table the
 * model's values frame by frame. */
#include <string.h>

#include "report/frames.h"
#include "report/text_write.h"
#include "report/witness_write.h"

/* One cell of the table: padded, except the last of its row. */
static void cell(FILE *out, const char *text, bool last)
{
    fprintf(out, last ? "  %s" : "  %-9s", text);
}

/* The header rows: the frames, the player to move and the position, after a label column
 * `label` wide. */
static void frames_head(FILE *out, const chopsat_rules *r, const chopsat_pos *path, size_t n,
                        int label)
{
    char pos[CHOPSAT_POS_MAX];
    fprintf(out,
            "frames (the model's values; a move input of frame t chooses the move from f<t> to "
            "f<t+1>):\n%-*s",
            label, "");
    for (size_t f = 0; f < n; f++) {
        char h[32];
        snprintf(h, sizeof h, "f%zu", f);
        cell(out, h, f + 1 == n);
    }
    fprintf(out, "\n%-*s", label, "player to move");
    for (size_t f = 0; f < n; f++)
        cell(out, path[f].mover == 1 ? "1" : "2", f + 1 == n);
    fprintf(out, "\n%-*s", label, "position");
    for (size_t f = 0; f < n; f++) {
        chopsat_pos_format(r, &path[f], pos, sizeof pos);
        cell(out, pos, f + 1 == n);
    }
    fputc('\n', out);
}

/* The frame table: a column per frame (n of them), the player to move, the position and a
 * row per named variable. */
static void frames_text(FILE *out, const chopsat_frame_table *t, const chopsat_rules *r,
                        const chopsat_pos *path, size_t n)
{
    size_t label = strlen("player to move");
    for (size_t i = 0; i < t->rows; i++)
        if (strlen(t->names[i]) > label) label = strlen(t->names[i]);
    frames_head(out, r, path, n, (int)label);
    for (size_t i = 0; i < t->rows; i++) {
        fprintf(out, "%-*s", (int)label, t->names[i]);
        for (size_t f = 0; f < n; f++) {
            long long v = report_frame_value(t, i, f, n);
            char num[32];
            snprintf(num, sizeof num, "%lld", v);
            cell(out, v < 0 ? "." : num, f + 1 == n);
        }
        fputc('\n', out);
    }
}

int chopsat_report_decode_text(FILE *out, const chopsat_rules *rules, const chopsat_decoded *d,
                               const chopsat_report_decode_opts *o, chopsat_err *err)
{
    const char *edited = o->edited ? o->edited : "";
    fprintf(out, "question: %s\n", o->question);
    if (edited[0]) fprintf(out, "formula: %s\n", edited);
    if (o->answer == CHOPSAT_YES && !chopsat_decoded_checked(d)) {
        fprintf(out, "answer: the solver's model is no game: %s\n", o->check);
        if (o->frames) frames_text(out, o->frames, rules, o->path, o->n);
    } else if (o->answer == CHOPSAT_YES) {
        fprintf(out,
                "answer: yes, in %zu move%s (this model's witness; not necessarily the "
                "minimum)\nwitness:\n",
                o->n - 1, o->n == 2 ? "" : "s");
        report_witness_text(out, rules, o->path, chopsat_decoded_witness(d));
        fprintf(out, "checked: the witness replays move by move.\n");
        if (o->frames) frames_text(out, o->frames, rules, o->path, o->n);
    } else {
        fprintf(out, "answer: no (the solver says unsatisfiable)%s\n",
                edited[0] ? " for this edited formula, which is not the question's" : "");
        fprintf(out, "checked: %s.\n", o->check);
    }
    return report_end(out, err);
}
