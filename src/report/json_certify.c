/* json_certify.c: a never's certificate checked (chopsat_certify) as one JSON object
 * (docs/cli.md lists the fields). */
#include "report/text_write.h"

int chopsat_report_certify_json(FILE *out, const chopsat_certified *c,
                                const chopsat_report_certify_opts *o, chopsat_err *err)
{
    chopsat_json j;
    chopsat_json_init(&j, out);
    chopsat_json_object(&j);
    chopsat_json_kstring(&j, "rules", o->rules);
    chopsat_json_kstring(&j, "question", o->question);
    chopsat_json_kstring(&j, "answer", "never");
    chopsat_json_kbool(&j, "holds", true);
    chopsat_json_key(&j, "clauses");
    chopsat_json_uint(&j, o->clauses);
    chopsat_json_kint(&j, "check_calls", chopsat_certified_calls(c));
    chopsat_json_kstring(&j, "check", chopsat_certified_note(c));
    chopsat_json_kbool(&j, "checked", chopsat_certified_checked(c));
    chopsat_json_kstring(&j, "compare", chopsat_certified_compare_note(c));
    int depth = chopsat_certified_checked_depth(c);
    chopsat_json_key(&j, "checked_depth");
    if (depth < 0)
        chopsat_json_null(&j);
    else
        chopsat_json_int(&j, depth);
    chopsat_json_end(&j);
    fputc('\n', out);
    return report_end(out, err);
}
