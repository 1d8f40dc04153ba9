#!/usr/bin/env bash
# tests/cli/grade.sh: `chopsat grade` end to end: every exercise of src/grade/exercises/ graded on
# a right answer (full points) and on wrong ones (fewer, with the failing test's feedback and
# hint), a student's folder (tests/fixtures/grade/right and wrong) as text, JSON and Gradescope's
# results.json (validated by python3's json module), the list of exercises, hostile submissions
# (a huge file, binary bytes, a missing file, a folder), the exit statuses (0 graded, 1 an
# unreadable submission, 2 usage), and that no output of a wrong answer holds its reference.
source "$(dirname "$0")/lib.sh"
C=$CHOPSAT
FIX=$(cd "$(dirname "$0")/../fixtures/grade" && pwd)
EX=$(cd "$(dirname "$0")/../../src/grade/exercises" && pwd)
cd "$TMP" || exit 1
G() { $C grade --exercises "$EX" "$@"; }

# score FILE: "S/M" of a one-exercise JSON document.
score() {
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print("%s/%s" % (d["score"], d["max_score"]))' "$1"
}
# graded NAME ID FILE WANT: the submission FILE of exercise ID scores WANT ("S/M").
graded() {
    selected "$1" || return
    G --exercise "$2" "$3" --format json -o "$TMP/g.json" 2>"$TMP/g.err"
    local rc=$? got
    got=$(score "$TMP/g.json" 2>/dev/null)
    if [ "$rc" = 0 ] && [ "$got" = "$4" ]; then verdict "$1" ""; else verdict "$1" "exit $rc, score $got, wanted $4"; fi
}
# hidden NAME TEXT ARGS...: no output of `grade ARGS` in any format holds TEXT (a reference).
hidden() {
    local name=$1 text=$2 f
    shift 2
    selected "$name" || return
    local why=""
    for f in text json gradescope; do
        G "$@" --format "$f" >"$TMP/h.out" 2>&1
        grep -qF -- "$text" "$TMP/h.out" && why="$why; --format $f prints '$text'"
    done
    verdict "$name" "${why#; }"
}

# The exercises, as a student sees them: never a reference.
expect "--list names every exercise and its file" 0 --out "4    the minimum win by hand (5 points)" \
    --out "hand in mine.cnf" --out "hand in s.json" -- G --list
expect "--list as JSON" 0 --out '"id": "11c"' --out '"file": "ay_ex.qdimacs"' -- G --list --format json
hidden "--list holds no reference" "a 2 0" --list

head -c 2000000 /dev/zero | tr '\0' '1' >huge.txt

# Exercise 3: clauses by hand, compared by names.
$C dimacs win start -k 1 --exact --rules standard,fingers=2 --move-encoding textbook --annotate -o t.cnf
cp "$FIX/right/mine.cnf" mine.cnf
sed 's/^-10 -7 0$/-10 7 0/' mine.cnf >slip.cnf
grep -v '^c var' mine.cnf >nomap.cnf
{ grep '^c var' t.cnf; printf 'p cnf 17 1\n9 10 11 12 0\n'; } >one.cnf
graded "ex 3: the right clauses" 3 mine.cnf 7/7
graded "ex 3: a slip (the tapped hand becomes 1)" 3 slip.cnf 3/7
graded "ex 3: no variable map" 3 nomap.cnf 0/7
graded "ex 3: a copy of the tool's t.cnf is not the answer" 3 t.cnf 5/7
graded "ex 3: one clause of thirteen" 3 one.cnf 3/7
expect "ex 3: the slip's feedback counts per note, its hint" 0 \
    --out "1 of the 13 clauses with f0.move.tap_LR is missing" \
    --out "f0: tap_LR of player 1 sets the next p2.h0[0]: 1 missing" \
    --out "-f0.move.tap_LR | f1.p2.h0[0]" --out "hint: Go through the handout's list" -- \
    G --exercise 3 slip.cnf
