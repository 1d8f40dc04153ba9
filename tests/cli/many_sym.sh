#!/usr/bin/env bash
# tests/cli/many_sym.sh: the symbolic engines at hand counts other than 2/2 end to end
# (docs/rules.md, "Any number of hands"), at count=3/2 and 3: `win`, `reach`, `--exact`, `-k inf`
# (IC3 and k-induction, a never with its certificate), `force` with the BDD engine and DepQBF,
# `solve --symbolic` and `stats --symbolic` (the players' mirror at 3/3, none at 3/2), each
# export read back (DIMACS solved by cadical, QDIMACS by depqbf, AIGER by ABC, SMT-LIB by Z3,
# each model decoded and replayed), and the refusals. The answers pinned here are the explicit
# engine's (each symbolic answer is also compared with it at run time).
. "$(dirname "$0")/lib.sh"
: "${CHOPSAT:=./chopsat}"
C=$CHOPSAT
R=standard,count=3/2

# the bounded questions, checked against the explicit search
expect win-3/2 10 --out "answer: yes, in 4 moves (the minimum)" \
    --out "checked: the witness replays move by move; the explicit search agrees." \
    -- $C win start -k 10 --player 2 --rules $R
expect win-3/2-p1 10 --out "question: can player 1 win from 111/11:1 within 10 moves?" \
    --out "answer: yes, in 3 moves (the minimum)" --out "3. player 1  tap 3>2      -> 003/00:2" \
    -- $C win start -k 10 --rules $R
expect reach-3/2 10 --out "answer: yes, in 2 moves (the minimum)" \
    --out "2. player 2  split 0,2    -> 003/02:1" -- $C reach start 003/02:1 -k 6 --rules $R
expect reach-3/2-no 20 --out "answer: no" --out "checked: the explicit search agrees." \
    -- $C reach start 003/02:1 -k 1 --rules $R
expect win-exact-3/2 10 --out "answer: yes, in 5 moves (exactly, as asked)" \
    -- $C win start -k 5 --exact --rules $R
expect win-binary-3/2 10 --out "answer: yes, in 4 moves (the minimum)" \
    -- $C win start -k 10 --player 2 --rules $R --move-encoding binary
expect win-textbook-3/2 10 --out "answer: yes, in 3 moves (the minimum)" \
    --out "checked: the witness replays move by move; the explicit search agrees." \
    -- $C win start -k 6 --rules standard,fingers=2,count=3/2 --move-encoding textbook
expect win-wide-3/2 10 --out "1. player 1  split 18446744073709551612,18446744073709551614,18446744073709551614" \
    -- $C reach 18446744073709551613,18446744073709551613,18446744073709551614/1,1:1 \
    18446744073709551612,18446744073709551614,18446744073709551614/1,1:2 -k 1 \
    --rules standard,fingers=18446744073709551615,count=3/2

# -k inf: IC3 and k-induction
expect ever-3/2 10 --out "answer: yes, in 8 moves (the minimum)" \
    -- $C win start -k inf --player 2 --rules no-split,count=3/2
expect never-ic3-3/2 20 --out "answer: never" \
    --out "checked: the explicit breadth-first search over the 949 positions reachable from the start agrees" \
    -- $C reach start 444/44:1 -k inf --rules $R --certificate "$TMP/cert.txt"
expect never-certify-3/2 0 --out "count=3/2" --out "answer: never" -- $C certify "$TMP/cert.txt"
# a certificate of 298 state bits (9 hands of 33 bits): more than four hands of 64 bits
expect never-wide-7/2 20 --out "answer: never" \
    -- $C reach start 0,0,0,0,0,0,0/0,0:1 -k inf --rules no-split,fingers=8589934592,count=7/2 \
    --certificate "$TMP/wcert.txt"
expect never-wide-certify-7/2 0 --out "answer: never" --out "the invariant of 1 clause holds" \
    -- $C certify "$TMP/wcert.txt"
expect never-kind-3/2 20 --out "answer: never" --out "k-induction" \
    -- $C reach start 444/44:1 -k inf --rules $R --engine kind

