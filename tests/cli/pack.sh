#!/usr/bin/env bash
# tests/cli/pack.sh: `chopsat pack DIR` end to end on a small family (no-split at 4 fingers:
# win1, reach and force1 at min-1, min and 6; a few seconds). Every DIMACS and QDIMACS file: an
# exact p line (V = the variables occurring = the largest, C = the clauses), no tautology, no
# repeated literal; every status in meta.csv is what the solvers say (picosat and cadical on the
# CNF, depqbf on the QDIMACS, z3 on the SMT-LIB, ABC on the AIGER); the GBD hash equals a second
# implementation's (Python, written here from the GBD tool's description); meta.csv has its 13
# columns; the SMT-LIB header is SMT-LIB's; README.md is there. Also: bad options (one line, exit
# 2), a folder that is not empty or not a folder (exit 1, nothing changed), --force over an old
# pack that cannot be replaced (all or nothing: the old pack intact), no file left behind
# when the pack is stopped by a signal, --target-seconds, and `aiger --no-constraints` (ABC finds
# the same frame without `fold`), and hand counts (--counts 3,3/2: the count in meta.csv's rules and
# the file names, every file checked as above and its status by CaDiCaL and z3). Needs python3, xz, picosat, cadical, depqbf, z3, berkeley-abc
# (make test installs them).
. "$(dirname "$0")/lib.sh"
: "${CHOPSAT:=./chopsat}"
for tool in python3 xz picosat cadical depqbf z3 berkeley-abc; do
    command -v $tool >/dev/null || { echo "FAIL cli_pack: $tool is missing (make setup installs it)"; finish; exit 1; }
done

P=$TMP/pack
SMALL=(--presets no-split --fingers 4 --questions win1,reach,force1 --bounds min-1,min,6 --quiet)
expect pack-small 0 --out "pack: wrote" --out "meta.csv and README.md" -- "$CHOPSAT" pack "$P" "${SMALL[@]}"

# the Python side: checks of the files, and the GBD hash computed from the file as GBD reads one
cat >"$TMP/check.py" <<'EOF'
import csv, hashlib, lzma, os, sys
pack = sys.argv[1]

def text(path):
    return (lzma.open(path) if path.endswith('.xz') else open(path, 'rb')).read().decode()

def gbd_hash(data, qbf):
    # the GBD tool: comment and p lines skipped; a clause is its literals, each followed by a
    # space, then 0; a QDIMACS quantifier line "e"/"a" the same way; all joined by one space
    toks = []
    for line in data.split('\n'):
        s = line.strip()
        if s and s[0] not in 'cp':
            toks.extend(s.split())
    items, i = [], 0
    while i < len(toks):
        head = ''
        if qbf and toks[i] in ('a', 'e'):
            head, i = toks[i] + ' ', i + 1
        lits = []
        while i < len(toks) and toks[i] != '0':
            lits.append(toks[i] + ' ')
            i += 1
        i += 1
        items.append(head + ''.join(lits) + '0')
    return hashlib.md5(' '.join(items).encode()).hexdigest()

def check_cnf(path, qbf):
    nv = nc = None
    clauses, quantified = [], []
    for line in text(path).split('\n'):
        s = line.split()
        if not s or s[0] == 'c':
            continue
        if s[0] == 'p':
            nv, nc = int(s[2]), int(s[3])
        elif s[0] in ('a', 'e'):
            quantified += [int(x) for x in s[1:-1]]
        else:
            assert s[-1] == '0', '%s: a clause line not ended by 0' % path
            clauses.append([int(x) for x in s[:-1]])
    used = {abs(l) for c in clauses for l in c}
    assert nc == len(clauses), '%s: p line says %d clauses, the file has %d' % (path, nc, len(clauses))
    assert nv == len(used) == max(used), '%s: p line says %d variables; %d occur, the largest %d' % (path, nv, len(used), max(used))
    for c in clauses:
        assert len(set(c)) == len(c), '%s: repeated literal in %s' % (path, c)
        assert not any(-l in c for l in c), '%s: tautology %s' % (path, c)
    if qbf:
        assert set(quantified) <= used, '%s: a quantified variable occurs in no clause' % path
    return len(clauses)

