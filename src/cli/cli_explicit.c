/* cli_explicit.c: the subcommands that read the rules and the explicit solver: rules, moves,
 * solve and stats. */
#include <stdlib.h>
#include <string.h>

#include "cli/cli_html.h"

static const char *value_name(int v)
{
    return v == CHOPSAT_WIN ? "win" : v == CHOPSAT_LOSS ? "loss" : "draw";
}

/* Writes the moves as a JSON array of {"move", "position"}. */
static void write_moves_json(chopsat_json *j, const chopsat_rules *r, const chopsat_moves *ms)
{
    char buf[CHOPSAT_POS_MAX];
    chopsat_json_array(j, false);
    for (size_t i = 0; i < ms->n; i++) {
        chopsat_pos_format(r, &ms->items[i].to, buf, sizeof buf);
        chopsat_json_object(j);
        chopsat_json_kstring(j, "move", ms->items[i].name);
        chopsat_json_kstring(j, "position", buf);
        chopsat_json_end(j);
    }
    chopsat_json_end(j);
}

/* Writes a value's distance: null for a draw. */
static void write_distance(chopsat_json *j, int v, uint32_t d)
{
    chopsat_json_key(j, "distance");
    if (v == CHOPSAT_DRAW) chopsat_json_null(j);
    else chopsat_json_uint(j, d);
}

int cli_rules(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("rules", argc, argv, 0, &o);
    if (rc) return rc;
    if (o.rules) {
        char buf[256];
        chopsat_rules_describe(o.rules, buf, sizeof buf);
        printf("%s\n", buf);
    } else {
        printf("Presets (--rules PRESET[,key=value...]):\n");
        chopsat_rules_help(stdout);
    }
    cli_opts_free(&o);
    return 0;
}

int cli_moves(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("moves", argc, argv, 1, &o);
    if (rc) return rc;
    if ((rc = cli_need_args(&o, NULL))) {
        cli_opts_free(&o);
        return rc;
    }
    chopsat_pos p;
    if ((rc = cli_position(&o, o.args[0], &p))) {
        cli_opts_free(&o);
        return rc;
    }
    chopsat_moves ms = {0};
    char from[CHOPSAT_POS_MAX], to[CHOPSAT_POS_MAX];
    chopsat_pos_format(o.rules, &p, from, sizeof from);
    if (chopsat_moves_list(o.rules, &p, &ms, NULL) == CHOPSAT_LIMIT) {
        cli_opts_free(&o);
        return cli_error("moves: %s may have more than %zu moves, too many to list (a single "
                         "move is still decided at any width: check, play)",
                         from, CHOPSAT_MOVES_LIST_MAX);
    }
    if (o.format == FMT_JSON) {
        chopsat_json j;
        chopsat_json_init(&j, stdout);
        chopsat_json_object(&j);
        chopsat_json_kstring(&j, "position", from);
        chopsat_json_key(&j, "moves");
        write_moves_json(&j, o.rules, &ms);
        chopsat_json_end(&j);
        putchar('\n');
    } else if (o.format == FMT_CSV) {
        printf("move,position\n");
        for (size_t i = 0; i < ms.n; i++) {
            chopsat_pos_format(o.rules, &ms.items[i].to, to, sizeof to);
            csv_field(stdout, ms.items[i].name);
            printf(",");
            csv_field(stdout, to);
            printf("\n");
        }
    } else {
        int w = chopsat_pos_winner(o.rules, &p);
        if (w) printf("%s: the game is over; player %d has won\n", from, w);
        else printf("%s: player %u to move, %zu move%s\n", from, p.mover, ms.n, ms.n == 1 ? "" : "s");
        for (size_t i = 0; i < ms.n; i++) {
            chopsat_pos_format(o.rules, &ms.items[i].to, to, sizeof to);
            printf("  %-12s -> %s\n", ms.items[i].name, to);
        }
    }
    chopsat_moves_free(&ms);
    cli_opts_free(&o);
    return 0;
}

/* Solves the rules of o for `search` (CHOPSAT_SEARCH_*: the solve and what follows it, whose
 * memory is checked before anything starts), printing an error on failure. */
