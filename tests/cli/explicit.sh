#!/usr/bin/env bash
# tests/cli/explicit.sh: the explicit side end to end: `chopsat rules`, `moves`, `solve`,
# `solve --all`, `stats`, `chart` and `graph`. Every bad input is checked for its message, for
# stderr being exactly one line with nothing on stdout, and for its exit status (1 error, 2 bad
# usage); -o files appear only when complete. The happy paths pin the published figures, the
# CSV headers and row counts and the JSON fields of docs/cli.md. The solver's internals are
# tested in tests/unit/test_solve.c and tests/unit/test_rules.c.
. "$(dirname "$0")/lib.sh"
: "${CHOPSAT:=./chopsat}"
C=$CHOPSAT

# bad NAME STATUS MESSAGE -- COMMAND...: the command exits with STATUS, prints nothing on stdout
# and exactly one line on stderr, `chopsat: error: ...` (1) or `chopsat: usage: ...` (2),
# containing MESSAGE.
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

# ---- malformed positions -------------------------------------------------------------------
bad pos-short-hand 1 "bad hands '4' (want two digits or a,b) in '11/4'" -- $C moves 11/4
bad pos-long-hand 1 "bad hands '111'" -- $C moves 111/11
bad pos-no-slash 1 "'1111' has no '/' (want P1/P2[:M], e.g. 11/04)" -- $C moves 1111
bad pos-two-slashes 1 "bad hands '11/11'" -- $C moves 11/11/11
bad pos-empty 1 "empty position" -- $C moves ""
bad pos-empty-left 1 "bad hands ''" -- $C moves /11
bad pos-empty-right 1 "bad hands ''" -- $C moves 11/
bad pos-letter 1 "bad hands '1x'" -- $C moves 1x/11
bad pos-negative 1 "bad hands '-1'" -- $C moves -1/11
bad pos-hand-too-big 1 "a hand of 5 fingers is out of range (0 .. 4) in '15/11'" -- $C moves 15/11
bad pos-comma-too-big 1 "a hand of 7 fingers is out of range (0 .. 4)" -- $C moves 1,7/1,1
bad pos-huge-number 1 "out of range" -- $C moves 99999999999999999999,1/1,1
bad pos-comma-missing 1 "bad hands '1,'" -- $C moves 1,/1,1
bad pos-three-hands 1 "bad hands '1,1,1'" -- $C moves 1,1,1/1,1
bad pos-space 1 "bad hands ' 11'" -- $C moves " 11/11"
bad pos-mover-3 1 "player to move '3' in '11/11:3' is not 1 or 2" -- $C moves 11/11:3
bad pos-mover-empty 1 "player to move '' in '11/11:'" -- $C moves 11/11:
bad pos-mover-word 1 "player to move 'two'" -- $C moves 11/11:two
bad pos-digits-past-ten 1 "hands '11' must be written a,b when fingers > 10" -- $C moves 11/11 --rules standard,fingers=12
bad pos-Start 1 "'Start' has no '/'" -- $C solve Start
bad pos-in-stats 1 "bad hands '4'" -- $C stats --from 11/4
bad pos-in-graph 1 "player to move '0'" -- $C graph --from 11/11:0
bad die-no-at 1 "bad one-die position '24'" -- $C moves 24 --rules onedie
bad die-no-top 1 "bad one-die position '24@'" -- $C moves 24@ --rules onedie
bad die-trailing 1 "bad one-die position '24@3x'" -- $C moves 24@3x --rules onedie
bad die-face-7 1 "'24@7' is no position of the one-die game" -- $C solve 24@7 --rules onedie
bad die-top-over-total 1 "'3@4' is no position" -- $C moves 3@4 --rules onedie
bad die-no-face 1 "'24@0' is no position" -- $C moves 24@0 --rules onedie
bad die-past-target 1 "'37@1' is no position" -- $C moves 37@1 --rules onedie
bad die-chop-notation 1 "bad one-die position '11/11'" -- $C stats --from 11/11 --rules onedie
bad chop-die-notation 1 "'24@3' has no '/'" -- $C moves 24@3

