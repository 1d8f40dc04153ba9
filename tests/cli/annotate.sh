#!/usr/bin/env bash
# tests/cli/annotate.sh: the tools for reading a formula. --move-encoding textbook (plain
# clauses per move, its limit and where it is refused), dimacs --annotate (a note before every
# clause, stable names, the same clauses as without it), chopsat diff (by names: a renumbered
# or annotated copy is the same formula; one rule option changes only the moves it touches;
# --with one move; a clause added by hand), decode --frames (the table, text and JSON).
source "$(dirname "$0")/lib.sh"
C=$CHOPSAT
S2="--rules standard,fingers=2"
S3="--rules standard,fingers=3"
TB="--move-encoding textbook"

# ---- the textbook encoding ----
$C dimacs win start -k 1 --exact $S2 $TB -o "$TMP/t2.cnf"
expect textbook-one-page 0 --out "p cnf 17 63" -- cat "$TMP/t2.cnf"
expect textbook-header 0 --out "c encoding: move-encoding=textbook" -- cat "$TMP/t2.cnf"
expect textbook-selectors 0 --out "c var 10 f0.move.tap_LR" -- cat "$TMP/t2.cnf"
# no split selector in the 2-finger game: no split is ever legal there
selected textbook-no-dead-moves && verdict textbook-no-dead-moves \
    "$(grep -q 'move.split' "$TMP/t2.cnf" && echo 'a split selector in the 2-finger game')"
# the start as unit clauses on the state bits: clauses 1..4 are "1 0" .. "4 0"
selected textbook-start-units && verdict textbook-start-units \
    "$(sed -n '/^p cnf/,$p' "$TMP/t2.cnf" | sed -n 2,5p | tr '\n' ' ' | grep -qx '1 0 2 0 3 0 4 0 ' || echo 'the start is not four unit clauses')"
expect textbook-win 10 --out '"answer": "yes"' --out '"moves": 3' --out '"checked": true' \
    -- $C win start -k 5 $S3 $TB --format json
expect textbook-onedie 10 --out '"moves": 1' -- $C win start -k 2 --rules onedie,target=3 $TB --format json
expect textbook-polarity 10 --out '"moves": 5' -- $C win start -k 8 $TB --polarity --format json
expect textbook-reach-exact 20 --out '"answer": "no"' \
    -- $C reach start 11/11 -k 1 --exact $S3 $TB --format json
expect textbook-too-big 1 --err "chopsat: error: the textbook encoding is for small games (at most 12 state bits per frame" \
    -- $C win start -k 3 --rules standard,fingers=9 $TB
expect textbook-too-big-dimacs 1 --err "these rules need 16" -- $C dimacs win start -k 1 --rules chinese $TB
expect textbook-not-for-force 2 --err "force: --move-encoding textbook is not offered: it is written as plain clauses, for win, reach and dimacs (choose: onehot binary)" \
    -- $C force start -k 3 $TB --solver depqbf
expect textbook-not-unbounded 2 --err "win: --move-encoding textbook needs a bound -k K" \
    -- $C win start --unbounded $TB
expect textbook-not-for-smt2 2 --err "smt2: --move-encoding textbook is not offered" \
    -- $C smt2 win start -k 2 $TB
expect textbook-not-for-aiger 2 --err "aiger: --move-encoding textbook" -- $C aiger win start $TB
expect textbook-not-for-qdimacs 2 --err "qdimacs: --move-encoding textbook is not offered" \
    -- $C qdimacs force start -k 3 $TB
cadical -q "$TMP/t2.cnf" >"$TMP/t2.out"
expect textbook-decode-no 20 --out "answer: no" -- $C decode "$TMP/t2.cnf" "$TMP/t2.out"
$C dimacs win start -k 3 --exact $S2 $TB -o "$TMP/t2k3.cnf"
cadical -q "$TMP/t2k3.cnf" >"$TMP/t2k3.out"
expect textbook-decode-yes 10 --out "answer: yes, in 3 moves" --out "3. player 1  tap 1>1      -> 01/00:2" \
    -- $C decode "$TMP/t2k3.cnf" "$TMP/t2k3.out"

