#!/usr/bin/env bash
# tests/cli/check.sh: chopsat check end to end. A typed move sequence: every form a student
# types or copies (names with or without the verb, a verb as its own argument, die faces, the
# lines play, win and decode print, standard input), the first illegal move and why, where the
# sequence ends and who has won, JSON for autograders, exit statuses. A strategy file: what
# force writes (yes and no, win and --to), hand-written trees, and mutated ones that must fail
# at the node that breaks them.
source "$(dirname "$0")/lib.sh"
C=$CHOPSAT
: "${TMP:?the scratch folder of lib.sh; the strategy files below go in it}"

# ---- move sequences ----
expect check-legal-win 0 --out "legal: yes, all 5 moves" \
    --out "end: 01/00:2 after 5 moves; the game is over: player 1 has won" \
    --out "    5. player 1  tap 1>4      -> 01/00:2" \
    -- $C check start 'tap 1>1' '0,3' '1>3' '4>1' '1>4'
expect check-verb-apart 0 --out "    2. player 2  split 0,3    -> 11/03:1" --out "legal: yes" \
    -- $C check start tap '1>1' split 3,0
expect check-same-move 0 --out "(typed 'split 3,0': the same move)" -- $C check start tap '1>1' split 3,0
expect check-issue-4-4 0 --out "    1. player 1  tap 3>4      -> 34/02:2  (typed '4>4': the same move)" \
    -- $C check 34/24 '4>4'
expect check-semicolons 0 --out "legal: yes, all 3 moves" --out "the game goes on, player 2 to move" \
    -- $C check start 'tap 1>1; split 0,3; 1>3'
expect check-illegal 20 --out "illegal: move 3 '4>4' at 11/03:1: player 1 (to move) has no hand of 4" \
    --out "legal: no (the first illegal move is move 3 of 4)" \
    --out "end: 11/03:1 after 2 moves; the game goes on, player 1 to move" \
    -- $C check start '1>1' 0,3 '4>4' '1>3'
expect check-after-the-end 20 --out "the game is over: player 1 has won" --out "illegal: move 6" \
    -- $C check start '1>1' 0,3 '1>3' '4>1' '1>4' '1>1'
expect check-not-notation 20 --out "'banana' is no move in this game's notation" -- $C check start banana
# a move word alone: the shell took its argument ('tap 2>2' unquoted writes standard error to a
# file named 2), and the message says to quote it; a word that is no verb gets no hint
expect check-lone-verb-quote 20 --out "'tap' alone: quote moves that contain '>': 'tap 1>2'" \
    -- $C check start split 0,2 tap --rules standard,fingers=3
expect check-lone-verb-split 20 --out "'split' alone: a move is one argument with its numbers: 'split 0,2'" \
    -- $C check start split
expect check-lone-verb-onedie 20 --out "'turn' alone: a move is one argument with its numbers: 'turn 2'" \
    -- $C check 5@1 turn --rules onedie
if selected check-lone-verb-unquoted; then
    mkdir -p "$TMP/shell" && (cd "$TMP/shell" && $C check start split 0,2 tap 2>2 --rules standard,fingers=3 >out)
    verdict check-lone-verb-unquoted "$(grep -q "quote moves that contain '>'" "$TMP/shell/out" || echo "no hint: $(cat "$TMP/shell/out")")"
fi
if selected check-no-hint-for-other-words; then
    out=$($C check start banana)
    verdict check-no-hint-for-other-words "$([[ "$out" == *alone* ]] && echo "a hint for banana: $out")"
fi
expect check-onedie-faces 0 --out "    1. player 1  turn 4       -> 9@4:2" --out "    2. player 2  turn 2       -> 11@2:1" \
    -- $C check 5@1 4 2 --rules onedie
expect check-onedie-bottom 20 --out "6 is on the bottom (opposite the 1 on top)" -- $C check 5@1 6 --rules onedie
expect check-onedie-win 0 --out "the game is over: player 1 has won" -- $C check 25@2 6 --rules onedie
expect check-zero-moves 0 --out "legal: yes, 0 moves" --out "the game is over: player 2 has won" -- $C check 00/11