# forced questions
expect force-bdd-3/2 10 --out "answer: yes, within 19 moves (the minimum)" \
    -- $C force start -k 19 --rules $R
expect force-bdd-3/2-no 20 --out "answer: no" -- $C force start -k 18 --rules $R
expect force-qbf-3 10 --out "answer: yes, within 8 moves (the minimum)" \
    --out "checked: explicit bounded forcing and the explicit solver agree (111/111:1: a loss for player 1 at distance 8)." \
    -- $C force start -k 8 --player 2 --rules no-split,fingers=3,count=3 --solver depqbf
expect force-qbf-3-no 20 --out "answer: no" \
    -- $C force start -k 7 --player 2 --rules no-split,fingers=3,count=3 --solver depqbf

# the whole game by BDD fixpoints, as the explicit solver values it
expect solve-symbolic-3/2 0 --out "111/11:1: a win for player 1 (the player to move) in 19 moves." \
    --out "1050 positions, 581 wins, 469 losses, 0 draws; the longest distance is 36." \
    -- $C solve --symbolic --rules $R
for rules in standard,count=3/2 standard,count=3 chinese,fingers=4,count=2/4 even-split,fingers=4,count=4/3; do
    name="solve-and-stats-symbolic-equal-explicit $rules"
    selected "$name" || continue
    why=""
    a=$($C solve --rules "$rules" | head -n 1)
    b=$($C solve --symbolic --rules "$rules" | head -n 1)
    [ -n "$a" ] && [ "$a" = "$b" ] || why="solve: '$a', --symbolic: '$b'"
    s=$($C stats --rules "$rules")
    t=$($C stats --symbolic --rules "$rules")
    [ -n "$s" ] && [ "$s" = "$t" ] || why="$why; stats differ: $s / $t"
    verdict "$name" "${why#; }"
done
# the players' mirror: used at 3/3, where it is exact; none at 3/2 (p1.h2 has no counterpart)
if selected mirror-by-count; then
    m33=$($C solve --symbolic --rules standard,count=3 --format json | grep -c '"mirrored": true')
    m32=$($C solve --symbolic --rules $R --format json | grep -c '"mirrored": true')
    verdict mirror-by-count "$([ "$m33" = 1 ] && [ "$m32" = 0 ] || echo "3/3: $m33, 3/2: $m32 mirrored")"
fi

# the exports, read back
expect dimacs-write-3/2 0 -- $C dimacs win start -k 6 --rules $R -o "$TMP/w.cnf"
expect dimacs-map-3/2 0 --out "c var 7 f0.p1.h2[0]" --out "c var 13 f0.p2.h1[0]" \
    -- grep -E "^c var (7|13) " "$TMP/w.cnf"
if selected dimacs-cadical-decode-3/2; then
    cadical -q "$TMP/w.cnf" >"$TMP/w.out"
    expect dimacs-cadical-decode-3/2 10 --out "3. player 1  tap 3>2      -> 003/00:2" \
        --out "checked: the witness replays move by move." -- $C decode "$TMP/w.cnf" "$TMP/w.out"
fi
expect qdimacs-write-3 0 \
    -- $C qdimacs force start -k 8 --player 2 --rules no-split,fingers=3,count=3 -o "$TMP/f.qdimacs"
expect qdimacs-depqbf-3 10 -- depqbf "$TMP/f.qdimacs"
expect qdimacs-write-3-no 0 \
    -- $C qdimacs force start -k 7 --player 2 --rules no-split,fingers=3,count=3 -o "$TMP/g.qdimacs"
