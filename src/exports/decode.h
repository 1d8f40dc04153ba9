/* decode.h: the readers behind chopsat_decode (decode.c), one per exported format: DIMACS with a
 * model (cnf_model.c), AIGER with a witness (aiger_witness.c), SMT-LIB with Z3's output
 * (smt2_model.c). Each has chopsat_decode's contract (10, 20 or -1; rules, question and path
 * filled as it says). */
#ifndef CHOPSAT_DECODE_H
#define CHOPSAT_DECODE_H

#include "chopsat.h"

int cnf_decode(FILE *file, const char *name, FILE *model, const char *model_name,
               chopsat_rules **rules, chopsat_query *q, chopsat_pos **path, size_t *n,
               chopsat_err *err);
int aiger_decode(FILE *file, const char *name, FILE *model, const char *model_name,
                 chopsat_rules **rules, chopsat_query *q, chopsat_pos **path, size_t *n,
                 chopsat_err *err);
int smt2_decode(FILE *file, const char *name, FILE *model, const char *model_name,
                chopsat_rules **rules, chopsat_query *q, chopsat_pos **path, size_t *n,
                chopsat_err *err);

#endif
