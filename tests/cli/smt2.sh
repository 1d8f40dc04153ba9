#!/usr/bin/env bash
# tests/cli/smt2.sh: `chopsat smt2` end to end. For every preset (both games) and a few
# questions from positions found by a seeded random walk (the same on every run), Z3 on the
# exported script answers as chopsat's own BMC does: its first `sat` among the deepening checks
# is chopsat's least number of moves (none when chopsat says no), and the final check's model,
# read back by `chopsat decode`, replays. Also the repetition rules and --exact against
# chopsat's answers, the header, the refusals, and decode's checks on tampered output. Needs z3
# (make test installs it).
. "$(dirname "$0")/lib.sh"
: "${CHOPSAT:=./chopsat}"
command -v z3 >/dev/null || { echo "FAIL cli_smt2: z3 is missing (make setup installs it)"; finish; exit 1; }

RANDOM=21 # the seed of the random walks

# z3_first FILE.out: the index of the first sat (the least k), or "no".
z3_first() {
    local i=0 line
    while read -r line; do
        case $line in
        sat) echo $i; return ;;
        unsat) i=$((i + 1)) ;;
        esac
    done <"$1"
    echo no
}

n=0
for rules in standard no-split rollover even-split chinese onedie; do
    k=8
    [ "$rules" = onedie ] && k=7
    far=$(walk "$rules" 5)
    mid=$(walk "$rules" 2)
    for q in "win start" "win $mid --player 2" "reach start $far" "reach $mid $far"; do
        n=$((n + 1))
        name="z3-$rules-$n"
        selected "$name" || continue
        want=$(chopsat_least "$rules" "$k" $q)
        "$CHOPSAT" smt2 $q -k "$k" --rules "$rules" -o "$TMP/q$n.smt2" || { verdict "$name" "smt2 failed"; continue; }
        z3 "$TMP/q$n.smt2" >"$TMP/q$n.out" 2>&1
        got=$(z3_first "$TMP/q$n.out")
        why=""
        [ "$got" = "$want" ] || why="Z3's first sat: $got, chopsat: $want ($q, k=$k)"
        "$CHOPSAT" decode "$TMP/q$n.smt2" "$TMP/q$n.out" >"$TMP/d$n" 2>&1
        st=$?
        if [ "$want" = no ]; then
            [ $st = 20 ] || why="$why; decode: exit $st, wanted 20"
        else
            [ $st = 10 ] || why="$why; decode: exit $st: $(head -c 300 "$TMP/d$n")"
        fi
        verdict "$name ($q: $want)" "${why#; }"
    done
done

# repetition rules and --exact: the same answers as chopsat's BMC
for q in "reach start start --exact -k 4 --no-repeat off" "reach start start --exact -k 4 --no-repeat path" \
    "reach start start --exact -k 4 --no-repeat immediate" \
    "win start -k 6 --no-repeat path" "win start -k 7 --no-repeat immediate --player 2" \
    "reach start 11/11 -k 8 --exact"; do
    n=$((n + 1))
    name="z3-rule-$n"
    selected "$name" || continue
    "$CHOPSAT" $q --format json --no-check >"$TMP/c$n" 2>&1
    want=$?
    "$CHOPSAT" smt2 $q -o "$TMP/r$n.smt2" && z3 "$TMP/r$n.smt2" >"$TMP/r$n.out" 2>&1
    "$CHOPSAT" decode "$TMP/r$n.smt2" "$TMP/r$n.out" >"$TMP/rd$n" 2>&1
    got=$?
    [ "$got" = "$want" ] && why="" || why="decode of Z3's answer: $got, chopsat: $want ($(head -c 200 "$TMP/rd$n"))"
    verdict "$name ($q: $want)" "$why"
done

expect smt2-header 0 --out "; chopsat-rules standard," --out "; chopsat-query kind=win" \
    --out "(set-logic QF_BV)" --out "(check-sat-assuming (g3))" --out "(check-sat-assuming (r3))" \
    --out "(get-model)" --out "|f0.move.split.x[0]|" -- "$CHOPSAT" smt2 win start -k 3
expect smt2-exact-one-check 0 --out "(check-sat-assuming (g3))" -- "$CHOPSAT" smt2 win start -k 3 --exact
expect smt2-needs-k 2 --err "-k K is required" -- "$CHOPSAT" smt2 win start
expect smt2-no-format 2 --err "unknown option '--format'" -- "$CHOPSAT" smt2 win start -k 3 --format json
expect smt2-no-question 2 --err "smt2 needs a question, reach or win, first" -- "$CHOPSAT" smt2 -k 3
expect smt2-onedie 0 --out "(declare-const f0.total (_ BitVec" -- "$CHOPSAT" smt2 win start -k 2 --rules onedie

# decode's checks on what Z3 printed
"$CHOPSAT" smt2 win start -k 6 -o "$TMP/w.smt2"
z3 "$TMP/w.smt2" >"$TMP/w.out"
expect decode-z3 10 --out "answer: yes, in 5 moves" -- "$CHOPSAT" decode "$TMP/w.smt2" "$TMP/w.out"
grep -v '^(error' "$TMP/w.out" | head -n 6 >"$TMP/few.out"
expect decode-z3-missing-results 1 --err "results" -- "$CHOPSAT" decode "$TMP/w.smt2" "$TMP/few.out"
sed 's/#b001/#b111/' "$TMP/w.out" >"$TMP/forged.out"
if selected decode-z3-forged; then
    "$CHOPSAT" decode "$TMP/w.smt2" "$TMP/forged.out" >/dev/null 2>"$TMP/fe"
    st=$?
    [ $st = 3 ] || [ $st = 1 ] && verdict decode-z3-forged "" || verdict decode-z3-forged "exit $st"
fi
printf 'unknown\n' >"$TMP/unknown.out"
expect decode-z3-unknown 1 --err "answered 'unknown'" -- "$CHOPSAT" decode "$TMP/w.smt2" "$TMP/unknown.out"
finish
