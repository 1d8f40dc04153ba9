#!/bin/sh
# Answers UNSATISFIABLE / false (right for the formulas it is used on) after writing to
# stderr, which must not reach chopsat's user; the answer must still be read. $1 selects the
# output format: "qbf" for QDIMACS output.
echo "noisy: warning: this line must not reach the user" >&2
if [ "$1" = qbf ]; then echo "s cnf 0"; else echo "s UNSATISFIABLE"; fi
