#!/usr/bin/env bash
# tests/cli/many_explicit.sh: the explicit commands at hand counts other than 2/2 (rules option
# `count`, docs/rules.md "Any number of hands"), end to end: `solve` (a position and --all),
# `stats`, `chart`, `graph`, `moves`, `check` and `play`, with their exact output on small
# cases worked by hand (one hand each at 3 fingers: 1/1 loses in 2; 111/11 at 3 fingers), and
# every bad input: the count out of range or malformed, even-lone with one hand, a position with
# the wrong number of hands, and the explicit searches' refusal, up front and in one line, of
# rules whose positions (N^(A+B)) pass their limits or the memory. The moves themselves are
# tested in tests/unit/test_many.c.
. "$(dirname "$0")/lib.sh"
: "${CHOPSAT:=./chopsat}"
C=$CHOPSAT

# same NAME EXPECTED -- COMMAND...: the command exits 0 and prints exactly EXPECTED on stdout.
same() {
    local name=$1 want=$2
    shift 3
    selected "$name" || return 0
    "$@" </dev/null >"$TMP/so" 2>"$TMP/se"
    local got=$? why=""
    [ "$got" -eq 0 ] || why="exit status $got: $(head -c 300 "$TMP/se")"
    [ "$(cat "$TMP/so")" = "$want" ] ||
        why="$why; stdout differs: $(diff <(echo "$want") "$TMP/so" | head -n 12 | tr '\n' '|')"
    verdict "$name" "${why#; }"
}

# bad NAME STATUS MESSAGE -- COMMAND...: the command exits with STATUS, prints nothing on stdout
# and one line on stderr, `chopsat: error: ...` (1) or `chopsat: usage: ...` (2), containing
# MESSAGE.
bad() {
    local name=$1 status=$2 msg=$3
    shift 4
    selected "$name" || return 0
    "$@" </dev/null >"$TMP/bo" 2>"$TMP/be"
    local got=$? why="" kind=error
    [ "$status" -eq 2 ] && kind=usage
    [ "$got" -eq "$status" ] || why="exit status $got, wanted $status"
    [ -s "$TMP/bo" ] && why="$why; stdout not empty"
    [ "$(wc -l <"$TMP/be")" -eq 1 ] || why="$why; stderr has $(wc -l <"$TMP/be") lines"
    grep -q "^chopsat: $kind: " "$TMP/be" || why="$why; stderr is not 'chopsat: $kind: ...'"
    grep -qF -- "$msg" "$TMP/be" || why="$why; stderr lacks '$msg': $(head -c 300 "$TMP/be")"
    verdict "$name" "${why#; }"
}

# ---- one hand each: 1/1 at 3 fingers is lost in 2 (1>1 makes their 2, whose tap kills) -----
same solve-count-1 "1/1:1: a win for player 1 (the player to move) in 3 moves.
Player 1 wins with best play.
Best move: tap 1>1
Every move, valued for player 1 (who makes it):
  tap 1>1      -> 1/2:2          win in 3  (best)
Line of best play:
    1. player 1  tap 1>1      -> 1/2:2
    2. player 2  tap 2>1      -> 3/2:1
    3. player 1  tap 3>2      -> 3/0:2" -- $C solve --rules standard,count=1 start
same solve-all-count-1 "position,value,distance,reachable
0/0:1,loss,0,no
0/1:1,loss,0,no
0/2:1,loss,0,yes
1/0:1,win,0,no
1/1:1,loss,2,yes
1/2:1,win,1,no
2/0:1,win,0,no
2/1:1,win,1,no
2/2:1,win,1,no
0/0:2,loss,0,no
0/1:2,win,0,no
0/2:2,win,0,no
1/0:2,loss,0,no
1/1:2,loss,2,no
1/2:2,win,1,yes
2/0:2,loss,0,no
2/1:2,win,1,no
2/2:2,win,1,no" -- $C solve --all --rules standard,count=1,fingers=3 --format csv
same chart-unequal-counts "Rows: the mover's hands; columns: the opponent's hands; player 1 to move." -- \
    sh -c "$C chart --rules standard,count=3/1,fingers=3 | sed -n 2p"
same chart-count-1 "Best-move chart for standard,fingers=4,overflow=cutoff,hands=unordered,tap=opponent,split=free,suicide=yes,revive=yes,win=eliminate,count=1
Rows: the mover's hands; columns: the opponent's hands; player 1 to move (the game is the same for player 2).
Each cell: + the mover wins, - the mover loses, blank sign: a draw; then one best move.
Moves: a>b: tap their b with your a; #: the game is over; '.': no such position.

   0   1     2     3
