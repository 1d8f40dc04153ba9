#!/usr/bin/env bash
# tests/cli/onedie.sh: the one-die game (docs/rules.md) through every command, with
# `--rules onedie` (target 31) and `--rules onedie,target=50`: moves, solve (the value of every
# opening for the player who opens), solve --all, stats, graph, reach, win, dimacs solved by the
# picosat and cadical programs and decoded, and force and qdimacs (QBF) when the binary has them.
# The figures pinned here (values, distances, reachable positions, edges) agree with a separate
# brute-force enumeration of the rules; the encodings' internals are tests/unit/test_game_sym.c's.
. "$(dirname "$0")/lib.sh"
: "${CHOPSAT:=./chopsat}"
D31=onedie
D50=onedie,target=50

# ---------------------------------------------------------------------------------------------
# rules and moves
expect "rules: the canonical description" 0 --out "onedie,target=31" -- $CHOPSAT rules --rules $D31
expect "rules: target=50" 0 --out "onedie,target=50" -- $CHOPSAT rules --rules $D50
expect "rules: the list shows the one-die option" 0 --out "Options of the one-die game" \
    --out "target    31" -- $CHOPSAT rules
expect "rules: target=0 is out of range" 1 --err "target=0 is out of range (1 .. 1000000)" \
    -- $CHOPSAT moves start --rules onedie,target=0
expect "rules: a chopsticks option is refused" 1 --err "key 'fingers' does not apply to the onedie game" \
    -- $CHOPSAT moves start --rules onedie,fingers=3
expect "moves: the opening may show any face" 0 --out "0@0:1: player 1 to move, 6 moves" \
    --out "open 1       -> 1@1:2" --out "open 6       -> 6@6:2" -- $CHOPSAT moves start --rules $D31
expect "moves: a quarter turn shows neither the top nor the bottom" 0 \
    --out "24@3:1: player 1 to move, 4 moves" --out "turn 1       -> 25@1:2" \
    --out "turn 2       -> 26@2:2" --out "turn 5       -> 29@5:2" --out "turn 6       -> 30@6:2" \
    -- $CHOPSAT moves 24@3 --rules $D31
expect "moves: 24@3 has no turn to 3 or 4" 0 -- sh -c "! $CHOPSAT moves 24@3 --rules $D31 | grep -q 'turn [34]'"
expect "moves: exactly 31 wins for the player who made it" 0 \
    --out "31@4:2: the game is over; player 1 has won" -- $CHOPSAT moves 31@4:2 --rules $D31
expect "moves: passing 31 loses" 0 --out "33@4:2: the game is over; player 2 has won" \
    -- $CHOPSAT moves 33@4:2 --rules $D31
expect "moves: target=50, csv" 0 --out "move,position" --out "turn 1,49@1:2" --out "turn 6,54@6:2" \
    -- $CHOPSAT moves 48@2 --rules $D50 --format csv
expect "moves: 31 is not over at target=50" 0 --out "31@4:2: player 2 to move, 4 moves" \
    -- $CHOPSAT moves 31@4:2 --rules $D50
expect "moves: json" 0 --out '{"move": "open 3", "position": "3@3:2"}' \
    -- $CHOPSAT moves start --rules $D31 --format json
expect "moves: a top face larger than the total is no position" 1 \
    --err "'5@6' is no position of the one-die game" -- $CHOPSAT moves 5@6 --rules $D31
expect "moves: a total past target+5 is no position" 1 --err "is no position of the one-die game" \
    -- $CHOPSAT moves 37@6 --rules $D31