# ---- dimacs --annotate ----
$C dimacs win start -k 1 --exact $S2 $TB --annotate -o "$TMP/a2.cnf"
expect annotate-note 0 --out "c f0: tap_LR of player 1 needs: -f0.move.tap_LR | f0.p2.h1[0]" -- cat "$TMP/a2.cnf"
expect annotate-start 0 --out "c f0: the start position 11/11:1: f0.p1.h0[0]" -- cat "$TMP/a2.cnf"
expect annotate-amo 0 --out "c f0: player 1 makes at most one move: -f0.move.tap_LL | -f0.move.tap_LR" -- cat "$TMP/a2.cnf"
expect annotate-gate 0 --out "= and(-f1.p1.h0[0], -f1.p1.h1[0]): " -- cat "$TMP/a2.cnf"
expect annotate-goal 0 --out "c the goal is met at f1: " -- cat "$TMP/a2.cnf"
# every clause line follows a note, and the clauses are those of the plain file
selected annotate-every-clause && verdict annotate-every-clause "$(awk '
    /^p cnf/ { body = 1; next }
    body && /^c / { noted = 1; next }
    body && !noted { print "clause without a note at line " NR; exit }
    body { noted = 0 }' "$TMP/a2.cnf")"
selected annotate-same-clauses && verdict annotate-same-clauses \
    "$(cmp -s <(grep -v '^c' "$TMP/a2.cnf") <(grep -v '^c' "$TMP/t2.cnf") || echo 'the clauses differ from the plain file')"
# the default encoding annotated: the same clauses as without --annotate, byte for byte
$C dimacs win start -k 4 -o "$TMP/d.cnf"
$C dimacs win start -k 4 --annotate -o "$TMP/da.cnf"
selected annotate-default-same && verdict annotate-default-same \
    "$(cmp -s <(grep -v '^c' "$TMP/d.cnf") <(grep -v '^c' "$TMP/da.cnf") || echo 'the clauses differ')"
expect annotate-default-step 0 --out "c f0: player 1 moves to f1 (unless the goal is met already): " -- cat "$TMP/da.cnf"
expect annotate-not-a-question 2 --err "usage" -- $C dimacs start -k 1 --annotate

# ---- chopsat diff ----
$C dimacs win start -k 1 --exact $S2 $TB --annotate -o "$TMP/a2b.cnf"
expect diff-same-file 0 --out "same clauses: 63 clauses in both, 0 only in A, 0 only in B." \
    -- $C diff "$TMP/a2.cnf" "$TMP/a2b.cnf"
# without --annotate the gates are named by numbers: only the gates' clauses differ
expect diff-plain-gates 20 --out "- gate and_" -- $C diff "$TMP/a2.cnf" "$TMP/t2.cnf"
# renumbered: the same formula with variables 9 and 10 swapped is the same by names
awk 'BEGIN { OFS = " " }
     /^c var 9 / { $3 = 10; print; next }
     /^c var 10 / { $3 = 9; print; next }
     /^c/ || /^p/ { print; next }
     { for (i = 1; i <= NF; i++) { if ($i == 9) $i = 10; else if ($i == -9) $i = -10;
       else if ($i == 10) $i = 9; else if ($i == -10) $i = -9 } print }' "$TMP/a2.cnf" >"$TMP/renum.cnf"
selected diff-renumbered-input && verdict diff-renumbered-input \
    "$(cmp -s "$TMP/renum.cnf" "$TMP/a2.cnf" && echo 'the renumbered copy is the same file')"
