/* json_solve.c: a solved position as one JSON object (its value and distance, its best moves,
 * the line of best play, every move valued), and every position of a solved game as one JSON
 * array. */
#include "core/oom.h"
#include "report/text_write.h"
#include "report/value_write.h"

/* Every legal move of p as a JSON array of {"move", "position", "value", "distance", "best"}. */
static void move_values(chopsat_json *j, const chopsat_rules *r, const chopsat_solution *sol,
                        const chopsat_pos *p, const chopsat_moves *best)
{
    chopsat_moves all = {0};
    chopsat_moves_list(r, p, &all, NULL);
    char buf[CHOPSAT_POS_MAX];
    chopsat_json_array(j, false);
    for (size_t i = 0; i < all.n; i++) {
        uint32_t d;
        int v = report_move_value(sol, &all.items[i], &d);
        chopsat_pos_format(r, &all.items[i].to, buf, sizeof buf);
        chopsat_json_object(j);
        chopsat_json_kstring(j, "move", all.items[i].name);
        chopsat_json_kstring(j, "position", buf);
        chopsat_json_kstring(j, "value", report_value_word(v));
        report_distance_json(j, v, d);
        chopsat_json_kbool(j, "best", report_is_best(best, &all.items[i]));
        chopsat_json_end(j);
    }
    chopsat_json_end(j);
    chopsat_moves_free(&all);
}

/* The whole report of one position. */
static int solve_json(FILE *out, const chopsat_rules *r, const chopsat_solution *sol,
                      const chopsat_pos *p, chopsat_err *err)
{
    report_solved s;
    report_solved_read(r, sol, p, &s);
    chopsat_json j;
    chopsat_json_init(&j, out);
    chopsat_json_object(&j);
    chopsat_json_kstring(&j, "position", s.text);
    chopsat_json_kstring(&j, "value", report_value_word(s.value));
    report_distance_json(&j, s.value, s.distance);
    chopsat_json_key(&j, "best_moves");
    report_moves_json(&j, r, &s.best);
    chopsat_json_key(&j, "line");
    report_moves_json(&j, r, &s.line);
    chopsat_json_key(&j, "moves");
    move_values(&j, r, sol, p, &s.best);
    chopsat_json_end(&j);
    fputc('\n', out);
    report_solved_free(&s);
    return report_end(out, err);
}

int chopsat_report_solve_json(FILE *out, const chopsat_rules *rules, const chopsat_solution *sol,
                              const chopsat_pos *pos, chopsat_err *err)
{
    if (chopsat_pos_check(rules, pos, err)) return CHOPSAT_ERROR;
    CS_GUARDED(int, CHOPSAT_NOMEM, err, solve_json(out, rules, sol, pos, err));
}

int chopsat_report_solve_all_json(FILE *out, const chopsat_rules *rules,
                                  const chopsat_solution *sol, const chopsat_reach_set *reach,
                                  chopsat_err *err)
{
    char buf[CHOPSAT_POS_MAX];
    chopsat_json j;
    chopsat_json_init(&j, out);
    chopsat_json_array(&j, true);
    for (uint64_t i = 0; i < chopsat_solution_size(sol); i++) {
        chopsat_pos p;
        if (!chopsat_solution_position(sol, i, &p)) continue;
        uint32_t d;
        int v = chopsat_value(sol, &p, &d);
        chopsat_pos_format(rules, &p, buf, sizeof buf);
        chopsat_json_object(&j);
        chopsat_json_kstring(&j, "position", buf);
        chopsat_json_kstring(&j, "value", report_value_word(v));
        report_distance_json(&j, v, d);
        chopsat_json_kbool(&j, "reachable", chopsat_reach_depth(reach, &p) >= 0);
        chopsat_json_end(&j);
    }
    chopsat_json_end(&j);
    fputc('\n', out);
    return report_end(out, err);
}
