#!/usr/bin/env bash
# tests/cli/force.sh: chopsat force and qdimacs end to end: answers and exit statuses, the first
# move from the QBF solver, strategy and refutation trees that the explicit engine walks, JSON
# fields, QDIMACS export solved by the depqbf program, the external back end and its errors,
# usage errors; and reach/win --proof (a checked DRAT proof for a no, none for a yes).
source "$(dirname "$0")/lib.sh"
C=$CHOPSAT

expect force-nosplit-yes 10 --out "answer: yes, within 8 moves" --out "every leaf a win for player 2" \
    --out "explicit solver agree" --out "explicit forcing table" -- $C force start -k 8 --player 2 --rules no-split --solver depqbf
expect force-nosplit-no 20 --out "answer: no" --out "refutation of player 1" \
    --out "no leaf reaches player 2's goal within 7 moves" -- $C force start -k 7 --player 2 --rules no-split
expect force-p1-first 10 --out "first move (from the QBF solver" --out "player 1 tap 4>1" \
    -- $C force 14/01 -k 3 --player 1 --solver depqbf
expect force-json 10 --out '"answer": "yes"' --out '"moves": 8' --out '"strategy": {"kind": "strategy"' \
    --out '"checked": true' --out '"blocks":' --out '"by": "explicit"' --out '"solver_calls": 2' \
    -- $C force start -k 8 --player 2 --rules no-split --format json --solver depqbf
# P moves first: the first move is the QBF solver's (its outermost block), marked in the tree;
# the other side moves first: P's replies come from the explicit table (no QBF call per reply),
# and the least k from two calls (K, then K-1 on the explicit engine's hint)
expect force-json-root-qbf 10 --out '"by": "qbf"' --out '"qbf": true' \
    -- $C force 14/01 -k 3 --player 1 --format json --solver depqbf
expect force-replies-explicit 20 --out "(from the explicit forcing table" --out "1 solver call;" \
    -- $C force start -k 10 --player 1 --solver depqbf

# The BDD back end (the default): answers, least k, first moves, trees walked by the explicit
# engine, and agreement with DepQBF at small K (the same question both ways).
expect bdd-k25-no 20 --out "answer: no" --out "walked by the explicit engine" \
    --out "explicit solver agree" -- $C force start -k 25 --player 2
expect bdd-k26-yes 10 --out "answer: yes, within 26 moves" --out "first move" \
    --out "every leaf a win for player 2 within 26 moves" -- $C force start -k 26 --player 2
expect bdd-p1-first 10 --out "first move (from the BDD layers" --out "player 1 tap 4>1" \
    -- $C force 14/01 -k 3 --player 1
expect bdd-json 10 --out '"solver": "bdd"' --out '"by": "bdd"' --out '"relation_nodes"' \
    --out '"sizes"' -- $C force start -k 8 --player 2 --rules no-split --format json
expect bdd-qbf-only-option 2 --err "--solver depqbf" -- $C force start -k 3 --solver bdd --polarity
expect bdd-large 20 --out "answer: no" --out "NOT cross-checked" --out "rests on the BDD layers" \
    -- $C force start -k 26 --player 2 --rules standard,fingers=4096
# solve --bdd and stats --bdd: the same values and statistics as the explicit solver
expect bdd-solve-start 0 --out "a loss for player 1 (the player to move) in 26 moves" \
    --out "450 positions, 288 wins, 134 losses, 28 draws; the longest distance is 33" -- $C solve --bdd
expect bdd-solve-json 0 --out '"by_distance"' --out '"relation_nodes"' -- $C solve --bdd --format json
expect bdd-solve-onedie 0 --out "a win for player 1 (the player to move) in 13 moves" -- $C solve --bdd --rules onedie
expect bdd-solve-all 2 --err "--all" -- $C solve --bdd --all
for r in standard rollover no-split even-split chinese onedie "standard,fingers=9"; do
    a=$($C stats --rules $r --format json) b=$($C stats --bdd --rules $r --format json)
    if [ -n "$a" ] && [ "$a" = "$b" ]; then verdict "bdd-stats-agree $r" ""
    else verdict "bdd-stats-agree $r" "explicit: $a; bdd: $b"; fi
    e=$($C solve 23/13 --rules $r 2>/dev/null | head -n 1) s=$($C solve --bdd 23/13 --rules $r 2>/dev/null | head -n 1)
    [ "$e" = "$s" ] && verdict "bdd-solve-agree $r" "" || verdict "bdd-solve-agree $r" "explicit: $e; bdd: $s"
