#!/usr/bin/env bash
# benchmarks/unbounded.sh: the unbounded questions (reach/win -k inf), in three parts.
#
#  1. Agreement: every preset at fingers 5..64 (the one-die game at targets 10..64), random
#     questions from a fixed seed (reach: a random target, from the start or a random position;
#     win: a random player), each asked of both engines. chopsat itself compares every answer
#     with the explicit breadth-first search (exit 3 on a disagreement) and says so in JSON
#     ("checked": true); a disagreement stops the script. Rows go to benchmarks/unbounded.csv
#     (preset,size,question,engine,status,answer,moves,checked,seconds,commit; question and answer in
#     double quotes); an engine that passes
#     LIMIT seconds is recorded as "timeout" (no answer, not a wrong one).
#  2. The goal at fingers=65536: non-trivial unreachable positions of the standard game proved
#     never by IC3 with a checked invariant (and its certificate checked again by `chopsat
#     certify`), and by k-induction; with a bounded run for contrast. Rows go to
#     benchmarks/unbounded-65536.csv (what,command,wall_s,cpu_s,answer,commit).
#  3. ABC pdr on the same question: on `chopsat aiger`'s export, and on an AIGER that yosys
#     builds from benchmarks/peers/verilog_model.py's Verilog with the bad-state output replaced
#     by the target (each skipped with a note when its tool is missing).
#
#   bash benchmarks/unbounded.sh     SEED=1 QUESTIONS=6 LIMIT=10 FINGERS="5 6 7 8 12 16 32 64"
#   SWEEP=0 bash benchmarks/unbounded.sh      parts 2 and 3 only
set -u
cd "$(dirname "$0")/.."
seed=${SEED:-1}
questions=${QUESTIONS:-6}
limit=${LIMIT:-10}
fingers_list=${FINGERS:-5 6 7 8 12 16 32 64}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "${CHOPSAT:-./chopsat}" "$tmp/chopsat" || exit 1 # a rebuild during the run changes nothing
chopsat=$tmp/chopsat
RANDOM=$seed

field() { grep -o "\"$2\": [^,}]*" "$1" | head -n 1 | sed 's/^[^:]*: //; s/"//g'; }

# ask CSV_PREFIX ARGS...: both engines on one question; appends two rows, stops on a mismatch.
ask() {
    local prefix=$1
    shift
    for engine in ic3 kind; do
        local t0 t1 rc
        t0=$(date +%s.%N)
        timeout "$limit" "$chopsat" "$@" -k inf --engine "$engine" --format json >"$tmp/out" 2>"$tmp/err"
        rc=$?
        t1=$(date +%s.%N)
        local answer moves checked
        answer=$(field "$tmp/out" answer); moves=$(field "$tmp/out" moves); checked=$(field "$tmp/out" checked)
        case $rc in
            10 | 20) ;;
            124) answer=timeout ;;
            3) echo "unbounded.sh: DISAGREEMENT: $chopsat $* -k inf --engine $engine: $(cat "$tmp/err")" >&2
               exit 1 ;;
            *) answer="error: $(head -c 120 "$tmp/err" | tr ',\n' '; ')" ;;
        esac
        printf '%s,%s,%s,"%s",%s,%s,%.3f,%s\n' "$prefix" "$engine" "$rc" "${answer:-}" "${moves:-}" \
            "${checked:-}" "$(echo "$t1 - $t0" | bc)" "$commit" >>"$tmp/sweep.csv"
    done
}

hand_pos() { # a random position of the chopsticks family at fingers $1
    local f=$1
    echo "$((RANDOM % f)),$((RANDOM % f))/$((RANDOM % f)),$((RANDOM % f)):$((1 + RANDOM % 2))"
}
die_pos() { # a valid position of the one-die game with target $1 (after the opening roll)
    local top=$((1 + RANDOM % 6))
    echo "$((top + RANDOM % ($1 - top + 1)))@$top:$((1 + RANDOM % 2))"
}

commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown) # the source measured, on every row
if [ "${SWEEP:-1}" != 0 ]; then
    echo "preset,size,question,engine,status,answer,moves,checked,seconds,commit" >"$tmp/sweep.csv"
    for preset in standard no-split rollover even-split chinese onedie; do
        for f in $fingers_list; do
            if [ $preset = onedie ]; then
                [ "$f" -ge 10 ] || continue
                rules="onedie,target=$f"
            else
                rules="$preset,fingers=$f"
            fi
            for q in $(seq 1 "$questions"); do
                local_from=start
                if [ $preset = onedie ]; then target=$(die_pos "$f"); [ $((q % 3)) = 0 ] && local_from=$(die_pos "$f")
                else target=$(hand_pos "$f"); [ $((q % 3)) = 0 ] && local_from=$(hand_pos "$f"); fi
                if [ "$q" -le $((questions * 2 / 3)) ]; then
                    ask "$preset,$f,\"reach $local_from $target\"" reach "$local_from" "$target" --rules "$rules"
                else
                    p=$((1 + RANDOM % 2))
                    ask "$preset,$f,\"win $local_from player $p\"" win "$local_from" --player "$p" --rules "$rules"
                fi
            done
            echo "$rules: $(grep -c "^${preset},${f}," "$tmp/sweep.csv") answers" >&2
        done
    done
    cp "$tmp/sweep.csv" benchmarks/unbounded.csv
    awk -F, 'NR > 1 { n++; if ($(NF-2) == "true") ok++; else if ($(NF-4) == "\"timeout\"") to++; else other++ }
        END { printf "agreement sweep: %d answers, %d cross-checked and equal, %d past the limit, %d other\n", n, ok, to, other }' \
        benchmarks/unbounded.csv