# The lines win and play print, with their positions checked.
$C win start -k 12 >"$TMP/win.txt"
grep -E '^ +[0-9]+\. player' "$TMP/win.txt" >"$TMP/witness"
expect check-win-witness-stdin 0 --out "legal: yes, all 5 moves" --out "player 1 has won" --in "$TMP/witness" \
    -- $C check start -
printf 'player 1 (you) plays tap 1>1 -> 11/12:2\nplayer 2 (computer) plays split 0,3 -> 11/13:1\n' >"$TMP/play.txt"
expect check-wrong-position 20 --out "split 0,3 leads to 11/03:1, not to 11/13:1 as written" \
    --in "$TMP/play.txt" -- $C check start -
printf '1. tap 1>1 -> 11/12\n2. split 0,3 -> 11/03\n' >"$TMP/nomover.txt"
expect check-position-without-mover 0 --out "legal: yes, all 2 moves" --in "$TMP/nomover.txt" -- $C check start -

# JSON for autograders.
expect check-json-legal 0 --out '"legal": true' --out '"moves_given": 2' --out '"illegal": null' \
    --out '"over": false' --out '"winner": null' --out '"to_move": 1' \
    --out '{"typed": "split 3,0", "player": 2, "move": "split 0,3", "position": "11/03:1", "same_as": true}' \
    -- $C check start '1>1' 'split 3,0' --format json
expect check-json-illegal 20 --out '"legal": false' --out '"moves_legal": 1' \
    --out '"illegal": {"index": 2, "typed": "1>2", "position": "11/12:2", "reason": "player 1 has no hand of 2 (the hands are 1 and 1)"}' \
    -- $C check start '1>1' '1>2' --format json
expect check-json-winner 0 --out '"over": true' --out '"winner": 2' --out '"to_move": null' \
    -- $C check 01/04:2 '4>1' --format json --rules standard

# Errors and usage.
expect check-bad-start 1 --err "chopsat: error: position:" -- $C check 9/9 '1>1'
expect check-bad-rules 1 --err "chopsat: error:" -- $C check start --rules nonsense
expect check-no-start 2 --err "chopsat: usage: check needs a starting position A (or --strategy FILE)" -- $C check
expect check-csv 2 --err "--format csv is not offered" -- $C check start --format csv
expect check-k-without-strategy 2 --err "-k and --to go with --strategy" -- $C check start -k 3

# ---- strategies ----
$C force 01/11 -k 4 --player 2 --format json >"$TMP/s4.json"
expect strategy-force-report 0 --out "strategy: player 2 can force a win from 01/11:1 within 4 moves (5 nodes)" \
    --out "holds: yes: every move of player 1 answered, every line a win for player 2, the longest after 4 moves" \
    -- $C check --strategy "$TMP/s4.json"
python3 -c 'import json,sys; print(json.dumps(json.load(open(sys.argv[1]))["strategy"]))' "$TMP/s4.json" >"$TMP/s4only.json"
expect strategy-object-alone 0 --out "holds: yes" -- $C check --strategy "$TMP/s4only.json"
expect strategy-stdin 0 --out "holds: yes" --in "$TMP/s4only.json" -- $C check --strategy -
expect strategy-tighter-bound 20 \
    --out "holds: no: at node 0 (01/11:1): the longest line takes 4 moves (to 00/04:1), more than the 3 of the question" \
    -- $C check --strategy "$TMP/s4.json" -k 3
expect strategy-json 0 --out '"kind": "strategy"' --out '"holds": true' --out '"depth": 4' --out '"within": 4' \
    --out '"node": null' --out '"reason": null' -- $C check --strategy "$TMP/s4.json" --format json
