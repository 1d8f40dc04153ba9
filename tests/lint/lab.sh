#!/usr/bin/env bash
# tests/lint/lab.sh: the lab's answer key (docs/lab/answers.md) run as written. Every line of a
# fenced block that starts with `$ ` is a command (a here-document runs on to its EOF line),
# run by bash in order in one scratch folder with `chopsat` on the PATH (the binary under test)
# and LAB set to docs/lab; the line under it, `# exit N[; FIELD = JSON][; contains "TEXT"]...`,
# is what the key promises: the exit status, fields of the JSON it prints (dotted paths into
# objects and arrays) and text its output contains. A command without such a line, or a key
# without commands, fails (with a FILTER every step still runs, in order, and only the selected
# ones are reported). The depth-first search of docs/lab/dfs_draws.py is also checked on
# its own: 222 wins and 6339 draws.
source "$(dirname "$0")/../cli/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
KEY=$ROOT/docs/lab/answers.md
mkdir -p "$TMP/bin" "$TMP/work"
ln -s "$CHOPSAT" "$TMP/bin/chopsat"

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
    for e in 1 2 3 3b 4 5 6 7 8 8b 9 10 11 12; do
        grep -q "^## Exercise $e " "$KEY" || echo "no answer to exercise $e"
    done)"
# the flawed search on its own: the counts of the lesson
if selected lab-dfs-counts; then
    out=$(python3 "$ROOT/docs/lab/dfs_draws.py")
    verdict lab-dfs-counts "$([ "$out" = "flawed DFS (in progress = draw): 6561 positions: wins 222, draws 6339, losses 0" ] || echo "got '$out'")"
fi
finish
