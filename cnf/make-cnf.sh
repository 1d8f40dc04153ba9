#!/usr/bin/env bash
# cnf/make-cnf.sh: regenerates the curated DIMACS instances in cnf/ (`make cnf`), checks each
# one's expected answer with the cadical program (and fails if one differs), and writes
# cnf/README.md from the same list, so that the README's questions and answers are the ones
# checked. The README holds no timing (the times go to the screen only): regenerating it on
# another machine changes it only when a question, an answer or an encoding changed. Every file is `chopsat dimacs` output: a header saying what it asks and a complete
# variable map, so `chopsat decode FILE MODEL` turns any solver's model into moves.
# Teaching-sized instances are committed; the hard ones are a few MB each and are not (see
# cnf/.gitignore): this script makes them.
#
#   bash cnf/make-cnf.sh [--no-hard]     (needs ./chopsat built and cadical)
set -u
cd "$(dirname "$0")/.."
CHOPSAT=${CHOPSAT:-./chopsat}
hard=yes
[ "${1:-}" = --no-hard ] && hard=no

# name | kind (teaching/hard) | expected answer | arguments of `chopsat dimacs`
instances=(
    "f3-win-k1|teaching|yes|win 11/02:1 -k 1 --rules standard,fingers=3"
    "f3-win-k2|teaching|no|win start -k 2 --rules standard,fingers=3"
    "f3-win-k3|teaching|yes|win start -k 3 --rules standard,fingers=3"
    "f5-win-k4|teaching|no|win start -k 4"
    "f5-win-k5|teaching|yes|win start -k 5"
    "f5-win-p2-k4|teaching|yes|win start -k 4 --player 2"
    "f5-reach-k7|teaching|yes|reach start 11/34:2 -k 7"
    "f5-reach-k6|teaching|no|reach start 11/34:2 -k 6"
    "f5-unreachable-k10|teaching|no|reach start 11/34:1 -k 10"
    "f5-exact-path-k15|teaching|yes|win start -k 15 --exact --no-repeat path"
    "onedie-win-k6|teaching|yes|win start -k 6 --rules onedie"
    "f5-unreachable-k40|hard|no|reach start 11/34:1 -k 40"
    "f1024-win-k14|hard|no|win start -k 14 --rules standard,fingers=1024"
    "f1024-path-k24|hard|yes|win start -k 24 --rules standard,fingers=1024 --no-repeat path"
    "f65536-win-k24|hard|no|win start -k 24 --rules standard,fingers=65536"
    "f65536-win-k25|hard|yes|win start -k 25 --rules standard,fingers=65536"
)

status=0
rows=()
for entry in "${instances[@]}"; do
    IFS='|' read -r name kind want args <<<"$entry"
    file=cnf/$name.cnf
    if [ "$kind" = hard ] && [ "$hard" = no ]; then
        echo "skip  $name (hard; run without --no-hard)"
        continue
    fi
    # shellcheck disable=SC2086
    if ! "$CHOPSAT" dimacs $args -o "$file"; then
        echo "FAIL  $name: chopsat dimacs $args failed"
        status=1
        continue
    fi
    t0=$(date +%s.%N)
    cadical -q "$file" >/dev/null 2>&1
    rc=$?
    secs=$(echo "$(date +%s.%N) - $t0" | bc -l)
    got=$([ $rc = 10 ] && echo yes || { [ $rc = 20 ] && echo no || echo "error $rc"; })
    question=$(sed -n 's/^c question: //p' "$file")
    size=$(sed -n 's/^p cnf \([0-9]*\) \([0-9]*\)$/\1 variables, \2 clauses/p' "$file")
    if [ "$got" = "$want" ]; then
        printf 'ok    %-20s %-4s %6.2f s  %s\n' "$name" "$got" "$secs" "$question"
    else
        echo "FAIL  $name: cadical says $got, expected $want ($question)"
        status=1
    fi
    rows+=("| \`$name.cnf\` | $kind | $question | **$want** | $size |")
done

[ "$hard" = yes ] || { echo "README not rewritten (--no-hard)"; exit $status; }
{
    cat <<'EOF'
# Curated DIMACS instances

Bounded questions about the games of docs/rules.md as CNF, written by `chopsat dimacs` and checked by
`cnf/make-cnf.sh` (`make cnf` regenerates them all, solves each with the cadical program, and
fails if an answer is not the expected one; it also writes this README from the same list).
Satisfiable means yes, unsatisfiable means no. Each file starts with comments that say what it
asks (rules, question, bound, encoding options, whether models are preserved) and a complete
variable map (`c var <n> <name>`, gates named by their definition); docs/encoding.md explains
the encoding on the first instance. Any solver's model of a satisfiable one becomes moves:

    cadical cnf/f5-win-k5.cnf > model.txt; ./chopsat decode cnf/f5-win-k5.cnf model.txt

The teaching-sized ones are committed. The hard ones (a few MB each) are not: `make cnf` (or
`bash cnf/make-cnf.sh`) makes them; `bash cnf/make-cnf.sh --no-hard` only the small ones.
The script prints the cadical program's time for each; benchmarks/RESULTS.md has measured
figures.

| file | kind | question | expected | size |
|---|---|---|---|---|
EOF
    printf '%s\n' "${rows[@]}"
    cat <<'EOF'

Notes on the questions:

- `f3-win-k1` is the example of docs/encoding.md: a tap wins at once, a split is also legal.
- `f3-win-k2`/`k3`, `f5-win-k4`/`k5`, `f5-reach-k6`/`k7`: pairs one move apart around the
  minimum (3, 5 and 7 moves), the classic SAT/UNSAT boundary of bounded model checking.
- `f5-unreachable-k10`, `-k40`: 11/34 with player 1 to move is not among the 382 positions
  reachable from the start (`chopsat graph` lists them); the solver must refute every path.
- `f5-exact-path-k15`: exactly 15 moves with no position twice (repetition constraints).
- `onedie-win-k6`: the race to 31 with a die; the first player can win in 6 moves.
- `f1024-*`, `f65536-*`: the same game with 2^10 and 2^16 fingers per hand: hands of 10 and
  16 bits, where hands grow like Fibonacci numbers and the first win needs 25 moves at 2^16.
EOF
} >cnf/README.md
echo "wrote cnf/README.md"
exit $status
