#!/usr/bin/env bash
# benchmarks/slurm.sh: a suite made of jobs (benchmarks/jobs.sh: bmc, force) as a Slurm job
# array, one array task per job, each writing its own row (temporary + rename) into
# benchmarks/rows/SUITE/ on the shared file system; then one merge into benchmarks/SUITE.csv.
# From the repository's folder (on a file system every node mounts, chopsat built there):
#
#   n=$(bash benchmarks/bmc.sh --count)
#   id=$(sbatch --parsable --array=1-$n benchmarks/slurm.sh bmc)
#   sbatch --dependency=afterany:$id --wrap 'bash benchmarks/bmc.sh --merge'
#
# A task that fails or is killed (time limit, preemption) leaves no row; the merge names the
# jobs without a row and exits 1; rerun just those with `sbatch --array=7,12 benchmarks/slurm.sh
# bmc`, then merge again. Rows from earlier runs stay until `bash benchmarks/SUITE.sh` (the
# local run) clears them; remove benchmarks/rows/SUITE before a fresh array.
#SBATCH --job-name=chopsat-bench
#SBATCH --cpus-per-task=1
#SBATCH --time=01:00:00
#SBATCH --output=benchmarks/rows/slurm-%A_%a.out
set -u
suite=${1:?usage: sbatch --array=1-N benchmarks/slurm.sh SUITE}
: "${SLURM_ARRAY_TASK_ID:?not in a Slurm array task (sbatch --array=1-N)}"
cd "${SLURM_SUBMIT_DIR:-$(dirname "$0")/..}"
mkdir -p benchmarks/rows
exec bash "benchmarks/$suite.sh" --job "$SLURM_ARRAY_TASK_ID"
