#!/usr/bin/env bash
# tests/lint/lab.sh: the lab's answer key (docs/lab/answers.md) run as written. Every line of a
# fenced block that starts with `$ ` is a command (a here-document runs on to its EOF line),
# run by bash in order in one scratch folder with `chopsat` on the PATH (the binary under test)
# and LAB set to docs/lab; the line under it, `# exit N[; FIELD = JSON][; contains "TEXT"]...`,
# is what the key promises: the exit status, fields of the JSON it prints (dotted paths into
# objects and arrays) and text its output contains. A command without such a line, or a key
# without commands, fails (with a FILTER every step still runs, in order, and only the selected
# ones are reported; exercise 7b's Python runs with the package of src/python on the build's
# shared library). The depth-first search of docs/lab/dfs_draws.py is also checked on
# its own: 222 wins and 6339 draws, and its help and bad arguments do not give the answer
# away. The grading rules of docs/lab/instructor.md (exercises 3, 6 and 11(c)) are run on a
# right answer and on wrong ones, none graded right. The wrong answers of tests/fixtures/lab/ get the messages they should: never a false
# "right".
source "$(dirname "$0")/../cli/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
KEY=$ROOT/docs/lab/answers.md
mkdir -p "$TMP/bin" "$TMP/work"
ln -s "$CHOPSAT" "$TMP/bin/chopsat"

# Exercise 7b imports the Python package: the tree's (src/python), on the build's shared library.
export PYTHONPATH=$ROOT/src/python${PYTHONPATH:+:$PYTHONPATH} PYTHONDONTWRITEBYTECODE=1
export CHOPSAT_LIB=${CHOPSAT_LIB:-$ROOT/${BUILD:-build}/shared/libchopsat.so}

# The key as a list of steps: command and expectation, one JSON object per line.
python3 - "$KEY" >"$TMP/steps" <<'PY'
import json, sys
lines = open(sys.argv[1]).read().split("\n")
i, fenced = 0, False
while i < len(lines):
    line = lines[i]
    if line.startswith("```"):
        fenced = not fenced
    elif fenced and line.startswith("$ "):
        cmd = [line[2:]]
        if "<<'EOF'" in line:
            while True:
                i += 1
                cmd.append(lines[i])
                if lines[i] == "EOF":
                    break
        expect = lines[i + 1] if i + 1 < len(lines) else ""
        print(json.dumps({"line": i + 1, "cmd": "\n".join(cmd), "expect": expect}))
    i += 1
PY

# check STEP_JSON: runs one step in $TMP/work and prints why it failed (nothing when it passed).
check_step() {
    python3 - "$1" "$TMP/work" "$TMP/bin" "$ROOT/docs/lab" <<'PY'
import json, os, re, subprocess, sys
step, work, bindir, lab = json.loads(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
exp = step["expect"]
if not exp.startswith("# exit "):
    print("no '# exit N' line under the command"); sys.exit()
env = dict(os.environ, PATH=bindir + os.pathsep + os.environ["PATH"], LAB=lab)
p = subprocess.run(["bash", "-c", step["cmd"]], cwd=work, env=env, capture_output=True, text=True)
why = []
items = [x.strip() for x in exp[len("# exit "):].split("; ")]
if p.returncode != int(items[0]):
    why.append("exit status %d, the key says %s (stderr: %s)" % (p.returncode, items[0], p.stderr.strip()[:200]))
doc = None
for item in items[1:]:
    m = re.match(r'contains "(.*)"$', item)
    if m:
        if m.group(1) not in p.stdout:
            why.append("the output lacks '%s'" % m.group(1))
        continue
    m = re.match(r"([A-Za-z_0-9.]+) = (.*)$", item)
    if not m:
        why.append("cannot read '%s'" % item); continue
    if doc is None:
        try:
            doc = json.loads(p.stdout)
        except ValueError:
            why.append("the output is not JSON"); break
    v = doc
    try:
        for k in m.group(1).split("."):
            v = v[int(k)] if isinstance(v, list) else v[k]
    except (KeyError, IndexError, ValueError, TypeError):
        why.append("no field %s" % m.group(1)); continue
    if v != json.loads(m.group(2)):
        why.append("%s is %s, the key says %s" % (m.group(1), json.dumps(v), m.group(2)))
print("; ".join(why))
PY
}

n=0
while IFS= read -r step; do
    n=$((n + 1))
    line=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["line"])' "$step")
    name="lab-key-line-$line"
    why=$(check_step "$step") # every step runs: later ones use the files of earlier ones
    selected "$name" && verdict "$name" "$why"
done <"$TMP/steps"
# the key has every exercise's checks
selected lab-key-complete && verdict lab-key-complete "$(
    [ "$n" -ge 40 ] || echo "only $n commands in the key"
    for e in 1 2 3 3b 4 5 6 7 7b 8 8b 9 10 11 12; do
        grep -q "^## Exercise $e " "$KEY" || echo "no answer to exercise $e"
    done)"
