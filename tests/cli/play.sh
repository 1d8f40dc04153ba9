#!/usr/bin/env bash
# tests/cli/play.sh: `chopsat play` end to end with scripted input (docs/play.md): the perfect
# computer wins the lost start of standard chopsticks whatever the person types, blunders change
# the game, seeds replay it, bad input asks again, end of input ends cleanly, hints tell the
# truth, the one-die opening is a roll, computer-against-computer games end (threefold
# repetition included), games too wide for the explicit solver are played from the BDD layers
# within --horizon (moves typed by name with 20-digit numbers, hints within the horizon, random
# moves that check replays, the cap of 1000 moves), and bad options are usage errors. No
# terminal is needed.
. "$(dirname "$0")/lib.sh"
: "${CHOPSAT:=./chopsat}"

# script FILE LINES...: writes the lines, one per line, 60 times over (a long game's worth).
script() {
    local f=$1
    shift
    : >"$f"
    for _ in $(seq 60); do printf '%s\n' "$@" >>"$f"; done
}

# transcript FILE INPUT COMMAND...: runs COMMAND with INPUT, stdout and stderr into FILE. Checks
# that read a transcript make their own (not expect's $TMP/out), so they hold under any FILTER.
transcript() {
    local file=$1 input=$2
    shift 2
    "$@" <"$input" >"$file" 2>&1
}

# Human player 1 against the perfect computer from the lost start: player 2 wins, within the
# 26 moves the solver gives (no reply of the person can make the loss slower).
script "$TMP/ones" 1
script "$TMP/high" 6 5 4 3 2 1
script "$TMP/names" "split 0,2" "tap 1>1" "1>2" "TAP 1 > 3" "2>1" "4>1" "1>4" 1
for s in ones high names; do
    expect "perfect computer wins against script '$s'" 0 \
        --out "player 2 (computer) wins after" --in "$TMP/$s" -- \
        $CHOPSAT play --human 1 --blunder 0 --seed 1
    transcript "$TMP/game" "$TMP/$s" $CHOPSAT play --human 1 --blunder 0 --seed 1
    moves=$(grep -o 'wins after [0-9]*' "$TMP/game" | grep -o '[0-9]*$')
    expect "script '$s' lost within 26 moves (took ${moves:-?})" 0 -- test "${moves:-99}" -le 26
done
# Random people: ten random scripts of numbers 1..6 (a number that is no move is asked again).
for seed in 1 2 3 4 5 6 7 8 9 10; do
    RANDOM=$seed
    : >"$TMP/rand"
    for _ in $(seq 400); do echo $((RANDOM % 6 + 1)) >>"$TMP/rand"; done
    expect "perfect computer wins against random person $seed" 0 \
        --out "player 2 (computer) wins after" --in "$TMP/rand" -- \
        $CHOPSAT play --blunder 0 --seed "$seed"
done

# The same script with --blunder 1 goes differently; a seed replays a game exactly.
transcript "$TMP/b0" "$TMP/ones" $CHOPSAT play --blunder 0 --seed 5
transcript "$TMP/b1" "$TMP/ones" $CHOPSAT play --blunder 1 --seed 5
transcript "$TMP/b1again" "$TMP/ones" $CHOPSAT play --blunder 1 --seed 5
transcript "$TMP/b05" "$TMP/ones" $CHOPSAT play --blunder 0.5 --seed 6
expect "blunder 0 transcript" 0 --out "player 2 (computer) wins after 10 moves." --in "$TMP/ones" \
    -- $CHOPSAT play --blunder 0 --seed 5
expect "blunder 1 transcript: the same script now wins" 0 --out "seed 5" \
    --out "player 2 (computer) plays tap 4>1 -> 01/04:1" --out "player 1 (you) wins after 5 moves." \
    --in "$TMP/ones" -- $CHOPSAT play --blunder 1 --seed 5
expect "blunder 1 plays differently from blunder 0" 1 -- cmp -s "$TMP/b0" "$TMP/b1"
expect "the same seed replays the same game" 0 -- cmp -s "$TMP/b1" "$TMP/b1again"
expect "another seed plays another game" 1 -- cmp -s "$TMP/b1" "$TMP/b05"

# The board and the move list.
expect "board: hands as rows of fingers, mover marked" 0 \
    --out "after 0 moves: 11/11:1" --out "    player 2   |...   |..." \
    --out "  > player 1   |...   |..." --out "   1. tap 1>1      -> 11/12:2" \
    --out "   2. split 0,2    -> 02/11:2" -- $CHOPSAT play --seed 1
