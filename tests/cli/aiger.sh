#!/usr/bin/env bash
# tests/cli/aiger.sh: `chopsat aiger` end to end. For every preset (both games) and a few
# questions from positions found by a seeded random walk (the same ones on every run), ABC's
# bmc3 on the exported AIGER (after `fold`, which turns the legality constraint into logic)
# finds the same least number of moves as chopsat's own BMC, or none when chopsat says no; the
# counterexample ABC writes (`write_cex -a`) is decoded and replayed by `chopsat decode`. Also:
# ABC pdr proves an unreachable position unreachable on the unbounded model, the file's form
# (aag/aig by option or suffix), its symbol table and header, the refusals (--no-repeat, --exact
# without -k), and decode's checks on tampered witnesses. Needs berkeley-abc (make test
# installs it).
. "$(dirname "$0")/lib.sh"
: "${CHOPSAT:=./chopsat}"
command -v berkeley-abc >/dev/null || { echo "FAIL cli_aiger: berkeley-abc is missing (make setup installs it)"; finish; exit 1; }

RANDOM=12 # the seed of the random walks: the questions are the same on every run

# abc_least FILE K: the frame where bmc3 finds the bad state, or "no"; writes FILE.cex.
abc_least() {
    local out
    out=$(berkeley-abc -q "read $1; fold; bmc3 -F $(($2 + 1)); write_cex -a $1.cex" 2>&1)
    if [[ "$out" =~ asserted\ in\ frame\ ([0-9]+) ]]; then echo "${BASH_REMATCH[1]}"; else echo no; fi
}

n=0
for rules in standard no-split rollover even-split chinese onedie; do
    k=12
    [ "$rules" = onedie ] && k=8
    far=$(walk "$rules" 6)
    mid=$(walk "$rules" 3)
    for q in "win start" "win $mid --player 2" "reach start $far" "reach $mid $far"; do
        n=$((n + 1))
        name="abc-bmc3-$rules-$n"
        selected "$name" || continue
        want=$(chopsat_least "$rules" "$k" $q)
        "$CHOPSAT" aiger $q -k "$k" --rules "$rules" -o "$TMP/q$n.aig" || { verdict "$name" "aiger failed"; continue; }
        got=$(abc_least "$TMP/q$n.aig" "$k")
        why=""
        [ "$got" = "$want" ] || why="ABC bmc3: $got, chopsat: $want ($q, k=$k)"
        if [ -z "$why" ] && [ "$got" != no ]; then
            "$CHOPSAT" decode "$TMP/q$n.aig" "$TMP/q$n.aig.cex" --format json >"$TMP/d$n" 2>&1
            st=$?
            [ $st = 10 ] || why="decode of ABC's witness: exit $st: $(head -c 300 "$TMP/d$n")"
            grep -q "\"moves\": $want," "$TMP/d$n" || why="$why; decode does not give $want moves"
        fi
        verdict "$name ($q: $want)" "$why"
    done
done

# the unbounded model: ABC's pdr proves what chopsat's explicit search says is unreachable
if selected abc-pdr-unreachable; then
    "$CHOPSAT" aiger reach start 11/34:1 -o "$TMP/u.aig"
    out=$(berkeley-abc -q "read $TMP/u.aig; fold; pdr" 2>&1)
    "$CHOPSAT" reach start 11/34:1 -k 40 >/dev/null
    st=$?
    why=""
    [ $st = 20 ] || why="chopsat reach says $st"
    [[ "$out" == *"Property proved"* ]] || why="$why; pdr: $out"
    verdict abc-pdr-unreachable "${why#; }"
fi
if selected abc-bmc3-unbounded; then
    "$CHOPSAT" aiger win start --player 2 -o "$TMP/w2.aig"
    got=$(abc_least "$TMP/w2.aig" 30)
    want=$(chopsat_least standard 30 win start --player 2)
    [ "$got" = "$want" ] && why="" || why="ABC: $got, chopsat: $want"
    verdict abc-bmc3-unbounded "$why"
fi

# --exact: the bad state only at exactly K moves (back to the start in 4 moves, never in 5)
for k in 4 5; do
    selected "abc-exact-$k" || continue
    "$CHOPSAT" aiger reach start start --exact -k $k -o "$TMP/e$k.aig"
    got=$(abc_least "$TMP/e$k.aig" $((k + 1)))
    "$CHOPSAT" reach start start --exact -k $k --no-check >/dev/null
    st=$?
    want=no
    [ $st = 10 ] && want=$k
    [ "$got" = "$want" ] && verdict "abc-exact-$k" "" || verdict "abc-exact-$k" "ABC: $got, chopsat: $want"
done

