#!/bin/sh
# Prints something that is not SAT-competition output, and claims SAT by its exit status.
echo "c fake solver"
echo "hello, I am not a SAT solver"
exit 10