# the twelve clauses one.cnf lacks are never printed (in names or in numbers)
if selected "ex 3: no missing clause is printed"; then
    $C diff one.cnf t.cnf --with f0.move.tap_LR --format json |
        python3 -c 'import json,sys; [print(c["clause"]) for c in json.load(sys.stdin)["only_b"]]' >missing.txt
    why=""
    [ "$(wc -l <missing.txt)" = 12 ] || why="expected 12 missing clauses, got $(wc -l <missing.txt)"
    for f in text json gradescope; do
        G --exercise 3 one.cnf --format $f >h.out
        while IFS= read -r c; do grep -qF -- "$c" h.out && why="$why; --format $f prints '$c'"; done <missing.txt
        grep -qE -- '-10 -3 8 0|-10 4 0' h.out && why="$why; --format $f prints a clause in numbers"
    done
    verdict "ex 3: no missing clause is printed" "${why#; }"
fi

# Exercise 2(c): the start position as unit clauses, compared with the clauses under its note.
{ grep '^c var' t.cnf; printf 'p cnf 17 4\n1 0\n2 0\n3 0\n4 0\n'; } >start.cnf
{ grep '^c var' t.cnf; printf 'p cnf 17 4\n1 0\n2 0\n-3 0\n4 0\n'; } >dead.cnf
{ grep '^c var' t.cnf; printf 'p cnf 17 3\n1 0\n2 0\n4 0\n'; } >three.cnf
graded "ex 2(c): the four unit clauses" 2c start.cnf 4/4
graded "ex 2(c): a hand written dead" 2c dead.cnf 2/4
graded "ex 2(c): a bit left out" 2c three.cnf 3/4
graded "ex 2(c): t.cnf whole" 2c t.cnf 3/4
hidden "ex 2(c): the missing clause is not printed" "f0.p2.h0[0]" --exercise 2c three.cnf

printf 'c var 10 f0.move.tap_LR\nc var 1 x\033[31mred\np cnf 17 1\n-10 1 0\n' >escape.cnf
if selected "ex 3: a name with a terminal escape is printed escaped"; then
    G --exercise 3 escape.cnf >h.out
    why=""
    grep -qF 'x\x1b[31mred' h.out || why="the escaped name is not in the feedback"
    grep -q $'\033' h.out && why="$why; a raw escape byte is printed"
    verdict "ex 3: a name with a terminal escape is printed escaped" "${why#; }"
fi

# Exercise 3b (c): the classmate's broken formula repaired, one clause changed.
{ grep '^c var' t.cnf; python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["broken"], end="")' "$EX/3b.json"; } >broken.cnf
sed 's/^-10 -4 0$/-10 4 0/' broken.cnf >fixed.cnf
sed 's/^10 0$/-10 0/' broken.cnf >other.cnf
sed 's/^-10 -4 0$/-10 4 0/; s/^-10 -7 0$/-10 7 0/' broken.cnf >two.cnf
expect "ex 3b: the classmate's file is unsatisfiable" 20 -- $C core broken.cnf
graded "ex 3b (c): the slip fixed" 3b fixed.cnf 4/4
graded "ex 3b (c): another clause changed: satisfiable, not the slip" 3b other.cnf 2/4
graded "ex 3b (c): broken.cnf itself" 3b broken.cnf 0/4
graded "ex 3b (c): two clauses changed" 3b two.cnf 0/4
hidden "ex 3b (c): the repair is not printed" "-f0.move.tap_LR | f0.p2.h1[0]" --exercise 3b other.cnf

