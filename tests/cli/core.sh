#!/usr/bin/env bash
# tests/cli/core.sh: `chopsat core FILE.cnf` and `win`/`reach --why` end to end: every core the
# command writes (-o) is unsatisfiable by PicoSAT's own program and minimal (PicoSAT finds the
# core without any one of its clauses, or at group level any one of its groups, satisfiable);
# the notes and names it prints; a satisfiable file refused with a line and no output file;
# files that are not DIMACS; --why's core of a question's own formula in words.
source "$(dirname "$0")/lib.sh"
C=$CHOPSAT
cd "$TMP" || exit 1

cat >broken.cnf <<'CNF'
c my one move of player 1, with a slip
c var 1 f0.p1.h0[0]
c var 2 f0.p1.h1[0]
c var 4 f0.p2.h1[0]
c var 10 f0.move.tap_LR
p cnf 12 9
c the start 11/11:1
1 0
2 0
4 0
c I choose tap_LR
10 0
c some move is made
9 10 11 12 0
c not tap_LR with another move
-9 -10 0
-10 -11 0
c tap_LR needs player 2's right alive
-10 -4 0
c a note on nothing that matters
-12 0
CNF

# minimal CORE.cnf GROUPED: unsatisfiable, and satisfiable without any one clause (GROUPED:
# any one group of clauses under one note); prints why not.
minimal() {
    python3 - "$1" "$2" <<'PY'
import subprocess, sys
path, grouped = sys.argv[1], sys.argv[2] == "group"
lines = open(path).read().split("\n")
head, clauses, note = [], [], None
for l in lines:
    if l.startswith("c ") and not l.startswith("c var ") and clauses is not None and head and head[-1].startswith("p "):
        note = l[2:].rsplit(": ", 1)[0]
    elif l.startswith("p "):
        head.append(l)
    elif l and not l.startswith("c"):
        clauses.append((note, l))
def sat(cls):
    text = "p cnf %s %d\n" % (head[0].split()[2], len(cls)) + "".join(c + "\n" for _, c in cls)
    return subprocess.run(["picosat"], input=text, capture_output=True, text=True).returncode
why = []
if sat(clauses) != 20:
    why.append("the core is satisfiable")
keys = sorted(set(n for n, _ in clauses)) if grouped else range(len(clauses))
for k in keys:
    rest = [c for i, c in enumerate(clauses) if (c[0] != k if grouped else i != k)]
    if sat(rest) != 10:
        why.append("still unsatisfiable without %s" % (k if grouped else clauses[k][1]))
print("; ".join(why))
PY
}

expect "core: groups, notes and names" 20 --out "of its 9 clauses (3 of its 6 groups) contradict each other" \
    --out "the start 11/11:1" --out "I choose tap_LR" --out "tap_LR needs player 2's right alive" \
    --out "-10 -4 0           -f0.move.tap_LR | -f0.p2.h1[0]" -- $C core broken.cnf
expect "core -o: the group core" 20 -- $C core broken.cnf -o group.cnf
selected core-group-minimal && verdict core-group-minimal "$(minimal group.cnf group)"
expect "core: the group core keeps the notes and the map" 0 --out "c var 10 f0.move.tap_LR" \
    --out "c tap_LR needs player 2's right alive: -f0.move.tap_LR | -f0.p2.h1[0]" -- cat group.cnf
expect "core --level clause" 20 --out "3 of its 9 clauses contradict each other" \
    --out "  4 0                f0.p2.h1[0]" -- $C core broken.cnf --level clause -o clause.cnf
selected core-clause-minimal && verdict core-clause-minimal "$(minimal clause.cnf clause)"
expect "core json" 20 --out '"level": "clause"' --out '"core_clauses": 3' --out '"note": "I choose tap_LR"' \
    -- $C core broken.cnf --level clause --format json
expect "core with picosat" 20 --out "3 of its 9 clauses" -- $C core broken.cnf --level clause --solver picosat
expect "core with an external solver" 20 --out "3 of its 9 clauses" \
    -- $C core broken.cnf --level clause --solver external:picosat
expect "core -o -: the file alone" 20 --out "p cnf 12 3" -- $C core broken.cnf --level clause -o -

