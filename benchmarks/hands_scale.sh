#!/usr/bin/env bash
# benchmarks/hands_scale.sh: how the engines scale with the number of hands (issue 31): the
# positions grow as N^(a+b). For hand counts 2/2 (the figures beside), 3/3 and 4/4 and growing
# fingers N, standard rules, three questions from the start:
#   solve   `chopsat solve start` (the explicit solver: every position's value)
#   win     `chopsat win start -k K --no-check`: player 1's least number of moves of a win,
#           deepened from 0 with incremental CaDiCaL (K = 40; --no-check: the solver's work
#           alone, without the explicit cross-check)
#   force   `chopsat force start -k K --no-check`: can player 1 force a win within K = 30 (the
#           BDD engine)
# CPU seconds (user + sys) and peak resident memory from /usr/bin/time -f '%U %S %M'. A run past
# TIMEOUT seconds (default 300) is written as a timeout; a refusal (a memory estimate over the
# limit, an engine that cannot take the count) as refused, with the first words of its message.
# After either, that question is not asked at the larger finger counts of that hand count.
# Writes benchmarks/hands-scale.csv
#   count,fingers,question,k,answer,moves,cpu_s,peak_mib,load,note,commit
# and makes its table of benchmarks/RESULTS.md again (benchmarks/results.py).
#   nice bash benchmarks/hands_scale.sh
#   COUNTS="2/2 3/3" FINGERS="3 4 5" TIMEOUT=30 bash benchmarks/hands_scale.sh   # a short run
set -u
cd "$(dirname "$0")/.."
COUNTS=${COUNTS:-"2/2 3/3 4/4"}
FINGERS=${FINGERS:-"3 4 5 6 8 10 12 16 20 24 32"}
QUESTIONS=${QUESTIONS:-"solve win force"}
TIMEOUT=${TIMEOUT:-300}
WIN_K=${WIN_K:-40}
FORCE_K=${FORCE_K:-30}
CHOPSAT=${CHOPSAT:-./chopsat}
out=benchmarks/hands-scale.csv
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for t in python3 timeout /usr/bin/time; do
    command -v $t >/dev/null || { echo "hands_scale.sh: $t is missing" >&2; exit 1; }
done
[ -x "$CHOPSAT" ] || { echo "hands_scale.sh: no $CHOPSAT (make first)" >&2; exit 1; }
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown) # the source measured, on every row

# ask COUNT N QUESTION: one run; prints "k,answer,moves,cpu,peak_mib,load,note"
ask() {
    local count=$1 n=$2 q=$3 args k="" st
    local rules="standard,fingers=$n,count=$count"
    case $q in
    solve) args=(solve start) ;;
    win)
        k=$WIN_K
        args=(win start -k "$WIN_K" --no-check)
        ;;
    force)
        k=$FORCE_K
        args=(force start -k "$FORCE_K" --no-check)
        ;;
    esac
    local load
    load=$(cut -d' ' -f1 /proc/loadavg)
    timeout --kill-after=5 "$TIMEOUT" /usr/bin/time -f '%U %S %M' -o "$tmp/time" \
        "$CHOPSAT" "${args[@]}" --rules "$rules" --format json >"$tmp/json" 2>"$tmp/err"
    st=$?
    read -r u s m <<<"$(tail -n 1 "$tmp/time" 2>/dev/null)"
    local cpu mib
    cpu=$(python3 -c "print('%.2f' % ($u + $s))" 2>/dev/null || echo "")
    mib=$(python3 -c "print('%.1f' % ($m / 1024))" 2>/dev/null || echo "")
    if [ $st = 124 ] || [ $st = 137 ]; then
        echo "$k,timeout,,,,$load,"
    elif [ $st != 0 ] && [ $st != 10 ] && [ $st != 20 ]; then
        local why
        why=$(head -n 1 "$tmp/err" | tr -d ',"' | cut -c1-90)
        echo "$k,refused,,$cpu,$mib,$load,$why"
    else
        python3 - "$tmp/json" "$q" "$k" "$cpu" "$mib" "$load" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
q, k, cpu, mib, load = sys.argv[2:]
if q == 'solve':
    ans, moves = d['value'], '' if d.get('distance') is None else str(d['distance'])
else:
    ans, moves = d['answer'], '' if d.get('moves') is None else str(d['moves'])
print(','.join([k, ans, moves, cpu, mib, load, '']))
PY
    fi
}

echo "count,fingers,question,k,answer,moves,cpu_s,peak_mib,load,note,commit" >"$tmp/csv"
for count in $COUNTS; do
    stopped=" "
    for n in $FINGERS; do
        for q in $QUESTIONS; do
            [[ "$stopped" == *" $q "* ]] && continue
            r=$(ask "$count" "$n" "$q")
            echo "$count,$n,$q,$r,$commit" | tee -a "$tmp/csv"
            [[ "$r" == *,timeout,* || "$r" == *,refused,* ]] && stopped="$stopped$q "
        done
    done
done
cp "$tmp/csv" "$out"
python3 benchmarks/results.py