# ---- bad rules -----------------------------------------------------------------------------
bad rules-unknown-preset 1 "rules: unknown preset 'nonsense' (see 'chopsat rules')" -- $C moves 11/11 --rules nonsense
bad rules-unknown-key 1 "rules: unknown key 'colour'" -- $C solve --rules standard,colour=red
bad rules-fingers-1 1 "rules: fingers=1 is out of range (2 .. 18446744073709551615)" -- $C stats --rules standard,fingers=1
bad rules-fingers-big 1 "fingers=18446744073709551616 is out of range" -- $C chart --rules standard,fingers=18446744073709551616
bad rules-fingers-word 1 "fingers=five is not a number" -- $C solve --rules standard,fingers=five
bad rules-fingers-negative 1 "fingers=-3 is not a number" -- $C solve --rules standard,fingers=-3
bad rules-fingers-empty 1 "fingers= is not a number" -- $C solve --rules standard,fingers=
bad rules-key-twice 1 "rules: key 'fingers' is given twice" -- $C solve --rules standard,fingers=5,fingers=6
bad rules-bad-choice 1 "overflow=wrap is not allowed (choose cutoff|rollover)" -- $C solve --rules standard,overflow=wrap
bad rules-suicide-no-split 1 "suicide applies only with split=free" -- $C solve --rules standard,split=none,suicide=no
bad rules-revive-no-split 1 "revive applies only with split=free" -- $C solve --rules no-split,revive=no
bad rules-revive-even 1 "revive applies only with split=free" -- $C solve --rules even-split,revive=yes
bad rules-key-other-game 1 "key 'target' does not apply to the chopsticks game" -- $C solve --rules standard,target=31
bad rules-fingers-onedie 1 "key 'fingers' does not apply to the onedie game" -- $C solve --rules onedie,fingers=5
bad rules-target-0 1 "target=0 is out of range" -- $C solve --rules onedie,target=0
bad rules-no-equals 1 "'fingers' is not key=value (the preset must come first)" -- $C solve --rules standard,fingers
bad rules-no-preset 1 "unknown preset 'fingers=5'" -- $C solve --rules fingers=5
bad rules-space 1 "contains white space" -- $C solve --rules "standard, fingers=5"
bad rules-describe-bad 1 "unknown preset 'nonsense'" -- $C rules --rules nonsense
bad solve-too-large 1 "too many positions for the explicit solver" -- $C solve --rules standard,fingers=1048576
bad solve-too-large-names-engines 1 "the SAT engine (win, reach) and the BDD engine (force) answer at any hand width" -- $C solve --rules standard,fingers=18446744073709551615

# ---- wide hands: a position's moves are listed when it has few, refused when it may have many
W=standard,fingers=18446744073709551615
expect moves-wide-start 0 --out "1,1/1,1:1: player 1 to move, 2 moves" --out "split 0,2    -> 0,2/1,1:2" -- $C moves start --rules $W
expect moves-wide-hands 0 --out "tap 9223372036854775807>1 -> 1,9223372036854775807/0,1:2" -- $C moves 1,9223372036854775807/1,1 --rules standard,fingers=9223372036854775808,split=none
bad moves-wide-too-many 1 "1,9223372036854775807/1,1:1 may have more than 4194304 moves, too many to list" -- $C moves 1,9223372036854775807/1,1 --rules $W
expect moves-below-limit 0 --out "player 1 to move, 2000002 moves" -- $C moves 1,4000000/1,1 --rules $W
expect force-depqbf-wide 20 --out "checked: explicit bounded forcing agrees" -- $C force start -k 3 --solver depqbf --rules $W
bad stats-too-large 1 "too many positions" -- $C stats --rules standard,fingers=65536

