/* cli_bmc.c: the bounded questions on the command line: reach, win (the library's checked
 * answer, chopsat_ask: a SAT solver's answer, the witness replayed and the answer cross-checked
 * against the explicit search; this file parses and prints), dimacs (the question as a file for
 * any solver) and decode (that solver's model back into moves). */
#include <stdlib.h>
#include <string.h>

#include "cli/cli_html.h"

/* One bounded question being answered: what was asked, the library's checked answer, and what
 * became of --proof. */
typedef struct bmc_answer {
    chopsat_query q;
    chopsat_ask_opts ao;
    chopsat_answer *a;
    char question[256];
    char proof_note[700];
} bmc_answer;

/* --proof FILE: a checked clausal proof for a no, written to FILE (a yes has its witness
 * instead); a->proof_note says what happened. 0, EXIT_ERROR or EXIT_MISMATCH (the proof
 * instance is satisfiable after all). */
static int write_proof(const cli_opts *o, bmc_answer *a)
{
    if (!o->proof) return 0;
    if (chopsat_answer_value(a->a) == CHOPSAT_YES) {
        snprintf(a->proof_note, sizeof a->proof_note, "none written: the answer is yes (the "
                 "witness is its certificate)");
        return 0;
    }
    cli_out pout;
    chopsat_err err;
    int prc = cli_out_open(&pout, o->proof)
                  ? -2
                  : chopsat_bmc_proof(o->rules, &a->q, &a->ao.bmc, pout.f, &err);
    if (prc != -2 && (cli_out_close(&pout, prc == CHOPSAT_NO) || prc != CHOPSAT_NO)) {
        if (prc == CHOPSAT_YES) cli_error("cross-check failed: the proof instance is satisfiable");
        else if (prc < 0) cli_error("proof: %s", err.msg);
        prc = prc == CHOPSAT_YES ? -3 : -2;
    }
    if (prc != CHOPSAT_NO) return prc == -3 ? EXIT_MISMATCH : EXIT_ERROR;
    snprintf(a->proof_note, sizeof a->proof_note, "written to %s (DRAT from PicoSAT) and checked "
             "by the project's RUP checker", o->proof);
    return 0;
}

/* The answer as one JSON object on one line (docs/cli.md lists the fields). */
static void print_answer_json(const cli_opts *o, const bmc_answer *a)
{
    const chopsat_bmc_result *res = chopsat_answer_bmc(a->a);
    const chopsat_pos *path;
    chopsat_answer_path(a->a, &path);
    chopsat_json j;
    chopsat_json_init(&j, stdout);
    chopsat_json_object(&j);
    chopsat_json_kstring(&j, "question", a->question);
    chopsat_json_kstring(&j, "answer", res->answer ? "yes" : "no");
    chopsat_json_key(&j, "moves");
    if (res->answer) chopsat_json_int(&j, res->moves);
    else chopsat_json_null(&j);
    chopsat_json_key(&j, "witness");
    cli_witness_json(&j, o->rules, path, chopsat_answer_witness(a->a));
    chopsat_json_kbool(&j, "checked", chopsat_answer_checked(a->a));
    chopsat_json_kbool(&j, "replayed", res->answer);
    chopsat_json_kstring(&j, "check", chopsat_answer_note(a->a));
    int w = chopsat_pos_winner(o->rules, &a->q.from);
    chopsat_json_kbool(&j, "over_at_start", w != 0);
    chopsat_json_key(&j, "winner_at_start");
    if (w) chopsat_json_int(&j, w);
    else chopsat_json_null(&j);
    chopsat_json_kstring(&j, "solver", a->ao.bmc.solver);
    if (o->proof) chopsat_json_kstring(&j, "proof", a->proof_note);
    chopsat_json_kint(&j, "vars", res->vars);
    chopsat_json_key(&j, "clauses");
    chopsat_json_uint(&j, res->clauses);
    chopsat_json_kint(&j, "solver_calls", res->solver_calls);
    chopsat_json_key(&j, "encode_seconds");
    chopsat_json_fixed(&j, res->encode_seconds, 4);
    chopsat_json_key(&j, "solve_seconds");
    chopsat_json_fixed(&j, res->solve_seconds, 4);
    chopsat_json_end(&j);
    putchar('\n');
}

/* The answer for people: the question, the answer, the witness, what was checked, the proof and
 * the formula's size and times. */