static chopsat_solution *solve_or_complain(const cli_opts *o, int search)
{
    chopsat_err err;
    if (search != CHOPSAT_SEARCH_SOLVE && /* chopsat_solve checks its own */
        chopsat_explicit_memory(o->rules, search, NULL, &err) == CHOPSAT_LIMIT) {
        cli_error("%s", err.msg);
        return NULL;
    }
    chopsat_solution *sol = chopsat_solve(o->rules, cli_progress, NULL, &err);
    cli_progress_end();
    if (!sol) cli_error("%s", err.msg);
    return sol;
}

static int solve_all(cli_opts *o, chopsat_solution *sol)
{
    chopsat_pos start;
    chopsat_pos_start(o->rules, &start);
    chopsat_err err;
    chopsat_reach_set *reach = chopsat_explore(o->rules, &start, &err);
    if (!reach) return cli_error("%s", err.msg);
    cli_out out;
    int rc = cli_out_open(&out, o->out_path);
    if (rc) {
        chopsat_reach_set_free(reach);
        return rc;
    }
    FILE *f = out.f;
    char buf[CHOPSAT_POS_MAX];
    chopsat_json j;
    chopsat_json_init(&j, f);
    if (o->format == FMT_CSV) fprintf(f, "position,value,distance,reachable\n");
    else if (o->format == FMT_JSON) chopsat_json_array(&j, true);
    else fprintf(f, "%-16s %-5s %8s  %s\n", "position", "value", "distance", "reachable");
    for (uint64_t i = 0; i < chopsat_solution_size(sol); i++) {
        chopsat_pos p;
        if (!chopsat_solution_position(sol, i, &p)) continue;
        uint32_t d;
        int v = chopsat_value(sol, &p, &d);
        bool reachable = chopsat_reach_depth(reach, &p) >= 0;
        chopsat_pos_format(o->rules, &p, buf, sizeof buf);
        if (o->format == FMT_CSV) {
            csv_field(f, buf); /* "1,10/0,4:1" past ten fingers */
            if (v == CHOPSAT_DRAW) fprintf(f, ",draw,,%s\n", reachable ? "yes" : "no");
            else fprintf(f, ",%s,%u,%s\n", value_name(v), d, reachable ? "yes" : "no");
        } else if (o->format == FMT_JSON) {
            chopsat_json_object(&j);
            chopsat_json_kstring(&j, "position", buf);
            chopsat_json_kstring(&j, "value", value_name(v));
            write_distance(&j, v, d);
            chopsat_json_kbool(&j, "reachable", reachable);
            chopsat_json_end(&j);
        } else {
            if (v == CHOPSAT_DRAW) fprintf(f, "%-16s %-5s %8s  %s\n", buf, "draw", "-", reachable ? "yes" : "no");
            else fprintf(f, "%-16s %-5s %8u  %s\n", buf, value_name(v), d, reachable ? "yes" : "no");
        }
    }
    if (o->format == FMT_JSON) {
        chopsat_json_end(&j);
        fputc('\n', f);
    }
    chopsat_reach_set_free(reach);
    return cli_out_close(&out, true);
}

/* The value of move m for the player who makes it: the opposite of the value of the position it
 * leads to, one move further away. */
static int move_value(const chopsat_solution *sol, const chopsat_move *m, uint32_t *distance)
{
    uint32_t d;
    int v = chopsat_value(sol, &m->to, &d);
    *distance = v == CHOPSAT_DRAW ? 0 : d + 1;
    return chopsat_value_other(v);
}

/* Every legal move of p with its value for the mover, best moves marked (text), or as a JSON
 * array when j is not NULL. Serves every game: for the one-die start it is the value of every
 * opening. */
