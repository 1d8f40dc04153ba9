#!/usr/bin/env bash
# benchmarks/force.sh: forced wins from the start as QBF, K = 0 .. the full distance.
# For each K: the QDIMACS that `chopsat qdimacs force` writes (variables, clauses, quantifier
# blocks), DepQBF's time on that one formula (the depqbf program, default options, as the
# in-process back end uses them) and its answer; beside it the explicit solver's time for the
# whole game (`chopsat solve`). Writes benchmarks/force.csv.
#   benchmarks/force.sh [RULES] [PLAYER] [KMAX] [TIMEOUT_SECONDS]
set -u
cd "$(dirname "$0")/.."
rules=${1:-standard}
player=${2:-2}
kmax=${3:-26}
limit=${4:-600}
out=benchmarks/force.csv
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
t0=$(now)
./chopsat solve start --rules "$rules" >/dev/null
explicit=$(echo "$(now) - $t0" | bc)
echo "rules,player,k,vars,clauses,blocks,answer,qbf_seconds,explicit_seconds" >"$out"
for k in $(seq 0 "$kmax"); do
    ./chopsat qdimacs force start -k "$k" --player "$player" --rules "$rules" -o "$tmp/f.qdimacs"
    read -r vars clauses < <(grep '^p cnf' "$tmp/f.qdimacs" | awk '{print $3, $4}')
    blocks=$(grep -c '^[ae] ' "$tmp/f.qdimacs")
    t0=$(now)
    timeout "$limit" depqbf "$tmp/f.qdimacs" >/dev/null 2>&1
    rc=$?
    secs=$(echo "$(now) - $t0" | bc)
    case $rc in 10) ans=yes ;; 20) ans=no ;; 124) ans=timeout ;; *) ans="error-$rc" ;; esac
    printf '%s,%s,%s,%s,%s,%s,%s,%.3f,%.3f\n' "$rules" "$player" "$k" "$vars" "$clauses" "$blocks" \
        "$ans" "$secs" "$explicit" | tee -a "$out"
done
