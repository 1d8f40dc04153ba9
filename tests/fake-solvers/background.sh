#!/bin/sh
# Answers UNSATISFIABLE (right for the formulas it is used on) but leaves a process running that
# holds its output open; the back end must kill it and return at once.
sleep 60 &
echo "s UNSATISFIABLE"
exit 20
