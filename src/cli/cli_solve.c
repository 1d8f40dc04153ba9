/* cli_solve.c: `chopsat solve [POS]` and `solve --all`: a position's exact value, distance,
 * best moves, every move valued and the line of best play, or every position of the game, from
 * the explicit solver (the BDD engine's answer with --bdd is cli_solve_bdd.c; the page of
 * --format html is cli_html_*.c). */
#include "cli/cli_html.h"

/* Every position of the solution with its value, distance and whether it is reachable from the
 * start, as a text table, CSV or a JSON array, to -o FILE or standard output; the exit status. */
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
    if (o->format == FMT_CSV)
        fprintf(f, "position,value,distance,reachable\n");
    else if (o->format == FMT_JSON)
        chopsat_json_array(&j, true);
    else
        fprintf(f, "%-16s %-5s %8s  %s\n", "position", "value", "distance", "reachable");
    for (uint64_t i = 0; i < chopsat_solution_size(sol); i++) {
        chopsat_pos p;
        if (!chopsat_solution_position(sol, i, &p)) continue;
        uint32_t d;
        int v = chopsat_value(sol, &p, &d);
        bool reachable = chopsat_reach_depth(reach, &p) >= 0;
        chopsat_pos_format(o->rules, &p, buf, sizeof buf);
        if (o->format == FMT_CSV) {
            csv_field(f, buf); /* "1,10/0,4:1" past ten fingers */
            if (v == CHOPSAT_DRAW)
                fprintf(f, ",draw,,%s\n", reachable ? "yes" : "no");
            else
                fprintf(f, ",%s,%u,%s\n", cli_value_word(v), d, reachable ? "yes" : "no");
        } else if (o->format == FMT_JSON) {
            chopsat_json_object(&j);
            chopsat_json_kstring(&j, "position", buf);
            chopsat_json_kstring(&j, "value", cli_value_word(v));
            cli_distance_json(&j, v, d);
            chopsat_json_kbool(&j, "reachable", reachable);
            chopsat_json_end(&j);
        } else {
            if (v == CHOPSAT_DRAW)
                fprintf(f, "%-16s %-5s %8s  %s\n", buf, "draw", "-", reachable ? "yes" : "no");
            else
                fprintf(f, "%-16s %-5s %8u  %s\n", buf, cli_value_word(v), d,
                        reachable ? "yes" : "no");
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
    if (j)
        chopsat_json_array(j, false);
    else if (all.n)
        printf("Every move, valued for player %u (who makes it):\n", p->mover);
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
            chopsat_json_kstring(j, "value", cli_value_word(v));
            cli_distance_json(j, v, d);
            chopsat_json_kbool(j, "best", is_best);
            chopsat_json_end(j);
        } else if (v == CHOPSAT_DRAW) {
            printf("  %-12s -> %-14s draw%s\n", all.items[i].name, buf, is_best ? "  (best)" : "");
        } else {
            printf("  %-12s -> %-14s %s in %u%s\n", all.items[i].name, buf, cli_value_word(v), d,
                   is_best ? "  (best)" : "");
        }
    }
    if (j) chopsat_json_end(j);
    chopsat_moves_free(&all);
}

/* Prints p's value and distance, its best moves, every move valued and the line of best play,
 * in text or JSON; 0. */
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
        chopsat_json_kstring(&j, "value", cli_value_word(v));
        cli_distance_json(&j, v, d);
        chopsat_json_key(&j, "best_moves");
        cli_moves_json(&j, o->rules, &best);
        chopsat_json_key(&j, "line");
        cli_moves_json(&j, o->rules, &line);
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
                   cli_value_word(v), p->mover, d, d == 1 ? "" : "s");
            printf("Player %u wins with best play.\n", v == CHOPSAT_WIN ? p->mover : 3 - p->mover);
        }
        if (best.n) {
            printf("Best move%s:", best.n == 1 ? "" : "s");
            for (size_t i = 0; i < best.n; i++)
                printf("%s %s", i ? "," : "", best.items[i].name);
            printf("\n");
        }
        print_move_values(o, sol, p, &best, NULL);
        if (line.n) {
            printf("Line of best play%s:\n",
                   v == CHOPSAT_DRAW ? " (until a position repeats)" : "");
            chopsat_pos cur = *p;
            for (size_t i = 0; i < line.n; i++) {
                chopsat_pos_format(o->rules, &line.items[i].to, buf, sizeof buf);
                printf("  %3zu. player %u  %-12s -> %s\n", i + 1, cur.mover, line.items[i].name,
                       buf);
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
    if (o.all && o.nargs)
        rc = cli_usage("solve: give a position or --all, not both");
    else if (!o.all && o.format == FMT_CSV)
        rc = cli_usage("solve: --format csv goes with --all");
    else if (!o.all && o.out_path && o.format != FMT_HTML)
        rc = cli_usage("solve: -o goes with --all or --format html");
    else if (o.format == FMT_HTML && (o.all || o.bdd))
        rc = cli_usage("solve: --format html shows one position, solved explicitly (not with --all "
                       "or --bdd)");
    else if (!o.all)
        rc = cli_position(&o, o.nargs ? o.args[0] : "start", &p);
    if (!rc && o.bdd) {
        rc = o.all ? cli_usage("solve: --bdd values one position and counts all; --all "
                               "lists every position (explicit)")
                   : cli_solve_bdd(&o, &p);
        cli_opts_free(&o);
        return rc;
    }
    if (!rc) {
        chopsat_solution *sol =
            cli_solve_checked(&o, o.all ? CHOPSAT_SEARCH_SOLVE_ALL : CHOPSAT_SEARCH_SOLVE);
        if (!sol)
            rc = EXIT_ERROR;
        else
            rc = o.all                  ? solve_all(&o, sol)
                 : o.format == FMT_HTML ? cli_html_solve(&o, sol, &p)
                                        : solve_one(&o, sol, &p);
        chopsat_solution_free(sol);
    }
    cli_opts_free(&o);
    return rc;
}