# ---- bad usage -----------------------------------------------------------------------------
bad unknown-command 2 "unknown command 'frobnicate' (see 'chopsat help')" -- $C frobnicate
bad unknown-option 2 "moves: unknown option '--frob'" -- $C moves 11/11 --frob
bad unknown-option-chart 2 "chart: unknown option '--from'" -- $C chart --from 11/11
bad missing-value-rules 2 "moves: --rules needs a value" -- $C moves 11/11 --rules
bad missing-value-format 2 "stats: --format needs a value" -- $C stats --format
bad missing-value-from 2 "graph: --from needs a value" -- $C graph --from
bad missing-value-o 2 "chart: -o needs a value" -- $C chart -o
bad moves-no-position 2 "moves needs a position POS" -- $C moves
bad extra-argument-moves 2 "moves: unexpected argument '22/22'" -- $C moves 11/11 22/22
bad extra-argument-solve 2 "solve: unexpected argument '22/22'" -- $C solve 11/11 22/22
bad extra-argument-stats 2 "stats: unexpected argument '11/11'" -- $C stats 11/11
bad extra-argument-chart 2 "chart: unexpected argument 'x'" -- $C chart x
bad extra-argument-graph 2 "graph: unexpected argument 'x'" -- $C graph x
bad extra-argument-rules 2 "rules: unexpected argument 'extra'" -- $C rules extra
bad k-not-accepted 2 "solve: unknown option '-k'" -- $C solve -k 3
bad k-negative 2 "win: -k -1 is out of range (0 .. 100000)" -- $C win start -k -1
bad k-word 2 "win: -k wants a whole number, not 'ten'" -- $C win start -k ten
bad format-xml 2 "stats: --format xml is not offered (choose: text json csv)" -- $C stats --format xml
bad format-rules 2 "rules: unknown option '--format'" -- $C rules --format json
bad format-graph 2 "graph: unknown option '--format'" -- $C graph --format json
bad format-solve-csv 2 "solve: --format csv goes with --all" -- $C solve --format csv
bad solve-all-and-pos 2 "solve: give a position or --all, not both" -- $C solve 11/11 --all
bad solve-o-without-all 2 "solve: -o goes with --all" -- $C solve -o "$TMP/x.csv"
bad no-command 2 "chopsat COMMAND [options]" -- $C
expect help-command 0 --out "usage: chopsat win A -k K" -- $C help win
bad help-unknown 2 "help: unknown command 'frob'" -- $C help frob

# ---- -o: all or nothing --------------------------------------------------------------------
for cmd in "solve --all" chart graph; do
    name="o-missing-dir-${cmd%% *}"
    bad "$name" 1 "cannot write '$TMP/missing/out': No such file or directory" -- $C $cmd -o "$TMP/missing/out"
    if selected "$name"; then
        why=""
        [ -e "$TMP/missing" ] && why="the missing folder was created"
        verdict "$name-nothing-left" "$why"
    fi
done
if selected o-complete; then
    mkdir -p "$TMP/o"
    $C solve --all --format csv -o "$TMP/o/all.csv" >"$TMP/o-stdout"
    $C chart --format csv -o "$TMP/o/chart.csv"
    $C graph -o "$TMP/o/graph.dot"
    why=""
    [ -s "$TMP/o-stdout" ] && why="stdout not empty with -o"
    [ "$(ls "$TMP/o" | tr '\n' ' ')" = "all.csv chart.csv graph.dot " ] || why="$why; files: $(ls "$TMP/o")"
    $C solve --all --format csv | cmp -s - "$TMP/o/all.csv" || why="$why; -o differs from stdout"
    verdict o-complete "${why#; }"
fi

# ---- rules ---------------------------------------------------------------------------------
expect rules-lists-presets 0 --out "standard" --out "no-split" --out "rollover" --out "even-split" \
    --out "chinese" --out "onedie" --out "fingers   5" --out "overflow  cutoff|rollover" \
    --out "target    31" --out "suicide" --out "revive" --out "win" -- $C rules
expect rules-describe 0 --out "chinese,fingers=10,overflow=rollover,hands=ordered,tap=self-add,split=none" \
    -- $C rules --rules chinese

# ---- moves ---------------------------------------------------------------------------------
expect moves-start 0 --out "11/11:1: player 1 to move, 2 moves" --out "tap 1>1      -> 11/12:2" \
    --out "split 0,2    -> 02/11:2" -- $C moves start
expect moves-normalised 0 --out "14/03:1" -- $C moves 41/30
expect moves-terminal 0 --out "00/11:1: the game is over; player 2 has won" -- $C moves 00/11
expect moves-csv 0 --out "move,position" --out '"split 0,2",02/04:2' --out "tap 1>4,11/00:2" -- $C moves 11/04 --format csv
expect moves-json 0 --out '{"position": "11/11:1", "moves": [{"move": "tap 1>1", "position": "11/12:2"}' -- $C moves start --format json
expect moves-onedie 0 --out "turn 5" --out "33@5:2" -- $C moves 28@3 --rules onedie
expect moves-ordered 0 --out "tap L>R" --out "split 2,0" -- $C moves start --rules standard,hands=ordered

