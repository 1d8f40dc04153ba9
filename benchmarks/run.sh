#!/usr/bin/env bash
# benchmarks/run.sh: `make bench` runs every suite in turn; each writes its own CSV here and
# RESULTS.md gives the figures with the commands. Whole run: tens of minutes (the explicit
# solves at large fingers and the deep QBF questions dominate). Run one suite alone with
#   bash benchmarks/explicit.sh | bmc.sh | force.sh | peers.sh | bdd.sh   (see each script's header for options)
set -eu
cd "$(dirname "$0")/.."
for suite in explicit bmc force peers bdd; do
    echo "== benchmarks/$suite.sh"
    bash "benchmarks/$suite.sh"
done
