#!/usr/bin/env bash
# benchmarks/hands_table.sh: who wins the start of Chopsticks with any number of hands (issue
# 31, docs/hands.md). For each preset (no-split, standard), every hand count a/b with 1 <= a, b
# <= 4 (the rules option count, docs/rules.md) and fingers 2 .. 6, the start position's value
# for player 1 (to move) is asked of two engines, one after the other:
#   explicit  `chopsat solve start --rules P,count=a/b,fingers=N --format json`
#   bdd       the same with --bdd (the BDD engine, docs/forced.md)
# and the same for two-finger hands (fingers=2) at every count a/b up to 8/8. Where both answer,
# value and distance must agree, or the script stops (exit 1) and writes nothing. A run past
# TIMEOUT seconds (default 300) is written as a timeout, a refusal (an engine that cannot take
# the count, or a game too large for its memory estimate) as refused; either way the table shows
# what the other engine says. CPU time (user + sys) and peak resident memory come from
# /usr/bin/time. Writes benchmarks/hands.csv
#   preset,count,fingers,explicit,explicit_distance,explicit_cpu,explicit_peak_mib,bdd,bdd_distance,bdd_cpu,bdd_peak_mib,positions,commit
# (explicit, bdd: win, loss, draw, timeout or refused; positions: the BDD engine's count of the
# game's positions) and makes the tables of docs/hands.md again (benchmarks/results.py).
#   nice bash benchmarks/hands_table.sh
#   PRESETS=no-split COUNTS="1 2" FINGERS="2 3" TWO_COUNTS="1 2" TIMEOUT=60 bash benchmarks/hands_table.sh
set -u
cd "$(dirname "$0")/.."
PRESETS=${PRESETS:-"no-split standard"}
COUNTS=${COUNTS:-"1 2 3 4"}
FINGERS=${FINGERS:-"2 3 4 5 6"}
TWO_COUNTS=${TWO_COUNTS:-"1 2 3 4 5 6 7 8"}
TIMEOUT=${TIMEOUT:-300}
CHOPSAT=${CHOPSAT:-./chopsat}
out=benchmarks/hands.csv
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for t in python3 timeout /usr/bin/time; do
    command -v $t >/dev/null || { echo "hands_table.sh: $t is missing" >&2; exit 1; }
done
[ -x "$CHOPSAT" ] || { echo "hands_table.sh: no $CHOPSAT (make first)" >&2; exit 1; }
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown) # the source measured, on every row

# run ENGINE RULES: one solve of the start; prints "value,distance,cpu,peak_mib,positions"
run() {
    local engine=$1 rules=$2 extra=() st
    [ "$engine" = bdd ] && extra=(--bdd)
    timeout --kill-after=5 "$TIMEOUT" /usr/bin/time -f '%U %S %M' -o "$tmp/time" \
        "$CHOPSAT" solve start "${extra[@]+"${extra[@]}"}" --rules "$rules" --format json \
        >"$tmp/json" 2>"$tmp/err"
    st=$?
    local cpu mib
    read -r u s k <<<"$(tail -n 1 "$tmp/time" 2>/dev/null)"
    cpu=$(python3 -c "print('%.2f' % ($u + $s))" 2>/dev/null || echo "")
    mib=$(python3 -c "print('%.1f' % ($k / 1024))" 2>/dev/null || echo "")
    if [ $st = 124 ] || [ $st = 137 ]; then
        echo "timeout,,,,"
    elif [ $st != 0 ]; then
        echo "refused,,$cpu,$mib,"
    else
        python3 - "$tmp/json" "$cpu" "$mib" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
dist = '' if d.get('distance') is None else str(d['distance'])
print(','.join([d['value'], dist, sys.argv[2], sys.argv[3], str(d.get('positions', ''))]))
PY
    fi
}

# row PRESET A B N: both engines on one rule set, checked against each other
row() {
    local preset=$1 a=$2 b=$3 n=$4
    local rules="$preset,fingers=$n,count=$a/$b"
    local e bd
    e=$(run explicit "$rules")
    bd=$(run bdd "$rules")
    IFS=, read -r ev ed ec em _ <<<"$e"
    IFS=, read -r bv bdist bc bm bp <<<"$bd"
    if [[ "$ev" =~ ^(win|loss|draw)$ && "$bv" =~ ^(win|loss|draw)$ ]] &&
        [ "$ev,$ed" != "$bv,$bdist" ]; then
        echo "hands_table.sh: $rules: the explicit solver says $ev $ed, the BDD engine $bv $bdist" >&2
        exit 1
    fi
    echo "$preset,$a/$b,$n,$ev,$ed,$ec,$em,$bv,$bdist,$bc,$bm,$bp,$commit" | tee -a "$tmp/csv"
}

echo "preset,count,fingers,explicit,explicit_distance,explicit_cpu,explicit_peak_mib,bdd,bdd_distance,bdd_cpu,bdd_peak_mib,positions,commit" >"$tmp/csv"
for preset in $PRESETS; do
    for n in $FINGERS; do
        for a in $COUNTS; do
            for b in $COUNTS; do
                row "$preset" "$a" "$b" "$n" || exit 1
            done
        done
    done
    for a in $TWO_COUNTS; do
        for b in $TWO_COUNTS; do
            # the counts of the main grid at two fingers are there already
            [[ " $FINGERS " == *" 2 "* && " $COUNTS " == *" $a "* && " $COUNTS " == *" $b "* ]] && continue
            row "$preset" "$a" "$b" 2 || exit 1
        done
    done
done
cp "$tmp/csv" "$out"
python3 benchmarks/results.py