# ---- solve ---------------------------------------------------------------------------------
expect solve-start 0 --out "11/11:1: a loss for player 1 (the player to move) in 26 moves." \
    --out "Player 2 wins with best play." --out "Best move: tap 1>1" --out " 26. player 2" -- $C solve
expect solve-win 0 --out "11/04:1: a win for player 1 (the player to move) in 1 move." -- $C solve 11/04
expect solve-draw 0 --out "a draw" -- $C solve --rules standard,fingers=3
expect solve-json 0 --out '{"position": "11/11:1", "value": "loss", "distance": 26, "best_moves": [{"move": "tap 1>1", "position": "11/12:2"}], "line": [' \
    -- $C solve --format json
expect solve-json-draw 0 --out '"value": "draw", "distance": null' -- $C solve --format json --rules standard,fingers=3
expect solve-onedie 0 --out "0@0:1" -- $C solve --rules onedie

if selected solve-all-csv; then
    $C solve --all --format csv >"$TMP/all.csv"
    why=""
    [ "$(head -n 1 "$TMP/all.csv")" = "position,value,distance,reachable" ] || why="header $(head -n 1 "$TMP/all.csv")"
    [ "$(wc -l <"$TMP/all.csv")" -eq 451 ] || why="$why; $(wc -l <"$TMP/all.csv") lines, wanted 1 + 450"
    grep -qx "11/11:1,loss,26,yes" "$TMP/all.csv" || why="$why; no row 11/11:1,loss,26,yes"
    grep -qx "00/00:1,loss,0,no" "$TMP/all.csv" || why="$why; no row 00/00:1,loss,0,no"
    [ "$(grep -c ',yes$' "$TMP/all.csv")" -eq 382 ] || why="$why; $(grep -c ',yes$' "$TMP/all.csv") reachable, wanted 382"
    grep -q ',draw,,' "$TMP/all.csv" || why="$why; no draw row with an empty distance"
    [ "$(grep -c ':2,' "$TMP/all.csv")" -eq 225 ] || why="$why; not every position has its :M"
    verdict solve-all-csv "${why#; }"
fi
expect solve-all-text 0 --out "position         value distance  reachable" --out "11/11:1          loss        26  yes" -- $C solve --all
expect solve-all-json 0 --out '{"position": "11/11:1", "value": "loss", "distance": 26, "reachable": true}' -- $C solve --all --format json
expect solve-all-wide 0 --out '"1,10/0,4:1"' -- $C solve --all --format csv --rules standard,fingers=11

# ---- stats ---------------------------------------------------------------------------------
expect stats-text 0 --out "reachable positions  382" --out "terminal             28" --out "edges                1000" -- $C stats
expect stats-json 0 --out '"positions": 382, "terminal": 28, "edges": 1000, "wins": 240, "losses": 94, "draws": 20, "longest_distance": 33, "depth": 10}' -- $C stats --format json
expect stats-csv 0 --out "from,positions,terminal,edges,wins,losses,draws,longest_distance,depth" --out "11/11:1,382,28,1000,240,94,20,33,10" -- $C stats --format csv
expect stats-from-terminal 0 --out '"positions": 1, "terminal": 1, "edges": 0, "wins": 0, "losses": 0, "draws": 0, "longest_distance": 0, "depth": 0}' -- $C stats --from 00/11 --format json
expect stats-onedie 0 --out '"from": "0@0:1"' -- $C stats --rules onedie --format json

# ---- chart ---------------------------------------------------------------------------------
expect chart-text 0 --out "Best-move chart for standard,fingers=5" --out "Rows: the mover's hands; columns: the opponent's hands" \
    --out "    00  01    02    03    04    11    12    13    14    22    23    24    33    34    44" \
    --out "11  +#  +0,2  +1>2  -1>3  +1>4  -1>1" -- $C chart
