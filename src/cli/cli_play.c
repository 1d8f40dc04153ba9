/* cli_play.c: `chopsat play`, a game against the computer in the terminal (docs/play.md).
 *
 * The rules are solved once with the explicit solver; the computer then picks uniformly among
 * the best moves (win fastest, lose slowest, keep a draw), except that with --blunder P it
 * plays a uniformly random legal move with probability P. A move that a real game leaves to
 * chance (the one-die opening) is a uniformly random legal move whoever is to move. The third
 * occurrence of a position (player to move included) ends the game as a draw, so every game
 * ends. All randomness comes from one seeded generator kept here, so --seed S replays a game.
 * A game the explicit solver cannot hold (wide hands) is played from both players' BDD forcing
 * layers within --horizon H moves instead (chopsat_horizon_*: values within H, the layers'
 * move, the moves counted and drawn on the BDDs, never listed unless few), and stops after
 * WIDE_MOVE_CAP moves. This file only talks to the person; it never asks which game is being
 * played. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"

/* splitmix64: a small, well-mixed generator; the state is the whole of it. */
typedef struct rng {
    uint64_t s;
} rng;

static uint64_t rng_next(rng *g)
{
    uint64_t z = (g->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* A uniform number in [0, 1). */
static double rng_unit(rng *g)
{
    return (double)(rng_next(g) >> 11) * 0x1.0p-53;
}

/* A 64-bit word, for the library's random draws (chopsat_horizon_random). */
static uint64_t rng_word(void *g)
{
    return rng_next(g);
}

/* A uniform index in [0, n), n > 0. */
static size_t rng_below(rng *g, size_t n)
{
    size_t k = (size_t)(rng_unit(g) * (double)n);
    return k < n ? k : n - 1;
}

/* Wide mode: the most moves a game is played (repetition may never end a game of 2^255
 * positions), and the most moves listed on a person's turn. */
#define WIDE_MOVE_CAP 1000
#define WIDE_LIST_MAX 40

typedef struct play {
    const chopsat_rules *rules;
    chopsat_solution *sol; /* the explicit solution, or NULL in wide mode */
    chopsat_horizon *hz;   /* wide mode: the BDD layers within the horizon */
    chopsat_pos pos;
    chopsat_pos_counter *seen; /* every position of the game so far, the current one included */
    bool human[3];         /* human[1], human[2]: who types the moves */
    double blunder;
    rng rng;
    long moves; /* moves played in this game */
    uint32_t count; /* occurrences of the current position */
    bool echo;  /* input is not a terminal: repeat each line read, for a readable transcript */
} play;

/* "player 1 (you)", "player 2 (computer)", or plain "player 1" when both or neither are
 * people. */
static const char *who(const play *g, int player)
{
    static char buf[32];
    bool mixed = g->human[1] != g->human[2];
    snprintf(buf, sizeof buf, "player %d%s", player,
             !mixed             ? ""
             : g->human[player] ? " (you)"
                                : " (computer)");
    return buf;
}

static const char *plural(long n)
{
    return n == 1 ? "" : "s";
}

/* Plays m: prints it as "<who> <verb> <name> -> <position>" and records the new position. */
static void make_move(play *g, const chopsat_move *m, const char *verb)
{
    char buf[CHOPSAT_POS_MAX];
    chopsat_pos_format(g->rules, &m->to, buf, sizeof buf);
    printf("%s %s %s -> %s\n", who(g, (int)g->pos.mover), verb, m->name, buf);
    g->pos = m->to;
    g->moves++;
    g->count = (uint32_t)chopsat_pos_count_add(g->seen, &g->pos);
}

/* Wide mode's choice: a uniformly random legal move drawn on the BDDs with probability blunder
 * (always for a chance move), else the layers' move. Returns 0, or EXIT_ERROR (said). */
static int wide_move(play *g, bool chance)
{
    chopsat_move m;
    chopsat_err err;
    bool blunder = chance || rng_unit(&g->rng) < g->blunder;
    int rc = blunder ? chopsat_horizon_random(g->hz, &g->pos, rng_word, &g->rng, &m, &err)
                     : chopsat_horizon_move(g->hz, &g->pos, &m, &err);
    if (rc) return cli_error("%s", err.msg);
    make_move(g, &m, chance ? "rolls:" : "plays");
    return 0;
}

/* The computer's choice: a random legal move with probability blunder, else a random best
 * move. */
static void computer_move(play *g)
{
    chopsat_moves all = {0}, best = {0};
    chopsat_moves_list(g->rules, &g->pos, &all, NULL);
    chopsat_best_moves(g->sol, &g->pos, &best, NULL);
    bool blunder = rng_unit(&g->rng) < g->blunder;
    const chopsat_moves *from = blunder || best.n == 0 ? &all : &best;
    chopsat_move m = from->items[rng_below(&g->rng, from->n)];
    make_move(g, &m, "plays");
    chopsat_moves_free(&all);
    chopsat_moves_free(&best);
}

/* Whether a plain number typed at the current position is a move of the game (a die face in
 * the one-die game) rather than a number from the list. */
static bool numbers_are_moves(const play *g)
{
    chopsat_move m;
    return chopsat_move_parse(g->rules, &g->pos, "1", &m, NULL, NULL) != CHOPSAT_NOTATION;
}

/* The moves of a person's turn: every legal move, or in wide mode, when there are more than
 * WIDE_LIST_MAX, the first WIDE_LIST_MAX in the BDD's order (for examples) and their count. */
typedef struct listing {
    chopsat_moves all;
    bool complete; /* all holds every legal move */
    chopsat_count n; /* how many there are */
} listing;

/* Fills l for the current position. Returns 0, or EXIT_ERROR (said). */
static int list_moves(play *g, listing *l)
{
    memset(l, 0, sizeof *l);
    if (!g->hz) {
        chopsat_moves_list(g->rules, &g->pos, &l->all, NULL);
        l->complete = true;
        l->n.lo = l->all.n;
        return 0;
    }
    chopsat_err err;
    int rc = chopsat_horizon_moves(g->hz, &g->pos, WIDE_LIST_MAX, &l->all, &err);
    l->complete = rc == CHOPSAT_OK;
    l->n.lo = l->all.n;
    if (rc == CHOPSAT_LIMIT) rc = chopsat_horizon_count(g->hz, &g->pos, &l->n, &err);
    return rc ? cli_error("%s", err.msg) : 0;
}

/* Writes a move as the hint names it: its number in the list when the list is complete and
 * numbered, then its name. */
static void print_named(const play *g, const listing *l, const chopsat_pos *to, const char *name)
{
    if (l->complete && !numbers_are_moves(g))
        for (size_t j = 0; j < l->all.n; j++)
            if (chopsat_pos_equal(&l->all.items[j].to, to)) printf("%zu. ", j + 1);
    printf("%s", name);
}

/* The hint of wide mode: the value within the horizon and the layers' move. */
static void print_wide_hint(const play *g, const listing *l)
{
    uint32_t d;
    int v = chopsat_horizon_value(g->hz, &g->pos, &d);
    int me = (int)g->pos.mover, h = chopsat_horizon_depth(g->hz);
    if (v == CHOPSAT_UNKNOWN)
        printf("hint: no forced result within %d moves: neither player can force a win within "
               "the horizon (which is no draw).\n", h);
    else
        printf("hint: the position is a forced %s for %s within %u move%s (the horizon is %d).\n",
               v == CHOPSAT_WIN ? "win" : "loss", who(g, me), d, plural(d), h);
    chopsat_move m;
    chopsat_err err;
    if (chopsat_horizon_move(g->hz, &g->pos, &m, &err)) {
        printf("hint: no move: %s\n", err.msg);
        return;
    }
    printf("hint: the computer would play (%s): ",
           v == CHOPSAT_WIN    ? "the fastest win"
           : v == CHOPSAT_LOSS ? "the slowest defence"
                               : "it keeps out of the opponent's forcing layers when it can");
    print_named(g, l, &m.to, m.name);
    printf("\n");
}

static void print_hint(const play *g, const listing *l)
{
    if (g->hz) {
        print_wide_hint(g, l);
        return;
    }
    uint32_t d;
    int v = chopsat_value(g->sol, &g->pos, &d);
    chopsat_moves best = {0};
    chopsat_best_moves(g->sol, &g->pos, &best, NULL);
    int me = (int)g->pos.mover;
    if (v == CHOPSAT_DRAW)
        printf("hint: the position is a draw: with best play neither player can force a win.\n");
    else
        printf("hint: the position is a %s for %s in %u move%s with best play by both.\n",
               v == CHOPSAT_WIN ? "win" : "loss", who(g, me), d, plural(d));
    printf("hint: best move%s (%s):", best.n == 1 ? "" : "s",
           v == CHOPSAT_WIN    ? "the fastest win"
           : v == CHOPSAT_LOSS ? "the slowest defence"
                               : "they keep the draw");
    for (size_t i = 0; i < best.n; i++)
        for (size_t j = 0; j < l->all.n; j++)
            if (chopsat_pos_equal(&l->all.items[j].to, &best.items[i].to)) {
                if (numbers_are_moves(g)) printf("%s %s", i ? "," : "", l->all.items[j].name);
                else printf("%s %zu. %s", i ? "," : "", j + 1, l->all.items[j].name);
            }
    printf("\n");
    chopsat_moves_free(&best);
}

/* Writes the first listed move of each kind (tap, split, ...) as examples: "tap 1>1, split
 * 0,2". */
static void print_examples(const listing *l)
{
    bool seen[8] = {false};
    const char *sep = "";
    for (size_t i = 0; i < l->all.n; i++) {
        int k = l->all.items[i].kind;
        if (k < 0 || k >= 8 || seen[k]) continue;
        seen[k] = true;
        printf("%s%s", sep, l->all.items[i].name);
        sep = ", ";
    }
}

static void print_help(const play *g, const listing *l)
{
    const char *name = l->all.items[0].name, *sp = strchr(name, ' ');
    if (!l->complete) printf("type a move's name (\"%s\"", name);
    else if (numbers_are_moves(g)) printf("type a move's name as listed (\"%s\"", name);
    else printf("type a move's number (1..%zu) or its name as listed (\"%s\"", l->all.n, name);
    if (sp) printf(" or just \"%s\"", sp + 1);
    printf("; case and spaces do not matter; any move the rules allow is taken, as the listed "
           "move it is the same as), or\n"
           "  hint   the value of the position and the best moves\n"
           "  help   this text\n"
           "  quit   abandon the game\n");
}

/* Shows the moves: listed (numbered unless a number is a move), or in wide mode when there are
 * too many, their count and examples of their names. */
static void show_moves(const play *g, const listing *l, bool numbered)
{
    char buf[CHOPSAT_POS_MAX], digits[CHOPSAT_COUNT_DIGITS];
    if (!l->complete) {
        chopsat_count_format(l->n, digits, sizeof digits);
        printf("moves: %s, too many to list; type one by its name (for example ", digits);
        print_examples(l);
        printf(")\n");
        return;
    }
    printf("moves:\n");
    for (size_t i = 0; i < l->all.n; i++) {
        chopsat_pos_format(g->rules, &l->all.items[i].to, buf, sizeof buf);
        if (numbered) printf("  %2zu. %-12s -> %s\n", i + 1, l->all.items[i].name, buf);
        else printf("  %-12s -> %s\n", l->all.items[i].name, buf);
    }
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

/* Asks for the person's move. */
static void prompt(const play *g, const listing *l, bool numbered)
{
    if (!numbered || !l->complete)
        printf("%s, your move [a move, hint, help, quit]: ", who(g, (int)g->pos.mover));
    else if (l->all.n == 1)
        printf("%s, your move [1, name, hint, help, quit]: ", who(g, (int)g->pos.mover));
    else
        printf("%s, your move [1-%zu, name, hint, help, quit]: ", who(g, (int)g->pos.mover),
               l->all.n);
    fflush(stdout);
}

/* Handles one typed line that is no command: a move (made: returns 1) or a message (0). */
static int typed_move(play *g, const listing *l, const char *in, bool numbered)
{
    chopsat_move m;
    chopsat_err err;
    bool renamed;
    int rc = chopsat_move_parse(g->rules, &g->pos, in, &m, &renamed, &err);
    bool number = strspn(in, "0123456789") == strlen(in);
    if (rc == CHOPSAT_OK && renamed) {
        printf("('");
        cli_escaped(stdout, in);
        printf("' leads where %s does: the same move)\n", m.name);
    }
    if (rc >= 0) {
        make_move(g, &m, "plays");
        return 1;
    }
    if (rc == CHOPSAT_NOTATION && number && !l->complete) {
        printf("the moves are not numbered here; type a move's name (for example ");
        print_examples(l);
        printf(")\n");
    } else if (rc == CHOPSAT_NOTATION && number) {
        long k = strlen(in) < 9 ? strtol(in, NULL, 10) : 0;
        if (k >= 1 && (size_t)k <= l->all.n) {
            make_move(g, &l->all.items[k - 1], "plays");
            return 1;
        }
        printf("there is no move %s here; choose 1..%zu (or hint, help, quit)\n", in, l->all.n);
    } else if (rc == -1) {
        printf("'");
        cli_escaped(stdout, in);
        printf("' is not legal here: ");
        cli_escaped(stdout, err.msg);
        printf("\n");
    } else {
        printf("'");
        cli_escaped(stdout, in);
        printf("' is no move; type %s, hint, help or quit\n",
               numbered && l->complete ? "a move's number or name" : "a move's name");
    }
    return 0;
}

/* The person's turn. Returns 1 once a move is made, 0 when the game is abandoned (quit or end
 * of input), -1 on input that is no text (a NUL byte, a line past CHOPSAT_LINE_MAX: said) or
 * an engine's error (said). */
static int human_move(play *g)
{
    listing l;
    if (list_moves(g, &l)) {
        chopsat_moves_free(&l.all);
        return -1;
    }
    bool numbered = !numbers_are_moves(g); /* in the one-die game a number is a face */
    show_moves(g, &l, numbered);
    char *line = NULL;
    size_t cap = 0;
    int done = -1;
    while (done < 0) {
        prompt(g, &l, numbered);
        long len = chopsat_line_read(stdin, &line, &cap, CHOPSAT_LINE_MAX);
        if (len == CHOPSAT_LINE_NUL || len == CHOPSAT_LINE_LONG) {
            printf("\n");
            fflush(stdout);
            cli_error("play: standard input: %s", chopsat_line_problem(len));
            done = -1;
            break;
        }
        if (len < 0) {
            printf("\ninput ended; game abandoned after %ld move%s.\n", g->moves, plural(g->moves));
            done = 0;
            break;
        }
        if (g->echo) { /* the transcript shows what was typed, control characters escaped */
            line[strcspn(line, "\n")] = 0;
            cli_escaped(stdout, line);
            printf("\n");
        }
        char *in = trim(line);
        if (!*in) continue;
        if (!strcmp(in, "hint"))
            print_hint(g, &l);
        else if (!strcmp(in, "help") || !strcmp(in, "?"))
            print_help(g, &l);
        else if (!strcmp(in, "quit") || !strcmp(in, "q")) {
            printf("%s quits; game abandoned after %ld move%s.\n", who(g, (int)g->pos.mover),
                   g->moves, plural(g->moves));
            done = 0;
        } else if (typed_move(g, &l, in, numbered))
            done = 1;
    }
    free(line);
    chopsat_moves_free(&l.all);
    return done;
}

/* Plays from g->pos to the end. Returns 0 however the game ends, EXIT_ERROR on input that is
 * no text or an engine's error (said). */
static int run(play *g)
{
    char buf[CHOPSAT_POS_MAX];
    g->seen = chopsat_pos_counter_new();
    if (!g->seen) return cli_error("out of memory");
    g->count = (uint32_t)chopsat_pos_count_add(g->seen, &g->pos);
    for (;;) {
        chopsat_pos_format(g->rules, &g->pos, buf, sizeof buf);
        printf("\nafter %ld move%s: %s\n", g->moves, plural(g->moves), buf);
        chopsat_pos_draw(g->rules, &g->pos, stdout);
        int w = chopsat_pos_winner(g->rules, &g->pos);
        if (w) {
            printf("%s wins after %ld move%s.\n", who(g, w), g->moves, plural(g->moves));
            return 0;
        }
        if (g->count >= 3) {
            printf("a draw: position %s has occurred three times (after %ld move%s).\n", buf,
                   g->moves, plural(g->moves));
            return 0;
        }
        if (g->hz && g->moves >= WIDE_MOVE_CAP) {
            printf("no result after %d moves: a game too large for the explicit solver stops "
                   "there.\n", WIDE_MOVE_CAP);
            return 0;
        }
        if (g->hz && (chopsat_pos_chance(g->rules, &g->pos) || !g->human[g->pos.mover])) {
            if (wide_move(g, chopsat_pos_chance(g->rules, &g->pos))) return EXIT_ERROR;
        } else if (chopsat_pos_chance(g->rules, &g->pos)) {
            chopsat_moves all = {0};
            chopsat_moves_list(g->rules, &g->pos, &all, NULL);
            chopsat_move m = all.items[rng_below(&g->rng, all.n)];
            chopsat_moves_free(&all);
            make_move(g, &m, "rolls:");
        } else if (g->human[g->pos.mover]) {
            int moved = human_move(g);
            if (moved <= 0) return moved < 0 ? EXIT_ERROR : 0;
        } else {
            computer_move(g);
        }
        fflush(stdout);
    }
}

int cli_play(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("play", argc, argv, 0, &o);
    if (rc) return rc;
    play g;
    memset(&g, 0, sizeof g);
    g.rules = o.rules;
    if ((rc = cli_position(&o, o.from ? o.from : "start", &g.pos))) {
        cli_opts_free(&o);
        return rc;
    }
    g.human[1] = o.human == HUMAN_1 || o.human == HUMAN_BOTH;
    g.human[2] = o.human == HUMAN_2 || o.human == HUMAN_BOTH;
    g.blunder = o.blunder;
    uint64_t seed = o.given[OPT_SEED] ? (uint64_t)o.seed
                               : ((uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20)) % 2147483648u;
    g.rng.s = seed;
    g.echo = !isatty(0);
    chopsat_err err;
    bool wide = chopsat_explicit_memory(o.rules, CHOPSAT_SEARCH_SOLVE, NULL, &err) == CHOPSAT_LIMIT;
    if (!wide) /* no progress line: it would clutter the board */
        g.sol = chopsat_solve(o.rules, NULL, NULL, &err);
    if (!wide && !g.sol) {
        rc = cli_error("%s", err.msg);
        cli_opts_free(&o);
        return rc;
    }
    char desc[256];
    chopsat_rules_describe(o.rules, desc, sizeof desc);
    printf("chopsat play: %s\n", desc);
    if (wide) {
        printf("the explicit solver is not used (%s); the computer plays from the BDD engine's "
               "forcing layers within a horizon of %ld moves.\n", err.msg, o.horizon);
        fflush(stdout);
        g.hz = chopsat_horizon_new(o.rules, (int)o.horizon, NULL, &err);
        if (!g.hz) {
            rc = cli_error("%s", err.msg);
            cli_opts_free(&o);
            return rc;
        }
    }
    if (g.human[1] != g.human[2])
        printf("you are player %d; the computer is player %d", g.human[1] ? 1 : 2,
               g.human[1] ? 2 : 1);
    else
        printf(g.human[1] ? "two people play; the computer only gives hints"
                          : "the computer plays both sides");
    if (!(g.human[1] && g.human[2]))
        printf(" (plays a random move with probability %g)", g.blunder);
    printf(".\nseed %llu (play the same game again with --seed %llu).%s\n",
           (unsigned long long)seed, (unsigned long long)seed,
           g.human[1] || g.human[2] ? " type help for help." : "");
    rc = run(&g);
    chopsat_pos_counter_free(g.seen);
    chopsat_solution_free(g.sol);
    chopsat_horizon_free(g.hz);
    cli_opts_free(&o);
    return rc;
}