# ---- the grading rules of docs/lab/instructor.md ("Grading with JSON"), each run on right and
# wrong answers (the files the key wrote in $TMP/work). Each grade_* prints nothing for a right
# answer and why for a wrong one.
W=$TMP/work
# json_field FILE PATH: a field of the JSON document in FILE (dotted path), as JSON
json_field() {
    python3 -c 'import json, sys
v = json.load(open(sys.argv[1]))
for k in sys.argv[2].split("."):
    v = v[int(k)] if isinstance(v, list) else v[k]
print(json.dumps(v))' "$1" "$2" 2>/dev/null || echo "(none)"
}
# exercise 3: the move's clauses as the tool's, and no other clause (a copy of t.cnf has 63)
grade_ex3() { # MINE
    "$CHOPSAT" diff "$1" "$W/t.cnf" --with f0.move.tap_LR --format json >"$TMP/g3a.json" 2>/dev/null
    [ $? -eq 0 ] && [ "$(json_field "$TMP/g3a.json" same)" = true ] || { echo "not the tool's clauses of tap_LR"; return; }
    "$CHOPSAT" diff "$1" "$W/t.cnf" --format json >"$TMP/g3b.json" 2>/dev/null
    n=$(json_field "$TMP/g3b.json" clauses_a)
    [ "$n" = 13 ] || echo "$n clauses, not the move's 13 alone"
}
# exercise 6: one clause added, the negation of one f0.move.* selector by the variable map's
# names, and decode says no
grade_ex6() { # W2
    "$CHOPSAT" diff "$1" "$W/w.cnf" --format json >"$TMP/g6.json" 2>/dev/null
    local a b c
    a=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["only_a"]))' "$TMP/g6.json" 2>/dev/null)
    b=$(json_field "$TMP/g6.json" only_b)
    [ "$a" = 1 ] && [ "$b" = "[]" ] || { echo "not one clause added (only in the file: $a, only in w.cnf: $b)"; return; }
    c=$(json_field "$TMP/g6.json" only_a.0.clause)
    [[ "$c" =~ ^\"-f0\.move\.[A-Za-z0-9_]+\"$ ]] || { echo "the clause $c forbids no move at frame 0"; return; }
    cadical -q "$1" >"$TMP/g6.out" 2>/dev/null
    "$CHOPSAT" decode "$1" "$TMP/g6.out" --format json >"$TMP/g6d.json" 2>/dev/null
    [ $? -eq 20 ] && [ "$(json_field "$TMP/g6d.json" answer)" = '"no"' ] || echo "decode does not say no"
}
# exercise 11(c): a strategy that holds and opens with 4
grade_ex11c() { # S
    "$CHOPSAT" check --strategy "$1" --rules onedie,target=7 --format json >"$TMP/g11.json" 2>/dev/null
    [ $? -eq 0 ] && [ "$(json_field "$TMP/g11.json" holds)" = true ] || { echo "the tree does not hold"; return; }
    f=$(json_field "$TMP/g11.json" first_move)
    [ "$f" = '"open 4"' ] || echo "it opens with $f, not open 4"
}
# grades NAME FUNCTION FILE EXPECTED: EXPECTED is "right" or the start of the reason
grades() {
    selected "$1" || return 0
    local why
    why=$("$2" "$3")
    if [ "$4" = right ]; then
        verdict "$1" "$([ -z "$why" ] || echo "graded wrong: $why")"
    else
        verdict "$1" "$([[ "$why" == "$4"* ]] || echo "graded '${why:-right}', expected '$4...'")"
    fi
}
{ sed 's/^p cnf 59 459$/p cnf 59 461/' "$W/w.cnf"; printf -- '-21 0\n-22 0\n'; } >"$W/two.cnf"
grades lab-grade-ex3-right grade_ex3 "$W/mine.cnf" right
grades lab-grade-ex3-copy-of-t grade_ex3 "$W/t.cnf" "63 clauses"
grades lab-grade-ex3-slip grade_ex3 "$W/slip.cnf" "not the tool's clauses"
grades lab-grade-ex6-right grade_ex6 "$W/w2.cnf" right
grades lab-grade-ex6-start-hand grade_ex6 "$W/w4.cnf" "the clause \"-f0.p1.h0[0]\" forbids no move"
grades lab-grade-ex6-other-move grade_ex6 "$W/w3.cnf" "decode does not say no"
grades lab-grade-ex6-two-clauses grade_ex6 "$W/two.cnf" "not one clause added"
grades lab-grade-ex11c-right grade_ex11c "$W/s.json" right
grades lab-grade-ex11c-pasted grade_ex11c "$W/pasted.json" 'it opens with "open 6"'
grades lab-grade-ex11c-incomplete grade_ex11c "$W/s4.json" "the tree does not hold"

# the flawed search on its own: the counts of the lesson
if selected lab-dfs-counts; then
    out=$(python3 "$ROOT/docs/lab/dfs_draws.py")
    verdict lab-dfs-counts "$([ "$out" = "flawed DFS (in progress = draw): 6561 positions: wins 222, draws 6339, losses 0" ] || echo "got '$out'")"
fi
# the script's help and a bad argument show how to run it, never the counts or the bug
if selected lab-dfs-help; then
    why=""
    for args in --help -h --nonsense "--count"; do
        out=$(python3 "$ROOT/docs/lab/dfs_draws.py" $args 2>&1)
        for secret in 222 6339 393 6168 memo "in progress"; do
            [[ "$out" == *"$secret"* ]] && why="$why; '$args' shows '$secret'"
        done
        [[ "$out" == *usage* ]] || why="$why; '$args' shows no usage"
    done
    python3 "$ROOT/docs/lab/dfs_draws.py" --nonsense >/dev/null 2>&1
    [ $? -eq 2 ] || why="$why; a bad argument does not exit 2"
    verdict lab-dfs-help "${why#; }"
fi

# ---- the wrong answers (tests/fixtures/lab/) ----
FIX=$ROOT/tests/fixtures/lab
"$CHOPSAT" dimacs win start -k 1 --exact --rules standard,fingers=2 --move-encoding textbook \
    --annotate -o "$TMP/t.cnf"
expect lab-wrong-misspelled-name 1 --err "--with f0.move.tap_lr: no variable of that name in" \
    --err "(nearest: f0.move.tap_LR, " -- "$CHOPSAT" diff "$FIX/slip.cnf" "$TMP/t.cnf" --with f0.move.tap_lr
expect lab-wrong-name-without-prefix 1 --err "(nearest: f0.move.tap_LR)" \
    -- "$CHOPSAT" diff "$FIX/slip.cnf" "$TMP/t.cnf" --with tap_LR
expect lab-wrong-no-map 20 --err "nomap.cnf has no variable map" --err "names cannot be compared" \
    -- "$CHOPSAT" diff "$FIX/nomap.cnf" "$TMP/t.cnf" --with f0.move.tap_LR
expect lab-wrong-no-map-either 1 --err "neither" --err "has a variable map" \
    -- "$CHOPSAT" diff "$FIX/nomap.cnf" "$FIX/nomap.cnf" --with f0.move.tap_LR
expect lab-wrong-slip-summary 20 --out "f0: tap_LR of player 1 sets the next p2.h0[0]: 1 missing, 1 extra" \
    --out "different: 12 clauses in both, 1 only in A, 1 only in B." \
    -- "$CHOPSAT" diff "$FIX/slip.cnf" "$TMP/t.cnf" --with f0.move.tap_LR --summary
expect lab-wrong-frame-summary 20 --out '{"note": "f0: tap_LR of player 1 sets the next p1.h1[0]", "missing": 2, "extra": 0}' \
    --out '"missing": 2' -- "$CHOPSAT" diff "$FIX/noframe.cnf" "$TMP/t.cnf" --with f0.move.tap_LR --summary --format json
expect lab-wrong-frame-summary-text 20 --out "f0: tap_LR of player 1 sets the next p1.h1[0]: 2 missing, 0 extra" \
    -- "$CHOPSAT" diff "$FIX/noframe.cnf" "$TMP/t.cnf" --with f0.move.tap_LR --summary
if selected lab-wrong-summary-hides-clauses; then
    out=$("$CHOPSAT" diff "$FIX/noframe.cnf" "$TMP/t.cnf" --with f0.move.tap_LR --summary --format json)
    verdict lab-wrong-summary-hides-clauses "$([[ "$out" == *"f1.p1.h1[0] |"* || "$out" == *"| f1.p1.h1"* || "$out" == *only_b* ]] && echo "the summary shows the clauses: $out")"
fi
expect lab-wrong-no-at-least-one 3 --out "position        11/11:1    23/01:2" --out "move.split_1" \
    --out "answer: the solver's model is no game" \
    --err "frame f0 (11/11:1) to f1 (23/01:2) is no legal move" --err "the move inputs of f0 set: none" \
    --err "p1.h0 1 -> 2 (bits [0] [1])" \
    --err "the file's clauses no longer match its header's question (0 clauses added or changed, 1 missing" \
    -- "$CHOPSAT" decode "$FIX/noalo.cnf" "$FIX/noalo.out" --frames
expect lab-wrong-no-at-least-one-json 3 --out '"replayed": false' --out '"header_match": false' \
    --out '"frames": {"count": 4' -- "$CHOPSAT" decode "$FIX/noalo.cnf" "$FIX/noalo.out" --frames --format json
expect lab-wrong-edited-no 20 \
    --out "formula: the file's clauses no longer match its header's question (1 clause added or changed, 0 missing" \
    --out "answer: no (the solver says unsatisfiable) for this edited formula, which is not the question's" \
    -- "$CHOPSAT" decode "$FIX/forbid.cnf" "$FIX/forbid.out"
expect lab-wrong-not-won 20 --out "win: no: the game goes on, player 1 has not won" --out "legal: yes" \
    --in "$FIX/not-won.moves" -- "$CHOPSAT" check start - --rules standard,fingers=3 --win 1
finish