static void print_move_values(const cli_opts *o, const chopsat_solution *sol, const chopsat_pos *p,
                              const chopsat_moves *best, chopsat_json *j)
{
    chopsat_moves all = {0};
    chopsat_moves_list(o->rules, p, &all, NULL);
    char buf[CHOPSAT_POS_MAX];
    if (j) chopsat_json_array(j, false);
    else if (all.n) printf("Every move, valued for player %u (who makes it):\n", p->mover);
    for (size_t i = 0; i < all.n; i++) {
        uint32_t d;
        int v = move_value(sol, &all.items[i], &d);
        chopsat_pos_format(o->rules, &all.items[i].to, buf, sizeof buf);
        bool is_best = false;
        for (size_t j = 0; j < best->n && !is_best; j++)
            is_best = chopsat_pos_equal(&best->items[j].to, &all.items[i].to);
        if (j) {
            chopsat_json_object(j);
            chopsat_json_kstring(j, "move", all.items[i].name);
            chopsat_json_kstring(j, "position", buf);
            chopsat_json_kstring(j, "value", value_name(v));
            write_distance(j, v, d);
            chopsat_json_kbool(j, "best", is_best);
            chopsat_json_end(j);
        } else if (v == CHOPSAT_DRAW) {
            printf("  %-12s -> %-14s draw%s\n", all.items[i].name, buf, is_best ? "  (best)" : "");
        } else {
            printf("  %-12s -> %-14s %s in %u%s\n", all.items[i].name, buf, value_name(v), d,
                   is_best ? "  (best)" : "");
        }
    }
    if (j) chopsat_json_end(j);
    chopsat_moves_free(&all);
}

static int solve_one(cli_opts *o, chopsat_solution *sol, const chopsat_pos *p)
{
    uint32_t d;
    int v = chopsat_value(sol, p, &d);
    chopsat_moves best = {0}, line = {0};
    chopsat_best_moves(sol, p, &best, NULL);
    chopsat_principal_line(sol, p, 200, &line, NULL);
    char buf[CHOPSAT_POS_MAX];
    chopsat_pos_format(o->rules, p, buf, sizeof buf);
    if (o->format == FMT_JSON) {
        chopsat_json j;
        chopsat_json_init(&j, stdout);
        chopsat_json_object(&j);
        chopsat_json_kstring(&j, "position", buf);
        chopsat_json_kstring(&j, "value", value_name(v));
        write_distance(&j, v, d);
        chopsat_json_key(&j, "best_moves");
        write_moves_json(&j, o->rules, &best);
        chopsat_json_key(&j, "line");
        write_moves_json(&j, o->rules, &line);
        chopsat_json_key(&j, "moves");
        print_move_values(o, sol, p, &best, &j);
        chopsat_json_end(&j);
        putchar('\n');
    } else {
        int w = chopsat_pos_winner(o->rules, p);
        if (w) {
            printf("%s: the game is over; player %d has won.\n", buf, w);
        } else if (v == CHOPSAT_DRAW) {
            printf("%s: a draw; with best play neither player can force a win.\n", buf);
        } else {
            printf("%s: a %s for player %u (the player to move) in %u move%s.\n", buf,
                   value_name(v), p->mover, d, d == 1 ? "" : "s");
            printf("Player %u wins with best play.\n", v == CHOPSAT_WIN ? p->mover : 3 - p->mover);
        }
        if (best.n) {
            printf("Best move%s:", best.n == 1 ? "" : "s");
            for (size_t i = 0; i < best.n; i++) printf("%s %s", i ? "," : "", best.items[i].name);
            printf("\n");
        }
        print_move_values(o, sol, p, &best, NULL);
        if (line.n) {
            printf("Line of best play%s:\n", v == CHOPSAT_DRAW ? " (until a position repeats)" : "");
            chopsat_pos cur = *p;
            for (size_t i = 0; i < line.n; i++) {
                chopsat_pos_format(o->rules, &line.items[i].to, buf, sizeof buf);
                printf("  %3zu. player %u  %-12s -> %s\n", i + 1, cur.mover, line.items[i].name, buf);
                cur = line.items[i].to;
            }
        }
    }
    chopsat_moves_free(&best);
    chopsat_moves_free(&line);
    return 0;
}