# the file itself
expect aag-by-default 0 --out "aag " --out "i0 move.tap00" --out "l0 p1.h0[0]" --out "b0 goal" \
    --out "c0 legal" --out "chopsat-rules standard," --out "chopsat-bound 7" -- "$CHOPSAT" aiger win start -k 7
expect aig-by-suffix 0 -- "$CHOPSAT" aiger win start -k 7 -o "$TMP/s.aig"
if selected aig-by-suffix-header; then
    head -c 4 "$TMP/s.aig" | grep -q "aig " && verdict aig-by-suffix-header "" || verdict aig-by-suffix-header "not binary"
fi
expect aag-by-suffix 0 -- "$CHOPSAT" aiger win start -k 7 -o "$TMP/s.aag"
if selected aag-by-suffix-header; then
    head -c 4 "$TMP/s.aag" | grep -q "aag " && verdict aag-by-suffix-header "" || verdict aag-by-suffix-header "not ASCII"
fi
expect aig-by-option 0 --out "aig " -- "$CHOPSAT" aiger win start -k 7 --format aig
expect aiger-binary-moves 0 --out "i0 move.move[0]" -- "$CHOPSAT" aiger win start --move-encoding binary
expect aiger-onedie 0 --out "l0 total[0]" --out "turn" -- "$CHOPSAT" aiger win start --rules onedie
expect aiger-no-repeat-refused 2 --err "aiger: --no-repeat is not offered: a repetition rule needs every earlier position" \
    -- "$CHOPSAT" aiger win start -k 5 --no-repeat path
expect aiger-exact-needs-k 2 --err "--exact needs -k" -- "$CHOPSAT" aiger win start --exact
expect aiger-format-text-refused 2 --err "not offered" -- "$CHOPSAT" aiger win start --format json
expect aiger-no-question 2 --err "aiger: 'start' is not a question: reach or win comes first" -- "$CHOPSAT" aiger start
expect aiger-bad-position 1 --err "position" -- "$CHOPSAT" aiger win 99/99
expect aiger-unwritable 1 --err "chopsat: error" -- "$CHOPSAT" aiger win start -o "$TMP/no/such/dir/f.aig"

# decode's checks on witnesses (the ASCII file decodes like the binary one)
"$CHOPSAT" aiger win start -k 7 -o "$TMP/w.aag"
"$CHOPSAT" aiger win start -k 7 -o "$TMP/w.aig"
berkeley-abc -q "read $TMP/w.aig; fold; bmc3 -F 8; write_cex -a $TMP/w.cex" >/dev/null 2>&1
expect decode-abc-witness-aag 10 --out "answer: yes, in 5 moves" --out "replays" -- "$CHOPSAT" decode "$TMP/w.aag" "$TMP/w.cex"
# the aigsim form: status, property, latches, inputs, '.'
{ echo 1; echo b0; sed 's/#.*//' "$TMP/w.cex"; echo .; } >"$TMP/w2.cex"
expect decode-aigsim-form 10 --out "in 5 moves" -- "$CHOPSAT" decode "$TMP/w.aig" "$TMP/w2.cex"
printf '0\n' >"$TMP/none.cex"
expect decode-no-counterexample 20 --out "answer: no" -- "$CHOPSAT" decode "$TMP/w.aig" "$TMP/none.cex"
# a witness that stops before the bad state, and one whose first move is illegal (all inputs 0)
head -n 3 "$TMP/w.cex" >"$TMP/short.cex"
expect decode-short-witness 1 --err "never reaches the bad state" -- "$CHOPSAT" decode "$TMP/w.aig" "$TMP/short.cex"
ni=$(head -n 2 "$TMP/w.cex" | tail -n 1 | tr -d '\n' | wc -c)
{ head -n 1 "$TMP/w.cex"; printf '%*s\n' "$ni" "" | tr ' ' 0; } >"$TMP/illegal.cex"
expect decode-illegal-move 1 --err "breaks constraint c0" -- "$CHOPSAT" decode "$TMP/w.aig" "$TMP/illegal.cex"
printf '1\nb0\n0101\n' >"$TMP/narrow.cex"
expect decode-wrong-latch-count 1 --err "initial values" -- "$CHOPSAT" decode "$TMP/w.aig" "$TMP/narrow.cex"
printf 'aag 1 1 0 0 0\n2\n' >"$TMP/foreign.aag"
expect decode-foreign-aiger 1 --err "not an AIGER file written by 'chopsat aiger'" -- "$CHOPSAT" decode "$TMP/foreign.aag" "$TMP/w.cex"
printf 'aag 3 1 0 0 1 1\n2\n6\n6 4 2\n' >"$TMP/undef.aag"
expect decode-undefined-variable 1 --err "never defined" -- "$CHOPSAT" decode "$TMP/undef.aag" "$TMP/w.cex"
finish