fi

# Part 2: fingers = 65536.
R=standard,fingers=65536
echo "what,command,wall_s,cpu_s,answer,commit" >"$tmp/big.csv"
timed() { # timed WHAT COMMAND...: one row (wall and CPU seconds: user+sys)
    local what=$1 rc
    shift
    /usr/bin/time -f "%e %U %S" -o "$tmp/time" timeout 600 "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    local wall cpu answer
    wall=$(tail -n 1 "$tmp/time" | awk '{print $1}'); cpu=$(tail -n 1 "$tmp/time" | awk '{printf "%.3f", $2 + $3}')
    answer=$(grep -m1 '^answer:' "$tmp/out" | sed 's/^answer: //')
    [ $rc = 124 ] && answer=timeout
    printf '"%s","%s",%s,%s,"%s",%s\n' "$what" "${*/$tmp\//}" "$wall" "$cpu" "${answer:-exit $rc}" "$commit" >>"$tmp/big.csv"
    printf '%-34s %7s s wall %7s s CPU  %s\n' "$what" "$wall" "$cpu" "${answer:-exit $rc: $(head -c 200 "$tmp/err")}"
    grep -E '^(proof|checked|engine):' "$tmp/out" | sed 's/^/    /'
}
for target in 65534,65535/0,65535:1 65535,65535/0,65535:1 1,1/65534,65535:1; do
    timed "ic3 $target" "$chopsat" reach start "$target" -k inf --rules $R --certificate "$tmp/cert.cnf"
    timed "certify $target" "$chopsat" certify "$tmp/cert.cnf"
    timed "kind $target" "$chopsat" reach start "$target" -k inf --rules $R --engine kind
done
timed "bmc -k 100 65534,65535/0,65535:1" "$chopsat" reach start 65534,65535/0,65535:1 -k 100 --rules $R
cp "$tmp/big.csv" benchmarks/unbounded-65536.csv

# Part 3: ABC pdr on the same question (65534,65535/0,65535:1 at fingers 65536), on every AIGER
# that can be made here: `chopsat aiger`'s export (read, then fold its constraint into the
# property) and the yosys-built one from the peers' Verilog model.
abc=$(command -v berkeley-abc || command -v abc || true)
pdr() { # pdr SOURCE FILE COMMANDS: one row
    /usr/bin/time -f "%e %U %S" -o "$tmp/time" timeout 600 "$abc" -c "read $2; $3" >"$tmp/abc" 2>&1
    local rc=$? verdict inv wall cpu
    verdict=$(grep -m1 -o 'Property proved\|Output [0-9]* of miter .* was asserted in frame [0-9]*\|Property UNDECIDED.*' "$tmp/abc")
    inv=$(grep -m1 -o 'Invariant F\[[0-9]*\] : [0-9]* clauses' "$tmp/abc")
    [ -n "$inv" ] && verdict="$verdict ($inv)"
    [ $rc = 124 ] && verdict=timeout
    wall=$(tail -n 1 "$tmp/time" | awk '{print $1}'); cpu=$(tail -n 1 "$tmp/time" | awk '{printf "%.3f", $2 + $3}')
    printf '"abc pdr (%s)","%s",%s,%s,"%s",%s\n' "$1" "$abc -c 'read $(basename "$2"); $3'" "$wall" "$cpu" "${verdict:-exit $rc}" "$commit" >>benchmarks/unbounded-65536.csv
    printf '%-34s %7s s wall %7s s CPU  %s\n' "abc pdr ($1)" "$wall" "$cpu" "${verdict:-exit $rc: $(tail -n 3 "$tmp/abc")}"
}
if [ -z "$abc" ]; then
    echo "ABC pdr: skipped (berkeley-abc is not installed; make bench installs it)"
else
    if "$chopsat" help aiger >/dev/null 2>&1; then
        "$chopsat" aiger reach start 65534,65535/0,65535:1 --rules $R --format aig -o "$tmp/chopsat.aig" &&
            pdr "chopsat aiger" "$tmp/chopsat.aig" "fold; pdr"
    else
        echo "ABC pdr on chopsat's AIGER: skipped (this chopsat has no aiger command)"
    fi
    if command -v yosys >/dev/null; then
        # the peers' Verilog model (ordered hands, one spare bit per register) with bad = the
        # target in either order of each player's hands, player 1 to move
        python3 benchmarks/peers/verilog_model.py 65536 |
            sed 's/assign bad = .*/assign bad = !turn \&\& ((a1 == 65534 \&\& b1 == 65535) || (a1 == 65535 \&\& b1 == 65534)) \&\& ((a2 == 0 \&\& b2 == 65535) || (a2 == 65535 \&\& b2 == 0));/' >"$tmp/q.v"
        yosys -q -p "read_verilog $tmp/q.v; hierarchy -top chop; proc; flatten; opt; dffunmap;
            techmap; opt; abc -g AND; opt_clean; dffunmap; aigmap; write_aiger -zinit $tmp/yosys.aig" &&
            pdr "yosys from peers/verilog_model.py" "$tmp/yosys.aig" "pdr"
    else
        echo "ABC pdr on the yosys model: skipped (yosys is not installed; make bench installs it)"
    fi
fi