done
expect bdd-solve-large 0 --out "a draw" -- $C solve --bdd --rules standard,fingers=128
# solve --bdd values the one position asked (the layers not kept; player 2's through the mirror
# of the position): every 17th position of the explicit table, both movers, the same value and
# distance
for r in standard rollover no-split onedie "standard,fingers=9"; do
    bad=""
    while IFS=, read -r pos val dist _; do
        [ "$val" = draw ] && dist=null
        got=$($C solve --bdd "$pos" --rules $r --format json |
            grep -o '"value": "[a-z]*", "distance": [0-9a-z]*')
        [ "$got" = "\"value\": \"$val\", \"distance\": $dist" ] || bad="$bad $pos ($val $dist: $got)"
    done < <($C solve --all --rules $r --format csv | awk 'NR > 1 && NR % 17 == 2')
    verdict "bdd-solve-positions $r" "$bad"
done
# a whole game past the engine's reach is refused at once, naming the largest that answers
for f in 4294967296 18446744073709551615 2097152; do
    expect "bdd-solve-too-wide $f" 1 --err "largest whole game valued is fingers=1048576" \
        -- timeout 5 $C solve --bdd --rules standard,fingers=$f
done
# --symbolic, the former name of --bdd, is the same option: the same output and exit status
for args in "solve 23/13" "stats --from 23/13" "solve --all" "solve --format csv"; do
    a=$($C $args --bdd 2>&1; echo "exit $?") b=$($C $args --symbolic 2>&1; echo "exit $?")
    [ "$a" = "$b" ] && verdict "bdd-symbolic-alias $args" "" ||
        verdict "bdd-symbolic-alias $args" "--bdd: $a; --symbolic: $b"
done

for spec in "start -k 9 --player 2 --rules no-split" "start -k 7 --player 1" \
    "start --to 11/03 -k 5 --player 2" "14/01 -k 3 --player 1" "start -k 13 --rules onedie" \
    "23/14 -k 6 --player 2 --rules rollover"; do
    a=$($C force $spec --format json | grep -o '"answer": "[a-z]*", "moves": [0-9a-z]*')
    b=$($C force $spec --format json --solver depqbf | grep -o '"answer": "[a-z]*", "moves": [0-9a-z]*')
    if [ -n "$a" ] && [ "$a" = "$b" ]; then verdict "bdd-agrees-with-depqbf $spec" ""
    else verdict "bdd-agrees-with-depqbf $spec" "bdd: $a; depqbf: $b"; fi
done
expect force-json-no 20 --out '"answer": "no"' --out '"moves": null' --out '"kind": "refutation"' \
    -- $C force start -k 6 --player 1 --format json
expect force-target 10 --out "into 11/12:2" --out "the target is reached" \
    -- $C force start --to 11/12:2 -k 1 --player 1
expect force-target-no 20 --out "answer: no" -- $C force start --to 04/11:2 -k 3 --player 2
expect force-onedie 10 --out "within 13 moves" -- $C force start -k 13 --rules onedie
expect force-binary-pg 10 --out "within 8 moves" \
    -- $C force start -k 8 --player 2 --rules no-split --move-encoding binary --polarity
expect force-innermost 10 --out "within 8 moves" \
    -- $C force start -k 8 --player 2 --rules no-split --prefix innermost
expect force-usage-k 2 --err "usage" -- $C force start
expect force-usage-prefix 2 --err "--prefix" -- $C force start -k 3 --prefix outer
# a repetition rule depends on the moves played before, which forced wins over positions do
# not see: refused with one line (docs/questions.md)
expect force-no-repeat 2 --err "force: --no-repeat is not offered: a repetition rule" \
    -- $C force start -k 5 --no-repeat immediate
expect force-bad-solver 1 --err "unknown QBF solver" -- $C force start -k 3 --solver minisat
expect force-bad-pos 1 --err "error" -- $C force 77/11 -k 3

# QDIMACS: header, variable map, alternating prefix; the depqbf program agrees
expect qdimacs-write 0 -- $C qdimacs force start -k 8 --player 2 --rules no-split -o "$TMP/f.qdimacs"
expect qdimacs-header 0 --out "c chopsat-force kind=win" --out "c var 1 f0.p1.h0[0]" --out "p cnf" \
    -- grep -E "^(c chopsat-force|c var 1 |p cnf)" "$TMP/f.qdimacs"
