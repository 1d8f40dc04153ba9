#!/usr/bin/env bash
# tests/cli/library.sh: every program the documents show for the library (a ```c block followed
# by a block whose first line is `$ cc ... && ./NAME`) compiles against include/ and
# libchopsat.a with the link line shown, warning-free (-Wall -Wextra -Werror), and prints
# exactly the output the document shows after that line. Also: include/chopsat.h and
# include/chopsat_tool.h compile alone, as C11 and as C++ (their extern "C" guards).
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
LIB=${CHOPSAT_LIB:-$ROOT/libchopsat.a}
[ -f "$LIB" ] || LIB=$ROOT/build/release/libchopsat.a

# The programs of one document as NAME<TAB>FILE.c<TAB>FILE.expected, written into $TMP.
extract() {
    python3 - "$1" "$TMP" <<'PY'
import re, sys
doc, tmp = sys.argv[1], sys.argv[2]
text = open(doc).read()
base = doc.replace('/', '_').replace('.', '_')
for i, m in enumerate(re.finditer(r'```c\n(.*?)```\n\n```\n\$ (cc [^\n]*&& \./([a-z_]+))\n(.*?)```',
                                  text, re.S)):
    src, cmd, name, out = m.group(1), m.group(2), m.group(3), m.group(4)
    stem = '%s/%s_%d' % (tmp, base, i)
    open(stem + '.c', 'w').write(src)
    open(stem + '.expected', 'w').write(out)
    open(stem + '.cmd', 'w').write(cmd)
    print('%s %d\t%s' % (doc, i, stem))
PY
}

# Compiles and runs one program; its verdict.
run_program() {
    local name=$1 stem=$2 why=""
    local cmd exe
    cmd=$(cat "$stem.cmd")
    exe=$(sed -E 's/.*&& \.\/([a-z_]+)$/\1/' <<<"$cmd")
    # the document's link line, the file named as shown, warnings as errors
    local file
    file=$(sed -E 's/.* ([a-z_]+\.c) .*/\1/' <<<"$cmd")
    mkdir -p "$stem.d" && cp "$stem.c" "$stem.d/$file"
    local line=${cmd% && ./*}
    line=${line/ libchopsat.a / $LIB }
    line=${line/-Iinclude/-I$ROOT/include}
    if ! (cd "$stem.d" && ${line/cc /${CC:-cc} -Wall -Wextra -Werror } >build.txt 2>&1); then
        why="does not compile: $(head -c 400 "$stem.d/build.txt")"
    elif ! (cd "$stem.d" && timeout 120 "./$exe" >out.txt 2>err.txt); then
        why="exit status $?: $(head -c 300 "$stem.d/err.txt")"
    elif ! diff -u "$stem.expected" "$stem.d/out.txt" >"$stem.d/diff.txt"; then
        why="output differs: $(head -c 600 "$stem.d/diff.txt")"
    fi
    verdict "$name" "$why"
}

found=0
for doc in "$ROOT"/README.md "$ROOT"/docs/*.md; do
    rel=${doc#"$ROOT"/}
    while IFS=$'\t' read -r name stem; do
        [ -n "$name" ] || continue
        found=$((found + 1))
        name="library example ${name#"$ROOT"/}"
        selected "$name" && run_program "$name" "$stem"
    done < <(cd "$ROOT" && extract "$rel")
done
expect "the documents show library programs" 0 -- test "$found" -ge 2

# The headers alone: C11, and C++ through their extern "C" guards.
for h in chopsat.h chopsat_tool.h; do
    printf '#include "%s"\nint main(void) { return chopsat_version()[0] == 0; }\n' "$h" >"$TMP/h.c"
    expect "$h compiles alone as C11" 0 -- ${CC:-cc} -std=c11 -Wall -Wextra -Werror -pedantic \
        -I"$ROOT/include" -fsyntax-only "$TMP/h.c"
    if command -v g++ >/dev/null || command -v clang++ >/dev/null; then
        CXX=$(command -v g++ || command -v clang++)
        cp "$TMP/h.c" "$TMP/h.cc"
        expect "$h compiles as C++ with C linkage" 0 -- "$CXX" -Wall -Wextra -Werror \
            -I"$ROOT/include" -c "$TMP/h.cc" -o "$TMP/h.o"
        expect "$h: chopsat_version has C linkage" 0 -- \
            sh -c "nm '$TMP/h.o' | grep -q ' U chopsat_version$'"
    fi
done
finish