rows = list(csv.reader(open(os.path.join(pack, 'meta.csv'))))
header = 'file,format,family,rules,question,k,status,established,variables,clauses,gbd_hash,ref_solver,ref_seconds'
assert ','.join(rows[0]) == header, 'meta.csv header: %s' % rows[0]
listed = set()
for r in rows[1:]:
    assert len(r) == 13, 'meta.csv row of %d fields: %s' % (len(r), r)
    f = dict(zip(header.split(','), r))
    listed.add(f['file'])
    path = os.path.join(pack, f['file'])
    assert f['status'] in ('sat', 'unsat'), f
    assert f['established'], f
    if f['format'] in ('cnf', 'qdimacs'):
        qbf = f['format'] == 'qdimacs'
        check_cnf(path, qbf)
        assert f['gbd_hash'] == gbd_hash(text(path), qbf), '%s: GBD hash %s, Python says %s' % (f['file'], f['gbd_hash'], gbd_hash(text(path), qbf))
    if f['format'] == 'smt2':
        lines = text(path).split('\n')
        assert lines[0] == '(set-info :smt-lib-version 2.6)' and lines[1] == '(set-logic QF_BV)', lines[:2]
        assert lines[2].startswith('(set-info :source |'), lines[2]
        body = '\n'.join(lines)
        for info in (':license', ':category', ':status ' + f['status']):
            assert '(set-info ' + info in body, '%s lacks %s' % (f['file'], info)
        assert body.count('(check-sat)') == 1 and body.rstrip().endswith('(exit)'), f['file']
        assert 'get-model' not in body and 'check-sat-assuming' not in body, f['file']
    print(f['file'], f['format'], f['status'], f['k'])
files = {n for n in os.listdir(pack) if n not in ('meta.csv', 'README.md')}
assert files == listed, 'files not in meta.csv: %s; rows without a file: %s' % (files - listed, listed - files)
EOF

if selected pack-files; then
    python3 "$TMP/check.py" "$P" >"$TMP/rows" 2>"$TMP/pyerr"
    verdict pack-files "$([ $? = 0 ] || head -c 400 "$TMP/pyerr")"
fi

# every status against the solvers, on the decompressed files
if selected pack-statuses; then
    why=""
    n=0
    while read -r file format status k; do
        n=$((n + 1))
        want=$([ "$status" = sat ] && echo 10 || echo 20)
        case $format in
        cnf)
            xz -dc "$P/$file" >"$TMP/f.cnf"
            picosat "$TMP/f.cnf" >/dev/null; a=$?
            cadical -q "$TMP/f.cnf" >/dev/null; b=$?
            [ $a = "$want" ] && [ $b = "$want" ] || why="$why; $file: picosat $a, cadical $b, meta.csv $status" ;;
        qdimacs)
            xz -dc "$P/$file" >"$TMP/f.qdimacs"
            depqbf "$TMP/f.qdimacs" >/dev/null; a=$?
            [ $a = "$want" ] || why="$why; $file: depqbf $a, meta.csv $status" ;;
        smt2)
            a=$(z3 "$P/$file")
            [ "$a" = "$status" ] || why="$why; $file: z3 $a, meta.csv $status" ;;
        aiger)
            cp "$P/$file" "$TMP/f.aig"
            out=$(cd "$TMP" && berkeley-abc -q "read f.aig; fold; bmc3 -F $((k + 1))" 2>&1)
            a=unsat
            [[ "$out" == *"asserted in frame"* ]] && a=sat
            [ "$a" = "$status" ] || why="$why; $file: ABC bmc3 $a, meta.csv $status" ;;
        esac
    done <"$TMP/rows"
    [ "$n" -ge 8 ] || why="$why; only $n files checked"
    verdict "pack-statuses ($n files)" "${why#; }"
fi

expect pack-readme 0 --out "# chopsat benchmark family" --out "| cnf |" --out "Expected answers" -- cat "$P/README.md"
expect pack-first-comment 0 --out "c chopsat pack: family chopsat-win1" --out "c generator: chopsat dimacs win" \
    -- sh -c "xz -dc '$P'/win1-*-k5.cnf.xz | head -n 3"

# hand counts (the rules option count, docs/rules.md): a family parameter; every file of a count
# pack checked as the files above, meta.csv's rules naming the count, the statuses the solvers'
H=$TMP/hands
expect pack-counts 0 --out "pack: wrote 16 files" -- "$CHOPSAT" pack "$H" --presets no-split --fingers 3 \
    --counts 3,3/2 --questions win1,win2 --bounds min-1,min --formats cnf,smt2 --quiet
