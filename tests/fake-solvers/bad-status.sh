#!/bin/sh
# Fails the way a solver with a bad command line does.
echo "fake: cannot parse the options" >&2
exit 3
