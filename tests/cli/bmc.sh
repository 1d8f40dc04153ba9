#!/usr/bin/env bash
# tests/cli/bmc.sh: the bounded model checker end to end: `chopsat reach`, `win`, `dimacs` and
# `decode`. It pins what the issue says the tool must show (win from the start for both players,
# an unreachable position, a question at fingers=65536 and one at 2^20), the JSON fields, every
# exit status (10 yes, 20 no, 1 error, 2 usage, 3 failed cross-check), outside solvers real and
# fake (garbage, crash, time-out, wrong model, a liar), incremental against re-encoded minima,
# bad input, atomic -o, and DIMACS dumps solved by the picosat and cadical programs and decoded.
# It does not test the encoding's internals (tests/unit/test_game_sym.c, tests/unit/test_bmc.c do).
. "$(dirname "$0")/lib.sh"
: "${CHOPSAT:=./chopsat}"
F16=standard,fingers=65536
F20=standard,fingers=1048576

# one_line NAME STATUS KIND [--err TEXT] -- COMMAND...: the command fails with STATUS, prints
# nothing on stdout (no answer) and exactly one line `chopsat: KIND: ...` on stderr.
one_line() {
    local name=$1 status=$2 kind=$3 want=""
    shift 3
    if [ "$1" = --err ]; then want=$2; shift 2; fi
    shift
    selected "$name" || return 0
    "$@" </dev/null >"$TMP/o1" 2>"$TMP/e1"
    local got=$? why=""
    [ "$got" -eq "$status" ] || why="exit status $got, wanted $status"
    [ -s "$TMP/o1" ] && why="$why; stdout not empty: $(head -c 200 "$TMP/o1")"
    [ "$(wc -l <"$TMP/e1")" -eq 1 ] || why="$why; stderr has $(wc -l <"$TMP/e1") lines"
    grep -q "^chopsat: $kind: " "$TMP/e1" || why="$why; stderr is not 'chopsat: $kind: ...'"
    [ -z "$want" ] || grep -qF -- "$want" "$TMP/e1" || why="$why; stderr lacks '$want'"
    verdict "$name" "${why#; }"
    [ -z "$why" ] || sed 's/^/     stderr: /' "$TMP/e1"
}

# json_field FILE KEY: the value of a top-level scalar JSON field (for comparisons).
json_field() { grep -o "\"$2\": [^,}]*" "$1" | head -n 1 | sed 's/^[^:]*: //; s/"//g'; }

# ---------------------------------------------------------------------------------------------
# What the tool must show.
expect "win start -k 30: player 1 wins in 5, readable witness, checked" 10 \
    --out "question: can player 1 win from 11/11:1 within 30 moves?" \
    --out "answer: yes, in 5 moves (the minimum)" \
    --out "witness:" --out "  start       11/11:1" --out "    1. player 1  " \
    --out "    5. player 1  " --out "/00:2" \
    --out "checked: the witness replays move by move; the explicit search agrees." \
    --out "cadical, " --out "(incremental)" -- $CHOPSAT win start -k 30
expect "win start -k 30 --player 2: player 2 wins in 4, checked" 10 \
    --out "question: can player 2 win from 11/11:1 within 30 moves?" \
    --out "answer: yes, in 4 moves (the minimum)" --out "    4. player 2  " \
    --out "checked: the witness replays move by move; the explicit search agrees." \
    -- $CHOPSAT win start -k 30 --player 2
expect "the explicit game graph has no 11/34:1 (382 positions)" 1 -- \
    sh -c "$CHOPSAT graph | grep -q '\"11/34:1'"
expect "reach an unreachable position: no, checked" 20 \
    --out "answer: no" --out "checked: the explicit search agrees." \
    -- $CHOPSAT reach start 11/34:1 -k 20
expect "reach a reachable position: the minimum, checked" 10 \
    --out "answer: yes, in 7 moves (the minimum)" --out "explicit search agrees" \
    -- $CHOPSAT reach start 11/34:2 -k 30
expect "fingers=65536: a reach answered and checked" 10 --out "answer: yes, in 3 moves" \
    --out "-> 1,3/1,5:2" --out "the explicit search agrees" \
    -- $CHOPSAT reach start 1,3/1,5:2 -k 6 --rules $F16
