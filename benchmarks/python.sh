#!/usr/bin/env bash
# benchmarks/python.sh: the cost of asking a question through the Python package (docs/python.md)
# against asking the command the same question. Both are timed as whole processes, started in
# turn (command, Python, command, Python, ...) so that a drift of the machine's speed hits both
# alike, and the ratio Python / command is taken pair by pair: wall seconds, and CPU seconds
# (user + system of the finished child, getrusage). The Python side is a fresh interpreter
# (/usr/bin/python3) that imports chopsat (on build/shared/libchopsat.so) and asks the question;
# the command is ./chopsat. Both answers must agree. It also times the call alone inside one
# interpreter (the question's library work without the interpreter's start and the import).
# Writes benchmarks/python.csv (one row a pair, with the commit) and prints the medians;
# benchmarks/results.py makes RESULTS.md's table from it.
#   bash benchmarks/python.sh [PAIRS]        (default 10 pairs)
# The question (about 1.5 s of CPU on the 2-core machine of RESULTS.md: a fixed cost of the
# interpreter needs a question of a second or more to be measured against): can player 1 win
# from the start of standard,fingers=4294967296 (hands of 33 bits) within 50 moves (yes, in 47;
# SAT, no explicit cross-check, which this width is far beyond)?
set -eu
cd "$(dirname "$0")/.."
[ -x ./chopsat ] && [ -e build/shared/libchopsat.so ] || make >/dev/null
PAIRS=${1:-10}
/usr/bin/python3 - "$PAIRS" <<'EOF'
import json, os, resource, statistics, subprocess, sys, time

pairs = int(sys.argv[1])
rules, k, player = "standard,fingers=4294967296", 50, 1
command = ["./chopsat", "win", "start", "-k", str(k), "--player", str(player), "--rules", rules,
           "--no-check", "--quiet", "--format", "json"]
program = ("import chopsat, json\n"
           "a = chopsat.Rules(%r).win('start', within=%d, player=%d, check=False)\n"
           "print(json.dumps({'answer': 'yes' if a.yes else 'no', 'moves': a.moves}))\n"
           % (rules, k, player))
python = ["/usr/bin/python3", "-c", program]
env = dict(os.environ, PYTHONPATH=os.path.abspath("src/python"), PYTHONDONTWRITEBYTECODE="1",
           CHOPSAT_LIB=os.path.abspath("build/shared/libchopsat.so"))


def timed(cmd):
    """(wall seconds, CPU seconds, the answer and moves it printed) of one run of cmd."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    p = subprocess.run(cmd, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    doc = json.loads(p.stdout)
    return wall, cpu, (doc["answer"], doc["moves"])


rows = []
timed(command), timed(python)  # a warm-up of each, not counted
for i in range(pairs):
    cw, cc, ca = timed(command)
    pw, pc, pa = timed(python)
    if ca != pa:
        sys.exit("the answers differ: the command %s, Python %s" % (ca, pa))
    rows.append((i + 1, cw, pw, pw / cw, cc, pc, pc / cc))
# the call alone, inside one interpreter that has imported chopsat
inner = subprocess.run(["/usr/bin/python3", "-c",
                        "import chopsat, time\nr = chopsat.Rules(%r)\nts = []\n"
                        "for i in range(%d):\n    t = time.process_time()\n"
                        "    r.win('start', within=%d, player=%d, check=False)\n"
                        "    ts.append(time.process_time() - t)\n"
                        "print(sorted(ts)[len(ts) // 2])\n" % (rules, max(3, pairs // 2), k, player)],
                       env=env, capture_output=True, text=True, check=True)
commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                        text=True).stdout.strip() or "unknown"
with open("benchmarks/python.csv", "w") as f:
    f.write("pair,command_wall_s,python_wall_s,wall_ratio,command_cpu_s,python_cpu_s,cpu_ratio,"
            "commit\n")
    for r in rows:
        f.write("%d,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%s\n" % (r + (commit,)))
med = lambda j: statistics.median(r[j] for r in rows)
print("question: %s (answer %s in %s moves)" % (" ".join(command[1:]), ca[0], ca[1]))
print("%d pairs, medians: command %.3f s wall, %.3f s CPU; Python %.3f s wall, %.3f s CPU"
      % (pairs, med(1), med(4), med(2), med(5)))
print("Python / command: wall %.3f (min %.3f, max %.3f), CPU %.3f (min %.3f, max %.3f)"
      % (med(3), min(r[3] for r in rows), max(r[3] for r in rows), med(6),
         min(r[6] for r in rows), max(r[6] for r in rows)))
print("the call alone inside Python (median CPU): %.3f s" % float(inner.stdout))
EOF