static void print_answer_text(const cli_opts *o, const bmc_answer *a)
{
    const chopsat_bmc_result *res = chopsat_answer_bmc(a->a);
    printf("question: %s\n", a->question);
    if (res->answer) {
        printf("answer: yes, in %d move%s%s\n", res->moves, res->moves == 1 ? "" : "s",
               a->q.exact ? " (exactly, as asked)" : " (the minimum)");
        printf("witness:\n");
        cli_witness_text(o->rules, res->path, chopsat_answer_witness(a->a));
    } else {
        printf("answer: no%s\n",
               chopsat_answer_checked(a->a) ? "" : " (NOT cross-checked, see below)");
    }
    int w = chopsat_pos_winner(o->rules, &a->q.from);
    if (w) {
        char from[CHOPSAT_POS_MAX];
        chopsat_pos_format(o->rules, &a->q.from, from, sizeof from);
        char why[100];
        if (a->q.kind == CHOPSAT_Q_REACH) snprintf(why, sizeof why, "; only the start itself is reachable");
        else if (w == a->q.player) snprintf(why, sizeof why, " (the win is there at the start, in 0 moves)");
        else snprintf(why, sizeof why, "; player %d cannot win any more", a->q.player);
        printf("note: the game is already over at %s: player %d has won, so no move can be "
               "made%s.\n", from, w, why);
    }
    printf("checked: %s.\n", chopsat_answer_note(a->a));
    if (o->proof) printf("proof: %s.\n", a->proof_note);
    printf("formula: %d variables, %zu clauses; %s, %d solver call%s (%s); encoding %.3f s, "
           "solving %.3f s\n",
           res->vars, res->clauses, a->ao.bmc.solver, res->solver_calls,
           res->solver_calls == 1 ? "" : "s",
           a->ao.bmc.incremental ? "incremental" : "re-encoded for each k", res->encode_seconds,
           res->solve_seconds);
}

/* Asks the library for the checked answer (chopsat_ask), then the proof: 0 or the exit status
 * of an error. */
static int answer(const cli_opts *o, bmc_answer *a)
{
    chopsat_err err;
    int rc = chopsat_ask(o->rules, &a->q, &a->ao, &a->a, &err);
    if (rc == CHOPSAT_MISMATCH) return cli_error("%s", err.msg), EXIT_MISMATCH;
    if (rc < 0) return cli_error("%s", err.msg);
    if (o->proof) cli_progress_phase("%s: the proof", o->cmd);
    return write_proof(o, a);
}

/* Asks the question with a SAT solver and checks the answer; the exit status. */
static int ask(cli_opts *o, chopsat_question kind)
{
    bmc_answer a;
    memset(&a, 0, sizeof a);
    if (o->unbounded && o->format == FMT_HTML)
        return cli_usage("%s: --format html is for bounded questions (-k K)", o->cmd);
    if (o->why && (o->unbounded || o->format != FMT_TEXT))
        return cli_usage("%s: --why explains a no within K moves in words: with -k K and "
                         "--format text", o->cmd);
    if (o->unbounded) return cli_ask_unbounded(o, kind);
    if (o->given[OPT_ENGINE] || o->certificate)
        return cli_usage("%s: %s is for unbounded questions (-k inf or --unbounded)", o->cmd,
                         o->given[OPT_ENGINE] ? "--engine" : "--certificate");
    int rc = cli_build_query(o, kind, &a.q);
    if (rc) return rc;
    /* the answer goes to standard output; a proof there would be mixed into it */
    if (o->proof && !strcmp(o->proof, "-"))
        return cli_usage("%s: --proof - would mix the proof into the answer on standard output; "
                         "name a file (a FIFO streams it to a checker)", o->cmd);
    a.ao.bmc = cli_bmc_opts(o);
    a.ao.bmc.progress = cli_progress;
    a.ao.bmc.progress_ctx = (void *)o->cmd;
    a.ao.no_check = o->no_check;
    a.ao.no_check_why = "--no-check";
    rc = answer(o, &a);
    cli_progress_end();
    if (!rc) {
        chopsat_query_describe(o->rules, &a.q, false, a.question, sizeof a.question);
        if (o->format == FMT_JSON) print_answer_json(o, &a);
        else if (o->format != FMT_HTML) print_answer_text(o, &a);
        if (o->why && chopsat_answer_value(a.a) != CHOPSAT_YES) rc = cli_why(o, &a.q);
        else if (o->why) printf("why: the answer is yes (the witness above); --why explains a no\n");
        if (!rc) rc = o->format == FMT_HTML
                 ? cli_html_bmc(o, &a.q, chopsat_answer_bmc(a.a), chopsat_answer_witness(a.a),
                                a.question, chopsat_answer_note(a.a), &a.ao.bmc,
                                o->proof ? a.proof_note : NULL)
             : chopsat_answer_value(a.a) == CHOPSAT_YES ? EXIT_YES
                                                        : EXIT_NO;
    }
    chopsat_answer_free(a.a);
    return rc;
}