# Exercise 4: a line of moves.
printf '0,2 0,2 2>2\n' >ok.moves
printf 'tap 1>1; tap 2>1\ntap 1>2\ntap 1>1\ntap 2>1\n' >long.moves
printf '0,2; 0,2\n' >short.moves
printf '0,2 tap\n' >verb.moves
printf '0,3\n' >illegal.moves
printf '\n' >empty.moves
graded "ex 4: the minimum" 4 ok.moves 5/5
graded "ex 4: the fixture's line with ';' and a verb" 4 "$FIX/right/ex4.moves" 5/5
graded "ex 4: a longer win" 4 long.moves 4/5
graded "ex 4: stopped before the winning tap" 4 short.moves 2/5
graded "ex 4: 'tap' alone" 4 verb.moves 0/5
graded "ex 4: an illegal move" 4 illegal.moves 0/5
graded "ex 4: no move" 4 empty.moves 0/5
expect "ex 4: the illegal move named, the hint to quote" 0 --out "move 2, 'tap'" \
    --out "hint: Play your moves with" -- G --exercise 4 verb.moves
expect "ex 4: a longer win says a shorter one exists, not its length" 0 \
    --out "a sequence shorter than your 5 moves exists" -- G --exercise 4 long.moves
hidden "ex 4: the least number of moves is not printed" "3 moves" --exercise 4 long.moves
hidden "ex 4: ... nor after a line that has not won" "3 moves" --exercise 4 short.moves

# Exercise 5(a): the selector true at frame 0, the one every model sets.
printf 'f0.move.split_0\n' >sel.txt
printf '  split_0  \n' >short.txt
printf 'f0.move.tap_LL\n' >tapll5.txt
printf 'f0.p1.h0[0]\n' >bit.txt
printf 'split_0 tap_LL\n' >two.txt
graded "ex 5(a): split_0 by its full name" 5a sel.txt 3/3
graded "ex 5(a): without the f0.move. prefix" 5a short.txt 3/3
graded "ex 5(a): tap_LL, which no model of w.cnf needs" 5a tapll5.txt 1/3
graded "ex 5(a): a state bit, not a selector" 5a bit.txt 0/3
graded "ex 5(a): two words" 5a two.txt 0/3
hidden "ex 5(a): the forced selector is not printed" "split_0" --exercise 5a tapll5.txt

# Exercise 6: one clause added to w.cnf (the whole file, or the clause alone).
$C dimacs win start -k 3 --exact --rules standard,fingers=3 --move-encoding textbook -o w.cnf
{ sed 's/^p cnf 59 459$/p cnf 59 460/' w.cnf; echo '-21 0'; } >w2.cnf
{ cat w.cnf; echo '-21 0'; } >w2count.cnf
{ sed 's/^p cnf 59 459$/p cnf 59 461/' w.cnf; echo '-21 0'; echo '-17 0'; } >w2two.cnf
echo '-17 0' >tapll.txt
echo '-1 0' >start.txt
echo 'forbid split' >words.txt
graded "ex 6: w2.cnf with -21 0" 6 w2.cnf 5/5
graded "ex 6: the clause alone" 6 "$FIX/right/w2.cnf" 5/5
graded "ex 6: -17 0 (tap_LL): still satisfiable" 6 tapll.txt 3/5
graded "ex 6: -1 0 (a start bit): no credit for the unsatisfiable formula" 6 start.txt 1/5
graded "ex 6: the header's count not raised" 6 w2count.cnf 0/5
graded "ex 6: two clauses added" 6 w2two.cnf 0/5
graded "ex 6: words, not a clause" 6 words.txt 0/5
expect "ex 6: -1 0 named in names, the hint" 0 --out "your clause is '-f0.p1.h0[0]'" \
    --out "hint: Forbid a move, not a position" -- G --exercise 6 start.txt
hidden "ex 6: the right selector is not printed (-17 0)" "split_0" --exercise 6 tapll.txt
hidden "ex 6: ... nor its number (-1 0)" "-21" --exercise 6 start.txt

