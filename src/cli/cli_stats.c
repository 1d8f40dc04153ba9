/* cli_stats.c: `chopsat stats [--from POS]`: the state graph's statistics from a position
 * (reachable, terminal, edges, wins, losses, draws, the longest distance, the breadth-first
 * depth), from the explicit solver or, with --bdd, the BDD engine. */
#include <string.h>

#include "cli/cli.h"

/* The statistics as one JSON object on its own line. */
static void write_stats_json(const char *from, const chopsat_stats *st)
{
    const char *names[] = {"positions", "terminal",         "edges", "wins", "losses",
                           "draws",     "longest_distance", "depth"};
    uint64_t values[] = {st->positions, st->terminal,         st->edges, st->wins, st->losses,
                         st->draws,     st->longest_distance, st->depth};
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
    chopsat_solution *sol = rc || o.bdd ? NULL : cli_solve_checked(&o, CHOPSAT_SEARCH_STATS);
    chopsat_stats st;
    chopsat_err err;
    if (!rc && o.bdd) { /* the BDD engine: forward images, values from its layers */
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
        if (o.format == FMT_JSON)
            write_stats_json(buf, &st);
        else if (o.format == FMT_CSV)
            printf("from,positions,terminal,edges,wins,losses,draws,longest_distance,depth\n"
                   "%s%s%s,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu\n",
                   strchr(buf, ',') ? "\"" : "", buf, strchr(buf, ',') ? "\"" : "",
                   (unsigned long long)st.positions, (unsigned long long)st.terminal,
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