expect "fingers=65536: an 11-move win answered, the witness replayed" 10 \
    --out "answer: yes, in 11 moves (the minimum)" \
    --out "   11. player 1  " --out "/0,0:2" \
    --out 'the witness replays move by move, so "yes" is certain' \
    --out "NOT cross-checked against the explicit search (the explicit search was not run: --no-check)" \
    -- $CHOPSAT win 1,987/1,610:1 -k 20 --rules $F16 --no-check
expect "fingers=65536: a no past the explicit limit says plainly it was not cross-checked" 20 \
    --out "answer: no (NOT cross-checked, see below)" \
    --out 'this "no" was NOT cross-checked against the explicit search; it rests on the SAT solver alone' \
    --out "the explicit search gave no answer: the search examined more than" \
    -- $CHOPSAT win start -k 13 --rules $F16
expect "fingers=65536: an unchecked no in JSON (checked false, the reason)" 20 \
    --out '"checked": false' --out '"answer": "no"' \
    --out '"check": "this \"no\" was NOT cross-checked against the explicit search' \
    --out '(the explicit search was not run: --no-check)' \
    -- $CHOPSAT win start -k 10 --rules $F16 --format json --no-check
expect "fingers=2^20: a win answered, the witness replayed" 10 \
    --out "question: can player 1 win from 1,400000/0,300000:1 within 8 moves?" \
    --out "answer: yes, in 3 moves (the minimum)" --out "-> " \
    --out 'the witness replays move by move, so "yes" is certain' \
    -- $CHOPSAT win 1,400000/0,300000:1 -k 8 --rules $F20 --no-check
expect "fingers=2^20: a no with --no-check says so" 20 \
    --out "answer: no (NOT cross-checked, see below)" --out "(the explicit search was not run: --no-check)" \
    -- $CHOPSAT win start -k 6 --rules $F20 --no-check
expect "fingers=2^20: within 6 moves nothing passes 32, so fingers=33 agrees (no)" 20 \
    --out "checked: the explicit search agrees." -- $CHOPSAT win start -k 6 --rules standard,fingers=33

# K = 500: deepening stops at the first k that answers; one exact frame set of 501 steps.
expect "K=500: win start, the minimum 5" 10 --out "answer: yes, in 5 moves (the minimum)" \
    --out "explicit search agrees" -- $CHOPSAT win start -k 500
expect "K=500: onedie,target=1000, a 182-move win, checked" 10 \
    --out "answer: yes, in 182 moves (the minimum)" --out "explicit search agrees" \
    -- $CHOPSAT win start -k 500 --rules onedie,target=1000
expect "K=500 exact: player 1 cannot win at an even move (player 1 to move then)" 20 \
    --out "answer: no" -- $CHOPSAT win start -k 500 --exact --no-check
if selected "K=500: dimacs within 500 solved by cadical and decoded"; then
    $CHOPSAT dimacs win start -k 500 -o "$TMP/k500.cnf"
    cadical -q "$TMP/k500.cnf" >"$TMP/k500.out"
    expect "K=500: dimacs within 500 solved by cadical and decoded" 10 \
        --out "checked: the witness replays move by move." \
        -- $CHOPSAT decode "$TMP/k500.cnf" "$TMP/k500.out"
fi

# ---------------------------------------------------------------------------------------------
# JSON output.
expect "JSON: every field" 10 --out '"question": "can player 2 win from 11/11:1 within 30 moves?"' \
    --out '"answer": "yes"' --out '"moves": 4' \
    --out '"witness": [{"player": 1, "move": "split 0,2", "position": "02/11:2"}, ' \
    --out '"checked": true' --out '"replayed": true' --out '"check": "the witness replays' \
    --out '"solver": "cadical"' --out '"vars": ' --out '"clauses": ' --out '"solver_calls": ' \
    --out '"encode_seconds": ' --out '"solve_seconds": ' \
    -- $CHOPSAT win start -k 30 --player 2 --format json
expect "JSON: a no has null moves and witness" 20 --out '"answer": "no", "moves": null, "witness": null' \
    --out '"checked": true' --out '"replayed": false' \
    -- $CHOPSAT reach start 11/34:1 -k 8 --format json