# Exercise 8 (a) and (b): a QBF by hand against a hidden QDIMACS reference.
printf 'p cnf 2 2\na 2 0\ne 1 0\n1 2 0\n-1 -2 0\n' >ay_ex.qdimacs
printf 'p cnf 2 2\ne 1 0\na 2 0\n1 2 0\n-1 -2 0\n' >ex_ay.qdimacs
printf 'p cnf 2 2\na 2 0\ne 1 0\n1 2 0\n1 -2 0\n' >friend.qdimacs
printf 'p cnf 2 2\ne 1 0\n1 2 0\n-1 -2 0\n' >noa.qdimacs
printf 'c x is not y\np cnf 2 3\na 2 0\ne 1 0\n2 1 0\n-2 -1 0\n1 2 0\n' >same.qdimacs
printf 'p cnf 3 2\na 2 0\ne 1 3 0\n1 2 0\n-1 -2 0\n' >three.qdimacs
graded "ex 8 (a): right" 8-a ay_ex.qdimacs 3/3
graded "ex 8 (a): the same matrix written otherwise" 8-a same.qdimacs 3/3
graded "ex 8 (a): the blocks swapped" 8-a ex_ay.qdimacs 1/3
graded "ex 8 (a): the classmate's matrix" 8-a friend.qdimacs 1/3
graded "ex 8 (a): the 'a 2 0' line forgotten" 8-a noa.qdimacs 1/3
graded "ex 8 (a): a third variable" 8-a three.qdimacs 0/3
graded "ex 8 (b): right" 8-b ex_ay.qdimacs 3/3
graded "ex 8 (b): the blocks swapped" 8-b ay_ex.qdimacs 1/3
expect "ex 8: the matrix's wrong row named" 0 --out "for variable 1 = 0, variable 2 = 1 your matrix is false" \
    -- G --exercise 8-a friend.qdimacs
hidden "ex 8: the reference's prefix is not printed" "a 2 0" --exercise 8-a ex_ay.qdimacs
hidden "ex 8: ... nor its matrix" "-1 -2 0" --exercise 8-a friend.qdimacs

# Exercise 11(c): a strategy tree, the one that opens with 4.
cp "$FIX/right/s.json" s.json
sed 's/, {"to": 5}//' s.json >s4.json
$C force start -k 2 --rules onedie,target=7 --format json >tool.json
printf '{"player": 1,' >broken.json
graded "ex 11(c): right" 11c s.json 4/4
graded "ex 11(c): an answer of player 2 left out" 11c s4.json 2/4
graded "ex 11(c): the tool's own tree (open 6)" 11c tool.json 1/4
graded "ex 11(c): not JSON" 11c broken.json 0/4
expect "ex 11(c): the unanswered move named" 0 --out "player 2's move turn 6 (-> 10@6:1) is not answered" \
    -- G --exercise 11c s4.json
hidden "ex 11(c): the opening asked for is not printed" "open 4" --exercise 11c tool.json

# From standard input (a server hands the answer over so, without a file).
expect "standard input: graded as a file" 0 --in ok.moves --out "5 of 5" -- G --exercise 4 -
expect "standard input over 1 MiB: exit 1" 1 --in huge.txt --err "'standard input' is larger than 1 MiB" \
    -- G --exercise 3 -

# A student's folder, in the three formats.
expect "a right folder: every point" 0 --out "total: 38 of 38" -- G "$FIX/right"
expect "a wrong folder: its failures" 0 --out "exercise 8-b (a QBF by hand, (b) exists x forall y): 0 of 3 (not submitted)" \
    --out "not submitted: no file ex_ay.qdimacs" -- G "$FIX/wrong"
expect "a folder as JSON" 0 --out '"max_score": 38' --out '"exercises": [' -- G "$FIX/wrong" --format json
mkdir empty
expect "an empty folder: nothing submitted, 0 points" 0 --out "total: 0 of 38" -- G empty
mkdir huge
cp "$FIX/right/ex4.moves" huge/ && cp huge.txt huge/mine.cnf && mkdir huge/s.json
expect "a folder with files that cannot be read: graded 0 there, the rest graded" 0 \
    --out "not graded: 'huge/mine.cnf' is larger than 1 MiB" --out "not graded: cannot read 'huge/s.json': not a file" \
    --out "exercise 4 (the minimum win by hand): 5 of 5" --out "total: 5 of 38" -- G huge
