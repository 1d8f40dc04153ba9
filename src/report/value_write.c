/* value_write.c: a value's word, its distance and a list of moves as JSON, a move's value. */
#include "report/value_write.h"

const char *report_value_word(int v)
{
    return v == CHOPSAT_WIN ? "win" : v == CHOPSAT_LOSS ? "loss" : "draw";
}

void report_distance_json(chopsat_json *j, int v, uint32_t d)
{
    chopsat_json_key(j, "distance");
    if (v == CHOPSAT_DRAW)
        chopsat_json_null(j);
    else
        chopsat_json_uint(j, d);
}

void report_moves_json(chopsat_json *j, const chopsat_rules *r, const chopsat_moves *ms)
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

int report_move_value(const chopsat_solution *sol, const chopsat_move *m, uint32_t *distance)
{
    uint32_t d;
    int v = chopsat_value(sol, &m->to, &d);
    *distance = v == CHOPSAT_DRAW ? 0 : d + 1;
    return chopsat_value_other(v);
}

bool report_is_best(const chopsat_moves *best, const chopsat_move *m)
{
    for (size_t i = 0; i < best->n; i++)
        if (chopsat_pos_equal(&best->items[i].to, &m->to)) return true;
    return false;
}

void report_solved_read(const chopsat_rules *r, const chopsat_solution *sol, const chopsat_pos *p,
                        report_solved *s)
{
    *s = (report_solved){0};
    s->value = chopsat_value(sol, p, &s->distance);
    chopsat_best_moves(sol, p, &s->best, NULL);
    chopsat_principal_line(sol, p, 200, &s->line, NULL);
    chopsat_pos_format(r, p, s->text, sizeof s->text);
}

void report_solved_free(report_solved *s)
{
    chopsat_moves_free(&s->best);
    chopsat_moves_free(&s->line);
}
