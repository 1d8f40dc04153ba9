#!/bin/sh
# Says "unsatisfiable" whatever the clauses: a lie no model check can see.
echo "s UNSATISFIABLE"
exit 20