int cli_solve(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("solve", argc, argv, 1, &o);
    if (rc) return rc;
    chopsat_pos p;
    if (o.all && o.nargs) rc = cli_usage("solve: give a position or --all, not both");
    else if (!o.all && o.format == FMT_CSV) rc = cli_usage("solve: --format csv goes with --all");
    else if (!o.all && o.out_path && o.format != FMT_HTML) rc = cli_usage("solve: -o goes with --all or --format html");
    else if (o.format == FMT_HTML && (o.all || o.symbolic))
        rc = cli_usage("solve: --format html shows one position, solved explicitly (not with --all or --symbolic)");
    else if (!o.all) rc = cli_position(&o, o.nargs ? o.args[0] : "start", &p);
    if (!rc && o.symbolic) {
        rc = o.all ? cli_usage("solve: --symbolic values one position and counts all; --all "
                               "lists every position (explicit)")
                   : cli_solve_symbolic(&o, &p);
        cli_opts_free(&o);
        return rc;
    }
    if (!rc) {
        chopsat_solution *sol =
            solve_or_complain(&o, o.all ? CHOPSAT_SEARCH_SOLVE_ALL : CHOPSAT_SEARCH_SOLVE);
        if (!sol) rc = EXIT_ERROR;
        else rc = o.all ? solve_all(&o, sol) : o.format == FMT_HTML ? cli_html_solve(&o, sol, &p) : solve_one(&o, sol, &p);
        chopsat_solution_free(sol);
    }
    cli_opts_free(&o);
    return rc;
}

/* The statistics as one JSON object on its own line. */
static void write_stats_json(const char *from, const chopsat_stats *st)
{
    const char *names[] = {"positions", "terminal", "edges", "wins", "losses", "draws",
                           "longest_distance", "depth"};
    uint64_t values[] = {st->positions, st->terminal, st->edges, st->wins, st->losses, st->draws,
                         st->longest_distance, st->depth};
    chopsat_json j;
    chopsat_json_init(&j, stdout);
    chopsat_json_object(&j);
    chopsat_json_kstring(&j, "from", from);
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        chopsat_json_key(&j, names[i]);
        chopsat_json_uint(&j, values[i]);
    }
    chopsat_json_end(&j);
    putchar('\n');
}

int cli_stats(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("stats", argc, argv, 0, &o);
    if (rc) return rc;
    chopsat_pos p;
    rc = cli_position(&o, o.from ? o.from : "start", &p);
    chopsat_solution *sol = rc || o.symbolic ? NULL : solve_or_complain(&o, CHOPSAT_SEARCH_STATS);
    chopsat_stats st;
    chopsat_err err;
    if (!rc && o.symbolic) { /* the BDD engine: forward images, values from its layers */
        chopsat_bdd_opts bo = {.progress = cli_progress, .progress_ctx = "stats"};
        chopsat_bdd *sy = chopsat_bdd_solve(o.rules, &bo, &err);
        cli_progress_end();
        if (!sy || chopsat_bdd_stats(sy, &p, &st, &err)) rc = cli_error("%s", err.msg);
        chopsat_bdd_free(sy);
    } else {
        if (!rc && !sol) rc = EXIT_ERROR;
        if (!rc && chopsat_stats_compute(sol, &p, &st, &err)) rc = cli_error("%s", err.msg);
    }
    if (!rc) {
        char buf[CHOPSAT_POS_MAX];
        chopsat_pos_format(o.rules, &p, buf, sizeof buf);
        if (o.format == FMT_JSON) write_stats_json(buf, &st);
        else if (o.format == FMT_CSV)
            printf("from,positions,terminal,edges,wins,losses,draws,longest_distance,depth\n"
                   "%s%s%s,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu\n", strchr(buf, ',') ? "\"" : "",
                   buf, strchr(buf, ',') ? "\"" : "", (unsigned long long)st.positions, (unsigned long long)st.terminal,
                   (unsigned long long)st.edges, (unsigned long long)st.wins,
                   (unsigned long long)st.losses, (unsigned long long)st.draws,
                   (unsigned long long)st.longest_distance, (unsigned long long)st.depth);
        else
            printf("from %s:\n  reachable positions  %llu\n  terminal             %llu\n"
                   "  edges                %llu\n  non-terminal wins    %llu\n"
                   "  non-terminal losses  %llu\n  non-terminal draws   %llu\n"
                   "  longest distance     %llu\n  breadth-first depth  %llu\n",
                   buf, (unsigned long long)st.positions, (unsigned long long)st.terminal,
                   (unsigned long long)st.edges, (unsigned long long)st.wins,
                   (unsigned long long)st.losses, (unsigned long long)st.draws,
                   (unsigned long long)st.longest_distance, (unsigned long long)st.depth);
    }
    chopsat_solution_free(sol);
    cli_opts_free(&o);
    return rc;
}
