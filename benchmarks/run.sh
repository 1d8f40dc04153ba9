#!/usr/bin/env bash
# benchmarks/run.sh: `make bench` runs every suite in turn; each writes its own CSV here and
# RESULTS.md gives the figures with the commands; its tables are made from the CSVs by
# benchmarks/results.py, run last. Whole run: tens of minutes (the explicit
# solves at large fingers and the deep QBF questions dominate). Run one suite alone with
#   bash benchmarks/explicit.sh | bmc.sh | sizes.sh | force.sh | peers.sh | bdd.sh | unbounded.sh | scale.sh | deepening.sh | pack.sh | cluster-test.sh | python.sh | serve.sh | hands_table.sh | hands_scale.sh | nfingers.sh   (see each script's header for options)
# bmc.sh and force.sh are made of independent jobs (benchmarks/jobs.sh): JOBS=N (make bench
# JOBS=N) runs N of them at a time with GNU parallel, SSHLOGINFILE=FILE on the machines that
# file names, benchmarks/slurm.sh as a Slurm array. The other suites measure CPU time and load
# of one run at a time and stay sequential. pack.sh writes the default pack and runs the peer
# solvers over it (benchmarks/run-pack.sh, which takes JOBS and SSHLOGINFILE too);
# cluster-test.sh checks run-pack.sh against a real single-node Slurm and sshd (docs/benchmarks.md).
set -eu
cd "$(dirname "$0")/.."
export JOBS=${JOBS:-1} SSHLOGINFILE=${SSHLOGINFILE:-}
for suite in explicit bmc sizes force peers bdd unbounded scale deepening pack cluster-test python serve hands_table hands_scale nfingers; do
    echo "== benchmarks/$suite.sh"
    bash "benchmarks/$suite.sh"
done
# The tables of RESULTS.md, made again from the CSVs just written (never edited by hand).
echo "== benchmarks/results.py"
python3 benchmarks/results.py