expect qdimacs-depqbf-3-no 20 -- depqbf "$TMP/g.qdimacs"
expect aiger-write-3/2 0 --out "l4 p1.h1[1]" --out "l14 p2.h1[2]" -- $C aiger win start -k 6 --rules $R
if selected aiger-abc-decode-3/2 && command -v berkeley-abc >/dev/null; then
    $C aiger win start -k 6 --rules $R -o "$TMP/w.aig"
    berkeley-abc -q "read $TMP/w.aig; fold; bmc3 -F 7; write_cex -a $TMP/w.aig.cex" >"$TMP/abc" 2>&1
    expect aiger-abc-decode-3/2 10 --out "answer: yes, in 3 moves" \
        --out "checked: the witness replays move by move." -- $C decode "$TMP/w.aig" "$TMP/w.aig.cex"
elif selected aiger-abc-decode-3/2; then
    verdict aiger-abc-decode-3/2 "berkeley-abc is missing (make setup installs it)"
fi
if selected smt2-z3-decode-3/2 && command -v z3 >/dev/null; then
    $C smt2 win start -k 6 --rules $R -o "$TMP/w.smt2"
    z3 "$TMP/w.smt2" >"$TMP/w.smt2.out" 2>&1
    expect smt2-z3-decode-3/2 10 --out "answer: yes, in 3 moves" \
        --out "checked: the witness replays move by move." -- $C decode "$TMP/w.smt2" "$TMP/w.smt2.out"
elif selected smt2-z3-decode-3/2; then
    verdict smt2-z3-decode-3/2 "z3 is missing (make setup installs it)"
fi

# 8 hands of 64 bits against 8: the question's header (two positions of 335 characters) is
# written whole and read back by decode, from cadical's model and ABC's counterexample
W1=18446744073709551613
W8="$W1,$W1,$W1,$W1,$W1,$W1,$W1,$W1"
P8="$W8/$W8:1"
Q8="$W8/0,$W1,$W1,$W1,$W1,$W1,$W1,$W1:2"
R8=standard,fingers=18446744073709551615,count=8
expect wide-8-dimacs 0 -- $C dimacs reach "$P8" "$Q8" -k 2 --rules $R8 -o "$TMP/b8.cnf"
if selected wide-8-decode; then
    cadical -q "$TMP/b8.cnf" >"$TMP/b8.out"
    expect wide-8-decode 10 --out "answer: yes, in 1 move" --out "reachable from $P8 within 2 moves?" \
        --out "1. player 1  tap $W1>$W1 -> $Q8" -- $C decode "$TMP/b8.cnf" "$TMP/b8.out"
fi
if selected wide-8-aiger-decode && command -v berkeley-abc >/dev/null; then
    $C aiger reach "$P8" "$Q8" -k 2 --rules $R8 -o "$TMP/b8.aig"
    berkeley-abc -q "read $TMP/b8.aig; fold; bmc3 -F 3; write_cex -a $TMP/b8.aig.cex" >"$TMP/abc8" 2>&1
    expect wide-8-aiger-decode 10 --out "answer: yes, in 1 move" -- $C decode "$TMP/b8.aig" "$TMP/b8.aig.cex"
fi

# refusals: one line, exit 1
one_line() {
    local name=$1 status=$2 want=$3
    shift 4
    selected "$name" || return 0
    "$@" </dev/null >"$TMP/o1" 2>"$TMP/e1"
    local got=$? why=""
    [ "$got" -eq "$status" ] || why="exit status $got, wanted $status"
    [ -s "$TMP/o1" ] && why="$why; stdout not empty"
    [ "$(wc -l <"$TMP/e1")" -eq 1 ] || why="$why; stderr has $(wc -l <"$TMP/e1") lines"
    grep -qF -- "$want" "$TMP/e1" || why="$why; stderr lacks '$want'"
    verdict "$name" "${why#; }"
}
one_line textbook-too-many-moves 1 \
    "the textbook encoding takes at most 64 moves a player and these rules have more; the one-hot and binary move encodings take them" \
    -- $C win start -k 3 --rules standard,hands=ordered,fingers=2,count=8/1 --move-encoding textbook
one_line textbook-too-many-bits 1 "these rules need 15" \
    -- $C win start -k 3 --rules $R --move-encoding textbook
one_line position-wrong-count 1 "position" -- $C win 11/11:1 -k 3 --rules $R

finish