# ---------------------------------------------------------------------------------------------
# solve: the value of every opening for the player who opens
expect "solve: the race to 31 is a win for the opener in 13" 0 \
    --out "0@0:1: a win for player 1 (the player to move) in 13 moves." --out "Best move: open 4" \
    --out "Every move, valued for player 1 (who makes it):" \
    --out "open 1       -> 1@1:2          loss in 14" --out "open 2       -> 2@2:2          loss in 14" \
    --out "open 3       -> 3@3:2          loss in 12" \
    --out "open 4       -> 4@4:2          win in 13  (best)" \
    --out "open 5       -> 5@5:2          loss in 12" --out "open 6       -> 6@6:2          loss in 12" \
    --out "   13. player 1  turn 4       -> 31@4:2" -- $CHOPSAT solve --rules $D31
expect "solve: target=50, only opening 5 wins" 0 \
    --out "0@0:1: a win for player 1 (the player to move) in 21 moves." --out "Best move: open 5" \
    --out "open 4       -> 4@4:2          loss in 20" \
    --out "open 5       -> 5@5:2          win in 21  (best)" \
    --out "open 6       -> 6@6:2          loss in 20" -- $CHOPSAT solve start --rules $D50
expect "solve: json lists every opening with its value" 0 \
    --out '"moves": [{"move": "open 1", "position": "1@1:2", "value": "loss", "distance": 14, "best": false}' \
    --out '{"move": "open 4", "position": "4@4:2", "value": "win", "distance": 13, "best": true}' \
    -- $CHOPSAT solve --rules $D31 --format json
expect "solve: a lost position, every move a loss" 0 --out "18@4:2: a loss for player 2" \
    --out "Every move, valued for player 2 (who makes it):" -- $CHOPSAT solve 18@4:2 --rules $D31
expect "solve: a terminal position lists no moves" 0 --out "31@4:2: the game is over; player 1 has won." \
    -- $CHOPSAT solve 31@4:2 --rules $D31

# solve --all: every opening f@f with player 2 to move, and its value is the opposite of what
# solve says the opening is worth to the opener, one move further.
for spec in $D31 $D50; do
    name="solve --all --rules $spec: every opening 1@1:2 .. 6@6:2, the negation of the opener's value"
    selected "$name" || continue
    $CHOPSAT solve --all --rules $spec --format csv >"$TMP/all.csv" 2>"$TMP/all.err"
    $CHOPSAT solve --rules $spec >"$TMP/one.txt" 2>&1
    why=""
    head -n 1 "$TMP/all.csv" | grep -qx "position,value,distance,reachable" || why="bad csv header"
    for f in 1 2 3 4 5 6; do
        line=$(grep "^$f@$f:2," "$TMP/all.csv")
        [ -n "$line" ] || { why="$why; no line for $f@$f:2"; continue; }
        value=$(echo "$line" | cut -d, -f2)
        dist=$(echo "$line" | cut -d, -f3)
        reach=$(echo "$line" | cut -d, -f4)
        [ "$reach" = yes ] || why="$why; $f@$f:2 not reachable"
        case $value in win) opener=loss ;; loss) opener=win ;; *) opener=draw ;; esac
        grep -q "open $f .*-> $f@$f:2 .* $opener in $((dist + 1))" "$TMP/one.txt" ||
            why="$why; $f@$f:2 is a $value in $dist, solve does not call open $f a $opener in $((dist + 1))"
    done
    verdict "$name" "${why#; }"
done
expect "solve --all: json" 0 --out '"position": "4@4:2", "value": "loss", "distance": 12, "reachable": true' \
    -- $CHOPSAT solve --all --rules $D31 --format json
expect "solve --all -o: the file appears" 0 -- sh -c "$CHOPSAT solve --all --rules $D50 --format csv -o $TMP/a50.csv && grep -q '^5@5:2,loss,20,yes' $TMP/a50.csv"

# ---------------------------------------------------------------------------------------------
# stats and graph
expect "stats: target 31" 0 --out "from 0@0:1:" --out "reachable positions  349" \
    --out "terminal             42" --out "edges                1230" \
    --out "non-terminal wins    229" --out "non-terminal losses  78" \
    --out "non-terminal draws   0" --out "longest distance     13" --out "breadth-first depth  8" \
    -- $CHOPSAT stats --rules $D31
