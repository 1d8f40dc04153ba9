#!/usr/bin/env bash
# benchmarks/force.sh: forced wins from the start as QBF, K = 0 .. the full distance.
# For each K: the QDIMACS that `chopsat qdimacs force` writes (variables, clauses, quantifier
# blocks), DepQBF's time on that one formula (the depqbf program, default options, as the
# in-process back end uses them) and its answer; beside it the explicit solver's time for the
# whole game (`chopsat solve`, timed again in every job). Writes benchmarks/force.csv. Each K is
# one job (benchmarks/jobs.sh): JOBS=N runs N at a time, SSHLOGINFILE=FILE on many machines.
#   RULES=standard PLAYER=2 KMAX=26 LIMIT=600 bash benchmarks/force.sh [--list | --count | --job N | --merge]
set -u
cd "$(dirname "$0")/.."
. benchmarks/jobs.sh
SUITE=force
HEADER="rules,player,k,vars,clauses,blocks,answer,qbf_seconds,explicit_seconds"
rules=${RULES:-standard}
player=${PLAYER:-2}
kmax=${KMAX:-26}
limit=${LIMIT:-600}
now() { date +%s.%N; }

job_list() { seq 0 "$kmax"; }

job_run() {
    local k=$1 tmp t0 explicit vars clauses blocks rc secs ans
    tmp=$(mktemp -d)
    t0=$(now)
    ./chopsat solve start --rules "$rules" >/dev/null
    explicit=$(echo "$(now) - $t0" | bc)
    ./chopsat qdimacs force start -k "$k" --player "$player" --rules "$rules" -o "$tmp/f.qdimacs"
    read -r vars clauses < <(grep '^p cnf' "$tmp/f.qdimacs" | awk '{print $3, $4}')
    blocks=$(grep -c '^[ae] ' "$tmp/f.qdimacs")
    t0=$(now)
    timeout "$limit" depqbf "$tmp/f.qdimacs" >/dev/null 2>&1
    rc=$?
    secs=$(echo "$(now) - $t0" | bc)
    case $rc in 10) ans=yes ;; 20) ans=no ;; 124) ans=timeout ;; *) ans="error-$rc" ;; esac
    rm -rf "$tmp"
    printf '%s,%s,%s,%s,%s,%s,%s,%.3f,%.3f\n' "$rules" "$player" "$k" "$vars" "$clauses" "$blocks" \
        "$ans" "$secs" "$explicit"
}

jobs_main "$@"
