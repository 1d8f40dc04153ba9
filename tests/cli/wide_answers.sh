#!/usr/bin/env bash
# tests/cli/wide_answers.sh: answerable questions at wide hands (fingers = 2^64 - 1 and 2^32)
# with a small K end in an answer, never in an error, on every engine's path: win and reach
# within K (checked by the explicit search), force with the BDD engine and with a QBF solver,
# reach without a bound, certify; and what a check could not do is said. A question that
# cannot be answered (pack past its finger range) is refused up front, one line. The QBF path's
# first moves after a "no" are bounded: at most 64 solver calls (docs/reliability.md, section
# 1; docs/forced.md, "Wide hands"). Before, an explicit check that could not list the moves of
# the widest position of the rules ended force in an error after seconds of BDD work, refused
# the QBF path, and left win and reach unchecked; the QBF path asked the solver once per legal
# move of the other side.
. "$(dirname "$0")/lib.sh"
: "${CHOPSAT:=./chopsat}"
C=$CHOPSAT
Q=--quiet
FAKE="$(cd "$(dirname "$0")/.." && pwd)/fake-solvers"
MAX=18446744073709551615
W64="standard,fingers=$MAX"
W32="standard,fingers=4294967296"

# answers NAME STATUS TEXT -- COMMAND...: exit STATUS, TEXT on stdout, nothing on stderr (an
# answer, never an error line). $C runs with --quiet (no progress lines) where it takes it.
answers() {
    local name=$1 status=$2 text=$3
    shift 4
    selected "$name" || return 0
    "$@" </dev/null >"$TMP/o" 2>"$TMP/e"
    local got=$? why=""
    [ "$got" -eq "$status" ] || why="exit status $got, wanted $status"
    grep -qF -- "$text" "$TMP/o" || why="$why; stdout lacks '$text'"
    [ -s "$TMP/e" ] && why="$why; stderr: $(head -c 300 "$TMP/e")"
    verdict "$name" "${why#; }"
}

# ---- force: the BDD engine (the default), checked in full (a few seconds each: the BDD relation
# of 64-bit hands is built anew by each run, so only a few K here; the QBF runs below take every K)
answers "wide-force-bdd-k4" 20 "checked: explicit bounded forcing agrees" -- \
    $C force $Q start -k 4 --rules "$W64"
answers "wide-force-bdd-k3-player2" 20 "checked: explicit bounded forcing agrees" -- \
    $C force $Q start -k 3 --player 2 --rules "$W64"
answers "wide-force-bdd-json" 20 '"checked": true' -- \
    $C force $Q start -k 2 --rules "$W64" --format json
answers "wide-force-bdd-w32-k1-player2" 20 "checked: explicit bounded forcing agrees" -- \
    $C force $Q start -k 1 --player 2 --rules "$W32"

# ---- force: a QBF solver, K = 1 .. 4, both players, at 2^64 - 1 and 2^32 ----------------------
for rules in "$W64" "$W32"; do
    for k in 1 2 3 4; do
        for p in 1 2; do
            answers "wide-force-qbf-${rules##*=}-k$k-p$p" 20 "checked: explicit bounded forcing agrees" -- \
                $C force $Q start -k $k --player $p --rules "$rules" --solver depqbf
        done
    done
done
answers "wide-force-qbf-to" 20 "refutation tree: " -- \
    $C force $Q start --to 2,1/1,1:2 -k 1 --rules "$W64" --solver depqbf
answers "wide-force-qbf-json" 20 '"checked": true' -- \
    $C force $Q start -k 3 --rules "$W64" --solver depqbf --format json

# ---- win and reach within K: the SAT answer checked by the explicit search -------------------
for k in 1 2 3 4; do
    for p in 1 2; do
        answers "wide-win-k$k-p$p" 20 "checked: the explicit search agrees" -- \
            $C win $Q start -k $k --player $p --rules "$W64"
    done
done
answers "wide-reach-yes" 10 "the explicit search agrees" -- \
    $C reach $Q start 2,1/1,1:2 -k 3 --rules "$W64"
answers "wide-reach-no" 20 "checked: the explicit search agrees" -- \
    $C reach $Q start 2,1/1,1:2 -k 2 --rules "$W32"

# A position with more moves than the explicit search lists, within the K asked: the answer
# stands and says what was not checked (the explicit check's limit, and its depth).
answers "wide-win-past-moves-limit" 20 "NOT cross-checked" -- \
    $C win $Q 10000000,3/1,1 -k 2 --rules "$W64"
answers "wide-force-bdd-past-moves-limit" 20 "NOT cross-checked" -- \
    $C force $Q 10000000,3/1,1 -k 1 --rules "$W64"
answers "wide-force-qbf-past-moves-limit" 20 "checked only to depth 0" -- \
    $C force $Q 10000000,3/1,1 -k 2 --rules "$W64" --solver depqbf