if selected pack-counts-files; then
    python3 "$TMP/check.py" "$H" >"$TMP/hrows" 2>"$TMP/pyerr"
    why=$([ $? = 0 ] || head -c 400 "$TMP/pyerr")
    grep -q '^win1-no-split-f3-c3-k[0-9]*.cnf.xz,cnf,chopsat-win1,"no-split,fingers=3,.*,count=3",' "$H/meta.csv" ||
        why="$why; no count=3 row in meta.csv"
    grep -q '^win2-no-split-f3-c3x2-k[0-9]*.smt2,smt2,chopsat-win2,"no-split,fingers=3,.*,count=3/2",' "$H/meta.csv" ||
        why="$why; no count=3/2 row in meta.csv"
    grep -q 'hand counts `3,3/2`' "$H/README.md" && grep -q 'the rules option `count`' "$H/README.md" ||
        why="$why; README.md names no hand counts"
    while read -r file format status _; do
        case $format in
        cnf) xz -dc "$H/$file" >"$TMP/h.cnf"
            cadical -q "$TMP/h.cnf" >/dev/null; a=$?
            [ $a = "$([ "$status" = sat ] && echo 10 || echo 20)" ] || why="$why; $file: cadical $a, meta.csv $status" ;;
        smt2) a=$(z3 "$H/$file")
            [ "$a" = "$status" ] || why="$why; $file: z3 $a, meta.csv $status" ;;
        esac
    done <"$TMP/hrows"
    verdict pack-counts-files "${why#; }"
fi
expect pack-counts-two-is-today 0 --out "win1-no-split-f4-k5.cnf.xz" -- sh -c \
    "'$CHOPSAT' pack '$TMP/two' --counts 2,2/2 --fingers 4 --presets no-split --questions win1 --bounds min --formats cnf --quiet >/dev/null && ls '$TMP/two'"

# bad usage: one line, exit 2, nothing written
for bad in "--counts 0" "--counts 9" "--counts 3/" "--counts 2/x" "--questions win3" "--bounds min-x" "--bounds 100001" "--fingers 1" "--presets nosuch" \
    "--presets standard,fingers=7" "--formats cnf,pdf" "--target-seconds 5..2" "--target-seconds 5" \
    "--questions ,,"; do
    name="pack-usage ${bad%% *}=${bad#* }"
    selected "$name" || continue
    # shellcheck disable=SC2086 # the option and its value are two words
    "$CHOPSAT" pack "$TMP/bad" $bad >"$TMP/out" 2>"$TMP/err"
    st=$?
    why=""
    [ $st = 2 ] || why="exit $st"
    [ "$(wc -l <"$TMP/err")" = 1 ] || why="$why; $(wc -l <"$TMP/err") lines on stderr"
    [ ! -e "$TMP/bad" ] || why="$why; $TMP/bad was made"
    verdict "$name" "${why#; }"
done
expect pack-usage-no-dir 2 --err "usage: pack DIR" -- "$CHOPSAT" pack
expect pack-usage-two-dirs 2 --err "unexpected argument" -- "$CHOPSAT" pack "$TMP/a" "$TMP/b"

# the folder: not empty, a file, a link
mkdir -p "$TMP/full" && echo keep >"$TMP/full/mine.txt"
expect pack-not-empty 1 --err "is not empty (--force writes into it" -- "$CHOPSAT" pack "$TMP/full" "${SMALL[@]}"
expect pack-not-empty-kept 0 --out keep -- sh -c "ls '$TMP/full' | tr '\n' ' '; cat '$TMP/full/mine.txt'"
echo data >"$TMP/afile"
expect pack-a-file 1 --err "not a folder" -- "$CHOPSAT" pack "$TMP/afile" "${SMALL[@]}"
ln -s "$TMP/full" "$TMP/alink"
expect pack-a-link 1 --err "symbolic link" -- "$CHOPSAT" pack "$TMP/alink" "${SMALL[@]}"
mkdir -p "$TMP/bare" && ln -s "$TMP/bare" "$TMP/barelink" # "barelink/" is the folder it points to
expect pack-a-link-slash 1 --err "symbolic link" -- "$CHOPSAT" pack "$TMP/barelink/" "${SMALL[@]}"
expect pack-a-link-slash-kept 0 -- sh -c "test -z \"\$(ls -A '$TMP/bare')\""
# a repeated finger count is one count (as presets and questions are); an empty entry is refused
ONE=(--presets no-split --questions win1 --bounds min --formats cnf --quiet)
expect pack-fingers-repeated 0 --out "pack: wrote 1 files" -- "$CHOPSAT" pack "$TMP/twice" --fingers 4,4 "${ONE[@]}"
for bad in 4,,5 ,4 4, ""; do
    expect "pack-fingers-empty-entry-'$bad'" 2 --err "none empty, not '$bad'" -- \
        "$CHOPSAT" pack "$TMP/empty-entry" --fingers "$bad" "${ONE[@]}"
done
expect pack-fingers-empty-entry-nothing-made 1 -- test -e "$TMP/empty-entry"
expect pack-force 0 --out "pack: wrote" -- "$CHOPSAT" pack "$TMP/full" --presets no-split --fingers 4 \
    --questions win1 --bounds min --formats cnf --force --quiet
