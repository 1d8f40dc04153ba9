#!/bin/sh
# Thinks for far longer than any test's timeout.
echo "c thinking"
sleep 60
echo "s UNSATISFIABLE"
exit 20