int cli_reach(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("reach", argc, argv, 2, &o);
    if (!rc) rc = ask(&o, CHOPSAT_Q_REACH);
    cli_opts_free(&o);
    return rc;
}

int cli_win(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("win", argc, argv, 1, &o);
    if (!rc) rc = ask(&o, CHOPSAT_Q_WIN);
    cli_opts_free(&o);
    return rc;
}

int cli_dimacs(int argc, char **argv)
{
    static const char *const questions[] = {"reach", "win"};
    const char *question = cli_question("dimacs", argc, argv, questions, 2);
    if (!question) return EXIT_USAGE;
    chopsat_question kind = question == questions[1] ? CHOPSAT_Q_WIN : CHOPSAT_Q_REACH;
    cli_opts o;
    int rc = cli_parse("dimacs", argc - 1, argv + 1, kind == CHOPSAT_Q_REACH ? 2 : 1, &o);
    if (rc) return rc;
    chopsat_query q;
    rc = cli_build_query(&o, kind, &q);
    if (!rc) {
        chopsat_bmc_opts bo = cli_bmc_opts(&o);
        cli_out out;
        if (o.format == FMT_HTML) rc = cli_html_dimacs(&o, &q, &bo);
        else if (!(rc = cli_out_open(&out, o.out_path))) {
            chopsat_err err;
            rc = cli_out_finish(&out, chopsat_bmc_dimacs(o.rules, &q, &bo, out.f, &err), &err);
        }
    }
    cli_opts_free(&o);
    return rc;
}

/* decode --frames: the model's value of every named variable per frame, frames 0 .. the goal
 * frame (n-1). A row that the last frame of the file lacks is a move input: it belongs to the
 * step leaving its frame, so the goal frame shows none ("."). */
static int frame_table(const cli_opts *o, FILE *mf, chopsat_frame_table *t)
{
    FILE *cf = fopen(o->args[0], "r");
    if (!cf) return cli_error("cannot read '%s'", o->args[0]);
    rewind(mf);
    chopsat_err err;
    int rc = chopsat_frame_table_read(cf, o->args[0], mf, o->args[1], t, &err);
    fclose(cf);
    return rc < 0 ? cli_error("%s", err.msg) : 0;
}

static bool move_row(const chopsat_frame_table *t, size_t row)
{
    return t->values[row * (size_t)t->frames + (size_t)t->frames - 1] < 0;
}

/* One cell of the table: padded, except the last of its row. */
static void cell(const char *text, bool last)
{
    printf(last ? "  %s" : "  %-9s", text);
}

static void frames_text(const chopsat_frame_table *t, const chopsat_rules *r,
                        const chopsat_pos *path, size_t n)
{
    size_t label = strlen("player to move");
    for (size_t i = 0; i < t->rows; i++)
        if (strlen(t->names[i]) > label) label = strlen(t->names[i]);
    char pos[CHOPSAT_POS_MAX];
    printf("frames (the model's values; a move input of frame t chooses the move from f<t> to "
           "f<t+1>):\n%-*s", (int)label, "");
    for (size_t f = 0; f < n; f++) {
        char h[32];
        snprintf(h, sizeof h, "f%zu", f);
        cell(h, f + 1 == n);
    }
    printf("\n%-*s", (int)label, "player to move");
    for (size_t f = 0; f < n; f++) cell(path[f].mover == 1 ? "1" : "2", f + 1 == n);
    printf("\n%-*s", (int)label, "position");
    for (size_t f = 0; f < n; f++) {
        chopsat_pos_format(r, &path[f], pos, sizeof pos);
        cell(pos, f + 1 == n);
    }
    putchar('\n');
    for (size_t i = 0; i < t->rows; i++) {
        printf("%-*s", (int)label, t->names[i]);
        for (size_t f = 0; f < n; f++) {
            long long v = (int)f < t->frames ? t->values[i * (size_t)t->frames + f] : -1;
            char num[32];
            snprintf(num, sizeof num, "%lld", v);
            cell(v < 0 || (move_row(t, i) && f + 1 == n) ? "." : num, f + 1 == n);
        }
        putchar('\n');
    }
}

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
        chopsat_json_kbool(j, "move", move_row(t, i));
        chopsat_json_key(j, "values");
        chopsat_json_array(j, false);
        for (size_t f = 0; f < n; f++) {
            long long v = (int)f < t->frames ? t->values[i * (size_t)t->frames + f] : -1;
            if (v < 0 || (move_row(t, i) && f + 1 == n)) chopsat_json_null(j);
            else chopsat_json_int(j, v);
        }
        chopsat_json_end(j);
        chopsat_json_end(j);
    }
    chopsat_json_end(j);
    chopsat_json_end(j);
}

