#!/usr/bin/env bash
# tests/cli/sources.sh: the figures of the documents chopsat was built from (docs/sources.md),
# each checked against what chopsat prints: the printed Magic Fingers chart's 182 signs, the
# table of reachable positions and edges per finger count, the one-die game's examples, and the
# Chinese finger game's counts (where chopsat disagrees with the source, the exact figures).
. "$(dirname "$0")/lib.sh"
: "${CHOPSAT:=./chopsat}"
C=$CHOPSAT

# The printed chart: one row per mover's hands, one sign per opponent's hands in the column
# order below (+ the mover wins, - the mover loses, = no sign: a draw).
chart_cols="01 02 03 04 11 12 13 14 22 23 24 33 34"
chart_rows="01:---+---+----- 02:+-+++-++-++-- 03:++++-+++----- 04:++++++=+=+=--
11:++-+-+-+=---+ 12:+-++++++-++-- 13:++++++++=+=-= 14:+++++--+----- 22:+=++++++=++++
23:++++++++-+-++ 24:++++++++=+=++ 33:+++++++++++++ 34:+++++++++++++ 44:+++++++++++++"
if selected chart-182-signs; then
    $C chart --format csv >"$TMP/chart.csv" 2>"$TMP/err"
    why="" cells=0
    for row in $chart_rows; do
        mover=${row%%:*} signs=${row#*:} k=0
        for col in $chart_cols; do
            want=${signs:$k:1}
            [ "$want" = "=" ] && want=""
            got=$(grep "^$mover,$col," "$TMP/chart.csv" | cut -d, -f3)
            [ "$got" = "$want" ] || why="$why; $mover vs $col: '$got', the chart has '$want'"
            k=$((k + 1)) cells=$((cells + 1))
        done
    done
    [ "$cells" -eq 182 ] || why="$why; $cells cells compared, not 182"
    verdict chart-182-signs "${why#; }"
fi

# Reachable positions and edges from the start, per finger count (the StateGraph table).
for fe in 2:4:3 3:46:64 4:156:316 5:382:1000 6:784:2444; do
    IFS=: read -r f nodes edges <<<"$fe"
    expect "stategraph-fingers-$f" 0 --out "\"positions\": $nodes," --out "\"edges\": $edges," \
        -- $C stats --rules standard,fingers=$f --format json
done
expect start-is-lost-at-26 0 --out "a loss for player 1 (the player to move) in 26 moves" \
    -- $C solve start

# The one-die game: from 24 with 3 on top, turning to 6 (30) wins, and the opponent, who may not
# turn to the 1 underneath, must overshoot; after a first roll of 2 the moves are 1, 3, 4, 6.
expect onedie-24-3-turn-6 0 --out "Best move: turn 6" --out "turn 6       -> 30@6:2         win in 2" \
    -- $C solve 24@3 --rules onedie
expect onedie-30-6-overshoot 0 --out "a loss for player 2 (the player to move) in 1 move" \
    -- $C solve 30@6:2 --rules onedie
expect onedie-after-2 0 --out "turn 1       -> 3@1:2" --out "turn 3       -> 5@3:2" \
    --out "turn 4       -> 6@4:2" --out "turn 6       -> 8@6:2" --out "4 moves" \
    -- $C moves 2@2 --rules onedie
expect onedie-opening-4-wins 0 --out "open 4       -> 4@4:2          win in 13  (best)" \
    -- $C solve start --rules onedie

# The Chinese finger game: the start is a draw; of the 6561 starts with every hand 1..9 and the
# first player to move, 393 are wins and 6168 draws (the source's depth-first search, which
# counted positions still in progress as ties, claimed 222 and 6339); none is a loss.
expect chinese-start-draw 0 --out "a draw" -- $C solve start --rules chinese
if selected chinese-6561-starts; then
    counts=$($C solve --all --rules chinese --format csv |
        awk -F, '$1 ~ /^[1-9][1-9]\/[1-9][1-9]:1$/ { n[$2]++ } END { print n["win"]+0, n["loss"]+0, n["draw"]+0 }')
    [ "$counts" = "393 0 6168" ] && why="" || why="win loss draw = $counts, wanted 393 0 6168"
    verdict chinese-6561-starts "$why"
fi

finish