expect "stats: target 50, csv" 0 --out "0@0:1,577,42,2142,398,137,0,21,11" \
    -- $CHOPSAT stats --rules $D50 --format csv
expect "stats: from a later position" 0 --out "from 24@3:1:" -- $CHOPSAT stats --rules $D31 --from 24@3
for spec in $D31 $D50; do
    name="graph --rules $spec: one node per reachable position, one edge per move; dot reads it"
    selected "$name" || continue
    $CHOPSAT graph --rules $spec -o "$TMP/g.dot" 2>"$TMP/g.err"
    $CHOPSAT stats --rules $spec --format csv | tail -n 1 >"$TMP/st.csv"
    why=""
    nodes=$(grep -c '^  p[0-9]* \[label=' "$TMP/g.dot")
    edges=$(grep -c '^  p[0-9]* -> p[0-9]*' "$TMP/g.dot")
    [ "$nodes" = "$(cut -d, -f2 "$TMP/st.csv")" ] || why="$nodes nodes, stats says $(cut -d, -f2 "$TMP/st.csv")"
    [ "$edges" = "$(cut -d, -f4 "$TMP/st.csv")" ] || why="$why; $edges edges, stats says $(cut -d, -f4 "$TMP/st.csv")"
    if command -v dot >/dev/null; then
        dot -Tsvg "$TMP/g.dot" -o "$TMP/g.svg" 2>"$TMP/dot.err" || why="$why; dot refuses it: $(head -c 200 "$TMP/dot.err")"
    fi
    verdict "$name" "${why#; }"
done

# ---------------------------------------------------------------------------------------------
# reach and win (SAT), checked against the explicit search
expect "reach: 31 by player 1's move, in 7 at least" 10 \
    --out "question: is 31@5:2 reachable from 0@0:1 within 10 moves?" \
    --out "answer: yes, in 7 moves (the minimum)" \
    --out "checked: the witness replays move by move; the explicit search agrees." \
    -- $CHOPSAT reach start 31@5:2 -k 10 --rules $D31
expect "reach: not within 6 moves" 20 --out "answer: no" --out "checked: the explicit search agrees." \
    -- $CHOPSAT reach start 31@5:2 -k 6 --rules $D31
expect "reach: 3@3 with player 1 to move never comes" 20 --out "answer: no" \
    -- $CHOPSAT reach start 3@3:1 -k 12 --rules $D31
expect "reach: exactly 8 moves, binary move encoding" 10 --out "answer: yes, in 8 moves" \
    -- $CHOPSAT reach start 30@6:1 -k 8 --exact --move-encoding binary --rules $D31
expect "reach: target=50, path repetition, picosat" 10 --out "answer: yes" \
    -- $CHOPSAT reach start 49@1:1 -k 12 --no-repeat path --solver picosat --rules $D50
expect "win: player 1 can win the race to 31 in 6" 10 \
    --out "question: can player 1 win from 0@0:1 within 12 moves?" \
    --out "answer: yes, in 6 moves (the minimum)" --out "    1. player 1  open " \
    --out "checked: the witness replays move by move; the explicit search agrees." \
    -- $CHOPSAT win start -k 12 --rules $D31
expect "win: player 2 too" 10 --out "answer: yes, in 6 moves (the minimum)" \
    -- $CHOPSAT win start -k 12 --player 2 --rules $D31
expect "win: nobody finishes within 5" 20 --out "answer: no" -- $CHOPSAT win start -k 5 --rules $D31
expect "win: target=50 in 9, json" 10 --out '"answer": "yes"' --out '"moves": 9' \
    -- $CHOPSAT win start -k 12 --rules $D50 --format json
expect "win: target=50 not within 8" 20 --out "answer: no" -- $CHOPSAT win start -k 8 --rules $D50

