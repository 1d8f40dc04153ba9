#!/usr/bin/env bash
# benchmarks/sizes.sh: the formula of every kind of question, this tree against the encoding of
# 2026-11-22 (commit 233d5ae, benchmarks/naive.sh): variables and clauses of `chopsat dimacs
# win|reach` and `chopsat qdimacs force` for every preset (chopsticks at fingers 5, 64 and 65536,
# the one-die game), K = 10 and 30, with the default options and with --exact, --no-repeat path
# (bounded questions) and --move-encoding binary. (--no-repeat immediate is left out: it was a
# different, weaker rule then.) Writes benchmarks/sizes.csv
#   rules,question,options,k,vars,clauses,naive_vars,naive_clauses,vars_ratio,clauses_ratio,commit
# and prints the smallest ratios. It needs the git history (a clone) to build the old commit.
#   bash benchmarks/sizes.sh
set -u
cd "$(dirname "$0")/.."
. benchmarks/naive.sh
naive_build
[ -n "$naive" ] || { echo "sizes.sh: no build of $naive_commit (run it in a git clone)" >&2; exit 1; }
out=benchmarks/sizes.csv
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# size BIN ARGS...: "VARS CLAUSES" of the formula the command writes (empty on an error)
size() { "$1" "${@:2}" -o - 2>/dev/null | awk '/^p cnf/ {print $3, $4; exit}'; }
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown) # the source measured, on every row
echo "rules,question,options,k,vars,clauses,naive_vars,naive_clauses,vars_ratio,clauses_ratio,commit" >"$tmp/csv"
for rules in standard rollover no-split even-split chinese onedie; do
    for f in 5 64 65536; do
        r="$rules,fingers=$f"; target=0,1/0,1:1
        if [ "$rules" = onedie ]; then [ "$f" = 5 ] || continue; r=onedie; target=25@4:2; fi
        for k in 10 30; do
            for q in win reach force; do
                for opt in "" --exact "--no-repeat path" "--move-encoding binary"; do
                    [ "$q" = force ] && case $opt in --exact | --no-repeat*) continue ;; esac
                    case $q in
                    win) args=(dimacs win start) ;;
                    reach) args=(dimacs reach start "$target") ;;
                    force) args=(qdimacs force start) ;;
                    esac
                    # shellcheck disable=SC2086
                    read -r v c < <(size ./chopsat "${args[@]}" -k "$k" --rules "$r" $opt)
                    # shellcheck disable=SC2086
                    read -r nv nc < <(size "$naive" "${args[@]}" -k "$k" --rules "$r" $opt)
                    if [ -z "${v:-}" ] || [ -z "${nv:-}" ]; then
                        echo "sizes.sh: no formula for ${args[*]} -k $k --rules $r $opt" >&2
                        exit 1
                    fi
                    echo "\"$r\",$q,\"$opt\",$k,$v,$c,$nv,$nc,$(echo "scale=2; $nv/$v" | bc),$(echo "scale=2; $nc/$c" | bc),$commit" >>"$tmp/csv"
                done
            done
        done
    done
done
mv "$tmp/csv" "$out"
echo "wrote $out ($(($(wc -l <"$out") - 1)) formulas)"
for col in 9 10; do
    name=$([ $col = 9 ] && echo variables || echo clauses)
    echo "smallest ratio of $name (naive / now):"
    tail -n +2 "$out" | sort -t, -k$col -n | head -n 3 | sed 's/^/  /'
done
