#!/usr/bin/env bash
# tests/lint/build.sh: the build installs nothing unless asked (README.md, "Set-up"). In a fresh
# copy of the tree, with apt-get, sudo, dpkg-query and id replaced by fakes that log their
# calls (each check in a copy of its own): `make -n` of every building target (all, debug, clang,
# check, the fuzzers, and install) would never reach setup nor call apt-get, and none but install
# would install chopsat; `make test` and `make run` reach setup before they compile
# anything; a missing library stops a plain build with one line naming its Debian package, and
# before any object; `make setup` prints the sudo line for a user and calls apt-get for root.
. "$(dirname "$0")/../cli/lib.sh"
cd "$(dirname "$0")/../.." || exit 2

mkdir -p "$TMP/fake"
log=$TMP/calls
: >"$log"
for tool in apt-get sudo; do
    printf '#!/bin/sh\necho "%s $*" >>"%s"\n' "$tool" "$log" >"$TMP/fake/$tool"
done
# dpkg-query: every package installed when FAKE_INSTALLED=yes, none otherwise.
printf '#!/bin/sh\necho "dpkg-query $*" >>"%s"\n[ "$FAKE_INSTALLED" = yes ] && printf "install ok installed" && exit 0\nexit 1\n' \
    "$log" >"$TMP/fake/dpkg-query"
# id -u: FAKE_UID.
printf '#!/bin/sh\n[ "$1" = -u ] && echo "${FAKE_UID:-1000}" && exit 0\nexec /usr/bin/id "$@"\n' >"$TMP/fake/id"
chmod +x "$TMP"/fake/*
FAKEPATH=$TMP/fake:$PATH

# fake_make ARGS...: make in a new copy of the tree ($fresh) with the fakes first on the PATH,
# as a make of its own (not a sub-make of the make that runs the tests); output in $TMP/out.
n=0
fake_make() {
    n=$((n + 1))
    fresh=$TMP/fresh$n
    mkdir -p "$fresh" && cp -r Makefile src include tests "$fresh/"
    env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL PATH="$FAKEPATH" \
        make --no-print-directory -C "$fresh" "$@" >"$TMP/out" 2>&1
}

for target in all debug clang check fuzzers install; do
    name="build-$target-installs-nothing"
    selected "$name" || continue
    : >"$log"
    FAKE_INSTALLED=no fake_make -n --trace "$target"
    st=$? why=""
    [ "$st" -eq 0 ] || why="make -n $target: exit status $st: $(tail -n 2 "$TMP/out" | tr '\n' ' ')"
    grep -q -- ' -c src/core/util.c ' "$TMP/out" || why="$why; would not compile src/core/util.c"
    t=$(grep -oE "target '(setup|setup-bench|install-pkgs)'" "$TMP/out" | sort -u | tr '\n' ' ')
    [ -z "$t" ] || why="$why; would make $t"
    grep -q 'apt-get update' "$TMP/out" && why="$why; would run apt-get"
    [ -s "$log" ] && why="$why; called $(tr '\n' ' ' <"$log")"
    if [ "$target" != install ]; then
        grep -qE "target '(install|uninstall)'" "$TMP/out" && why="$why; would make install"
    fi
    verdict "$name" "${why#; }"
done

# make test and make run: setup first (its trace line before the first compile; V=1, as make
# run shows its build's commands only then).
for target in test run; do
    name="build-$target-sets-up-first"
    selected "$name" || continue
    : >"$log"
    FAKE_INSTALLED=yes FAKE_UID=1000 fake_make -n --trace V=1 "$target"
    st=$? why=""
    [ "$st" -eq 0 ] || why="make -n $target: exit status $st: $(tail -n 2 "$TMP/out" | tr '\n' ' ')"
    s=$(grep -n "target 'setup'" "$TMP/out" | head -n 1 | cut -d: -f1)
    c=$(grep -n -- ' -c src/' "$TMP/out" | head -n 1 | cut -d: -f1)
    if [ -z "$s" ]; then
        why="$why; never reaches setup"
    elif [ -z "$c" ] || [ "$s" -gt "$c" ]; then
        why="$why; setup (line $s) not before the first compile (line ${c:-none})"
    fi
    grep -q '^apt-get' "$log" && why="$why; called apt-get with every package installed"
    grep -qE "target '(install|uninstall)'" "$TMP/out" && why="$why; would make install"
    verdict "$name" "${why#; }"
done

# A missing library: one line naming the package, nothing compiled, nothing installed.
if selected build-missing-library-one-line; then
    : >"$log"
    FAKE_INSTALLED=no fake_make chopsat LIBRARY_CHECKS="nosuch/nosuch.h:nosuch:libnosuch-dev stdio.h:m:libc6-dev"
    st=$? why=""
    [ "$st" -ne 0 ] || why="exit status 0"
    [ "$(wc -l <"$TMP/out")" -eq 1 ] || why="$why; $(wc -l <"$TMP/out") lines of output"
    grep -q 'install the Debian packages libnosuch-dev (sudo apt-get install -y libnosuch-dev' "$TMP/out" ||
        why="$why; no line naming libnosuch-dev alone"
    [ -n "$(find "$fresh" -name '*.o' | head -n 1)" ] && why="$why; compiled objects before stopping"
    [ -s "$log" ] && why="$why; called $(tr '\n' ' ' <"$log")"
    verdict build-missing-library-one-line "${why#; }$([ -n "$why" ] && tr '\n' '|' <"$TMP/out")"
fi

# make setup as a user: the sudo line with every missing package, exit 1, no apt-get.
if selected build-setup-as-user-prints-sudo-line; then
    : >"$log"
    FAKE_INSTALLED=no FAKE_UID=1000 fake_make setup
    st=$? why=""
    [ "$st" -ne 0 ] || why="exit status 0"
    grep -q '^  sudo apt-get install -y picosat libcadical-dev depqbf' "$TMP/out" || why="$why; no sudo line"
    grep -q '^apt-get' "$log" && why="$why; called apt-get"
    verdict build-setup-as-user-prints-sudo-line "${why#; }$([ -n "$why" ] && tr '\n' '|' <"$TMP/out")"
fi

# make setup as root: apt-get installs the missing packages.
if selected build-setup-as-root-installs; then
    : >"$log"
    FAKE_INSTALLED=no FAKE_UID=0 fake_make setup
    st=$? why=""
    [ "$st" -eq 0 ] || why="exit status $st: $(tr '\n' ' ' <"$TMP/out")"
    grep -q '^apt-get install -y -qq picosat libcadical-dev depqbf' "$log" ||
        why="$why; apt-get not called to install: $(tr '\n' ' ' <"$log")"
    verdict build-setup-as-root-installs "${why#; }"
fi

finish
[ "$FAIL" -eq 0 ]