expect diff-renumbered 0 --out "same clauses" -- $C diff "$TMP/renum.cnf" "$TMP/a2.cnf"
# one rule option: only the taps' effect on the tapped hand changes (2+2 = 4: dead or 1)
$C dimacs win start -k 1 --exact $S3 $TB --annotate -o "$TMP/cut.cnf"
$C dimacs win start -k 1 --exact --rules rollover,fingers=3 $TB --annotate -o "$TMP/roll.cnf"
$C diff "$TMP/cut.cnf" "$TMP/roll.cnf" --format json >"$TMP/diff.json"
expect diff-rule-exit 20 -- $C diff "$TMP/cut.cnf" "$TMP/roll.cnf"
selected diff-rule-small && verdict diff-rule-small "$(python3 - "$TMP/diff.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
bad = []
if d["same"]: bad.append("same")
changed = d["only_a"] + d["only_b"]
if not changed or len(changed) > 60: bad.append("%d changed clauses" % len(changed))
for c in changed:
    if not (c["note"].startswith("f0: tap_") and "sets the next p2." in c["note"]):
        bad.append("unexpected change: %s: %s" % (c["note"], c["clause"]))
        break
if d["common"] < 150: bad.append("only %d clauses in common" % d["common"])
print("; ".join(bad))
PY
)"
# --with: the clauses of one move written by hand, compared with the tool's
{
    grep '^c var' "$TMP/t2.cnf"
    echo 'p cnf 17 13'
    printf '%s\n' '9 10 11 12 0' '-9 -10 0' '-10 -11 0' '-10 -12 0' \
        '-10 1 0' '-10 4 0' '-10 -1 5 0' '-10 1 -5 0' '-10 -2 6 0' '-10 2 -6 0' \
        '-10 -7 0' '-10 -3 8 0' '-10 3 -8 0'
} >"$TMP/mine.cnf"
expect diff-with-move 0 --out "compared: only the clauses with f0.move.tap_LR" --out "same clauses: 13 clauses in both" \
    -- $C diff "$TMP/mine.cnf" "$TMP/t2.cnf" --with f0.move.tap_LR
sed 's/^-10 -7 0$/-10 7 0/' "$TMP/mine.cnf" >"$TMP/wrong.cnf"
expect diff-with-wrong 20 --out "- -f0.move.tap_LR | f1.p2.h0[0]" \
    --out "+ f0: tap_LR of player 1 sets the next p2.h0[0]: -f0.move.tap_LR | -f1.p2.h0[0]" \
    -- $C diff "$TMP/wrong.cnf" "$TMP/a2.cnf" --with f0.move.tap_LR
expect diff-json 20 --out '"same": false' --out '"with": "f0.move.tap_LR"' --out '"clauses_a": 13' \
    -- $C diff "$TMP/wrong.cnf" "$TMP/a2.cnf" --with f0.move.tap_LR --format json
# a clause added by hand: one clause only in A, without a note
{ sed 's/^p cnf 17 63$/p cnf 17 64/' "$TMP/t2.cnf"; echo '-10 0'; } >"$TMP/forbid.cnf"
expect diff-added-clause 20 --out "only in A (1 clause):" --out "- -f0.move.tap_LR" \
    -- $C diff "$TMP/forbid.cnf" "$TMP/t2.cnf"
# --with a name that neither map has: refused with the nearest names (never "the same: 0 clauses")
expect diff-with-unknown 1 --err "--with f0.move.tap_lr: no variable of that name" --err "nearest: f0.move.tap_LR" \
    -- $C diff "$TMP/mine.cnf" "$TMP/t2.cnf" --with f0.move.tap_lr
grep -v '^c var' "$TMP/mine.cnf" >"$TMP/nomap.cnf"
expect diff-no-map-warns 20 --err "nomap.cnf has no variable map" -- $C diff "$TMP/nomap.cnf" "$TMP/t2.cnf"
expect diff-same-no-warning 0 -- $C diff "$TMP/mine.cnf" "$TMP/t2.cnf" --with f0.move.tap_LR --summary
selected diff-same-no-warning-stderr && verdict diff-same-no-warning-stderr "$(
    $C diff "$TMP/mine.cnf" "$TMP/t2.cnf" --with f0.move.tap_LR 2>&1 >/dev/null)"