# ---------------------------------------------------------------------------------------------
# dimacs, solved by the picosat and cadical programs, and decode
questions=(
    "win start -k 12 --rules $D31" "win start -k 5 --rules $D31"
    "win start -k 12 --player 2 --move-encoding binary --rules $D31"
    "reach start 31@5:2 -k 9 --rules $D31" "reach start 3@3:1 -k 6 --rules $D31"
    "win start -k 10 --rules $D50" "win start -k 9 --rules $D50 --polarity"
    "reach 40@2:1 50@6:2 -k 3 --exact --rules $D50"
)
for q in "${questions[@]}"; do
    # shellcheck disable=SC2086
    $CHOPSAT $q --no-check >/dev/null 2>&1
    want=$?
    # shellcheck disable=SC2086
    $CHOPSAT dimacs $q -o "$TMP/q.cnf" 2>"$TMP/q.err"
    for prog in picosat cadical; do
        name="$prog program on 'dimacs $q': the in-process answer ($want), decoded"
        selected "$name" || continue
        why=""
        grep -q "^c chopsat-rules onedie,target=" "$TMP/q.cnf" || why="no rules header"
        grep -q "^c var [0-9]* f0.total\[0\]" "$TMP/q.cnf" || why="$why; no f0.total in the map"
        "$prog" "$TMP/q.cnf" >"$TMP/q.out" 2>/dev/null
        got=$?
        $CHOPSAT decode "$TMP/q.cnf" "$TMP/q.out" >"$TMP/d.out" 2>"$TMP/d.err"
        dec=$?
        [ "$got" = "$want" ] || why="$why; $prog exit $got, in-process $want"
        [ "$dec" = "$want" ] || why="$why; decode exit $dec: $(cat "$TMP/d.err")"
        if [ "$want" = 10 ]; then
            grep -q "checked: the witness replays move by move." "$TMP/d.out" ||
                why="$why; decode did not replay the witness"
        fi
        verdict "$name" "${why#; }"
    done
done

# ---------------------------------------------------------------------------------------------
# force and qdimacs (QBF), when this chopsat has them
if $CHOPSAT help 2>/dev/null | grep -q '^  force '; then
    expect "force: 21@1 is a forced win in 3" 10 --out "answer: yes" \
        -- $CHOPSAT force 21@1 -k 3 --rules $D31
    expect "force: but not in 2" 20 --out "answer: no" -- $CHOPSAT force 21@1 -k 2 --rules $D31
    expect "force: 18@4:2, player 2 to move, cannot force a win in 5" 20 --out "answer: no" \
        -- $CHOPSAT force 18@4:2 -k 5 --player 2 --rules $D31
    expect "force: 19@1 is a forced win in 5" 10 --out "answer: yes, within 5 moves (the minimum)" \
        -- $CHOPSAT force 19@1 -k 5 --rules $D31
    expect "force: 19@1 not in 4" 20 --out "answer: no" -- $CHOPSAT force 19@1 -k 4 --rules $D31
    expect "force: binary move encoding" 10 --out "answer: yes, within 3 moves (the minimum)" \
        -- $CHOPSAT force 21@3 -k 3 --move-encoding binary --rules $D31
    expect "force: target=50, 40@1 in 3" 10 --out "answer: yes, within 3 moves (the minimum)" \
        -- $CHOPSAT force 40@1 -k 3 --rules $D50
    expect "qdimacs: a prenex formula with a variable map" 0 \
        -- sh -c "$CHOPSAT qdimacs force 21@1 -k 3 --rules $D31 -o $TMP/q.qdimacs && grep -q '^p cnf' $TMP/q.qdimacs && grep -q '^a ' $TMP/q.qdimacs && grep -q '^e ' $TMP/q.qdimacs && grep -q 'f0.total' $TMP/q.qdimacs"
else
    echo "skip force and qdimacs: this chopsat has no force command"
fi

finish