expect "board: dead hands" 0 --out "  > player 1   dead   |||." --out "    player 2   ||..   ||.." \
    -- $CHOPSAT play --from 03/22 --seed 1
expect "board: ordered hands are labelled" 0 --out "player 1   L |........   R |........" \
    -- $CHOPSAT play --rules chinese --seed 1
expect "board: large hands as numbers" 0 --out "player 2   dead   11" \
    -- $CHOPSAT play --rules standard,fingers=12 --from 1,2/0,11 --seed 1

# Input: numbers, names, bad input, hint, help, quit, end of input.
printf '9\nfoo\n\n0\n1\n' >"$TMP/bad"
expect "bad input asks again" 0 --out "there is no move 9 here; choose 1..2" \
    --out "'foo' is no move; type a move's number or name" --out "there is no move 0 here" \
    --out "player 1 (you) plays tap 1>1 -> 11/12:2" --in "$TMP/bad" -- $CHOPSAT play --seed 1
transcript "$TMP/game" "$TMP/bad" $CHOPSAT play --seed 1
n=$(grep -o 'your move \[' "$TMP/game" | wc -l)
expect "bad input: five prompts before the move (got $n)" 0 -- test "$n" -ge 5
expect "end of input ends the game cleanly" 0 --out "input ended; game abandoned after 0 moves." \
    -- $CHOPSAT play --seed 1
printf 'SPLIT 0, 2\n' >"$TMP/name"
expect "a move by its name (case and spaces ignored)" 0 \
    --out "player 1 (you) plays split 0,2 -> 02/11:2" --in "$TMP/name" -- $CHOPSAT play --seed 1
printf '1>1\n' >"$TMP/short"
expect "a move by its name without the verb" 0 --out "player 1 (you) plays tap 1>1" \
    --in "$TMP/short" -- $CHOPSAT play --seed 1
printf 'hint\n' >"$TMP/hint"
expect "hint in the lost start" 0 \
    --out "hint: the position is a loss for player 1 (you) in 26 moves" \
    --out "best move (the slowest defence): 1. tap 1>1" --in "$TMP/hint" -- $CHOPSAT play --seed 1
expect "hint when winning (human 2)" 0 --out "player 1 (computer) plays tap 1>1" \
    --out "hint: the position is a win for player 2 (you) in 25 moves" \
    --out "(the fastest win)" --in "$TMP/hint" -- $CHOPSAT play --human 2 --seed 1
expect "hint in a draw" 0 --out "hint: the position is a draw" --out "(they keep the draw)" \
    --in "$TMP/hint" -- $CHOPSAT play --from 22/22 --seed 1
printf 'help\n' >"$TMP/help"
expect "help" 0 --out "or just \"1>1\"" --out "hint   the value" --in "$TMP/help" -- \
    $CHOPSAT play --seed 1
printf '1\nquit\n' >"$TMP/quit"
expect "quit" 0 --out "player 1 (you) quits; game abandoned after 2 moves." --in "$TMP/quit" -- \
    $CHOPSAT play --seed 1

# The one-die game: the opening is a roll, the seed decides it, the game ends with a winner.
expect "one-die: the opening is a roll" 0 --out "no die on the table yet" \
    --out "player 1 (you) rolls: open " --out "top face" --out " wins after " \
    --in "$TMP/ones" -- $CHOPSAT play --rules onedie --seed 3
transcript "$TMP/d3" "$TMP/ones" $CHOPSAT play --rules onedie --seed 3
transcript "$TMP/d3again" "$TMP/ones" $CHOPSAT play --rules onedie --seed 3
expect "one-die: the same seed replays the same game" 0 -- cmp -s "$TMP/d3" "$TMP/d3again"
rolls=""
for seed in 1 2 3 4 5 6 7 8 9 10 11 12; do
    $CHOPSAT play --rules onedie --human none --seed $seed >"$TMP/die" 2>&1 </dev/null
    rolls="$rolls $(grep -o 'rolls: open [1-6]' "$TMP/die" | grep -o '[1-6]$')"
done
n=$(echo $rolls | tr ' ' '\n' | sort -u | wc -l)
expect "one-die: twelve seeds roll at least three faces (rolled$rolls)" 0 -- test "$n" -ge 3
expect "one-die: the computer rolls for itself" 0 --out "player 1 (computer) rolls: open" \
    --out "wins after" --in "$TMP/ones" -- $CHOPSAT play --rules onedie --human 2 --seed 4
expect "one-die: from a later position nobody rolls" 0 --out "player 1 (you) plays turn 1" \
    --in "$TMP/ones" -- $CHOPSAT play --rules onedie --from 24@3 --seed 4
