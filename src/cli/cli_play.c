/* cli_play.c: `chopsat play`, a game against the computer in the terminal (docs/play.md).
 *
 * The library plays the game: its record and end (chopsat_game_*), the computer's choice from
 * the explicit solution or, for a game the explicit solver cannot hold (wide hands), from the
 * BDD layers within --horizon H (chopsat_play_pick, chopsat_horizon_pick), all randomness from
 * one seeded generator (chopsat_rng) so --seed S replays a game; report/text_play.c writes what
 * is shown. This file reads what the person types and prompts; it never asks which game is
 * being played. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"

/* Wide mode: the most moves a game is played (repetition may never end a game of 2^255
 * positions), and the most moves listed on a person's turn. */
#define WIDE_MOVE_CAP 1000
#define WIDE_LIST_MAX 40

typedef struct play {
    const chopsat_rules *rules;
    chopsat_solution *sol; /* the explicit solution, or NULL in wide mode */
    chopsat_horizon *hz;   /* wide mode: the BDD layers within the horizon */
    chopsat_game *game;
    bool human[3]; /* human[1], human[2]: who types the moves */
    double blunder;
    chopsat_rng rng;
    bool echo; /* input is not a terminal: repeat each line read, for a readable transcript */
} play;

/* A view of the current position for the reports, listing l (NULL: no moves listed). */
static chopsat_play_view view(const play *g, const chopsat_moves *l)
{
    static const chopsat_moves none = {0};
    chopsat_play_view v = {.rules = g->rules,
                           .pos = chopsat_game_pos(g->game),
                           .moves = l ? l : &none,
                           .complete = true};
    memcpy(v.human, g->human, sizeof v.human);
    return v;
}

/* Plays m with verb ("plays", "rolls:"), said. Returns 0, or EXIT_ERROR (said). */
static int make_move(play *g, const chopsat_move *m, const char *verb)
{
    chopsat_play_view v = view(g, NULL);
    chopsat_err err;
    chopsat_report_play_move(stdout, &v, m, verb, NULL);
    return chopsat_game_play(g->game, m, &err) ? cli_error("%s", err.msg) : 0;
}

/* The computer's move, or a chance move (the one-die roll). Returns 0, or EXIT_ERROR. */
static int computer_move(play *g)
{
    const chopsat_pos *pos = chopsat_game_pos(g->game);
    chopsat_move m;
    chopsat_err err;
    int rc = g->hz ? chopsat_horizon_pick(g->hz, pos, &g->rng, g->blunder, &m, &err)
                   : chopsat_play_pick(g->sol, g->rules, pos, &g->rng, g->blunder, &m, &err);
    if (rc) return cli_error("%s", err.msg);
    return make_move(g, &m, chopsat_pos_chance(g->rules, pos) ? "rolls:" : "plays");
}

/* Fills v with the moves of the current position: every legal move, or in wide mode, when
 * there are more than WIDE_LIST_MAX, the first WIDE_LIST_MAX in the BDD's order and their
 * count; numbered unless a plain number is a move (a die face). Returns 0, or EXIT_ERROR. */
static int list_moves(play *g, chopsat_moves *all, chopsat_play_view *v)
{
    const chopsat_pos *pos = chopsat_game_pos(g->game);
    chopsat_move m;
    *v = view(g, all);
    v->numbered = chopsat_move_parse(g->rules, pos, "1", &m, NULL, NULL) == CHOPSAT_NOTATION;
    chopsat_err err;
    int rc = g->hz ? chopsat_horizon_moves(g->hz, pos, WIDE_LIST_MAX, all, &err)
                   : chopsat_moves_list(g->rules, pos, all, &err);
    v->complete = rc == CHOPSAT_OK;
    v->n.lo = all->n;
    if (rc == CHOPSAT_LIMIT && g->hz) rc = chopsat_horizon_count(g->hz, pos, &v->n, &err);
    return rc ? cli_error("%s", err.msg) : 0;
}

/* Removes leading and trailing white space in place. */
static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = 0;
    return s;
}

/* Says why `in`, quoted, is no move: `why` follows it. */
static void refused(const char *in, const char *why)
{
    printf("'");
    chopsat_report_escaped(stdout, in);
    printf("' %s", why);
}

/* Handles one typed line that is no command: a move (made: returns 1), a message (0), or
 * EXIT_ERROR's negative (said). */
static int typed_move(play *g, const chopsat_play_view *v, const char *in)
{
    chopsat_move m;
    chopsat_err err;
    bool renamed, number = strspn(in, "0123456789") == strlen(in);
    int rc = chopsat_move_parse(g->rules, v->pos, in, &m, &renamed, &err);
    if (rc == CHOPSAT_OK && renamed) {
        printf("(");
        refused(in, "");
        printf("leads where %s does: the same move)\n", m.name);
    }
    if (rc >= 0) return make_move(g, &m, "plays") ? -1 : 1;
    long k = number && strlen(in) < 9 ? strtol(in, NULL, 10) : 0;
    if (rc == CHOPSAT_NOTATION && number && !v->complete) {
        printf("the moves are not numbered here; type a move's name (for example ");
        chopsat_report_play_examples(stdout, v, NULL);
        printf(")\n");
    } else if (rc == CHOPSAT_NOTATION && number && k >= 1 && (size_t)k <= v->moves->n) {
        return make_move(g, &v->moves->items[k - 1], "plays") ? -1 : 1;
    } else if (rc == CHOPSAT_NOTATION && number) {
        printf("there is no move %s here; choose 1..%zu (or hint, help, quit)\n", in, v->moves->n);
    } else if (rc == -1) {
        refused(in, "is not legal here: ");
        chopsat_report_escaped(stdout, err.msg);
        printf("\n");
    } else {
        refused(in, "is no move; type ");
        printf("%s, hint, help or quit\n",
               v->numbered && v->complete ? "a move's number or name" : "a move's name");
    }
    return 0;
}

