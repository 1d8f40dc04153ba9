#!/usr/bin/env bash
# tests/cli/qbf_eval.sh: `chopsat qbf-eval FILE.qdimacs` end to end: its value against DepQBF's
# (the depqbf program) on hand-made true and false formulas and on chopsat's own `qdimacs
# force` files for small K; the outer block's answer; files refused with a line (one without its
# `p` line, on which depqbf aborts; a formula beyond the stated size).
source "$(dirname "$0")/lib.sh"
C=$CHOPSAT
cd "$TMP" || exit 1

# same FILE: qbf-eval's exit status is depqbf's
same() {
    local mine theirs
    $C qbf-eval "$1" >/dev/null 2>&1
    mine=$?
    depqbf "$1" >/dev/null 2>&1
    theirs=$?
    [ "$mine" = "$theirs" ] || echo "qbf-eval exits $mine, depqbf $theirs"
}

printf 'p cnf 2 2\na 2 0\ne 1 0\n1 2 0\n-1 -2 0\n' >ay_ex.qdimacs
printf 'p cnf 2 2\ne 1 0\na 2 0\n1 2 0\n-1 -2 0\n' >ex_ay.qdimacs
printf 'c x does not follow y\np cnf 2 2\na 2 0\ne 1 0\n1 2 0\n1 -2 0\n' >wrong.qdimacs
printf 'p cnf 4 4\ne 1 0\na 2 0\ne 3 4 0\n1 2 3 0\n-1 -2 4 0\n-3 -4 0\n3 4 -2 0\n' >three.qdimacs
printf 'p cnf 3 2\ne 1 0\n1 2 0\n-2 3 0\n' >free.qdimacs
expect "forall y exists x, x != y: true" 10 --out "value: true" --out "outermost block: forall 2" \
    --out "every choice of the universal block loses; the formula is true; the existential reply that defeats each:" \
    --out "choice 2: reply -1" --out "choice -2: reply 1" -- $C qbf-eval ay_ex.qdimacs
expect "exists x forall y, x != y: false" 20 --out "value: false" --out "outermost block: exists 1" \
    --out "every choice of the existential block loses; the formula is false; the universal reply that defeats each:" \
    --out "choice 1: reply 2" --out "choice -1: reply -2" -- $C qbf-eval ex_ay.qdimacs
expect "a wrong matrix: true, and x ignores y" 10 --out "choice 2: reply 1" --out "choice -2: reply 1" \
    -- $C qbf-eval wrong.qdimacs
expect "exists wins: its choice" 10 --out "the existential block wins; the formula is true; its winning choice: " \
    -- $C qbf-eval free.qdimacs
# forall wins: a false formula whose universal block has a winning choice
printf 'p cnf 2 2\na 2 0\ne 1 0\n1 2 0\n-1 2 0\n' >af.qdimacs
expect "forall wins: its choice" 20 --out "the universal block wins; the formula is false; its winning choice: -2" \
    -- $C qbf-eval af.qdimacs
# variables in no block: existential and outermost, with a warning naming them
expect "free variables warned of" 10 --err "chopsat: warning: free.qdimacs: variables 2 3 are in no quantifier block: QDIMACS makes them existential" \
    --out "outermost block: exists 2 3 1" -- $C qbf-eval free.qdimacs
printf 'p cnf 2 2\ne 1 0\n1 2 0\n-1 -2 0\n' >noa.qdimacs
expect "a forgotten a line" 10 --err "variable 2 is in no quantifier block" --err "its 'a' line is missing" \
    --out '"free": [2]' -- $C qbf-eval noa.qdimacs --format json
printf 'p cnf 3 2\na 2 0\ne 1 0\n1 2 0\n-1 -2 0\n' >unused.qdimacs
if selected "no warning for a quantified formula"; then
    err=$($C qbf-eval ay_ex.qdimacs 2>&1 >/dev/null; $C qbf-eval unused.qdimacs 2>&1 >/dev/null)
    verdict "no warning for a quantified formula" "$([ -z "$err" ] || echo "warned: $err")"
fi
expect "qbf-eval json" 20 --out '"value": false' --out '"outer": "exists"' --out '"outer_wins": false' \
    --out '"choice": [1], "reply": [2]' -- $C qbf-eval ex_ay.qdimacs --format json
for f in ay_ex ex_ay wrong three free; do
    selected "qbf-eval-depqbf-$f" && verdict "qbf-eval-depqbf-$f" "$(same $f.qdimacs)"
done
# chopsat's own forced questions, small K
for spec in "start -k 1" "start -k 2" "start -k 3 --rules standard,fingers=2" \
            "start -k 5 --rules no-split,fingers=3" "start -k 2 --player 2 --rules standard,fingers=3" \
            "start -k 4 --rules standard,fingers=2 --move-encoding binary"; do
    name="qbf-eval-depqbf-force-${spec// /_}"
    if selected "$name"; then
        $C qdimacs force $spec -o f.qdimacs
        verdict "$name" "$(same f.qdimacs)"
    fi
done

# refused
printf 'e 1 0\na 2 0\n1 2 0\n' >nop.qdimacs
expect "no p line" 1 --err "nop.qdimacs:1: a quantifier line before the 'p cnf' header" -- $C qbf-eval nop.qdimacs
printf 'c nothing\n' >empty.qdimacs
expect "no p line at all" 1 --err "no 'p cnf VARIABLES CLAUSES' line" -- $C qbf-eval empty.qdimacs
printf 'p cnf 6000 1\n1 0\n' >big.qdimacs
expect "too many variables" 1 --err "6000 variables; qbf-eval evaluates formulas of at most 5000" \
    -- $C qbf-eval big.qdimacs
printf 'p cnf 2 1\ne 1 0\ne 1 0\n1 0\n' >twice.qdimacs
expect "a variable quantified twice" 1 --err "variable 1 is quantified twice" -- $C qbf-eval twice.qdimacs
# the one bounded line reader: /dev/zero is refused at its first byte (it grew to 4.2 GB);
# a header whose counts the file cannot hold is refused before anything is read or allocated
expect "qbf-eval /dev/zero: a NUL byte at once" 1 --err "/dev/zero:1: NUL byte in the line" \
    -- $C qbf-eval /dev/zero
{ printf 'p cnf 2 2147483646\ne 1 2 0\n'; for i in $(seq 1000); do printf '1 2 0\n'; done; } >endless.qdimacs
expect "qbf-eval: more clauses than the file holds" 1 \
    --err "endless.qdimacs:1: the header's 2147483646 clauses cannot fit in the" -- $C qbf-eval endless.qdimacs
printf 'p cnf 2147483646 1\ne 1 0\n1 0\n' >wide.qdimacs
expect "qbf-eval: more variables than the file holds" 1 \
    --err "wide.qdimacs:1: the header's 2147483646 variables cannot fit in the 10 bytes after it" \
    -- $C qbf-eval wide.qdimacs
expect "qbf-eval of a missing file" 1 --err "cannot read 'missing.qdimacs'" -- $C qbf-eval missing.qdimacs
expect "qbf-eval without a file" 2 --err "qbf-eval needs a quantified formula FILE.qdimacs" -- $C qbf-eval
expect "qbf-eval help" 0 --out "usage: chopsat qbf-eval FILE.qdimacs" -- $C help qbf-eval
expect "qbf-eval --help" 0 --out "usage: chopsat qbf-eval" -- $C qbf-eval --help
expect "qbf_eval is not a command" 2 --err "unknown command 'qbf_eval' (did you mean 'qbf-eval'?" -- $C qbf_eval x
finish
