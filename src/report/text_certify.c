/* text_certify.c: a never's certificate checked (chopsat_certify) as text: the rules, the
 * question, the answer and what checked it. */
#include "report/text_write.h"

int chopsat_report_certify_text(FILE *out, const chopsat_certified *c,
                                const chopsat_report_certify_opts *o, chopsat_err *err)
{
    fprintf(out, "rules: %s\nquestion: %s\nanswer: never%s\nchecked: %s; %s.\n", o->rules,
            o->question,
            chopsat_certified_checked(c) ? ""
                                         : " (NOT cross-checked: it rests on the external "
                                           "solver's answers, see below)",
            chopsat_certified_note(c), chopsat_certified_compare_note(c));
    return report_end(out, err);
}