/* The person's turn: the moves shown, then their lines read until one is a move or quit.
 * Returns 1 once a move is made, 0 when the game is abandoned (quit or end of input), -1 on
 * input that is no text (a NUL byte, a line past CHOPSAT_LINE_MAX) or an engine's error
 * (said). */
static int human_move(play *g)
{
    chopsat_moves all = {0};
    chopsat_play_view v;
    char *line = NULL;
    size_t cap = 0;
    long len = 0;
    int done = list_moves(g, &all, &v) ? -1 : 0;
    if (!done) chopsat_report_play_moves(stdout, &v, NULL);
    while (!done) {
        chopsat_report_play_prompt(stdout, &v, NULL);
        if ((len = chopsat_line_read(stdin, &line, &cap, CHOPSAT_LINE_MAX)) < 0) break;
        if (g->echo) { /* the transcript shows what was typed, control characters escaped */
            line[strcspn(line, "\n")] = 0;
            chopsat_report_escaped(stdout, line);
            printf("\n");
        }
        char *in = trim(line);
        if (!strcmp(in, "hint"))
            chopsat_report_play_hint(stdout, &v, g->sol, g->hz, NULL);
        else if (!strcmp(in, "help") || !strcmp(in, "?"))
            chopsat_report_play_help(stdout, &v, NULL);
        else if (!strcmp(in, "quit") || !strcmp(in, "q"))
            break;
        else if (*in)
            done = typed_move(g, &v, in);
    }
    if (!done && (len == CHOPSAT_LINE_NUL || len == CHOPSAT_LINE_LONG)) {
        printf("\n");
        fflush(stdout);
        cli_error("play: standard input: %s", chopsat_line_problem(len));
        done = -1;
    } else if (!done)
        chopsat_report_play_abandoned(stdout, &v, chopsat_game_moves(g->game), len >= 0, NULL);
    free(line);
    chopsat_moves_free(&all);
    return done;
}

/* Plays to the end. Returns 0 however the game ends, EXIT_ERROR on input that is no text or an
 * engine's error (said). */
static int run(play *g)
{
    for (;;) {
        chopsat_play_view v = view(g, NULL);
        int end = chopsat_game_end(g->game);
        chopsat_report_play_turn(stdout, &v, chopsat_game_moves(g->game), end, WIDE_MOVE_CAP, NULL);
        if (end != CHOPSAT_GAME_ON) return 0;
        if (chopsat_pos_chance(g->rules, v.pos) || !g->human[v.pos->mover]) {
            if (computer_move(g)) return EXIT_ERROR;
        } else {
            int moved = human_move(g);
            if (moved <= 0) return moved < 0 ? EXIT_ERROR : 0;
        }
        fflush(stdout);
    }
}

/* Solves the rules, or in wide mode builds the horizon's layers, saying which; the opening
 * lines. Returns 0, or EXIT_ERROR (said). */
static int engines(play *g, long horizon)
{
    chopsat_err err;
    bool wide =
        chopsat_explicit_memory(g->rules, CHOPSAT_SEARCH_SOLVE, NULL, &err) == CHOPSAT_LIMIT;
    if (!wide && !(g->sol = chopsat_solve(g->rules, NULL, NULL, &err))) /* no progress line */
        return cli_error("%s", err.msg);
    char desc[256];
    chopsat_rules_describe(g->rules, desc, sizeof desc);
    printf("chopsat play: %s\n", desc);
    if (!wide) return 0;
    printf("the explicit solver is not used (%s); the computer plays from the BDD engine's "
           "forcing layers within a horizon of %ld moves.\n",
           err.msg, horizon);
    fflush(stdout);
    g->hz = chopsat_horizon_new(g->rules, (int)horizon, NULL, &err);
    return g->hz ? 0 : cli_error("%s", err.msg);
}

int cli_play(int argc, char **argv)
{
    cli_opts o;
    chopsat_pos start;
    int rc = cli_parse("play", argc, argv, 0, &o);
    if (rc) return rc;
    play g = {.rules = o.rules, .blunder = o.blunder, .echo = !isatty(0)};
    g.human[1] = o.human == HUMAN_1 || o.human == HUMAN_BOTH;
    g.human[2] = o.human == HUMAN_2 || o.human == HUMAN_BOTH;
    uint64_t seed = o.given[OPT_SEED]
                        ? (uint64_t)o.seed
                        : ((uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20)) % 2147483648u;
    g.rng.s = seed;
    rc = cli_position(&o, o.from ? o.from : "start", &start);
    if (!rc) rc = engines(&g, o.horizon);
    if (!rc && !(g.game = chopsat_game_new(o.rules, &start, g.hz ? WIDE_MOVE_CAP : 0)))
        rc = cli_error("out of memory");
    if (!rc) {
        chopsat_play_view v = view(&g, NULL);
        chopsat_report_play_opening(stdout, &v, g.blunder, seed, "--seed", NULL);
        rc = run(&g);
    }
    chopsat_game_free(g.game);
    chopsat_solution_free(g.sol);
    chopsat_horizon_free(g.hz);
    cli_opts_free(&o);
    return rc;
}
