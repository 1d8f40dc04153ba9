/* aiger.h: the AIGER 1.9 file format (ASCII `aag` and binary `aig`) for an and-inverter graph
 * with latches, outputs, bad-state properties and invariant constraints, with its symbol table
 * and comment section. The writer numbers variables as the aig does (inputs, latches, gates);
 * the reader takes any valid file (ASCII variables in any order, gates in any acyclic order)
 * and refuses justice and fairness properties. */
#ifndef CHOPSAT_AIGER_H
#define CHOPSAT_AIGER_H

#include <stdio.h>

#include "formats/aig.h"

/* Writes g in the binary (`aig`) or ASCII (`aag`) form. Returns 0 or -1 (a write error). */
int aiger_write(const aig *g, FILE *f, bool binary, chopsat_err *err);

/* Reads an AIGER file; errors name `name` and what is wrong. Returns a new aig or NULL. */
aig *aiger_read(FILE *f, const char *name, chopsat_err *err);

#endif
