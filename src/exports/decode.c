/* decode.c: chopsat_decode, a file chopsat exported and a solver's answer to it decoded into the
 * witness: the format is told by the file's first character and handed to its reader
 * (cnf_model.c, aiger_witness.c, smt2_model.c), each of which ends the witness at the first
 * frame that meets the goal (query_goal_at in games/query.h). */
#include <stdio.h>

#include "core/oom.h"
#include "exports/decode.h"

static int decode_body(FILE *file, const char *name, FILE *model, const char *model_name,
                       chopsat_rules **rules_out, chopsat_query *q, chopsat_pos **path, size_t *n,
                       chopsat_err *err)
{
    /* the first character tells the formats apart: 'a' (aag/aig), ';' or '(' (SMT-LIB) */
    int ch = getc(file);
    if (ch != EOF) ungetc(ch, file);
    if (ch == 'a') return aiger_decode(file, name, model, model_name, rules_out, q, path, n, err);
    if (ch == ';' || ch == '(')
        return smt2_decode(file, name, model, model_name, rules_out, q, path, n, err);
    return cnf_decode(file, name, model, model_name, rules_out, q, path, n, err);
}

int chopsat_decode(FILE *file, const char *name, FILE *model, const char *model_name,
                   chopsat_rules **rules_out, chopsat_query *q, chopsat_pos **path, size_t *n,
                   chopsat_err *err)
{
    CS_GUARDED(int, CHOPSAT_NOMEM, err,
               decode_body(file, name, model, model_name, rules_out, q, path, n, err));
}
