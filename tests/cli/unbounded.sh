#!/usr/bin/env bash
# tests/cli/unbounded.sh: reach and win without a bound (-k inf, --unbounded) end to end, with
# both engines, the explicit cross-check and what the output says checked a never, the
# certificate written, re-checked by `chopsat certify`, and rejected once corrupted; usage errors.
. "$(dirname "$0")/lib.sh"
: "${CHOPSAT:=./chopsat}"

expect "reach -k inf: a never proved by IC3, checked three ways" 20 \
    --out "question: is 11/34:1 ever reachable from 11/11:1 (no bound)?" \
    --out "answer: never" \
    --out "fresh cadical calls checked its initiation, consecution and safety" \
    --out "the explicit breadth-first search over the 382 positions reachable from the start agrees" \
    -- "$CHOPSAT" reach start 11/34:1 -k inf
expect "reach --unbounded --engine kind: the same never" 20 \
    --out "answer: never" --out "k-induction over simple paths" \
    -- "$CHOPSAT" reach start 11/34:1 --unbounded --engine kind
expect "reach -k inf: a yes with its minimum and a replayed witness" 10 \
    --out "answer: yes, in 3 moves (the minimum)" \
    --out "checked: the witness replays move by move; the explicit breadth-first search" \
    -- "$CHOPSAT" reach start 11/04:2 -k inf
expect "win -k inf --player 2 --engine kind (json)" 10 \
    --out '"answer": "yes", "moves": 4' --out '"engine": "kind"' --out '"checked": true' \
    -- "$CHOPSAT" win start -k inf --player 2 --engine kind --format json
expect "win -k inf json: a never's fields" 20 \
    --out '"answer": "never"' --out '"invariant_clauses": ' --out '"check_calls": 3' \
    -- "$CHOPSAT" win 00/12 -k inf --format json
expect "one-die: win ever" 10 --out "answer: yes" \
    -- "$CHOPSAT" win start -k inf --rules onedie,target=10
expect "fingers=65536: never, not cross-checked, and the output says why" 20 \
    --out "answer: never" --out "not compared with the explicit search" \
    -- "$CHOPSAT" reach start 1,1/65534,65535:1 -k inf --rules standard,fingers=65536

# The certificate: written, re-checked, and rejected once corrupted.
expect "--certificate writes the invariant" 20 --out "certificate: the invariant written to" \
    -- "$CHOPSAT" reach start 11/34:1 -k inf --certificate "$TMP/c.cnf"
expect "certify: the certificate holds" 0 \
    --out "answer: never" --out "initiation, consecution and safety checked by 3 fresh" \
    -- "$CHOPSAT" certify "$TMP/c.cnf"
expect "certify --format json --solver picosat" 0 --out '"holds": true' \
    -- "$CHOPSAT" certify "$TMP/c.cnf" --format json --solver picosat
# drop the clauses one at a time: some are needed, and their loss is caught
if selected "certify rejects every needed clause's loss"; then
    n=$(grep -c ' 0$' "$TMP/c.cnf")
    rejected=0 bad=""
    for i in $(seq 1 "$n"); do
        awk -v drop="$i" '/^p cnf/ {print $1, $2, $3, $4 - 1; next}
            /^c/ {print; next} {k++; if (k != drop) print}' "$TMP/c.cnf" >"$TMP/cut.cnf"
        "$CHOPSAT" certify "$TMP/cut.cnf" >/dev/null 2>"$TMP/cut.err"
        case $? in
            0) ;;
            20) rejected=$((rejected + 1))
               grep -q "rejected: \(consecution\|safety\) fails" "$TMP/cut.err" || bad="message: $(cat "$TMP/cut.err")" ;;
            *) bad="exit $? for clause $i" ;;
        esac
    done
    [ "$rejected" -gt 0 ] || bad="$bad; no clause was needed"
    verdict "certify rejects every needed clause's loss" "${bad#; }"
fi
sed 's/^c chopsat-query kind=reach from=11\/11:1 target=11\/34:1/c chopsat-query kind=reach from=11\/11:1 target=11\/04:2/' \
    "$TMP/c.cnf" >"$TMP/other.cnf"
expect "certify: the same clauses for a reachable target: safety fails" 20 \
    --err "rejected: safety fails" -- "$CHOPSAT" certify "$TMP/other.cnf"
sed 's/^c var 13 turn/c var 13 turned/' "$TMP/c.cnf" >"$TMP/map.cnf"
expect "certify: a variable map that is not the question's" 1 \
    --err "variable 13 of the invariant is 'turned'" -- "$CHOPSAT" certify "$TMP/map.cnf"
printf 'p cnf 1 1\n1 0\n' >"$TMP/plain.cnf"
expect "certify: a plain CNF is no certificate" 1 --err "not a certificate written by chopsat" \
    -- "$CHOPSAT" certify "$TMP/plain.cnf"
expect "certify: a missing file" 1 --err "cannot read" -- "$CHOPSAT" certify "$TMP/none.cnf"
expect "--certificate for a yes writes nothing" 10 --out "none written: the answer is yes" \
    -- "$CHOPSAT" reach start 11/04:2 -k inf --certificate "$TMP/yes.cnf"
verdict "no certificate file for a yes" "$([ -e "$TMP/yes.cnf" ] && echo "the file exists")"

# Usage.
expect "usage: -k 5 and --unbounded" 2 --err "choose one" \
    -- "$CHOPSAT" reach start 11/34:1 -k 5 --unbounded
expect "usage: --exact without a bound" 2 --err "--exact needs a bound" \
    -- "$CHOPSAT" reach start 11/34:1 -k inf --exact
expect "usage: --proof without a bound" 2 --err "--certificate FILE" \
    -- "$CHOPSAT" reach start 11/34:1 -k inf --proof "$TMP/p"
expect "usage: --certificate with kind" 2 --err "needs --engine ic3" \
    -- "$CHOPSAT" reach start 11/34:1 -k inf --engine kind --certificate "$TMP/k.cnf"
expect "usage: --engine with a bound" 2 --err "for unbounded questions" \
    -- "$CHOPSAT" reach start 11/34:1 -k 5 --engine ic3
expect "usage: an unknown engine" 2 --err "not offered" \
    -- "$CHOPSAT" reach start 11/34:1 -k inf --engine bdd
expect "usage: -k inf where no bound makes no sense" 2 --err "whole number" \
    -- "$CHOPSAT" dimacs reach start 11/34:1 -k inf
finish