if command -v python3 >/dev/null; then
    for q in "win start -k 30 --player 2" "reach start 11/34:1 -k 8" "win start -k 5 --no-check"; do
        expect "JSON parses, one object with typed fields: $q" 0 -- sh -c \
            "$CHOPSAT $q --format json | python3 -c 'import json,sys; d=json.load(sys.stdin); \
assert d[\"answer\"] in (\"yes\",\"no\"); assert isinstance(d[\"checked\"], bool); \
assert isinstance(d[\"vars\"], int) and isinstance(d[\"clauses\"], int); \
assert (d[\"moves\"] == len(d[\"witness\"])) if d[\"answer\"] == \"yes\" else d[\"witness\"] is None; \
assert all(set(w) == {\"player\",\"move\",\"position\"} for w in (d[\"witness\"] or []))'"
    done
fi

# ---------------------------------------------------------------------------------------------
# Exit statuses and solvers. Fake solvers (the DIMACS path is their last argument):
cat >"$TMP/liar.sh" <<'EOF'
# says "unsatisfiable" whatever the question
echo "s UNSATISFIABLE"
exit 20
EOF
cat >"$TMP/garbage.sh" <<'EOF'
echo "solved it, trust me"
exit 10
EOF
cat >"$TMP/crash.sh" <<'EOF'
kill -SEGV $$
EOF
cat >"$TMP/sleep.sh" <<'EOF'
sleep 60
EOF
cat >"$TMP/negate.sh" <<'EOF'
# cadical's honest answer, except that a model has every value turned round
out=$(cadical -q "$1")
rc=$?
printf '%s\n' "$out" | sed '/^v/ { s/ -/ +/g; s/ \([1-9]\)/ -\1/g; s/ +/ /g; }'
exit $rc
EOF
cat >"$TMP/allfalse.sh" <<'EOF'
# claims SAT with every variable false
echo "s SATISFIABLE"
echo "v 0"
exit 10
EOF
for s in "$TMP"/*.sh; do chmod +x "$s"; done

expect "exit 10 for yes" 10 -- $CHOPSAT win start -k 5
expect "exit 20 for no" 20 -- $CHOPSAT win start -k 4
for solver in picosat cadical external:picosat external:cadical "external:cadical -q"; do
    expect "solver $solver: win start -k 30 is 5 moves" 10 --out "answer: yes, in 5 moves" \
        --out "explicit search agrees" --out "${solver%% *}" -- $CHOPSAT win start -k 30 --solver "$solver"
    expect "solver $solver: win start -k 4 is no" 20 --out "answer: no" \
        -- $CHOPSAT win start -k 4 --solver "$solver"
    expect "solver $solver: reach 11/34:2 is 7 moves" 10 --out "answer: yes, in 7 moves" \
        -- $CHOPSAT reach start 11/34:2 -k 12 --solver "$solver"
done
one_line "a lying solver (UNSAT on a yes): the cross-check fails, exit 3" 3 error \
    --err "cross-check failed: the SAT answer is no, the explicit search says yes (in 5 moves)" \
    -- $CHOPSAT win start -k 30 --solver "external:sh $TMP/liar.sh"
expect "a lying solver under --no-check: the no is marked NOT cross-checked" 20 \
    --out 'this "no" was NOT cross-checked' -- $CHOPSAT win start -k 30 --no-check \
    --solver "external:sh $TMP/liar.sh"
one_line "a solver printing garbage: error, no answer" 1 error --err "unreadable line" \
    -- $CHOPSAT win start -k 30 --solver "external:sh $TMP/garbage.sh"
one_line "a crashing solver: error, no answer" 1 error --err "crashed with signal 11" \
    -- $CHOPSAT win start -k 30 --solver "external:sh $TMP/crash.sh"
one_line "a solver sleeping past --timeout: error, no answer" 1 error --err "timed out after 1 s" \
    -- timeout 60 $CHOPSAT win start -k 30 --timeout 1 --solver "external:sh $TMP/sleep.sh"
one_line "a solver whose model is turned round: caught by the model check" 1 error \
    --err "falsifies" -- $CHOPSAT win start -k 30 --solver "external:sh $TMP/negate.sh"
one_line "a solver claiming SAT with every variable false: caught" 1 error \
    -- $CHOPSAT reach start 11/34:2 -k 12 --solver "external:sh $TMP/allfalse.sh"
one_line "a missing solver program: error" 1 error \
    -- $CHOPSAT win start -k 3 --solver "external:/nonexistent/solver"
one_line "unknown solver: error" 1 error --err "unknown solver 'minisat'" \
    -- $CHOPSAT win start -k 3 --solver minisat
one_line "--timeout 0 is bad usage" 2 usage -- $CHOPSAT win start -k 3 --timeout 0
expect "the builtin cadical within a generous timeout still answers" 10 \
    -- $CHOPSAT win start -k 30 --timeout 60

# ---------------------------------------------------------------------------------------------
# Incremental deepening against re-encoding for each k: the same minimum (and the same no).
for q in "win start -k 30" "win start -k 30 --player 2" "reach start 11/34:2 -k 12" \
    "reach start 11/34:1 -k 8" "win start -k 12 --rules no-split --player 2" \
    "win start -k 12 --rules chinese" "win start -k 12 --no-repeat path" \
    "reach start 13/12:1 -k 12 --no-repeat immediate --move-encoding binary" \
    "win start -k 12 --polarity --rules rollover" "win start -k 40 --rules onedie" \
    "win start -k 30 --rules standard,fingers=4096"; do
    name="--no-incremental gives the same answer and minimum: $q"
    selected "$name" || continue
    $CHOPSAT $q --format json --no-check >"$TMP/inc.json" 2>&1
    a=$?
    $CHOPSAT $q --format json --no-check --no-incremental >"$TMP/re.json" 2>&1
    b=$?
    why=""
    [ "$a" = "$b" ] || why="exit $a incremental, $b re-encoded"
    [ "$(json_field "$TMP/inc.json" moves)" = "$(json_field "$TMP/re.json" moves)" ] ||
        why="$why; moves $(json_field "$TMP/inc.json" moves) against $(json_field "$TMP/re.json" moves)"
    calls=$(json_field "$TMP/re.json" solver_calls)
    moves=$(json_field "$TMP/re.json" moves)
    [ "$moves" = null ] || [ "$calls" = $((moves + 1)) ] || why="$why; $calls calls for $moves moves"
    verdict "$name" "${why#; }"
done
# The deepening's solver settings (docs/bounded.md) leave every least number of moves where it
# was: player 1's minimum from the start at fingers 2^4 .. 2^20 (benchmarks/scale.csv), the
# explicit cross-check on where the game fits.
for kw in 4:7 8:13 12:19 16:25 20:31; do
    expect "fingers=2^${kw%%:*}: the least win of player 1 is ${kw##*:} moves" 10 \
        --out "answer: yes, in ${kw##*:} moves (the minimum)" --out "checked: the witness replays" \
        -- $CHOPSAT win start -k $((2 * ${kw%%:*} + 10)) --rules standard,fingers=$((1 << ${kw%%:*}))
done
expect "--no-incremental says it re-encodes" 10 --out "re-encoded for each k" \
    -- $CHOPSAT win start -k 30 --no-incremental

# ---------------------------------------------------------------------------------------------
# The course report's repetition rule (--no-repeat immediate: no block of positions immediately
# repeated). In the Chinese game 07/06 comes back to itself after a 12-move loop: once round is
# allowed, the same loop twice is not; off allows both, path neither (docs/questions.md).
for rep in off immediate path; do
    for k in 12 24; do
        status=10 out="answer: yes, in $k moves (exactly, as asked)"
        if [ $rep = path ] || { [ $rep = immediate ] && [ $k = 24 ]; }; then
            status=20 out="answer: no"
        fi
        expect "chinese 07/06 back to itself in exactly $k moves, --no-repeat $rep" $status \
            --out "$out" --out "checked: " \
            -- $CHOPSAT reach 07/06 07/06 --exact -k $k --rules chinese --no-repeat $rep
    done
done
expect "the rule does not change a minimum: 07/06 back to itself within 24, immediate" 10 \
    --out "answer: yes, in 0 moves (the minimum)" \
    -- $CHOPSAT reach 07/06 07/06 -k 24 --rules chinese --no-repeat immediate
expect "the rule at fingers=65536 and K = 50 answers (minimum unchanged)" 10 \
    --out "answer: yes, in 25 moves (the minimum)" \
    -- $CHOPSAT win start -k 50 --rules $F16 --no-repeat immediate --no-check

# ---------------------------------------------------------------------------------------------
# Bad input: one line, the right status.
one_line "missing -k" 2 usage --err "-k K is required" -- $CHOPSAT win start
one_line "-k -1" 2 usage --err "out of range" -- $CHOPSAT win start -k -1
one_line "-k not a number" 2 usage -- $CHOPSAT reach start 11/12:2 -k many
one_line "bad position" 1 error --err "position" -- $CHOPSAT win 99/11 -k 3
one_line "bad target" 1 error --err "position" -- $CHOPSAT reach start 1/2/3 -k 3
one_line "reach without a target" 2 usage -- $CHOPSAT reach start -k 3
one_line "win with two positions" 2 usage -- $CHOPSAT win start 11/12:2 -k 3
one_line "unknown --no-repeat" 2 usage --err "--no-repeat never is not offered" \
    -- $CHOPSAT win start -k 3 --no-repeat never
one_line "--player 3" 2 usage --err "--player 3" -- $CHOPSAT win start -k 3 --player 3
one_line "unknown --move-encoding" 2 usage -- $CHOPSAT win start -k 3 --move-encoding gray
one_line "bad rules" 1 error -- $CHOPSAT win start -k 3 --rules standard,fingers=1
one_line "unknown option" 2 usage -- $CHOPSAT win start -k 3 --frobnicate
one_line "--format csv is not offered" 2 usage -- $CHOPSAT win start -k 3 --format csv
one_line "dimacs without reach|win" 2 usage -- $CHOPSAT dimacs start -k 3
one_line "dimacs without -k" 2 usage -- $CHOPSAT dimacs win start
one_line "decode: missing files" 1 error --err "cannot read '$TMP/none.cnf'" \
    -- $CHOPSAT decode "$TMP/none.cnf" "$TMP/none.out"
one_line "decode: one argument" 2 usage -- $CHOPSAT decode "$TMP/none.cnf"
printf 'c not from chopsat\np cnf 2 1\n1 2 0\n' >"$TMP/plain.cnf"
printf 's SATISFIABLE\nv 1 -2 0\n' >"$TMP/plain.out"
one_line "decode: a CNF not written by chopsat" 1 error --err "not a CNF written by 'chopsat dimacs'" \
    -- $CHOPSAT decode "$TMP/plain.cnf" "$TMP/plain.out"
$CHOPSAT dimacs win start -k 5 -o "$TMP/w5.cnf"
$CHOPSAT dimacs win start -k 6 -o "$TMP/w6.cnf"
$CHOPSAT dimacs win start -k 5 --player 2 -o "$TMP/w5p2.cnf"
cadical -q "$TMP/w5.cnf" >"$TMP/w5.out"
cadical -q "$TMP/w5p2.cnf" >"$TMP/w5p2.out"
cadical -q "$TMP/w6.cnf" >"$TMP/w6.out"
one_line "decode: a model of another file (smaller)" 1 error --err "falsifies" \
    -- $CHOPSAT decode "$TMP/w6.cnf" "$TMP/w5.out"
one_line "decode: a model of another file (same size)" 1 error --err "falsifies" \
    -- $CHOPSAT decode "$TMP/w5.cnf" "$TMP/w5p2.out"
one_line "decode: a model with variables beyond the file" 1 error --err "beyond" \
    -- $CHOPSAT decode "$TMP/w5.cnf" "$TMP/w6.out"
printf 'nonsense\n' >"$TMP/junk.out"
one_line "decode: unreadable solver output" 1 error -- $CHOPSAT decode "$TMP/w5.cnf" "$TMP/junk.out"
expect "decode: the model from standard input" 10 --in "$TMP/w5.out" \
    --out "checked: the witness replays move by move." -- $CHOPSAT decode "$TMP/w5.cnf" -

# A start where the game is already over says so (text and JSON).
expect "win from a finished game: already over" 20 --out "answer: no" \
    --out "note: the game is already over at 00/11:1: player 2 has won, so no move can be made; player 1 cannot win any more." \
    -- $CHOPSAT win 00/11 -k 5
expect "win from a finished game, the winner asked" 10 --out "answer: yes, in 0 moves" \
    --out "(the win is there at the start, in 0 moves)" -- $CHOPSAT win 00/11 -k 5 --player 2
expect "reach from a finished game" 20 --out "only the start itself is reachable" -- $CHOPSAT reach 00/11 00/12 -k 3
expect "win from a finished game: json" 20 --out '"over_at_start": true' --out '"winner_at_start": 2' \
    -- $CHOPSAT win 00/11 -k 5 --format json
expect "win from a live game: json" 10 --out '"over_at_start": false' --out '"winner_at_start": null' \
    -- $CHOPSAT win 11/04 -k 1 --format json
expect "win from a live game: no note" 0 -- sh -c "! $CHOPSAT win 11/04 -k 1 | grep -q 'already over'"

# decode reads MiniSat's and Glucose's formats too (fixtures in tests/fixtures/decode/: a
# satisfiable and an unsatisfiable question at fingers=2, the model written as MiniSat's
# result file, Glucose's output with -model (one v line, or many), and the outputs that hold no
# answer or no model). Each fixture's model is cadical's, reformatted.
FX="$(dirname "$0")/../fixtures/decode"
for form in minisat glucose glucose-lines; do
    expect "decode: $form model" 10 --out "answer: yes, in 3 moves" \
        --out "checked: the witness replays move by move." \
        -- $CHOPSAT decode "$FX/win-f2-k3.cnf" "$FX/win-f2-k3.$form"
done
for form in minisat glucose; do
    expect "decode: $form unsatisfiable" 20 --out "answer: no (the solver says unsatisfiable)" \
        --out "rests on '$FX/win-f2-k2.$form' alone" -- $CHOPSAT decode "$FX/win-f2-k2.cnf" "$FX/win-f2-k2.$form"
done
expect "decode: minisat model as json" 10 --out '"answer": "yes"' --out '"replayed": true' \
    -- $CHOPSAT decode "$FX/win-f2-k3.cnf" "$FX/win-f2-k3.minisat" --format json
expect "decode: minisat from standard input" 10 --in "$FX/win-f2-k3.minisat" --out "answer: yes" \
    -- $CHOPSAT decode "$FX/win-f2-k3.cnf" -
one_line "decode: glucose without -model" 1 error --err "SATISFIABLE without a model (no v lines; Glucose prints them only with -model)" \
    -- $CHOPSAT decode "$FX/win-f2-k3.cnf" "$FX/win-f2-k3.glucose-no-model"
one_line "decode: minisat's screen output" 1 error --err "looks like MiniSat's screen output, which holds no model" \
    -- $CHOPSAT decode "$FX/win-f2-k3.cnf" "$FX/win-f2-k3.minisat-screen"
one_line "decode: minisat INDET" 1 error --err "the solver gave no answer (INDET)" \
    -- $CHOPSAT decode "$FX/win-f2-k3.cnf" "$FX/win-f2-k3.minisat-indet"
one_line "decode: a minisat model of the other file" 1 error --err "beyond" \
    -- $CHOPSAT decode "$FX/win-f2-k2.cnf" "$FX/win-f2-k3.minisat"
printf 'SAT\n1 -2 3\n' >"$TMP/noend.minisat"
one_line "decode: a minisat model without its 0" 1 error --err "does not end with 0" \
    -- $CHOPSAT decode "$FX/win-f2-k3.cnf" "$TMP/noend.minisat"
printf 'SAT\n' >"$TMP/empty.minisat"
one_line "decode: SAT without literals" 1 error --err "SAT without a model" \
    -- $CHOPSAT decode "$FX/win-f2-k3.cnf" "$TMP/empty.minisat"
printf 'UNSAT\n1 0\n' >"$TMP/unsatlits.minisat"
one_line "decode: literals after UNSAT" 1 error --err "literals after UNSAT" \
    -- $CHOPSAT decode "$FX/win-f2-k3.cnf" "$TMP/unsatlits.minisat"
sed 's/^\(SAT\)$/\1/; 2s/ 1 / -1 /; 2s/^1 /-1 /' "$FX/win-f2-k3.minisat" >"$TMP/flipped.minisat"
one_line "decode: a minisat model that falsifies a clause" 1 error --err "falsifies" \
    -- $CHOPSAT decode "$FX/win-f2-k3.cnf" "$TMP/flipped.minisat"

# dimacs -o: the file appears whole or not at all; an existing file survives a failed run.
one_line "dimacs -o with a bad position: error" 1 error -- \
    $CHOPSAT dimacs win 99/11 -k 3 -o "$TMP/bad.cnf"
expect "dimacs -o with a bad position leaves no file" 1 -- test -e "$TMP/bad.cnf"
echo "old content" >"$TMP/keep.cnf"
one_line "dimacs -o over an existing file, bad usage" 2 usage -- \
    $CHOPSAT dimacs win start -k 3 --no-repeat never -o "$TMP/keep.cnf"
expect "the existing file is untouched" 0 -- grep -qx "old content" "$TMP/keep.cnf"
one_line "dimacs -o into a missing folder: error" 1 error --err "cannot write" -- \
    $CHOPSAT dimacs win start -k 3 -o "$TMP/no/such/dir/w.cnf"
expect "no temporary files are left behind" 0 -- \
    sh -c "! ls '$TMP' | grep -q '\\.tmp\\.'"
expect "dimacs -o writes nothing on stdout" 0 -- sh -c \
    "test -z \"\$($CHOPSAT dimacs win start -k 3 -o $TMP/w3.cnf)\" && test -s $TMP/w3.cnf"

# The DIMACS header and variable map.
expect "dimacs: the header" 0 --out "c chopsat " \
    --out "c chopsat-rules standard,fingers=5,overflow=cutoff" \
    --out "c chopsat-query kind=win from=11/11:1 target=- player=1 k=5 repeat=off exact=no" \
    --out "c question: can player 1 win from 11/11:1 within 5 moves?" \
    --out "c encoding: move-encoding=onehot polarity=tseitin frames=0..5" \
    --out "c models: preserved on every variable" --out "c var 1 f0.p1.h0[0]" \
    -- cat "$TMP/w5.cnf"
expect "dimacs --polarity: the header says only the named variables keep their models" 0 \
    --out "polarity=plaisted-greenbaum" --out "c models: preserved on the named variables" \
    -- $CHOPSAT dimacs win start -k 3 --polarity
if selected "dimacs: one 'c var' line for every variable, in order"; then
    n=$(sed -n 's/^p cnf \([0-9]*\) .*/\1/p' "$TMP/w5.cnf")
    vars=$(grep -c '^c var ' "$TMP/w5.cnf")
    inorder=$(grep '^c var ' "$TMP/w5.cnf" | awk '{ if ($3 != NR) bad = 1 } END { print bad ? "no" : "yes" }')
    verdict "dimacs: one 'c var' line for every variable, in order" \
        "$([ "$n" = "$vars" ] && [ "$inorder" = yes ] || echo "p cnf says $n variables, map has $vars, in order: $inorder")"
