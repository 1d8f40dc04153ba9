/* cli_decode.c: `chopsat decode FILE MODEL`: another solver's answer for a file chopsat wrote
 * (DIMACS, AIGER or SMT-LIB) read back (chopsat_decode) and checked by the library
 * (chopsat_decode_check: a yes's witness replayed by the explicit move generator, the first
 * illegal step of one that does not replay, the file's clauses compared with those of its
 * header's question), with --frames the model's values frame by frame. This file parses and
 * prints, and adds the command's hints to the library's notes. */
#include <stdlib.h>
#include <string.h>

#include "cli/cli_html.h"

/* decode --frames: the model's value of every named variable per frame, frames 0 .. the goal
 * frame (n-1). A row that the last frame of the file lacks is a move input: it belongs to the
 * step leaving its frame, so the goal frame shows none ("."). */
static int frame_table(const cli_opts *o, FILE *mf, chopsat_frame_table *t)
{
    FILE *cf = cli_open_in(o->args[0], 0);
    if (!cf) return EXIT_ERROR;
    rewind(mf);
    chopsat_err err;
    int rc = chopsat_frame_table_read(cf, o->args[0], mf, o->args[1], t, &err);
    fclose(cf);
    return rc < 0 ? cli_error("%s", err.msg) : 0;
}

/* Checks decode's two arguments and opens them: FILE, and MODEL (standard input for "-", kept
 * in a temporary file with --frames, which reads it twice). 0, or the exit status of an error
 * with nothing left open. */
static int open_inputs(const cli_opts *o, FILE **cf, FILE **mf)
{
    int rc = cli_need_args(o, NULL);
    if (rc) return rc;
    *cf = cli_open_in(o->args[0], 0);
    if (!*cf) return EXIT_ERROR;
    if (o->frames) {
        /* the table reads a DIMACS variable map: aiger files start with 'a', SMT-LIB ones
         * with ';' or '(' */
        int first = getc(*cf);
        rewind(*cf);
        if (first == 'a' || first == ';' || first == '(') {
            fclose(*cf);
            return cli_usage("decode: --frames reads a DIMACS file's variable map (from "
                             "chopsat dimacs); '%s' is an aiger or smt2 file",
                             o->args[0]);
        }
    }
    *mf = cli_open_in(o->args[1], CLI_IN_DASH);
    if (!*mf) {
        fclose(*cf);
        return EXIT_ERROR;
    }
    if (o->frames && *mf == stdin) {
        FILE *tmp = tmpfile();
        int ch;
        while (tmp && (ch = getchar()) != EOF)
            fputc(ch, tmp);
        if (!tmp || ferror(stdin) || fflush(tmp) || ferror(tmp)) {
            if (tmp) fclose(tmp);
            fclose(*cf);
            return cli_error("cannot keep standard input in a temporary file");
        }
        rewind(tmp);
        *mf = tmp;
    }
    return 0;
}

/* A decoded answer: the file's question, the solver's answer (10 or 20) and its witness,
 * (--frames) the model's frame table, the library's checks of it (c: the witness's move names,
 * the replay, the header's question) and what the command prints of them. */
typedef struct decoded {
    int answer;
    chopsat_rules *r;
    chopsat_query q;
    chopsat_pos *path;
    size_t n;
    chopsat_frame_table table;
    chopsat_decoded *c;
    char question[2 * CHOPSAT_POS_MAX + 128], check[1500], edited[400];
} decoded;

/* Frees what d holds (d itself is the caller's). */
static void decoded_free(decoded *d)
{
    chopsat_decoded_free(d->c);
    chopsat_frame_table_free(&d->table);
    free(d->path);
    chopsat_rules_free(d->r);
}

/* Decodes MODEL for FILE into d (and reads the frame table for a yes with --frames), then has
 * the library check it against FILE, closing both files: 0, or the exit status of an error. */
static int decode(const cli_opts *o, FILE *cf, FILE *mf, decoded *d)
{
    chopsat_err err;
    d->answer = chopsat_decode(cf, o->args[0], mf, o->args[1], &d->r, &d->q, &d->path, &d->n, &err);
    int trc = d->answer == 10 && o->frames ? frame_table(o, mf, &d->table) : 0;
    if (mf != stdin) fclose(mf);
    if (!trc && d->answer < 0) trc = cli_error("%s", err.msg);
    if (!trc && chopsat_decode_check(cf, o->args[0], o->args[1], d->r, &d->q, d->answer, d->path,
                                     d->n, o->frames ? &d->table : NULL, &d->c, &err))
        trc = cli_error("%s", err.msg);
    fclose(cf);
    return trc;
}

