#!/usr/bin/env bash
# tests/lint/symbols.sh: what a program linking libchopsat.a sees (docs/architecture.md, "What a
# library user links"). Every global symbol the library defines starts with chopsat_ (the
# internal ones, fail, xmalloc, sat_new, aiger_read..., are local); every function of the
# public header that the library defines is among them; and a program that defines names the
# library uses inside (fail, xmalloc, aiger_read, sat_new) links and runs with it. Checks each
# built variant's library (release, debug, clang): run after a build (make, make check).
# The shared library of build/shared/ (make) exports the same symbols as libchopsat.a.
. "$(dirname "$0")/../cli/lib.sh"
cd "$(dirname "$0")/../.." || exit 2
BUILD=${BUILD:-build}
LIBS=${LIBS:-$(make -s --no-print-directory print-libs 2>/dev/null)}
PREFIX=chopsat_ # the one allowed prefix of an exported symbol

# The global symbols that the archive $1 defines, one per line.
defined() { nm -g --defined-only "$1" 2>/dev/null | awk 'NF == 3 { print $3 }' | sort -u; }

# exported_ok LIB: the global symbols of LIB without the prefix, space-separated (empty: fine).
exported_ok() { defined "$1" | grep -v "^$PREFIX" | tr '\n' ' '; }

libs=()
for v in release debug clang; do
    [ -f "$BUILD/$v/libchopsat.a" ] && libs+=("$v")
done

if selected symbols-library-built; then
    verdict symbols-library-built "$([ ${#libs[@]} -gt 0 ] || echo "no $BUILD/*/libchopsat.a: build first (make)")"
fi

for v in "${libs[@]}"; do
    lib=$BUILD/$v/libchopsat.a
    if selected "symbols-$v-only-public-prefix"; then
        bad=$(exported_ok "$lib")
        n=$(defined "$lib" | wc -l)
        why=""
        [ "$n" -gt 0 ] || why="$lib defines no global symbol"
        [ -z "$bad" ] || why="$why; exported without the $PREFIX prefix: $bad"
        verdict "symbols-$v-only-public-prefix" "${why#; }"
    fi
    # The public header's functions: the identifiers before a '(' in the preprocessed header
    # that the library's objects define as globals; each must stay global in libchopsat.a.
    if selected "symbols-$v-public-header-exported" && [ -f "$BUILD/$v/libchopsat-internal.a" ]; then
        header=$(${CC:-cc} -E -P -Iinclude include/chopsat.h 2>/dev/null |
            grep -oE '\b[A-Za-z_][A-Za-z0-9_]*[[:space:]]*\(' | tr -d ' \t(' | sort -u)
        inside=$(defined "$BUILD/$v/libchopsat-internal.a")
        public=$(comm -12 <(echo "$header") <(echo "$inside"))
        hidden=$(comm -23 <(echo "$public") <(defined "$lib") | tr '\n' ' ')
        why=""
        [ "$(echo "$public" | grep -c .)" -ge 20 ] || why="only $(echo "$public" | grep -c .) public functions found in include/chopsat.h"
        [ -z "$hidden" ] || why="$why; declared in include/chopsat.h but not exported: $hidden"
        verdict "symbols-$v-public-header-exported" "${why#; }"
    fi
done

# The shared library (build/shared/, what make install installs): the same exports as
# libchopsat.a, so only the prefix.
for so in "$BUILD"/shared/libchopsat.so.*.*; do
    [ -f "$so" ] && selected symbols-shared-only-public-prefix || continue
    dyn=$(nm -D --defined-only "$so" 2>/dev/null | awk 'NF == 3 { print $3 }' | sort -u)
    why=""
    [ "$(echo "$dyn" | grep -c .)" -gt 0 ] || why="$so exports no symbol"
    bad=$(echo "$dyn" | grep -v "^$PREFIX" | tr '\n' ' ')
    [ -z "$bad" ] || why="$why; exported without the $PREFIX prefix: $bad"
    if [ -f "$BUILD/release/libchopsat.a" ]; then
        differ=$(comm -3 <(echo "$dyn") <(defined "$BUILD/release/libchopsat.a") |
            tr -d ' \t' | tr '\n' ' ')
        [ -z "$differ" ] || why="$why; differs from libchopsat.a: $differ"
    fi
    verdict symbols-shared-only-public-prefix "${why#; }"
done

# A program with functions and data named like the library's internals links with the
# installed library and calls it (before, the two definitions of fail clashed).
if selected symbols-user-names-do-not-clash && [ -f "$BUILD/release/libchopsat.a" ]; then
    cat >"$TMP/user.c" <<'EOF'
#include <stdio.h>
#include <string.h>
#include "chopsat.h"
int fail = 7, xmalloc = 8, sat_new = 9; /* data where the library has functions */
int aiger_read(void) { return 11; }     /* the AIGER library's own name */
int main(void)
{
    chopsat_err err;
    chopsat_rules *r = chopsat_rules_parse("no-such-preset", &err);
    if (r || !strstr(err.msg, "no-such-preset")) return 1;
    r = chopsat_rules_parse("standard", &err);
    if (!r) return 2;
    chopsat_rules_free(r);
    printf("%d\n", fail + xmalloc + sat_new + aiger_read());
    return 0;
}
EOF
    why=""
    # shellcheck disable=SC2086 # LIBS is a list of flags
    if ! ${CC:-cc} -std=c11 -Iinclude "$TMP/user.c" "$BUILD/release/libchopsat.a" $LIBS \
        -o "$TMP/user" 2>"$TMP/user.err"; then
        why="does not link: $(grep -m2 -E 'multiple definition|error' "$TMP/user.err" | tr '\n' ' ')"
    elif [ "$("$TMP/user" 2>&1)" != 35 ]; then
        why="runs wrong: $("$TMP/user" 2>&1 | head -c 200)"
    fi
    verdict symbols-user-names-do-not-clash "$why"
fi

# The prefix check catches a leak: an archive that exports fail fails it.
if selected symbols-check-catches-a-leak; then
    printf 'int fail(void) { return 1; }\nint chopsat_x(void) { return fail(); }\n' >"$TMP/leak.c"
    ${CC:-cc} -c "$TMP/leak.c" -o "$TMP/leak.o" && ar rcs "$TMP/leak.a" "$TMP/leak.o"
    verdict symbols-check-catches-a-leak "$([ "$(exported_ok "$TMP/leak.a")" = "fail " ] ||
        echo "the check passed an archive exporting fail: '$(exported_ok "$TMP/leak.a")'")"
fi

finish
[ "$FAIL" -eq 0 ]