answers "wide-force-qbf-root-past-moves-limit" 20 "first moves: none: player 1 may have more than 4194304 moves at the root" -- \
    $C force $Q 1,9223372036854775807/1,1 -k 2 --rules "$W64" --solver depqbf

# ---- without a bound, and the certificate of a never -----------------------------------------
answers "wide-reach-inf-yes" 10 "the witness replays move by move" -- \
    $C reach $Q start 0,3/1,1:1 -k inf --rules "$W64"
answers "wide-inf-never" 20 "answer: never" -- \
    $C reach $Q start 0,0/0,0:1 -k inf --rules "$W64" --certificate "$TMP/cert.cnf"
answers "wide-inf-never-certify" 0 "the invariant of 1 clause holds" -- \
    $C certify "$TMP/cert.cnf"

# ---- play: the computer's hint at 2^64 - 1 (the BDD layers within the horizon) ---------------
if selected "wide-play-hint"; then
    echo hint | $C play --rules "$W64" --seed 1 --horizon 1 >"$TMP/o" 2>"$TMP/e"
    got=$?
    why=""
    [ "$got" -eq 0 ] || why="exit status $got: $(head -c 300 "$TMP/e")"
    grep -q "hint: the computer would play" "$TMP/o" || why="$why; no hint"
    verdict "wide-play-hint" "${why#; }"
fi

# ---- pack: past its finger range, refused at once with one line ------------------------------
if selected "wide-pack-refused-up-front"; then
    $C pack "$TMP/pack" --fingers "$MAX" --quiet >"$TMP/o" 2>"$TMP/e"
    got=$?
    why=""
    [ "$got" -eq 2 ] || why="exit status $got, wanted 2"
    [ "$(wc -l <"$TMP/e")" -eq 1 ] || why="$why; stderr has $(wc -l <"$TMP/e") lines"
    grep -qF "is no finger count" "$TMP/e" || why="$why; stderr: $(head -c 300 "$TMP/e")"
    [ -e "$TMP/pack" ] && why="$why; $TMP/pack was made"
    verdict "wide-pack-refused-up-front" "${why#; }"
fi

# ---- force with an external QBF solver after a "no": at most 64 calls for the first moves ----
# Player 1 has 101 first moves (100,100 splits 51 ways); the solver says "false" to every
# formula and counts its calls. One call answers, then at most 64 ask for player 2's replies;
# the text and the JSON say that the others were not asked.
slow_no=("$C" force 100,100/5000000,5000000 -k 3 --rules "$W64"
    --solver "external:sh $FAKE/qbf-no-count.sh" --quiet)
for fmt in text json; do
    name="wide-force-qbf-first-moves-capped-$fmt"
    selected "$name" || continue
    : >"$TMP/count"
    FAKE_COUNT=$TMP/count timeout 60 "${slow_no[@]}" --format "$fmt" >"$TMP/o" 2>"$TMP/e"
    got=$?
    calls=$(wc -l <"$TMP/count")
    why=""
    [ "$got" -eq 20 ] || why="exit status $got, wanted 20: $(head -c 300 "$TMP/e")"
    [ "$calls" -le 65 ] || why="$why; $calls solver calls, wanted at most 65"
    want="first moves: the QBF solver was asked for player 2's replies to 64 of player 1's 101"
    [ "$fmt" = json ] && want='"first_moves_note": "the QBF solver was asked for player 2'"'"'s replies to 64 of player 1'"'"'s 101'
    grep -qF -- "$want" "$TMP/o" || why="$why; stdout lacks '$want'"
    grep -qF -- "NOT cross-checked" "$TMP/o" || [ "$fmt" = json ] || why="$why; no NOT cross-checked"
    verdict "$name" "${why#; }"
done

# The same phase under --timeout: no new call once the phase has taken the time limit. A
# solver that thinks 0.4 s a call, --timeout 1: the answer's call, then a few for the replies.
if selected "wide-force-qbf-first-moves-timeout"; then
    cat >"$TMP/slow-no.sh" <<EOF
#!/bin/sh
echo call >>"$TMP/count"
sleep 0.4
echo "s cnf 0"
exit 20
EOF
    : >"$TMP/count"
    timeout 60 "$C" force 100,100/5000000,5000000 -k 3 --rules "$W64" --timeout 1 \
        --solver "external:sh $TMP/slow-no.sh" --quiet >"$TMP/o" 2>"$TMP/e"
    got=$?
    calls=$(wc -l <"$TMP/count")
    why=""
    [ "$got" -eq 20 ] || why="exit status $got, wanted 20: $(head -c 300 "$TMP/e")"
    [ "$calls" -le 6 ] || why="$why; $calls solver calls, wanted at most 6"
    grep -qF -- "none once the phase took the time limit" "$TMP/o" || why="$why; stdout lacks the note"
    verdict "wide-force-qbf-first-moves-timeout" "${why#; }"
fi

finish
[ "$FAIL" -eq 0 ]