# An external solver's core is checked by the linked solver: an empty core and a satisfiable
# one are its lies (exit 3, one line, no file); a check that cannot run (a time-out) leaves the
# core marked as resting on the external solver. The fake solvers are written here: the ones of
# tests/fake-solvers/ must each fail at the SAT level.
printf '#!/bin/sh\necho "s UNSATISFIABLE"\nexit 20\n' >unsat.sh # as tests/fake-solvers/unsat.sh
sed 's/^-10 -4 0$/-10 4 0/' broken.cnf >fixed.cnf
# liar.sh answers as picosat does, but says UNSATISFIABLE on every second call that is SAT
cat >liar.sh <<'SH'
#!/bin/sh
n=$(cat "$0.count" 2>/dev/null || echo 0); n=$((n + 1)); echo $n >"$0.count"
out=$(picosat "$1"); rc=$?
if [ $rc = 10 ] && [ $((n % 2)) = 0 ]; then echo "s UNSATISFIABLE"; exit 20; fi
echo "$out"; exit $rc
SH
# hard.sh: unsatisfiable whenever a selector is assumed (true of the pigeons, which take the
# linked solver long), else every variable false (which satisfies clauses behind selectors)
cat >hard.sh <<'SH'
#!/bin/sh
if grep -q '^c the last [1-9][0-9]* clauses are the assumptions' "$1"; then
    echo "s UNSATISFIABLE"; exit 20
fi
v=$(awk '$1 == "p" { print $3; exit }' "$1")
i=1; line="v"
while [ "$i" -le "$v" ]; do line="$line -$i"; i=$((i + 1)); done
echo "s SATISFIABLE"; echo "$line 0"; exit 10
SH
chmod +x unsat.sh liar.sh hard.sh
# 11 pigeons in 10 holes, one group
python3 - <<'PY'
n, P = 10, 11
v = lambda p, h: p * n + h + 1
cl = [[v(p, h) for h in range(n)] for p in range(P)]
cl += [[-v(p, h), -v(q, h)] for h in range(n) for p in range(P) for q in range(p + 1, P)]
with open("php.cnf", "w") as f:
    f.write("p cnf %d %d\nc every pigeon in a hole, no two in one\n" % (P * n, len(cl)))
    f.writelines(" ".join(map(str, c)) + " 0\n" for c in cl)
PY
# a chain of 71 clauses, every one in the core: x1, x1 -> x2, ..., x69 -> x70, -x70
{ echo "p cnf 70 71"; echo "1 0"; for i in $(seq 1 69); do echo "-$i $((i + 1)) 0"; done
  echo "-70 0"; } >chain.cnf

expect "core: a liar's empty core of a satisfiable file is caught" 3 \
    --err "with a core of no clause, which no set of clauses is: its answers were wrong" \
    -- $C core fixed.cnf --solver "external:$TMP/unsat.sh" -o lie.cnf
selected core-liar-no-file && verdict core-liar-no-file "$([ -e lie.cnf ] && echo "lie.cnf was written")"
rm -f liar.sh.count
expect "core: a random liar's satisfiable core is caught" 3 \
    --err "the external solver's core of 4 clauses is satisfiable (the linked cadical finds a model)" \
    -- $C core broken.cnf --solver "external:$TMP/liar.sh" -o lie2.cnf
selected core-random-liar-no-file &&
    verdict core-random-liar-no-file "$([ -e lie2.cnf ] && echo "lie2.cnf was written")"
selected core-liar-one-line &&
    verdict core-liar-one-line "$([ "$(wc -l <"$TMP/err")" = 1 ] || echo "not one line")"
expect "core: an external solver's core says what the linked solver checked" 20 \
    --out "checked: unsatisfiable by one call of the linked cadical; minimal: leaving out any one of its 3 groups, the rest is satisfiable (3 calls more)" \
    -- $C core broken.cnf --solver external:picosat
expect "core: minimality spot-checked on 64 clauses of a larger core" 20 \
    --out "71 of its 71 clauses contradict each other" \
    --out "minimal only where checked: leaving out each of 64 of its 71 clauses (spread evenly), the rest is satisfiable" \
    -- $C core chain.cnf --level clause --solver external:picosat
expect "core json: an external solver's core checked" 20 --out '"checked": true' \
    --out '"minimal_checked": 64' -- $C core chain.cnf --level clause --solver external:picosat --format json
expect "core json: a linked solver's core" 20 --out '"checked": true' --out '"check": null' \
    -- $C core broken.cnf --format json
expect "core: a core the linked solver cannot check in time rests on the external solver" 20 \
    --out "checked: NOT checked: the check by the linked cadical could not run (solver cadical: timed out after 1 s); this core rests on the external solver's answers" \
    -- $C core php.cnf --solver "external:$TMP/hard.sh" --timeout 1 -o hard-core.cnf
expect "core -o: an unchecked core says so in its comment" 0 \
    --out "satisfiable without any one group (NOT checked: it rests on the external solver)" \
    --out "c checked: NOT checked: the check by the linked cadical could not run" -- cat hard-core.cnf