fi

# ---------------------------------------------------------------------------------------------
# Dumped DIMACS solved by the picosat and cadical programs: the same answer as in-process, and
# every model decodes into a witness that replays.
questions=(
    "win start -k 5" "win start -k 4" "win start -k 8 --player 2" "win start -k 3 --player 2"
    "reach start 11/34:2 -k 9" "reach start 11/34:2 -k 6" "reach start 11/34:1 -k 10"
    "win start -k 7 --exact" "win start -k 6 --exact"
    "reach start 13/12:1 -k 10 --no-repeat path" "reach start 11/11:1 -k 6 --no-repeat path"
    "reach start 11/11:1 -k 6" "win start -k 9 --no-repeat immediate --player 2"
    "win start -k 8 --move-encoding binary" "win start -k 8 --polarity --player 2"
    "win start -k 6 --rules no-split" "win start -k 8 --rules rollover,fingers=7"
    "win start -k 10 --rules chinese --player 2" "win start -k 12 --rules onedie"
    "win start -k 4 --rules standard,fingers=3 --exact --no-repeat path"
    "win 1,987/1,610:1 -k 12 --rules $F16"
)
for q in "${questions[@]}"; do
    $CHOPSAT $q --no-check >/dev/null 2>&1
    want=$?
    # shellcheck disable=SC2086
    $CHOPSAT dimacs $q -o "$TMP/q.cnf" 2>"$TMP/q.err"
    for prog in picosat cadical; do
        name="$prog program on 'dimacs $q': the in-process answer ($want), decoded"
        selected "$name" || continue
        "$prog" "$TMP/q.cnf" >"$TMP/q.out" 2>/dev/null
        got=$?
        $CHOPSAT decode "$TMP/q.cnf" "$TMP/q.out" >"$TMP/d.out" 2>"$TMP/d.err"
        dec=$?
        why=""
        [ "$got" = "$want" ] || why="$prog exit $got, in-process $want"
        [ "$dec" = "$want" ] || why="$why; decode exit $dec: $(cat "$TMP/d.err")"
        if [ "$want" = 10 ]; then
            grep -q "checked: the witness replays move by move." "$TMP/d.out" ||
                why="$why; decode did not replay the witness"
        fi
        verdict "$name" "${why#; }"
    done
done

finish