0  -#  -#    -#    -#
1  +#  +1>1  -1>2  +1>3
2  +#  -2>1  +2>2  +2>3
3  +#  +3>1  +3>2  +3>3" -- $C chart --rules standard,count=1,fingers=4
same graph-count-1 'digraph chopsat {
  graph [labelloc=t, fontname="Helvetica", label="standard,fingers=3,overflow=cutoff,hands=unordered,tap=opponent,split=free,suicide=yes,revive=yes,win=eliminate,count=1: the 3 positions reachable from 1/1:1\nblue: the player to move wins, orange: loses, grey: draw (with the distance); box: game over; dashed: a split"];
  graph [mclimit=0.2, nslimit=2, nslimit1=2, searchsize=20, remincross=false];
  node [style=filled, fontname="Helvetica", fontsize=10, shape=ellipse];
  edge [arrowsize=0.5, color="#555555"];
  p4 [label="1/1:1\nloss 2", fillcolor="#f4a582", peripheries=2];
  p14 [label="1/2:2\nwin 1", fillcolor="#92c5de"];
  p2 [label="0/2:1\nloss 0", fillcolor="#f4a582", shape=box];
  p4 -> p14 [tooltip="tap 1>1"];
  p14 -> p2 [tooltip="tap 2>1"];
}' -- $C graph --rules standard,count=1,fingers=3

# ---- three hands against two at 3 fingers: 111/11 splits only to 012, which loses in 4 ------
same moves-count-3-2 "111/11:1: player 1 to move, 2 moves
  tap 1>1      -> 111/12:2
  split 0,1,2  -> 012/11:2" -- $C moves --rules standard,count=3/2,fingers=3 start
same solve-count-3-2 "111/11:1: a draw; with best play neither player can force a win.
Best move: tap 1>1
Every move, valued for player 1 (who makes it):
  tap 1>1      -> 111/12:2       draw  (best)
  split 0,1,2  -> 012/11:2       loss in 4" -- bash -c "$C solve --rules standard,count=3/2,fingers=3 start | head -n 5"
same solve-lost-in-2 "001/11:1: a loss for player 1 (the player to move) in 2 moves.
Player 2 wins with best play.
Best move: tap 1>1
Every move, valued for player 1 (who makes it):
  tap 1>1      -> 001/12:2       loss in 2  (best)
Line of best play:
    1. player 1  tap 1>1      -> 001/12:2
    2. player 2  tap 2>1      -> 000/12:1" -- $C solve --rules standard,count=3/2,fingers=3 001/11:1
expect stats-count-3-2 0 --out '"positions": 90' --out '"edges": 154' --out '"draws": 29' -- \
    $C stats --rules standard,count=3/2,fingers=3 --format json
expect stats-count-4 0 --out '"from": "1111/1111:1", "positions": 2336' -- \
    $C stats --rules standard,count=4,fingers=4 --format json
expect solve-count-3-3 0 --out '111/111:1: a win for player 1 (the player to move) in 33 moves.' \
    -- $C solve --rules standard,count=3 start

# ---- typed moves: values with unordered hands, letters A, B, C with ordered ones ----------
same moves-ordered-letters "120/111:1: player 1 to move, 10 moves
  tap A>A      -> 120/211:2
  tap A>B      -> 120/121:2
  tap A>C      -> 120/112:2
  tap B>A      -> 120/311:2
  tap B>B      -> 120/131:2
  tap B>C      -> 120/113:2
  split 0,0,3  -> 003/111:2
  split 0,3,0  -> 030/111:2
  split 1,1,1  -> 111/111:2
  split 3,0,0  -> 300/111:2" -- $C moves --rules standard,count=3,hands=ordered 120/111
expect check-ordered-letters 0 --out '2. player 2  tap C>B      -> 131/112:1' -- \
    $C check --rules standard,count=3,hands=ordered start 'a>c' 'tap c>b'
expect check-split-three 0 --out '2. player 2  split 0,0,4  -> 111/004:1' -- \
    $C check --rules standard,count=3 start '1>1' 'split 0,0,4'
expect check-split-wrong-count 20 --out "a split names all 2 of your hands, not 3" -- \
    $C check --rules standard,count=3/2 start '1>1' 'split 0,1,1'