expect qdimacs-prefix 0 --out "a " --out "e " -- grep -E "^[ae] " "$TMP/f.qdimacs"
if command -v depqbf >/dev/null; then
    expect qdimacs-depqbf-true 10 -- depqbf "$TMP/f.qdimacs"
    $C qdimacs force start -k 7 --player 2 --rules no-split -o "$TMP/g.qdimacs"
    expect qdimacs-depqbf-false 20 -- depqbf "$TMP/g.qdimacs"
    expect force-external 10 --out "within 8 moves" --out "explicit forcing table" \
        -- $C force start -k 8 --player 2 --rules no-split --solver "external:depqbf --qdo"
    expect force-external-root 10 --out "within 1 move" --out "(QBF)" \
        -- $C force 14/01 -k 3 --player 1 --solver "external:depqbf --qdo"
    # a solver that prints no V lines: the first move from the explicit table, no call per move
    printf '#!/bin/sh\ndepqbf --qdo "$@" | grep -v "^V"\n' >"$TMP/novlines.sh"
    expect force-external-no-values 10 --out "within 1 move" \
        --out "first move (from the explicit forcing table)" --out "3 solver calls" \
        -- $C force 14/01 -k 3 --player 1 --solver "external:sh $TMP/novlines.sh"
fi
expect qdimacs-usage 2 --err "usage" -- $C qdimacs win start -k 3
expect qdimacs-no-partial 1 -- $C qdimacs force start -k 3 -o /nonexistent/dir/f.qdimacs