if selected "gradescope: results.json as Gradescope reads it"; then
    why=""
    for d in right wrong; do
        G "$FIX/$d" --format gradescope -o results.json || why="$why; $d: exit $?"
        python3 - results.json <<'PY' || why="$why; $d: not Gradescope's results.json"
import json, sys
d = json.load(open(sys.argv[1]))
assert isinstance(d["score"], (int, float)) and isinstance(d["tests"], list) and d["tests"]
for t in d["tests"]:
    assert set(t) == {"name", "score", "max_score", "output", "visibility"}, t
    assert t["visibility"] in ("visible", "hidden", "after_due_date", "after_published")
    assert 0 <= t["score"] <= t["max_score"]
assert abs(sum(t["score"] for t in d["tests"]) - d["score"]) < 1e-9
PY
    done
    G "$FIX/right" --format gradescope | grep -q '"score": 38' || why="$why; right: score not 38"
    verdict "gradescope: results.json as Gradescope reads it" "${why#; }"
fi
expect "gradescope: one exercise" 0 --out '"name": "Exercise 4: every move is legal"' \
    -- G --exercise 4 ok.moves --format gradescope

# Hostile submissions and the exit statuses.
head -c 4096 /dev/urandom >binary.bin
printf '\x00\x01\x02' >nul.bin
expect "a file over 1 MiB: exit 1, one line" 1 --err "'huge.txt' is larger than 1 MiB" -- G --exercise 3 huge.txt
expect "a missing file: exit 1" 1 --err "cannot read 'nothere.cnf'" -- G --exercise 3 nothere.cnf
expect "a folder given as a file: exit 1" 1 --err "not a file" -- G --exercise 3 empty
mkfifo fifo
expect "a FIFO without a writer: refused at once, exit 1" 1 --err "cannot read 'fifo': not a file" -- timeout 10 $C grade --exercises "$EX" --exercise 4 fifo
for e in 2c 3 3b 4 5a 6 8-a 11c; do
    graded "binary bytes for exercise $e: graded 0, exit 0" "$e" binary.bin "0/$(G --list --format json | python3 -c 'import json,sys; print([x["max_score"] for x in json.load(sys.stdin)["exercises"] if x["id"] == sys.argv[1]][0])' "$e")"
    graded "a NUL byte for exercise $e: graded 0" "$e" nul.bin "0/$(score <(G --exercise "$e" binary.bin --format json) | cut -d/ -f2)"
done
if selected "stderr is one line for an unreadable submission"; then
    G --exercise 3 nothere.cnf 2>err.txt
    verdict "stderr is one line for an unreadable submission" "$([ "$(wc -l <err.txt)" = 1 ] || echo "$(wc -l <err.txt) lines")"
fi
expect "an unknown exercise: usage, the nearest id" 2 --err "no exercise '44' (did you mean 4?)" -- G --exercise 44 ok.moves
expect "an exercise id that is a path: usage" 2 --err "is no exercise" -- G --exercise ../3 ok.moves
expect "no submission: usage" 2 -- G --exercise 4
expect "--list with a submission: usage" 2 -- G --list ok.moves
expect "--list as gradescope: usage" 2 -- G --list --format gradescope
expect "gradescope is grade's only" 2 -- $C solve --format gradescope
expect "a folder that is not there: exit 1" 1 --err "cannot read the folder" -- G nothere
expect "an exercises folder that is not there: exit 1" 1 --err "cannot read the exercises folder" -- \
    $C grade --exercises nothere --list
mkdir broken
printf '{"title": "t", "file": "f", "submit": "s", "check": "moves", "tests": []}\n' >broken/1.json
expect "broken exercise data: exit 1, named" 1 --err "broken/1.json" -- $C grade --exercises broken --list
expect "the default exercises folder is found from the build tree" 0 --out "11c" -- $C grade --list
if selected "-o FILE: nothing left behind when grading fails"; then
    G --exercise 3 nothere.cnf -o out.json 2>/dev/null
    verdict "-o FILE: nothing left behind when grading fails" "$([ -e out.json ] && echo "out.json was written")"
fi
finish