$C force start -k 26 --player 2 --format json >"$TMP/s26.json"
expect strategy-start-26 0 --out "within 26 moves" --out "the longest after 26 moves" -- $C check --strategy "$TMP/s26.json"
$C force start -k 10 --player 2 --format json >"$TMP/r10.json"
expect refutation-holds 0 --out "refutation: player 1 keeps player 2 from being able to force a win from 11/11:1 within 10 moves" \
    --out "holds: yes: every move of player 2 answered, no line reaches player 2's goal within 10 moves" \
    -- $C check --strategy "$TMP/r10.json"
# force's refutation counts down: its lines stop when the 10 moves are used up, so the tree
# refutes within 10 (and within fewer) but not within 11
expect refutation-within-9 0 --out "holds: yes" -- $C check --strategy "$TMP/r10.json" -k 9
expect refutation-longer-bound 20 \
    --out "holds: no: at node 112 (01/12:1): the line stops here after 10 moves, before the 11 of the question" \
    -- $C check --strategy "$TMP/r10.json" -k 11
$C force start -k 12 --to 00/34:1 --player 2 --format json >"$TMP/to.json"
expect refutation-to 0 --out "force the game into 00/34:1" --out "holds: yes" -- $C check --strategy "$TMP/to.json" --to 00/34:1
$C force 14/01 -k 3 --player 1 --format json >"$TMP/p1.json"
expect strategy-player-1 0 --out "holds: yes" -- $C check --strategy "$TMP/p1.json"

# Mutations of the 26-move strategy, each caught where it breaks.
mutate() { # mutate NAME PYTHON-STATEMENTS: $TMP/NAME.json from s26's strategy after the change
    python3 - "$TMP/s26.json" "$TMP/$1.json" "$2" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))["strategy"]
nodes = s["nodes"]
exec(sys.argv[3])
json.dump(s, open(sys.argv[2], "w"))
PY
}
mutate drop 'n = next(n for n in nodes if n["mover"] == 1 and len(n["moves"]) > 1); n["moves"].pop()'
expect mutation-reply-missing 20 --out "is not answered: every move of player 1 must be covered" -- $C check --strategy "$TMP/drop.json"
mutate two 'n = next(n for n in nodes if n["mover"] == 2 and n["moves"]); n["moves"].append(dict(n["moves"][0]))'
expect mutation-two-choices 20 --out "player 2 is to move here and the strategy gives 2 moves: it must choose exactly one" \
    -- $C check --strategy "$TMP/two.json"
mutate name 'nodes[0]["moves"][0]["move"] = "split 0,2"'
expect mutation-wrong-name 20 --out "holds: no: at node 0 (11/11:1): the move 'split 0,2' leads to 02/11:2, but it points to node 1, 11/12:2" \
    -- $C check --strategy "$TMP/name.json"
mutate cut 'n = next(n for n in nodes if n["end"] is None and n["id"] > 3); n["moves"] = []'
expect mutation-cut-line 20 --out "the line stops here but player 2 has not won" -- $C check --strategy "$TMP/cut.json"
mutate player 's["player"] = 1'
expect mutation-other-player 20 --out "player 1 is to move here and the strategy gives 2 moves" -- $C check --strategy "$TMP/player.json"
mutate illegal 'n = next(n for n in nodes if n["mover"] == 1 and len(n["moves"]) > 1); n["moves"][0]["to"] = 0; n["moves"][0]["move"] = None'
expect mutation-illegal-edge 20 --out "no legal move leads from here to 11/11:1" -- $C check --strategy "$TMP/illegal.json"

# Hand-written trees: positions without ":M" and "mover", no bounds, a root that is not first.
cat >"$TMP/hand.json" <<'JSON'
{"player": 1, "root": 7,
 "nodes": [{"id": 9, "position": "11/00:2"},
           {"id": 7, "position": "11/04", "moves": [{"move": "1>4", "to": 9}]}]}
JSON
expect hand-written 0 --out "strategy: player 1 can force a win from 11/04:1 (2 nodes)" --out "the longest after 1 move" \
    -- $C check --strategy "$TMP/hand.json"