expect "core json: an unchecked core" 20 --out '"checked": false' \
    --out '"check": "NOT checked: the check by the linked cadical could not run' \
    -- $C core php.cnf --solver "external:$TMP/hard.sh" --timeout 1 --format json

# an annotated formula of chopsat's own: player 1 cannot win in one move
$C dimacs win start -k 1 --exact --rules standard,fingers=2 --move-encoding textbook --annotate -o t.cnf
expect "core of an annotated formula" 20 --out "f0: the start position 11/11:1" \
    --out "f0: tap_LR of player 1 sets the next p2.h1[0]" -- $C core t.cnf -o t-group.cnf
selected core-annotated-group-minimal && verdict core-annotated-group-minimal "$(minimal t-group.cnf group)"
expect "core of an annotated formula, clauses" 20 -- $C core t.cnf --level clause -o t-clause.cnf
selected core-annotated-clause-minimal && verdict core-annotated-clause-minimal "$(minimal t-clause.cnf clause)"
$C dimacs win start -k 2 --no-repeat path --annotate -o w2.cnf
expect "core of a default-encoded formula" 20 -- $C core w2.cnf -o w2-core.cnf
selected core-w2-unsat && verdict core-w2-unsat "$(picosat w2-core.cnf >/dev/null; [ $? = 20 ] || echo "the core is not unsatisfiable")"

# refused
expect "core of a satisfiable file" 10 --err "fixed.cnf is satisfiable, so it has no unsatisfiable core" \
    -- $C core fixed.cnf -o none.cnf
selected core-satisfiable-no-file && verdict core-satisfiable-no-file "$([ -e none.cnf ] && echo "none.cnf was written")"
printf 'p cnf 2 1\n1 x 0\n' >garbage.cnf
expect "core of a file that is not DIMACS" 1 --err "garbage.cnf:2: garbage token 'x'" -- $C core garbage.cnf
expect "core of a missing file" 1 --err "cannot read 'missing.cnf'" -- $C core missing.cnf
expect "core without a file" 2 --err "core needs a formula FILE.cnf" -- $C core
expect "core --level wrong" 2 --err "--level" -- $C core broken.cnf --level word
expect "core takes no --rules" 2 --err "--rules" -- $C core broken.cnf --rules standard

# --why: the question's own formula
expect "win --why" 20 --out "answer: no" \
    --out "why no: the start, player 1's moves at frame 0, player 2's moves at frame 1 and the goal (met by frame 2) already contradict each other." \
    -- $C win start -k 2 --why
expect "win --why: the repetition rule plays no part" 20 \
    --out "; the repetition rule at frames 2 and 3 plays no part." -- $C win start -k 3 --no-repeat path --why
expect "win --why, textbook: moves by kind" 20 \
    --out "player 1's taps at frame 0" --out "the goal (met at frame 1)" \
    -- $C win start -k 1 --exact --rules standard,fingers=2 --move-encoding textbook --why
expect "reach --why" 20 --out "why no: " --out "play no part" -- $C reach start 00/11:1 -k 3 --why
expect "win --why on a yes" 10 --out "why: the answer is yes" -- $C win start -k 5 --why
expect "win --why without a bound" 2 --err "--why explains a no within K moves" -- $C win start -k inf --why
expect "win --why with json" 2 --err "--format text" -- $C win start -k 2 --why --format json
expect "dimacs takes no --why" 2 --err "--why" -- $C dimacs win start -k 2 --why
# a header the file cannot back is refused before anything is allocated for it (30 bytes asked
# for 17 GB)
printf 'p cnf 2147483646 2\n1 2 0\n-1 0\n' >forged.cnf
expect "core of a forged header" 1 \
    --err "forged.cnf:1: the header's 2147483646 variables cannot fit in the 11 bytes after it" \
    -- $C core forged.cnf
printf 'p cnf 2 2000000000\n1 0\n-1 0\n' >forged2.cnf
expect "core of a forged clause count" 1 \
    --err "forged2.cnf:1: the header's 2000000000 clauses cannot fit in the 9 bytes after it" \
    -- $C core forged2.cnf
# from a pipe, which is not measured: the selectors could not be numbered (it asked for 17 GB)
expect "core of a forged header from a pipe" 1 \
    --err "2147483646 variables and 2 clauses: core numbers one selector per clause" \
    -- bash -c "ulimit -v 4000000; printf 'p cnf 2147483646 2\n1 0\n-1 0\n' | $C core /dev/stdin"
finish
