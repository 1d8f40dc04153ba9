#!/bin/sh
# Claims SAT with the all-false assignment, whatever the clauses say.
n=$(awk '$1 == "p" { print $3; exit }' "$1")
echo "s SATISFIABLE"
i=1
line="v"
while [ "$i" -le "$n" ]; do line="$line -$i"; i=$((i + 1)); done
echo "$line 0"
exit 10