transcript "$TMP/game" "$TMP/ones" $CHOPSAT play --rules onedie --from 24@3 --seed 4
expect "one-die: no roll after the opening" 1 -- grep -q "rolls" "$TMP/game"

# Computer against computer: perfect play takes exactly the published 26 moves; draws end by
# threefold repetition; blundering games end.
expect "human none: player 2 wins in 26 moves" 0 --out "the computer plays both sides" \
    --out "player 2 wins after 26 moves." -- $CHOPSAT play --human none --seed 1
expect "human none from a draw: threefold repetition" 0 \
    --out "a draw: position " --out "has occurred three times" -- \
    $CHOPSAT play --human none --from 22/22 --seed 2
for seed in 1 2 3 4 5 6 7 8; do
    transcript "$TMP/game" /dev/null timeout 60 $CHOPSAT play --human none --blunder 0.5 --seed $seed
    expect "human none with blunders ends (seed $seed)" 0 -- \
        grep -qE "^(player [12] wins after|a draw: position)" "$TMP/game"
done
expect "human none, chinese rules" 0 --out "wins after" -- \
    $CHOPSAT play --rules chinese --human none --blunder 0.3 --seed 1
expect "human both: two people" 0 --out "two people play" --out "player 2, your move" \
    --out " wins after " --in "$TMP/ones" -- $CHOPSAT play --human both
expect "a finished game at the start" 0 --out "player 2 (computer) wins after 0 moves." -- \
    $CHOPSAT play --from 00/11:2 --seed 1

# Under the sanitizers (the debug build, when present).
if [ -x "${CHOPSAT_DEBUG:-}" ]; then
    expect "debug build: a whole blundering game" 0 --out "wins after" --in "$TMP/ones" -- \
        "$CHOPSAT_DEBUG" play --blunder 0.5 --seed 9
    expect "debug build: one-die" 0 --out "wins after" --in "$TMP/high" -- \
        "$CHOPSAT_DEBUG" play --rules onedie --seed 9
fi

# Issue 11: a number is a die face in the one-die game; a physical move the list names
# otherwise is taken as that move; an illegal move says which rule forbids it.
printf '4\nquit\n' >"$TMP/four"
expect "one-die: 4 is the face 4, not the fourth move" 0 --out "player 1 (you) plays turn 4 -> 9@4:2" \
    --in "$TMP/four" -- $CHOPSAT play --rules onedie --from 5@1 --seed 1
expect "one-die: the list has no numbers" 0 --out "  turn 2       -> 7@2:2" \
    --out "your move [a move, hint, help, quit]" \
    --in "$TMP/four" -- $CHOPSAT play --rules onedie --from 5@1 --seed 1
printf '1\n6\n7\nturn 3\nquit\n' >"$TMP/faces"
expect "one-die: top, bottom and no face say why" 0 \
    --out "'1' is not legal here: 1 is on top already" \
    --out "'6' is not legal here: 6 is on the bottom (opposite the 1 on top)" \
    --out "'7' is not legal here: a die has the faces 1 .. 6, not 7" \
    --out "player 1 (you) plays turn 3 -> 8@3:2" \
    --in "$TMP/faces" -- $CHOPSAT play --rules onedie --from 5@1 --seed 1
printf '4>4\nquit\n' >"$TMP/same"
expect "34/24: 4>4 is played as tap 3>4" 0 --out "('4>4' leads where tap 3>4 does: the same move)" \
    --out "player 1 (you) plays tap 3>4 -> 34/02:2" --in "$TMP/same" -- $CHOPSAT play --from 34/24 --seed 1
printf '1>2\n3>3\nsplit 3,4\n1\nquit\n' >"$TMP/why"
expect "an illegal tap or split says why" 0 \
    --out "'1>2' is not legal here: player 1 (to move) has no hand of 1 (the hands are 3 and 4)" \
    --out "'3>3' is not legal here: player 2 has no hand of 3" \
    --out "'split 3,4' is not legal here: split 3,4 leaves your hands as they are" \
    --out "player 1 (you) plays tap 3>2" --in "$TMP/why" -- $CHOPSAT play --from 34/24 --seed 1
printf '0,2\nquit\n' >"$TMP/suicide"
expect "suicide=no says so" 0 --out "would empty a live hand (suicide=no)" --in "$TMP/suicide" -- \
    $CHOPSAT play --rules standard,suicide=no --seed 1

