#!/bin/sh
# Says UNSATISFIABLE but exits with the status of SATISFIABLE.
echo "s UNSATISFIABLE"
exit 10