expect play-count-3-2 0 --out 'player 1 wins after' -- \
    $C play --human none --rules standard,count=3/2 --seed 2

# ---- wide hands (fingers = 2^64 - 1) at count 3: a move is decided from the rules ----------
W=standard,count=3,fingers=18446744073709551615
expect wide-check-count-3 0 --out '1. player 1  tap 9223372036854775808>9223372036854775808 -> 1,5,9223372036854775808/0,1,1:2' \
    --out '2. player 2  split 0,0,2  -> 1,5,9223372036854775808/0,0,2:1' --out 'legal: yes' -- \
    $C check --rules $W 9223372036854775808,1,5/9223372036854775808,1,1 \
    '9223372036854775808>9223372036854775808' 'split 0,0,2'
same wide-moves-count-3 "0,0,1/0,0,1:1: player 1 to move, 1 move
  tap 1>1      -> 0,0,1/0,0,2:2" -- $C moves --rules $W 1,0,0/1,0,0

# ---- bad input: one line, nothing on stdout ------------------------------------------------
bad count-zero 1 "rules: count=0 is out of range (1 .. 8)" -- $C stats --rules standard,count=0
bad count-nine 1 "rules: count=9 is out of range (1 .. 8)" -- $C solve --rules standard,count=9
bad count-slash 1 "rules: count=2/ is not A or A/B" -- $C solve --rules standard,count=2/
bad count-three-numbers 1 "rules: count=2/3/4 is not A or A/B" -- $C solve --rules standard,count=2/3/4
bad count-letter 1 "rules: count=a is not a number" -- $C solve --rules standard,count=a
bad count-even-lone 1 "split=even-lone needs two hands a player (count=1/1)" -- \
    $C solve --rules even-split,count=1
bad count-even-lone-one-side 1 "split=even-lone needs two hands a player (count=3/1)" -- \
    $C moves --rules even-split,count=3/1 start
bad pos-three-hands-at-2 1 "bad hands '111'" -- $C solve --rules standard,count=2 111/11
bad pos-two-hands-at-3 1 "player 1 has 2 hands in '11', these rules need 3 (count=3/3)" -- \
    $C solve --rules standard,count=3 11/111
bad pos-commas-wide 1 "must be written with commas when fingers > 10" -- \
    $C moves --rules standard,count=3,fingers=11 111/111
same pos-lone-hand-wide "1,1,1/12:1: player 1 to move, 3 moves
  tap 1>12     -> 1,1,1/0:2
  split 0,0,3  -> 0,0,3/12:2
  split 0,1,2  -> 0,1,2/12:2" -- $C moves --rules standard,count=3/1,fingers=13 1,1,1/12

# ---- the explicit searches refuse, up front, what passes their limits at any count ---------
bad stats-4-1000 1 "too many positions for the explicit solve and the statistics' breadth-first walk" -- \
    $C stats --rules standard,count=4,fingers=1000
bad solve-4-1000 1 "solve: the game has too many positions for the explicit solver" -- \
    $C solve --rules standard,count=4,fingers=1000
bad stats-4-100 1 "too many positions for the explicit solve and the statistics' breadth-first walk" -- \
    $C stats --rules standard,count=4,fingers=100
bad chart-8-30 1 "too many positions" -- $C chart --rules standard,count=8,fingers=30
bad solve-memory 1 "needs about 118 MiB for 4743200 positions, more than the 10 MiB available" -- \
    env CHOPSAT_MEMORY=10 $C solve --rules standard,count=3,fingers=20

# ---- count=2/2 is today's game: every preset, every engine, the same bytes as without count --
for preset in standard no-split rollover even-split chinese; do
    name="count-2/2-is-today-$preset"
    selected "$name" || continue
    why=""
    for q in "solve --all --format csv" "stats" "win -k 9 start" "force -k 5 start" \
        "force --solver depqbf -k 4 start" "reach -k 6 start 22/22" "dimacs win -k 4 start"; do
        # shellcheck disable=SC2086
        a=$($C $q --rules "$preset" 2>&1 | grep -v "s; \|solving [0-9.]* s\|[0-9.]* s$")
        # shellcheck disable=SC2086
        b=$($C $q --rules "$preset,count=2/2" 2>&1 | grep -v "s; \|solving [0-9.]* s\|[0-9.]* s$")
        [ -n "$a" ] && [ "$a" = "$b" ] || why="$why; '$q' differs"
    done
    verdict "$name" "${why#; }"
done

finish