cat >"$TMP/reply.json" <<'JSON'
{"player": 1, "nodes": [
  {"id": 0, "position": "22/22:1", "moves": [{"move": "2>2", "to": 1}]},
  {"id": 1, "position": "22/24:2", "moves": [{"to": 2}, {"to": 3}, {"to": 4}]},
  {"id": 2, "position": "24/24:1"},
  {"id": 3, "position": "02/24:1"},
  {"id": 4, "position": "22/33:1"}]}
JSON
expect hand-written-leaf 20 --out "holds: no: at node 2 (24/24:1): the line stops here but player 1 has not won (the game goes on, player 1 to move)" \
    -- $C check --strategy "$TMP/reply.json"
printf '{"player": 1, "nodes": [{"id": 0, "position": "11/04:1", "moves": [{"to": 0}]}], "within": 3, "kind": "refutation"}' >"$TMP/refloop.json"
expect hand-written-bad-move 20 --out "no legal move leads from here to 11/04:1" -- $C check --strategy "$TMP/refloop.json"

# Files that are no strategy: errors (exit 1), one line, nothing on standard output.
printf '{"player": 1, "nodes": [' >"$TMP/trunc.json"
expect strategy-not-json 1 --err "not JSON: line 1: ']' expected near end of file" -- $C check --strategy "$TMP/trunc.json"
printf '{"player": 3, "nodes": []}' >"$TMP/p3.json"
expect strategy-bad-player 1 --err '"player" must be 1 or 2' -- $C check --strategy "$TMP/p3.json"
printf '{"player": 1, "nodes": [{"id": 0, "position": "11/11", "moves": [{"to": 5}]}]}' >"$TMP/dangling.json"
expect strategy-dangling 1 --err "a move to node 5, which is not in \"nodes\"" -- $C check --strategy "$TMP/dangling.json"
printf '{"player": 1, "nodes": [{"id": 0, "position": "1/2"}]}' >"$TMP/badpos.json"
expect strategy-bad-position 1 --err "node 0: position:" -- $C check --strategy "$TMP/badpos.json"
printf '{"player": 1, "nodes": [{"id": 0, "position": "11/11"}, {"id": 0, "position": "11/12"}]}' >"$TMP/dup.json"
expect strategy-duplicate-id 1 --err "two nodes have the id 0" -- $C check --strategy "$TMP/dup.json"
printf '{"answer": "no", "strategy": null}' >"$TMP/null.json"
expect strategy-null 1 --err "no strategy object" -- $C check --strategy "$TMP/null.json"
expect strategy-missing-file 1 --err "cannot read" -- $C check --strategy "$TMP/nothing-here.json"
printf '{"kind": "refutation", "player": 1, "nodes": [{"id": 0, "position": "11/11"}]}' >"$TMP/refnok.json"
expect refutation-needs-bound 2 --err "a refutation is of a bound" -- $C check --strategy "$TMP/refnok.json"
expect strategy-with-moves 2 --err "--strategy FILE takes no position" -- $C check start --strategy "$TMP/s4.json"
# --win P: exit 0 only when the moves are legal and P has won at their end
expect win-won 0 --out "win: yes: player 1 has won" \
    -- $C check start 0,2 0,2 '2>2' --rules standard,fingers=3 --win 1
expect win-not-yet 20 --out "win: no: the game goes on, player 1 has not won" --out "legal: yes" \
    -- $C check start 0,2 0,2 --rules standard,fingers=3 --win 1
expect win-other-player 20 --out "win: no: player 1 has won, not player 2" \
    -- $C check start 0,2 0,2 '2>2' --rules standard,fingers=3 --win 2
expect win-illegal 20 --out "win: no: the moves are not all legal" \
    -- $C check start 0,2 '4>4' --rules standard,fingers=3 --win 1
expect win-json 20 --out '"won": false' --out '"win_player": 1' \
    -- $C check start 0,2 0,2 --rules standard,fingers=3 --win 1 --format json
expect win-bad-player 2 --err "--win" -- $C check start 0,2 --win 3
expect win-with-strategy 2 --err "--win P goes with a move sequence" -- $C check --strategy "$TMP/s4.json" --win 1
finish