expect pack-force-kept 0 --out "mine.txt" --out "win1-no-split-f4-k5.cnf.xz" --out meta.csv -- ls "$TMP/full"

# --force over an old pack: all or nothing. A destination that is a folder is refused before the
# first move; a move that fails anyway (an immutable README.md, renamed last) puts back the moves
# before it. Either way the old pack is as it was (the old binary moved meta.csv and the new
# .cnf.xz in, then failed: half an old pack, half a new one) and no staging folder is left.
# folder_sum DIR: every name in DIR with the checksum of each file.
folder_sum() { (cd "$1" && ls -A && find . -type f -exec md5sum {} + | sort); }
# force_over NAME HOW: an old pack, its README.md made unreplaceable by HOW (folder, immutable),
# then `pack --force` of another pack over it: exit 1, one line, the old pack unchanged.
force_over() {
    local d=$TMP/$1 why="" st
    "$CHOPSAT" pack "$d" "${ONE[@]}" --fingers 4 >/dev/null
    if [ "$2" = folder ]; then
        rm "$d/README.md" && mkdir "$d/README.md"
    elif ! chattr +i "$d/README.md" 2>/dev/null; then
        echo "skip $1: chattr +i does not work here (no immutable files on this file system)"
        return
    fi
    local before
    before=$(folder_sum "$d")
    "$CHOPSAT" pack "$d" --presets no-split --fingers 4 --questions win1 --bounds min-1,min \
        --formats cnf --quiet --force >"$TMP/out" 2>"$TMP/err"
    st=$?
    [ "$2" = folder ] || chattr -i "$d/README.md"
    [ $st = 1 ] || why="exit $st, wanted 1"
    [ "$(wc -l <"$TMP/err")" = 1 ] || why="$why; stderr: $(head -c 300 "$TMP/err")"
    [ "$(folder_sum "$d")" = "$before" ] || why="$why; the old pack changed: now $(ls -A "$d" | tr '\n' ' ')"
    verdict "$1" "${why#; }"
}
selected pack-force-folder-destination && force_over pack-force-folder-destination folder
selected pack-force-failed-move-undone && force_over pack-force-failed-move-undone immutable

# stopped by a signal: neither the folder it made nor a staged file stays
if selected pack-signal; then
    "$CHOPSAT" pack "$TMP/killed" --presets standard --fingers 5,64 --questions win1 --bounds min-1,min,40 --quiet \
        >/dev/null 2>"$TMP/err" &
    pid=$!
    for _ in $(seq 50); do [ -d "$TMP/killed" ] && break; sleep 0.1; done
    sleep 1
    kill -TERM $pid
    wait $pid
    st=$?
    why=""
    [ $st = 143 ] || why="exit $st (the pack finished before the signal?)"
    [ ! -e "$TMP/killed" ] || why="$why; left: $(ls -A "$TMP/killed" | tr '\n' ' ')"
    verdict pack-signal "${why#; }"
fi

# --target-seconds: kept when the reference time is in range, counted when not
expect pack-target-in 0 --out "wrote 4 files" --out "0 outside 0..60 s" -- "$CHOPSAT" pack "$TMP/t1" \
    --presets no-split --fingers 4 --questions win1 --bounds min-1,min --formats cnf,smt2 --target-seconds 0..60 --quiet
expect pack-target-out 0 --out "wrote 0 files" --out "2 outside 500..600 s" -- "$CHOPSAT" pack "$TMP/t2" \
    --presets no-split --fingers 4 --questions win1 --bounds min-1,min --formats cnf --target-seconds 500..600 --quiet

# aiger --no-constraints: no constraint section, and ABC finds the frame without `fold`
if selected pack-aiger-folded; then
    "$CHOPSAT" aiger win start -k 12 --no-constraints -o "$TMP/nc.aig"
    "$CHOPSAT" aiger win start -k 12 -o "$TMP/c.aig"
    a=$(cd "$TMP" && berkeley-abc -q "read nc.aig; bmc3 -F 13" 2>&1 | grep -o 'asserted in frame [0-9]*')
    b=$(cd "$TMP" && berkeley-abc -q "read c.aig; fold; bmc3 -F 13" 2>&1 | grep -o 'asserted in frame [0-9]*')
    hdr=$(head -c 40 "$TMP/nc.aig" | head -n 1)
    why=""
    [ "$a" = "asserted in frame 5" ] && [ "$a" = "$b" ] || why="folded: '$a', with fold: '$b'"
    [[ "$hdr" =~ ^aig\ [0-9]+\ [0-9]+\ [0-9]+\ 0\ [0-9]+\ 1\ 0$ ]] || why="$why; header '$hdr' (wanted 1 bad, 0 constraints)"
    verdict pack-aiger-folded "${why#; }"
fi

finish