# external solvers that misbehave: errors, never answers
printf '#!/bin/sh\necho "s cnf 1 1 1"\nexit 20\n' >"$TMP/liar.sh"
printf '#!/bin/sh\necho "hello"\n' >"$TMP/garbage.sh"
printf '#!/bin/sh\nsleep 5\n' >"$TMP/slow.sh"
chmod +x "$TMP"/*.sh
expect external-contradiction 1 --err "contradicts" -- $C force start -k 3 --solver "external:$TMP/liar.sh"
expect external-garbage 1 --err "unreadable line" -- $C force start -k 3 --solver "external:$TMP/garbage.sh"
# DepQBF in-process past its limit: one error line, nothing of DepQBF's own
if selected depqbf-timeout; then
    $C force start -k 20 --player 2 --timeout 1 >"$TMP/to.out" 2>"$TMP/to.err"
    st=$?
    why=""
    [ "$st" -eq 1 ] || why="exit status $st, wanted 1"
    [ "$(wc -l <"$TMP/to.err")" -eq 1 ] || why="$why; stderr has $(wc -l <"$TMP/to.err") lines"
    grep -q "^chopsat: error: solver depqbf: no answer within 1 s" "$TMP/to.err" || why="$why; no error line"
    verdict depqbf-timeout "${why#; }"
fi
expect external-timeout 1 --err "timed out" -- $C force start -k 3 --solver "external:$TMP/slow.sh" --timeout 0.5

# --proof: a no gets a proof checked by the project's checker; a yes gets none
expect proof-no 20 --out "proof: written to" --out "checked by the project's RUP checker" \
    -- $C win start -k 4 --proof "$TMP/w.drat"
expect proof-file 0 -- test -s "$TMP/w.drat"
expect proof-yes 10 --out "none written: the answer is yes" -- $C win start -k 5 --proof "$TMP/y.drat"
expect proof-yes-nofile 1 -- test -e "$TMP/y.drat"
expect proof-reach-json 20 --out '"proof": "written to' -- $C reach start 13/11:2 -k 1 --format json --proof "$TMP/r.drat"
# a formula that PicoSAT cannot refute while its clauses are added (it needs learning), and
# one that it can: both give checked proofs
expect proof-reach-learned 20 --out "checked by the project's RUP checker" \
    -- $C reach start 00/11:2 -k 3 --proof "$TMP/l.drat"
expect proof-reach-unreachable 20 --out "checked by the project's RUP checker" \
    -- $C reach start 11/34:1 -k 12 --proof "$TMP/u.drat"
expect proof-bad-path 1 -- $C win start -k 4 --proof /nonexistent/dir/p.drat

# --tree-depth D cuts the printed tree and says how much; a refutation's leaves where the bound
# is spent say so in words (not "no moves left").
expect force-tree-depth 20 --out "#2, player 2 cannot force it within 4; its moves cut (--tree-depth 2)" \
    --out "(cut at depth 2 by --tree-depth: 45 more nodes not shown)" \
    --out "refutation tree: 50 nodes" -- $C force start -k 6 --player 2 --solver depqbf --tree-depth 2
expect force-tree-depth-bdd 20 --out "(cut at depth 0 by --tree-depth: 125 more nodes not shown)" \
    -- $C force start -k 14 --player 2 --tree-depth 0
# a refutation counts down like a strategy: each node says how many of the question's moves are
# left (text, JSON, HTML), and its lines end when they are used up
expect force-refutation-counts-down 20 --out "11/11:1  #0, player 1 cannot force it within 4" \
    --out "-> 11/12:2  #1, player 1 cannot force it within 3" --out "-> 12/12:1  #3, player 1 cannot force it within 2" \
    --out "-> 12/01:2  #5, player 1 cannot force it within 1" \
    --out "-> 01/01:1  the 4 moves are used up, player 1 has not won (the game goes on)" \
    -- $C force start -k 4 --rules standard,fingers=3
for solver in bdd depqbf; do
    $C force start -k 14 --player 2 --solver $solver --format json >"$TMP/down.json"
    expect "force-refutation-counts-down-json-$solver" 0 -- python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))["strategy"]
assert s["kind"] == "refutation"
nodes = {n["id"]: n for n in s["nodes"]}
depth, todo = {s["root"]: 0}, [s["root"]]
for i in todo:  # breadth first: a shared node at its shallowest depth
    for m in nodes[i]["moves"]:
        if m["to"] not in depth:
            depth[m["to"]] = depth[i] + 1
            todo.append(m["to"])
bad = [(i, n["bound"], depth[i]) for i, n in nodes.items() if n["bound"] != 14 - depth[i]]
sys.exit("bound is not 14 minus the depth at %s" % bad[:5] if bad else 0)' "$TMP/down.json"
done
$C force start -k 4 --rules standard,fingers=3 --format html -o "$TMP/down.html"
expect force-refutation-counts-down-html 0 --out "player 1 cannot force it within 3" \
    --out "player 1 cannot force it within 1" -- cat "$TMP/down.html"
n=$($C force start -k 14 --player 2 --tree-depth 3 | grep -c ' -> ')
m=$($C force start -k 14 --player 2 | grep -c ' -> ')
expect "force-tree-depth: fewer lines ($n of $m)" 0 -- test "$n" -lt "$m"
expect force-tree-depth-json 20 --out '"tree_depth": 1' --out '"cut_nodes": 124' --out '"cut": true' \
    -- $C force start -k 14 --player 2 --tree-depth 1 --format json
$C force start -k 14 --player 2 --tree-depth 1 --format json >"$TMP/cut.json"
expect force-tree-depth-json-nodes 0 -- python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))["strategy"]
ids = {n["id"] for n in s["nodes"]}
assert len(s["nodes"]) == 2 and all(m["to"] in ids for n in s["nodes"] for m in n["moves"])
assert [n["cut"] for n in s["nodes"]] == [False, True]' "$TMP/cut.json"
expect force-bound-leaf-words 20 --out "the 6 moves are used up, player 2 has not won (the game goes on)" \
    -- $C force start -k 6 --player 2 --solver depqbf
expect force-no-moves-left-gone 1 -- sh -c "$C force start -k 6 --player 2 | grep -q 'no moves left'"
expect force-tree-depth-bad 2 --err "--tree-depth wants a whole number" -- $C force start -k 6 --tree-depth x

# wide hands: the BDD tree's choice is decided by the rules at 2^64 - 1 (the chooser's move is not
# looked up in a list of the position's 2^62 splits), and the written tree checks
W=standard,fingers=18446744073709551615
P=0,9223372036854775807/0,18446744073709551614:1
expect force-wide-tree 10 --out "answer: yes, within 1 move" \
    --out "player 1 tap 9223372036854775807>18446744073709551614 -> 0,9223372036854775807/0,0:2" \
    --out "strategy tree: 2 nodes" -- $C force $P -k 1 --rules $W
expect force-wide-tree-check 0 --out "holds: yes" \
    -- sh -c "$C force $P -k 1 --rules $W --format json >'$TMP/wide.json'; $C check --strategy '$TMP/wide.json'"

finish