/* Checks decode's two arguments and opens them: FILE, and MODEL (standard input for "-", kept
 * in a temporary file with --frames, which reads it twice). 0, or the exit status of an error
 * with nothing left open. */
static int open_inputs(const cli_opts *o, FILE **cf, FILE **mf)
{
    int rc = cli_need_args(o, NULL);
    if (rc) return rc;
    *cf = fopen(o->args[0], "r");
    if (!*cf) return cli_error("cannot read '%s'", o->args[0]);
    if (o->frames) {
        /* the table reads a DIMACS variable map: aiger files start with 'a', SMT-LIB ones
         * with ';' or '(' */
        int first = getc(*cf);
        rewind(*cf);
        if (first == 'a' || first == ';' || first == '(') {
            fclose(*cf);
            return cli_usage("decode: --frames reads a DIMACS file's variable map (from "
                             "chopsat dimacs); '%s' is an aiger or smt2 file", o->args[0]);
        }
    }
    *mf = strcmp(o->args[1], "-") ? fopen(o->args[1], "r") : stdin;
    if (!*mf) {
        fclose(*cf);
        return cli_error("cannot read '%s'", o->args[1]);
    }
    if (o->frames && *mf == stdin) {
        FILE *tmp = tmpfile();
        int ch;
        while (tmp && (ch = getchar()) != EOF) fputc(ch, tmp);
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

/* A decoded answer: the file's question, the solver's answer (10 or 20) and its witness, with
 * the witness's move names and (--frames) the model's frame table. */
typedef struct decoded {
    int answer;
    chopsat_rules *r;
    chopsat_query q;
    chopsat_pos *path;
    size_t n;
    chopsat_moves names;
    chopsat_frame_table table;
    int header_match;       /* cli_decode_header_match: 1, 0 (an edited file) or -1 */
    size_t extra, missing;  /* for 0: the clauses only in the file, only in chopsat's */
    char question[256], check[1500], edited[400];
} decoded;

static void decoded_free(decoded *d)
{
    chopsat_moves_free(&d->names);
    chopsat_frame_table_free(&d->table);
    free(d->path);
    chopsat_rules_free(d->r);
}

/* Decodes MODEL for FILE into d (and reads the frame table for a yes with --frames), closing
 * both files: 0, or the exit status of an error. */
static int decode(const cli_opts *o, FILE *cf, FILE *mf, decoded *d)
{
    chopsat_err err;
    d->answer = chopsat_decode(cf, o->args[0], mf, o->args[1], &d->r, &d->q, &d->path, &d->n, &err);
    fclose(cf);
    int trc = d->answer == 10 && o->frames ? frame_table(o, mf, &d->table) : 0;
    if (mf != stdin) fclose(mf);
    if (trc) return trc;
    if (d->answer < 0) return cli_error("%s", err.msg);
    return 0;
}

/* The decoded answer as one JSON object on one line; replayed: a yes's witness replays (false
 * for a model whose witness is no game: no witness then, the fault in `check`). */
static void print_decoded_json(const cli_opts *o, const decoded *d, bool replayed)
{
    bool yes = d->answer == 10;
    chopsat_json j;
    chopsat_json_init(&j, stdout);
    chopsat_json_object(&j);
    chopsat_json_kstring(&j, "question", d->question);
    chopsat_json_kstring(&j, "answer", yes ? "yes" : "no");
    chopsat_json_key(&j, "moves");
    if (yes) chopsat_json_uint(&j, d->n - 1);
    else chopsat_json_null(&j);
    chopsat_json_key(&j, "witness");
    cli_witness_json(&j, d->r, yes && replayed ? d->path : NULL, &d->names);
    chopsat_json_kbool(&j, "replayed", yes && replayed);
    chopsat_json_kbool(&j, "checked", yes && replayed);
    char check[sizeof d->check + sizeof d->edited + 2];
    snprintf(check, sizeof check, "%s%s%s", d->check, d->edited[0] ? "; " : "", d->edited);
    chopsat_json_kstring(&j, "check", check);
    chopsat_json_key(&j, "header_match");
    if (d->header_match < 0) chopsat_json_null(&j);
    else chopsat_json_bool(&j, d->header_match == 1);
    if (o->frames) {
        if (yes) frames_json(&j, &d->table, d->n);
        else chopsat_json_key(&j, "frames"), chopsat_json_null(&j);
    }
    chopsat_json_end(&j);
    putchar('\n');
}

/* The decoded answer for people: the question, the answer, the witness and what was checked;
 * for a witness that does not replay, what is known of it (the table with --frames). */
static void print_decoded_text(const cli_opts *o, const decoded *d, bool replayed)
{
    printf("question: %s\n", d->question);
    if (d->edited[0]) printf("formula: %s\n", d->edited);
    if (d->answer == 10 && !replayed) {
        printf("answer: the solver's model is no game: %s\n", d->check);
        if (o->frames) frames_text(&d->table, d->r, d->path, d->n);
    } else if (d->answer == 10) {
        printf("answer: yes, in %zu move%s (this model's witness; not necessarily the "
               "minimum)\nwitness:\n", d->n - 1, d->n == 2 ? "" : "s");
        cli_witness_text(d->r, d->path, &d->names);
        printf("checked: the witness replays move by move.\n");
        if (o->frames) frames_text(&d->table, d->r, d->path, d->n);
    } else {
        printf("answer: no (the solver says unsatisfiable)%s\n",
               d->edited[0] ? " for this edited formula, which is not the question's" : "");
        printf("checked: %s.\n", d->check);
    }
}

/* Replays a yes's witness with the explicit engine and prints the answer: its exit status (10
 * or 20), or EXIT_MISMATCH when the witness does not replay (the table is printed all the
 * same, and the error line names the step at fault and whether the file was edited). */
static int report_decoded(const cli_opts *o, decoded *d)
{
    chopsat_err err;
    chopsat_query_describe(d->r, &d->q, false, d->question, sizeof d->question);
    d->header_match = cli_decode_header_match(o->args[0], d->r, &d->q, &d->extra, &d->missing);
    if (d->header_match == 0)
        snprintf(d->edited, sizeof d->edited, "the file's clauses no longer match its header's "
                 "question (%zu clause%s added or changed, %zu missing: chopsat diff against a fresh "
                 "chopsat dimacs shows them), so the answer is the edited formula's",
                 d->extra, d->extra == 1 ? "" : "s", d->missing);
    if (d->answer == 10 && chopsat_replay(d->r, &d->q, d->path, d->n, &d->names, &err)) {
        char fault[900];
        cli_decode_replay_fault(d->r, d->path, d->n, o->frames ? &d->table : NULL, fault,
                                sizeof fault);
        snprintf(d->check, sizeof d->check, "the witness does not replay: %s",
                 fault[0] ? fault : err.msg);
        if (o->format == FMT_JSON) print_decoded_json(o, d, false);
        else if (o->format != FMT_HTML) print_decoded_text(o, d, false);
        cli_error("the decoded witness does not replay: %s%s%s", fault[0] ? fault : err.msg,
                  d->edited[0] ? "; " : "", d->edited);
        return EXIT_MISMATCH;
    }
    /* a "no" read from a file is the word of whoever wrote that file: nothing here can
     * check it (a yes is checked: its witness replays) */
    if (d->answer == 10) snprintf(d->check, sizeof d->check, "the witness replays move by move");
    else
        snprintf(d->check, sizeof d->check, "NOT checked: this \"no\" rests on '%s' alone (ask "
                 "'chopsat %s' for an answer cross-checked by the explicit search and, with "
                 "--proof FILE, a checked certificate)", o->args[1],
                 d->q.kind == CHOPSAT_Q_WIN ? "win" : "reach");
    if (o->format == FMT_HTML)
        return cli_html_decoded(o, d->r, &d->q, d->answer, d->path, d->n, &d->names, d->question,
                                d->check, &d->table, o->args[0]);
    if (o->format == FMT_JSON) print_decoded_json(o, d, true);
    else print_decoded_text(o, d, true);
    return d->answer;
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
