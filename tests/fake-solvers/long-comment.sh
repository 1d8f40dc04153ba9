#!/bin/sh
# A comment line of more than 4096 characters whose tail looks like an answer, then the right
# answer (false / UNSATISFIABLE for the formulas it is used on). A reader that splits long lines
# would take the tail for a second answer. $1: "qbf" for QDIMACS output, else SAT output.
if [ "$1" = qbf ]; then tail="s cnf 1"; answer="s cnf 0"; else tail="s SATISFIABLE"; answer="s UNSATISFIABLE"; fi
awk -v t="$tail" -v a="$answer" 'BEGIN { s = "c "; for (i = 0; i < 4094; i++) s = s "x"; print s t; print a }'