# --summary: counts per note, no clause
expect diff-summary 20 --out "f0: tap_LR of player 1 sets the next p2.h0[0]: 1 missing, 1 extra" \
    --out "the clauses are not shown" -- $C diff "$TMP/wrong.cnf" "$TMP/a2.cnf" --with f0.move.tap_LR --summary
selected diff-summary-no-clause && verdict diff-summary-no-clause "$(
    $C diff "$TMP/wrong.cnf" "$TMP/a2.cnf" --with f0.move.tap_LR --summary | grep -- '-f1\.\|f1\.p2')"
expect diff-summary-json 20 --out '"missing": 1' --out '"extra": 1' --out '"summary": [' \
    -- $C diff "$TMP/wrong.cnf" "$TMP/a2.cnf" --with f0.move.tap_LR --summary --format json
expect diff-not-dimacs 1 --err "chopsat: error: " -- $C diff "$TMP/diff.json" "$TMP/t2.cnf"
expect diff-missing 1 --err "cannot read" -- $C diff "$TMP/nothing.cnf" "$TMP/t2.cnf"
expect diff-one-file 2 --err "usage: diff needs a second formula B.cnf" -- $C diff "$TMP/t2.cnf"

# ---- decode --frames ----
$C dimacs win start -k 3 --exact $S3 $TB -o "$TMP/w3.cnf"
cadical -q "$TMP/w3.cnf" >"$TMP/w3.out"
expect frames-text 10 --out "frames (the model's values" --out "position        11/11:1    02/11:2" \
    --out "move.split_0    1" -- $C decode "$TMP/w3.cnf" "$TMP/w3.out" --frames
expect frames-json 10 --out '"frames": {"count": 4, "rows": [{"name": "p1.h0", "move": false, "values": [1, 0, 0, 0]}' \
    -- $C decode "$TMP/w3.cnf" "$TMP/w3.out" --frames --format json
(echo SAT; grep '^v' "$TMP/w3.out" | sed 's/^v //' | tr '\n' ' '; echo) >"$TMP/w3.res"
expect frames-minisat 10 --out "move.split_0    1" -- $C decode "$TMP/w3.cnf" "$TMP/w3.res" --frames
expect frames-stdin 10 --out '"count": 4' --in "$TMP/w3.out" -- $C decode "$TMP/w3.cnf" - --frames --format json
# the move row of the goal frame is empty (null): no move is made there
selected frames-goal-frame && verdict frames-goal-frame "$($C decode "$TMP/w3.cnf" "$TMP/w3.out" --frames --format json | python3 -c '
import json, sys
d = json.load(sys.stdin)
rows = d["frames"]["rows"]
moves = [r for r in rows if r["move"]]
bad = [r["name"] for r in moves if r["values"][-1] is not None]
bad += [r["name"] for r in rows if not r["move"] and None in r["values"]]
chosen = [sum(r["values"][t] for r in moves) for t in range(3)]
print("; ".join(bad) + ("" if chosen == [1, 1, 1] else " moves chosen per frame %s" % chosen))')"
$C dimacs win start -k 5 -o "$TMP/d5.cnf"
cadical -q "$TMP/d5.cnf" >"$TMP/d5.out"
expect frames-default-encoding 10 --out "tap00" --out "split.x" -- $C decode "$TMP/d5.cnf" "$TMP/d5.out" --frames
$C smt2 win start -k 2 -o "$TMP/w.smt2"
expect frames-dimacs-only 2 --err "decode: --frames reads a DIMACS file's variable map" \
    -- $C decode "$TMP/w.smt2" "$TMP/w3.out" --frames
$C dimacs win start -k 2 -o "$TMP/no.cnf"
cadical -q "$TMP/no.cnf" >"$TMP/no.out"
expect frames-unsat 20 --out '"frames": null' -- $C decode "$TMP/no.cnf" "$TMP/no.out" --frames --format json

finish