# Wide hands (docs/play.md, "Wide hands"): games the explicit solver cannot hold are played from
# the BDD layers within --horizon H; moves typed by name with wide numbers, hints within the
# horizon, the computer's moves, random moves replayed by check, and the end of every game.
F32=4294967296
F64=18446744073709551615
printf 'split 2147483648,2147483647\n1>2147483648\n1\nquit\n' >"$TMP/wide32"
expect "2^32: a two-person game typed by name" 0 \
    --out "the explicit solver is not used (the game has too many positions for the explicit solve" \
    --out "the computer plays from the BDD engine's forcing layers within a horizon of 3 moves." \
    --out "moves: 2147483649, too many to list; type one by its name (for example" \
    --out "player 1 plays split 2147483647,2147483648 -> 2147483647,2147483648/1,1:2" \
    --out "player 2 plays tap 1>2147483648 -> 2147483647,2147483649/1,1:1" \
    --out "the moves are not numbered here; type a move's name" \
    --out "player 1 quits; game abandoned after 2 moves." --in "$TMP/wide32" -- \
    $CHOPSAT play --rules standard,fingers=$F32 --human both --horizon 3 --seed 1 --from 1,4294967294/1,1
printf 'hint\n5\nsplit 9223372036854775808,9223372036854775807\nhint\n1>1\ntap 1>9223372036854775807\nquit\n' >"$TMP/wide64"
expect "2^64-1: a two-person game typed by name, hints, an illegal move refused with its rule" 0 \
    --out "moves: 9223372036854775808, too many to list; type one by its name (for example" \
    --out "hint: no forced result within 4 moves: neither player can force a win within the horizon (which is no draw)." \
    --out "the moves are not numbered here; type a move's name" \
    --out "player 1 plays split 9223372036854775807,9223372036854775808 -> 9223372036854775807,9223372036854775808/1,1:2" \
    --out "'1>1' is not legal here: player 1 has no hand of 1 (the hands are 9223372036854775807 and 9223372036854775808)" \
    --out "player 2 plays tap 1>9223372036854775807 -> 9223372036854775808,9223372036854775808/1,1:1" \
    --in "$TMP/wide64" -- \
    $CHOPSAT play --rules standard,fingers=$F64 --human both --horizon 4 --seed 1 --from 1,18446744073709551614/1,1
printf 'hint\n1\n' >"$TMP/widewin"
expect "2^64-1: a forced win within the horizon, its hint and the win" 0 \
    --out "hint: the position is a forced win for player 1 (you) within 1 move (the horizon is 4)." \
    --out "hint: the computer would play (the fastest win): 1. tap 1>18446744073709551614" \
    --out "player 1 (you) wins after 1 move." --in "$TMP/widewin" -- \
    $CHOPSAT play --rules standard,fingers=$F64 --horizon 4 --seed 1 --from 0,1/0,18446744073709551614
printf 'hint\n1\n' >"$TMP/wideloss"
expect "2^64-1: a forced loss within the horizon, its hint, the computer's win" 0 \
    --out "hint: the position is a forced loss for player 1 (you) within 2 moves (the horizon is 4)." \
    --out "player 2 (computer) plays tap 18446744073709551614>1 -> 0,0/0,18446744073709551614:1" \
    --out "player 2 (computer) wins after 2 moves." --in "$TMP/wideloss" -- \
    $CHOPSAT play --rules standard,fingers=$F64 --horizon 4 --seed 1 --from 0,1/18446744073709551614,18446744073709551614
# The computer playing at 2^32 against a person who always types 1: the game and its moves are
# legal (replayed by check), and a computer-against-computer game at 2^64-1 ends (by repetition).
script "$TMP/ones32" 1
transcript "$TMP/game32" "$TMP/ones32" $CHOPSAT play --rules standard,fingers=$F32 --human 1 --horizon 6 --seed 1
expect "2^32: the computer plays" 0 -- grep -q "^player 2 (computer) plays" "$TMP/game32"
grep -E '^player .* plays ' "$TMP/game32" >"$TMP/line32"
expect "2^32: the game replays with check" 0 --out "legal: yes" --in "$TMP/line32" -- \
    $CHOPSAT check --rules standard,fingers=$F32 start -
expect "2^64-1: computer against computer ends" 0 \
    --out "a draw: position 1,1/1,2:2 has occurred three times (after 9 moves)." -- \
    $CHOPSAT play --rules standard,fingers=$F64 --human none --horizon 4 --seed 1
