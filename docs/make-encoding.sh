#!/usr/bin/env bash
# docs/make-encoding.sh: regenerates docs/encoding.md from docs/encoding.md.in. Every listing in
# that document (variable maps, clauses, sizes, a solver's model decoded) is produced here by
# running ./chopsat (and the cadical program), never typed: a line `@@NAME@@` of the template is
# replaced by the block that the function below of that name prints. The gates of the step and
# their clauses are cut out of the complete DIMACS file by following the gate definitions in its
# variable map (python3 does the bookkeeping); nothing is added to chopsat.
#
#   bash docs/make-encoding.sh        (needs ./chopsat built, cadical and python3)
set -eu
cd "$(dirname "$0")/.."
CHOPSAT=${CHOPSAT:-./chopsat}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The teaching question: standard rules with 3 fingers, player 1 to move at 11/02 (hands 1,1
# against 0,2): a tap (1 on 2 makes 3, which is dead) wins at once, and a split (1,1 -> 0,2) is
# legal too. K = 1: one step, two frames.
RULES=standard,fingers=3
Q=(win 11/02:1 -k 1 --rules "$RULES")
"$CHOPSAT" dimacs "${Q[@]}" -o "$tmp/q.cnf"

# groups.py CNF MODE: prints one generated block about the CNF (see the modes below).
cat >"$tmp/groups.py" <<'EOF'
import sys
path, mode = sys.argv[1], sys.argv[2]
names, clauses, header = {}, [], []
for line in open(path):
    if line.startswith('c var '):
        _, _, v, name = line.rstrip('\n').split(' ', 3)
        names[int(v)] = name
    elif line.startswith('c '):
        header.append(line.rstrip('\n'))
    elif line.startswith('p '):
        header.append(line.rstrip('\n'))
    else:
        lits = [int(x) for x in line.split()]
        if lits and lits[-1] == 0:
            clauses.append(lits[:-1])
gates = {}
for v, n in names.items():
    w = n.split()
    if w[0] in ('and', 'xor', 'ite') and all(x.lstrip('-').isdigit() for x in w[1:]):
        gates[v] = (w[0], [int(x) for x in w[1:]])
def lit_name(l):
    n = names[abs(l)]
    return ('-' if l < 0 else '') + (n if abs(l) not in gates else 'g%d' % abs(l))
def meaning(v):
    k, ch = gates[v]
    s = [lit_name(c) for c in ch]
    if k == 'and': return 'g%d <-> %s & %s' % (v, s[0], s[1])
    if k == 'xor': return 'g%d <-> %s xor %s' % (v, s[0], s[1])
    return 'g%d <-> (%s ? %s : %s)' % (v, s[0], s[1], s[2])
# the definitional clauses of each gate: exactly the Tseitin clauses of its kind (a clause over
# the gate and its children that is not one of them, such as a step clause `g | -child`, is a
# constraint)
def tseitin(v):
    k, ch = gates[v]
    if k == 'and':
        a, b = ch
        return [[-v, a], [-v, b], [v, -a, -b]]
    if k == 'xor':
        a, b = ch
        return [[-v, a, b], [-v, -a, -b], [v, -a, b], [v, a, -b]]
    c, t, e = ch
    return [[-v, -c, t], [-v, c, e], [v, -c, -t], [v, c, -e]]
owner_of = {}
for v in gates:
    for cl in tseitin(v):
        owner_of[frozenset(cl)] = v
defs, top = {v: [] for v in gates}, []
for cl in clauses:
    owner = owner_of.get(frozenset(cl))
    (defs[owner] if owner else top).append(cl)
def cone(roots):
    seen, stack = set(), [abs(r) for r in roots]
    while stack:
        v = stack.pop()
        if v in gates and v not in seen:
            seen.add(v)
            stack.extend(abs(c) for c in gates[v][1])
    return seen
def show(title, gs, shown):
    new = sorted(g for g in gs if g not in shown)
    old = sorted(g for g in gs if g in shown)
    print('c --- %s: %d gates, %d clauses%s' % (title, len(new), sum(len(defs[g]) for g in new),
          (' (and %d gates shown above)' % len(old)) if old else ''))
    for g in new:
        print('c g%d: %s' % (g, meaning(g)))
        for cl in defs[g]:
            print(' '.join(str(l) for l in cl) + ' 0')
    shown.update(new)
if mode == 'header':
    print('\n'.join(header))
elif mode == 'frames':
    for v in sorted(names):
        if v not in gates: print('c var %d %s' % (v, names[v]))
elif mode == 'gates':
    show('the gates of frame 0 and of the step', set(gates), set())
elif mode == 'top':
    for cl in top:
        print(' '.join(str(l) for l in cl) + ' 0' + '    c ' + ' | '.join(lit_name(l) for l in cl))
elif mode == 'summary':
    kinds = {}
    for v in gates: kinds[gates[v][0]] = kinds.get(gates[v][0], 0) + 1
    print('%d variables: %d named (frames and move inputs), %d gates (%s); %d clauses: %d define '
          'gates, %d constrain' % (len(names), len(names) - len(gates), len(gates),
          ', '.join('%d %s' % (kinds[k], k) for k in sorted(kinds)), len(clauses),
          len(clauses) - len(top), len(top)))
EOF

py() { python3 "$tmp/groups.py" "$@"; }
fence() { echo '```'; "$@"; echo '```'; }

QUESTION() { fence echo "./chopsat dimacs ${Q[*]}"; }
HEADER() { fence py "$tmp/q.cnf" header; }
SUMMARY() { py "$tmp/q.cnf" summary; }
FRAMES() { fence py "$tmp/q.cnf" frames; }
STEP() { fence py "$tmp/q.cnf" gates; }
COST() {
    echo '| hand bits w (N = 2^w) | variables per move | clauses per move | per bit |'
    echo '|---|---|---|---|'
    for w in 2 4 8 10 16 20; do
        read -r v1 c1 < <(sizes win start -k 10 --rules "standard,fingers=$((1 << w))")
        read -r v2 c2 < <(sizes win start -k 11 --rules "standard,fingers=$((1 << w))")
        echo "| $w | $((v2 - v1)) | $((c2 - c1)) | $(((v2 - v1) / w)), $(((c2 - c1) / w)) |"
    done
}
TOP() { fence py "$tmp/q.cnf" top; }
BINARY() {
    "$CHOPSAT" dimacs "${Q[@]}" --move-encoding binary -o "$tmp/b.cnf"
    echo '```'
    echo "\$ ./chopsat dimacs ${Q[*]} --move-encoding binary | grep -E 'c var [0-9]+ f0\\.(move|split)'"
    grep -E '^c var [0-9]+ f0\.(move|split)' "$tmp/b.cnf"
    echo '```'
}
# sizes Q...: "vars clauses" of the dimacs of a question.
sizes() { "$CHOPSAT" dimacs "$@" | sed -n 's/^p cnf \([0-9]*\) \([0-9]*\)$/\1 \2/p'; }
POLARITY() {
    echo '| question | Tseitin: variables, clauses | Plaisted-Greenbaum: variables, clauses |'
    echo '|---|---|---|'
    for q in "win 11/02:1 -k 1 --rules $RULES" "win start -k 10" "win start -k 30" \
        "win start -k 30 --rules standard,fingers=65536"; do
        # shellcheck disable=SC2086
        read -r v1 c1 < <(sizes $q)
        # shellcheck disable=SC2086
        read -r v2 c2 < <(sizes $q --polarity)
        echo "| \`$q\` | $v1, $c1 | $v2, $c2 |"
    done
}
REPEAT() {
    echo '| `dimacs win start -k K` with | K = 8: variables, clauses | K = 16 | K = 32 |'
    echo '|---|---|---|---|'
    for r in off immediate path; do
        local row="| \`--no-repeat $r\` |"
        for k in 8 16 32; do
            read -r v c < <(sizes win start -k $k --no-repeat $r)
            row="$row $v, $c |"
        done
        echo "$row"
    done
}
DECODE() {
    "$CHOPSAT" dimacs win start -k 5 -o "$tmp/w.cnf"
    cadical -q "$tmp/w.cnf" >"$tmp/w.out" || true
    echo '```'
    echo '$ ./chopsat dimacs win start -k 5 -o w.cnf'
    echo '$ cadical -q w.cnf > w.out; head -c 160 w.out'
    { head -c 160 "$tmp/w.out"; echo; } | sed 's/ *$//'
    echo '$ ./chopsat decode w.cnf w.out'
    "$CHOPSAT" decode "$tmp/w.cnf" "$tmp/w.out" || true
    echo '```'
}
DEEPEN() {
    echo '```'
    echo '$ ./chopsat win start -k 30 | tail -n 1'
    "$CHOPSAT" win start -k 30 | tail -n 1
    echo '$ ./chopsat win start -k 30 --no-incremental | tail -n 1'
    "$CHOPSAT" win start -k 30 --no-incremental | tail -n 1
    echo '```'
}
TEXTBOOK() {
    local tq=(win start -k 1 --exact --rules standard,fingers=2 --move-encoding textbook --annotate)
    echo '```'
    echo "\$ ./chopsat dimacs ${tq[*]} | grep -A1 --no-group-separator '^c f0: .*tap_LR'"
    "$CHOPSAT" dimacs "${tq[@]}" | grep -A1 --no-group-separator '^c f0: .*tap_LR'
    echo '```'
}
TEXTBOOK_SIZES() {
    echo '| question | textbook: variables, clauses | onehot: variables, clauses |'
    echo '|---|---|---|'
    for q in "-k 1 --exact --rules standard,fingers=2" "-k 1 --exact --rules standard,fingers=3" \
        "-k 1 --exact --rules onedie,target=7" "-k 10" "-k 30"; do
        # shellcheck disable=SC2086
        read -r v1 c1 < <(sizes win start $q --move-encoding textbook)
        # shellcheck disable=SC2086
        read -r v2 c2 < <(sizes win start $q)
        echo "| \`win start $q\` | $v1, $c1 | $v2, $c2 |"
    done
}
VERSION() { "$CHOPSAT" --version; }

# @@VERSION@@ and @@SUMMARY@@ may stand inside a line; the other markers stand alone.
version=$(VERSION)
summary=$(SUMMARY)
out=$tmp/encoding.md
while IFS= read -r line; do
    if [[ "$line" =~ ^@@([A-Z_]+)@@$ ]]; then
        "${BASH_REMATCH[1]}"
    else
        line=${line//@@VERSION@@/$version}
        printf '%s\n' "${line//@@SUMMARY@@/$summary}"
    fi
done <docs/encoding.md.in >"$out"
# The template's prose names a few gates by number; make sure they still are what it says.
for want in 'the gates of frame 0 and of the step' 'c var 1 f0.p1.h0[0]' 'f0.tap00' 'f0.split.x'; do
    grep -qF -- "$want" "$out" || {
        echo "make-encoding.sh: the encoding changed ('$want' is gone): update docs/encoding.md.in" >&2
        exit 1
    }
done
mv "$out" docs/encoding.md
echo "wrote docs/encoding.md"