/* The decoded answer printed on standard output through src/report/: 0 or the exit status of
 * an error. */
static int print_decoded(const cli_opts *o, const decoded *d)
{
    chopsat_report_decode_opts ro = {.question = d->question,
                                     .answer = d->answer,
                                     .path = d->path,
                                     .n = d->n,
                                     .check = d->check,
                                     .edited = d->edited,
                                     .frames = o->frames ? &d->table : NULL};
    chopsat_err err;
    int rc = o->format == FMT_JSON ? chopsat_report_decode_json(stdout, d->r, d->c, &ro, &err)
                                   : chopsat_report_decode_text(stdout, d->r, d->c, &ro, &err);
    return rc < 0 && !ferror(stdout) ? cli_error("%s", err.msg) : 0;
}

/* The command's hint for a fault the frame table does not detail (fault: the library's). */
static void fault_text(const decoded *d, char *buf, size_t size)
{
    int step;
    bool detailed;
    const char *fault = chopsat_decoded_fault(d->c, &step, &detailed);
    snprintf(buf, size, "%s%s", fault ? fault : "",
             fault && step >= 0 && !detailed ? " (--frames names the move inputs and the bits)"
                                             : "");
}

/* The library's checks of the decoded answer, in the command's words: d->edited (the file's
 * clauses no longer match its header's question) and d->check. */
static void checks_text(decoded *d)
{
    size_t extra, missing;
    if (chopsat_decoded_header_match(d->c, &extra, &missing) == 0)
        snprintf(
            d->edited, sizeof d->edited,
            "the file's clauses no longer match its header's "
            "question (%zu clause%s added or changed, %zu missing: chopsat diff against a fresh "
            "chopsat dimacs shows them), so the answer is the edited formula's",
            extra, extra == 1 ? "" : "s", missing);
    if (d->answer == 10) {
        char fault[1000];
        fault_text(d, fault, sizeof fault);
        if (chopsat_decoded_checked(d->c))
            snprintf(d->check, sizeof d->check, "%s", chopsat_decoded_note(d->c));
        else
            snprintf(d->check, sizeof d->check, "the witness does not replay: %s", fault);
    } else {
        /* a "no" read from a file is the word of whoever wrote that file: nothing can check it
         * (a yes is checked: its witness replays) */
        snprintf(d->check, sizeof d->check,
                 "%s (ask 'chopsat %s' for an answer cross-checked by "
                 "the explicit search and, with --proof FILE, a checked certificate)",
                 chopsat_decoded_note(d->c), d->q.kind == CHOPSAT_Q_WIN ? "win" : "reach");
    }
}

/* Prints the decoded answer and what the library's checks found: its exit status (10 or 20),
 * or EXIT_MISMATCH when the witness does not replay (the table is printed all the same, and
 * the error line names the step at fault and whether the file was edited). */
static int report_decoded(const cli_opts *o, decoded *d)
{
    chopsat_query_describe(d->r, &d->q, false, d->question, sizeof d->question);
    checks_text(d);
    if (d->answer == 10 && !chopsat_decoded_checked(d->c)) {
        char fault[1000];
        fault_text(d, fault, sizeof fault);
        if (o->format != FMT_HTML && print_decoded(o, d)) return EXIT_ERROR;
        cli_error("the decoded witness does not replay: %s%s%s", fault, d->edited[0] ? "; " : "",
                  d->edited);
        return EXIT_MISMATCH;
    }
    if (o->format == FMT_HTML)
        return cli_html_decoded(o, d->r, &d->q, d->answer, d->path, d->n,
                                chopsat_decoded_witness(d->c), d->question, d->check, &d->table,
                                o->args[0]);
    int rc = print_decoded(o, d);
    return rc ? rc : d->answer;
}

int cli_decode(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("decode", argc, argv, 2, &o);
    if (rc) return rc;
    FILE *cf = NULL, *mf = NULL;
    decoded d;
    memset(&d, 0, sizeof d);
    if (o.format == FMT_HTML && o.nargs == 2) o.frames = cli_html_decode_frames(o.args[0]);
    rc = open_inputs(&o, &cf, &mf);
    if (!rc) rc = decode(&o, cf, mf, &d);
    if (!rc) rc = report_decoded(&o, &d);
    decoded_free(&d);
    cli_opts_free(&o);
    return rc;
}