if selected chart-csv; then
    $C chart --format csv >"$TMP/chart.csv"
    why=""
    [ "$(head -n 1 "$TMP/chart.csv")" = "mover,opponent,sign,move" ] || why="header $(head -n 1 "$TMP/chart.csv")"
    [ "$(wc -l <"$TMP/chart.csv")" -eq 226 ] || why="$why; $(wc -l <"$TMP/chart.csv") lines, wanted 1 + 225"
    grep -qx "11,11,-,tap 1>1" "$TMP/chart.csv" || why="$why; no row 11,11,-,tap 1>1"
    grep -qx '04,11,+,"split 1,3"' "$TMP/chart.csv" || why="$why; no row 04,11,+,\"split 1,3\""
    grep -qx "00,11,-," "$TMP/chart.csv" || why="$why; the terminal cell 00,11 is not '-' with no move"
    grep -qx '13,22,,"split 2,2"' "$TMP/chart.csv" || why="$why; no draw cell 13,22"
    verdict chart-csv "${why#; }"
fi
expect chart-json 0 --out '"cells": [' --out '{"mover": "11", "opponent": "11", "position": "11/11:1", "sign": "-", "value": "loss", "distance": 26, "terminal": false, "move": "tap 1>1"}' \
    --out '"terminal": true, "move": null' -- $C chart --format json
expect chart-onedie 0 --out "Rows: the total; columns: the top face" --out " 0  +" -- $C chart --rules onedie
expect chart-chinese 0 --out "L+R: add their right hand to your left" -- $C chart --rules chinese,fingers=4

# ---- graph ---------------------------------------------------------------------------------
if selected graph-dot; then
    $C graph >"$TMP/g.dot"
    why=""
    head -n 1 "$TMP/g.dot" | grep -qx "digraph chopsat {" || why="not a digraph"
    [ "$(grep -c '^  p[0-9]* \[label=' "$TMP/g.dot")" -eq 382 ] || why="$why; $(grep -c '^  p[0-9]* \[label=' "$TMP/g.dot") nodes, wanted 382"
    [ "$(grep -c -- ' -> ' "$TMP/g.dot")" -eq 1000 ] || why="$why; $(grep -c -- ' -> ' "$TMP/g.dot") edges, wanted 1000"
    [ "$(grep -c 'shape=box' "$TMP/g.dot")" -eq 28 ] || why="$why; $(grep -c 'shape=box' "$TMP/g.dot") terminal boxes, wanted 28"
    grep -q 'tooltip="split 0,2", style=dashed' "$TMP/g.dot" || why="$why; no dashed split"
    grep -q 'label="11/11:1\\nloss 26", fillcolor="#f4a582", peripheries=2' "$TMP/g.dot" || why="$why; start node"
    tail -n 1 "$TMP/g.dot" | grep -qx "}" || why="$why; not closed"
    verdict graph-dot "${why#; }"
fi
expect graph-from-terminal 0 --out "the 1 position reachable from 00/11:1" -- $C graph --from 00/11
# one colour scheme: the DOT's fills and legend are the HTML pages' keys (page.css), read from the
# stylesheet so that the two cannot drift apart
if selected graph-dot-colours; then
    CSS=$(dirname "$0")/../../src/report/assets/page.css
    why=""
    for v in win loss draw; do
        want=$(sed -n "s/^\.key\.$v { background: \(#[0-9a-f]*\); }$/\1/p" "$CSS")
        [ -n "$want" ] || { why="$why; no .key.$v colour in page.css"; continue; }
        word=$([ $v = draw ] && echo draw || echo "$v [0-9]")
        n=$(grep -c "\\n$word[^\"]*\", fillcolor=\"$want\"" "$TMP/g.dot")
        m=$(grep -c "\\n$word" "$TMP/g.dot")
        [ "$n" -gt 0 ] && [ "$n" = "$m" ] || why="$why; $n of the $m $v nodes filled $want"
    done
    grep -q 'blue: the player to move wins, orange: loses, grey: draw' "$TMP/g.dot" || why="$why; the legend is not the pages' blue and orange"
    grep -qi 'green\|red:' "$TMP/g.dot" && why="$why; green or red in the DOT"
    verdict graph-dot-colours "${why#; }"
fi
if selected graph-renders && command -v dot >/dev/null; then
    $C graph --rules standard,fingers=3 | dot -Tsvg >"$TMP/g.svg" 2>"$TMP/dot.err"
    why=""
    grep -q "<svg" "$TMP/g.svg" || why="dot made no SVG: $(head -c 200 "$TMP/dot.err")"
    verdict graph-renders "$why"
fi

finish