# --blunder 1 at 2^64-1: the computer (player 1) draws random moves among 2^63 and more; the
# person answers with splits of 1,1 (the computer's random taps are 4 in 2^63); every move is
# legal when check replays the game.
script "$TMP/splits" "split 0,2" "split 1,1"
head -n 12 "$TMP/splits" >"$TMP/splits12"
transcript "$TMP/blunder64" "$TMP/splits12" $CHOPSAT play --rules standard,fingers=$F64 \
    --human 2 --blunder 1 --horizon 2 --seed 4 --from 1,18446744073709551614/1,1
grep -E '^player .* plays ' "$TMP/blunder64" >"$TMP/line64"
expect "2^64-1: random moves with --blunder 1" 0 -- \
    test "$(grep -c '^player 1 (computer) plays split [0-9]*,[0-9]\{15,\} ' "$TMP/line64")" -ge 10
expect "2^64-1: the random moves replay with check" 0 --out "legal: yes, all 25 moves" \
    --in "$TMP/line64" -- $CHOPSAT check --rules standard,fingers=$F64 1,18446744073709551614/1,1 -
for run in a b c; do
    seed=4
    [ $run = c ] && seed=5
    transcript "$TMP/blunder32$run" "$TMP/splits12" $CHOPSAT play --rules standard,fingers=$F32 \
        --human 2 --blunder 1 --horizon 2 --seed $seed --from 1,4294967294/1,1
done
expect "2^32: the same seed draws the same random moves" 0 -- cmp -s "$TMP/blunder32a" "$TMP/blunder32b"
expect "2^32: another seed draws others" 1 -- cmp -s "$TMP/blunder32a" "$TMP/blunder32c"
# A random game at 2^32 never repeats a position: it stops at the cap of 1000 moves.
expect "2^32: a random computer-against-computer game stops at 1000 moves" 0 \
    --out "no result after 1000 moves: a game too large for the explicit solver stops there." -- \
    $CHOPSAT play --rules standard,fingers=$F32 --human none --blunder 1 --horizon 1 --seed 3
# A small game forced onto the BDD layers (CHOPSAT_MEMORY=1: the explicit solve does not fit)
# with a horizon of its whole distance plays the solver's line: player 2 wins after 26 moves;
# the one-die opening is still a roll.
expect "CHOPSAT_MEMORY=1: the layers within 26 play the published distance" 0 \
    --out "more than the 1 MiB available" --out "player 2 wins after 26 moves." -- \
    env CHOPSAT_MEMORY=1 $CHOPSAT play --human none --horizon 26 --seed 1
expect "CHOPSAT_MEMORY=1: the one-die opening is rolled on the BDDs" 0 \
    --out "player 1 (you) rolls: open " --out "input ended" -- \
    env CHOPSAT_MEMORY=1 $CHOPSAT play --rules onedie --seed 2
# A small game keeps the explicit solver, whatever --horizon says.
expect "a small game ignores --horizon" 0 --out "player 2 (computer) wins after 10 moves." \
    --in "$TMP/ones" -- $CHOPSAT play --blunder 0 --seed 5 --horizon 3
expect "a small game prints no horizon line" 1 -- grep -q "horizon" "$TMP/b0"

# Bad options.
expect "--horizon -1" 2 --err "chopsat: usage: play: --horizon -1 is out of range (1 .. 1000)" -- \
    $CHOPSAT play --horizon -1
expect "--horizon 1001" 2 --err "chopsat: usage: play: --horizon 1001 is out of range (1 .. 1000)" -- \
    $CHOPSAT play --horizon 1001
expect "--horizon 0" 2 --err "chopsat: usage: play: --horizon 0 is out of range" -- \
    $CHOPSAT play --horizon 0
expect "--human 3" 2 --err "chopsat: usage: play: --human 3 is not offered" -- \
    $CHOPSAT play --human 3
expect "--blunder 1.5" 2 --err "chopsat: usage: play: --blunder wants a number from 0 to 1" -- \
    $CHOPSAT play --blunder 1.5
expect "--blunder x" 2 --err "chopsat: usage:" -- $CHOPSAT play --blunder x
expect "--seed -1" 2 --err "chopsat: usage:" -- $CHOPSAT play --seed -1
expect "--seed without value" 2 --err "chopsat: usage: play: --seed needs a value" -- \
    $CHOPSAT play --seed
expect "unknown option" 2 --err "chopsat: usage: play: unknown option '--format'" -- \
    $CHOPSAT play --format json
expect "positional argument" 2 --err "chopsat: usage: play: unexpected argument" -- \
    $CHOPSAT play start
expect "bad --from" 1 --err "chopsat: error: position:" -- $CHOPSAT play --from 1/2
expect "bad --rules" 1 --err "chopsat: error:" -- $CHOPSAT play --rules nonsense
finish
