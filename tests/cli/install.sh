#!/usr/bin/env bash
# tests/cli/install.sh: `make install` and `make uninstall` (docs/library.md, "Installing and
# linking"). Installs into a temporary DESTDIR with a PREFIX and checks what lands there (the
# command, both libraries, the SONAME and its links, the headers, chopsat.pc, the manual page,
# their modes); compiles a small C program against the installed header and library through
# pkg-config (PKG_CONFIG_PATH and PKG_CONFIG_SYSROOT_DIR into the DESTDIR), once with the shared
# library (LD_LIBRARY_PATH) and once statically (pkg-config --static), and runs both; runs
# groff -man -ww on the installed page; checks that `make uninstall` leaves no file behind and
# that `make install-strip` installs stripped files that work; and
# installs under $HOME/.local as a user who is not root (as root: as nobody, with setpriv),
# changing nothing in the tree.
# Run after a build (make): the install builds only what is missing.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-build}
MAKE_ARGS=()
[ "${BUILD%no-depqbf}" = "$BUILD" ] || MAKE_ARGS+=(DEPQBF=0)

# mk ARGS...: make in the tree as a make of its own (not a sub-make of make test); output in
# $TMP/make.out.
mk() {
    env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
        make --no-print-directory -C "$ROOT" "${MAKE_ARGS[@]+"${MAKE_ARGS[@]}"}" "$@" \
        >"$TMP/make.out" 2>&1
}

# The program: the version, a checked answer (CaDiCaL, then PicoSAT: the solvers linked in) and
# a call of chopsat_tool.h (the JSON writer).
cat >"$TMP/prog.c" <<'EOF'
#include <stdio.h>

#include <chopsat.h>
#include <chopsat_tool.h>

static int ask(const chopsat_rules *r, const char *solver)
{
    chopsat_query q = {.kind = CHOPSAT_Q_WIN, .player = 2, .k = 12};
    chopsat_pos_start(r, &q.from);
    chopsat_ask_opts o = {.bmc = {.solver = solver}};
    chopsat_answer *a;
    chopsat_err err;
    int rc = chopsat_ask(r, &q, &o, &a, &err);
    if (rc < 0) {
        fprintf(stderr, "%s\n", err.msg);
        return -1;
    }
    int moves = chopsat_answer_moves(a);
    chopsat_answer_free(a);
    return moves;
}

int main(void)
{
    chopsat_err err;
    chopsat_rules *r = chopsat_rules_parse("standard", &err);
    if (!r) return 1;
    chopsat_json j;
    chopsat_json_init(&j, stdout);
    chopsat_json_object(&j);
    chopsat_json_key(&j, "version");
    chopsat_json_string(&j, chopsat_version());
    chopsat_json_end(&j);
    printf("\n%d %d\n", ask(r, "cadical"), ask(r, "picosat"));
    chopsat_rules_free(r);
    return 0;
}
EOF

STAGE=$TMP/stage
P=/opt/chopsat-test # the PREFIX
D=$STAGE$P          # where it lands
# Every file install puts there, relative to the PREFIX (the version from the installed .pc).
expected_files() {
    local v=$1
    printf '%s\n' bin/chopsat include/chopsat.h include/chopsat_tool.h lib/libchopsat.a \
        lib/libchopsat.so "lib/libchopsat.so.${v%%.*}" "lib/libchopsat.so.$v" \
        lib/pkgconfig/chopsat.pc share/man/man1/chopsat.1 \
        $(cd "$ROOT/src/grade/exercises" && ls *.json | sed 's|^|share/chopsat/exercises/|') | sort
}

mk install DESTDIR="$STAGE" PREFIX="$P"
st=$?
if selected install-destdir-files; then
    why=""
    [ "$st" -eq 0 ] ||
        why="make install: exit status $st: $(tail -n 3 "$TMP/make.out" | tr '\n' ' ')"
    v=$(sed -n 's/^Version: //p' "$D/lib/pkgconfig/chopsat.pc" 2>/dev/null)
    [ -n "$v" ] || why="$why; no Version in chopsat.pc"
    got=$(cd "$STAGE" 2>/dev/null && find . ! -type d | sed "s|^\./${P#/}/||" | sort)
    [ "$got" = "$(expected_files "$v")" ] || why="$why; installed: $(echo $got)"
    [ "$(stat -c %a "$D/bin/chopsat" 2>/dev/null)" = 755 ] || why="$why; bin/chopsat not mode 755"
    [ "$(stat -c %a "$D/include/chopsat.h" 2>/dev/null)" = 644 ] ||
        why="$why; chopsat.h not mode 644"
    [ "$("$D/bin/chopsat" --version 2>&1)" = "chopsat $v" ] ||
        why="$why; chopsat --version says '$("$D/bin/chopsat" --version 2>&1)', chopsat.pc $v"
    verdict install-destdir-files "${why#; }"
fi

# The shared library: named by its SONAME (the version's first number), the links to it, and
# only chopsat_* exported (as libchopsat.a).
if selected install-shared-soname; then
    v=$(sed -n 's/^Version: //p' "$D/lib/pkgconfig/chopsat.pc" 2>/dev/null)
    so=$D/lib/libchopsat.so.$v
    why=""
    soname=$(readelf -d "$so" 2>/dev/null | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
    [ "$soname" = "libchopsat.so.${v%%.*}" ] || why="SONAME '$soname'"
    [ "$(readlink "$D/lib/libchopsat.so.${v%%.*}")" = "libchopsat.so.$v" ] ||
        why="$why; libchopsat.so.${v%%.*} does not link to libchopsat.so.$v"
    [ "$(readlink "$D/lib/libchopsat.so")" = "libchopsat.so.${v%%.*}" ] ||
        why="$why; libchopsat.so does not link to the SONAME"
    exported=$(nm -D --defined-only "$so" 2>/dev/null | awk 'NF == 3 { print $3 }')
    [ "$(echo "$exported" | grep -c '^chopsat_')" -ge 20 ] ||
        why="$why; few chopsat_ symbols exported"
    bad=$(echo "$exported" | grep -v '^chopsat_' | head -n 5 | tr '\n' ' ')
    [ -z "$bad" ] || why="$why; exported without the chopsat_ prefix: $bad"
    verdict install-shared-soname "${why#; }"
fi

# The program against the installed files through pkg-config: shared, then static.
export PKG_CONFIG_PATH=$D/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$STAGE
want_out() { printf '{"version": "%s"}\n4 4\n' "$1"; }
if selected install-pkgconfig-shared; then
    v=$(pkg-config --modversion chopsat 2>&1)
    why=""
    # shellcheck disable=SC2046 # pkg-config prints a list of flags
    if ! cc -std=c11 -Wall -Wextra -Werror -o "$TMP/prog" "$TMP/prog.c" \
        $(pkg-config --cflags --libs chopsat) 2>"$TMP/cc.err"; then
        why="does not compile: $(head -n 3 "$TMP/cc.err" | tr '\n' ' ')"
    else
        readelf -d "$TMP/prog" | grep -q "NEEDED.*\[libchopsat.so.${v%%.*}\]" ||
            why="not linked to libchopsat.so.${v%%.*}"
        out=$(LD_LIBRARY_PATH=$D/lib "$TMP/prog" 2>&1)
        [ "$out" = "$(want_out "$v")" ] || why="$why; printed '$out'"
        LD_LIBRARY_PATH=$D/lib ldd "$TMP/prog" | grep -q "libchopsat.so.${v%%.*} => $D/lib/" ||
            why="$why; does not load the installed library"
    fi
    verdict install-pkgconfig-shared "${why#; }"
fi
if selected install-pkgconfig-static; then
    v=$(pkg-config --modversion chopsat 2>&1)
    why=""
    # shellcheck disable=SC2046 # pkg-config prints a list of flags
    if ! cc -std=c11 -Wall -Wextra -Werror -static -o "$TMP/prog-static" "$TMP/prog.c" \
        $(pkg-config --static --cflags --libs chopsat) 2>"$TMP/cc.err"; then
        why="does not link statically: $(head -n 3 "$TMP/cc.err" | tr '\n' ' ')"
    else
        readelf -d "$TMP/prog-static" 2>/dev/null | grep -q NEEDED && why="has dynamic dependencies"
        out=$("$TMP/prog-static" 2>&1)
        [ "$out" = "$(want_out "$v")" ] || why="$why; printed '$out'"
    fi
    verdict install-pkgconfig-static "${why#; }"
fi
unset PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR

# The installed manual page formats without a warning, and is the chopsat(1) of this version.
if selected install-man-page; then
    why=""
    page=$D/share/man/man1/chopsat.1
    groff -man -ww -z -Tutf8 "$page" >"$TMP/groff.out" 2>&1 || why="groff failed"
    [ -s "$TMP/groff.out" ] && why="$why; groff warns: $(head -n 3 "$TMP/groff.out" | tr '\n' ' ')"
    grep -q '^\.TH CHOPSAT 1 ' "$page" 2>/dev/null || why="$why; no .TH CHOPSAT 1 line"
    verdict install-man-page "${why#; }"
fi

# The installed command grades from the installed exercises (share/chopsat/exercises beside it).
if selected install-grade-exercises; then
    out=$("$D/bin/chopsat" grade --list --format json 2>&1)
    why=""
    echo "$out" | grep -q '"id": "11c"' || why="grade --list: $(echo "$out" | head -c 200)"
    verdict install-grade-exercises "$why"
fi

# make uninstall removes every file install put there.
if selected install-uninstall-leaves-nothing; then
    mk uninstall DESTDIR="$STAGE" PREFIX="$P"
    st=$?
    why=""
    [ "$st" -eq 0 ] || why="make uninstall: exit status $st"
    left=$(find "$STAGE" ! -type d | head -n 5 | tr '\n' ' ')
    [ -z "$left" ] || why="$why; left behind: $left"
    verdict install-uninstall-leaves-nothing "${why#; }"
fi

# make install-strip: the command and the shared library without debugging information, and
# still working.
if selected install-strip; then
    mk install-strip DESTDIR="$STAGE/s" PREFIX="$P"
    st=$?
    why=""
    [ "$st" -eq 0 ] || why="make install-strip: exit status $st"
    for f in "$STAGE/s$P/bin/chopsat" "$STAGE/s$P"/lib/libchopsat.so.*.*; do
        readelf -S "$f" 2>/dev/null | grep -qE '\.(debug_info|symtab)' &&
            why="$why; $f not stripped"
    done
    "$STAGE/s$P/bin/chopsat" win start -k 4 --quiet >/dev/null 2>&1
    [ $? = 20 ] || why="$why; the stripped chopsat does not answer"
    verdict install-strip "${why#; }"
    rm -rf "$STAGE/s"
fi

# A user's own installation, PREFIX=$HOME/.local, without root: as root, as the user nobody
# (who cannot write in the tree either), with setpriv; the program then finds everything
# through PKG_CONFIG_PATH=$HOME/.local/lib/pkgconfig.
if selected install-user-home-local; then
    home=$TMP/home
    mkdir -p "$home"
    as_user=()
    if [ "$(id -u)" = 0 ]; then
        chmod 755 "$TMP" && chmod 644 "$TMP/prog.c" && chown 65534:65534 "$home"
        as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
    fi
    why=""
    sleep 1 && touch "$TMP/stamp"
    # shellcheck disable=SC2016 # expanded by the user's shell
    env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL HOME="$home" "${as_user[@]+"${as_user[@]}"}" \
        sh -c 'd=$1; shift; make --no-print-directory -C "$d" "$@" install PREFIX="$HOME/.local"' \
        sh "$ROOT" "${MAKE_ARGS[@]+"${MAKE_ARGS[@]}"}" >"$TMP/make.out" 2>&1 ||
        why="make install PREFIX=\$HOME/.local: $(tail -n 3 "$TMP/make.out" | tr '\n' ' ')"
    if [ -z "$why" ]; then
        [ "$(stat -c %u "$home/.local/bin/chopsat")" = "$(stat -c %u "$home")" ] ||
            why="bin/chopsat not owned by the user"
        # shellcheck disable=SC2016 # expanded by the user's shell
        out=$(env HOME="$home" "${as_user[@]+"${as_user[@]}"}" sh -c '
            export PKG_CONFIG_PATH=$HOME/.local/lib/pkgconfig
            cc -std=c11 -o "$HOME/prog" "$1" $(pkg-config --cflags --libs chopsat) &&
            LD_LIBRARY_PATH=$HOME/.local/lib "$HOME/prog" &&
            "$HOME/.local/bin/chopsat" --version' sh "$TMP/prog.c" 2>&1)
        v=$(sed -n 's/^Version: //p' "$home/.local/lib/pkgconfig/chopsat.pc")
        [ "$out" = "$(want_out "$v")"$'\n'"chopsat $v" ] || why="$why; the user's program: '$out'"
    fi
    changed=$(find "$ROOT/$BUILD" "$ROOT/docs" "$ROOT/chopsat" "$ROOT/libchopsat.a" \
        -newer "$TMP/stamp" 2>/dev/null | head -n 3 | tr '\n' ' ')
    [ -z "$changed" ] || why="$why; changed in the tree: $changed"
    verdict install-user-home-local "${why#; }"
fi

# A PREFIX, LIBDIR or INCLUDEDIR with a space is refused with one line before anything is
# installed: chopsat.pc's -I and -L flags would split at it.
if selected install-refuses-space; then
    why=""
    for v in "PREFIX=/opt/my prefix" "LIBDIR=/opt/p/my lib" "INCLUDEDIR=/opt/p/my include"; do
        mk install DESTDIR="$TMP/spaced" PREFIX=/opt/p "$v"
        st=$?
        [ "$st" -ne 0 ] || why="$why; $v: exit status 0"
        grep -q "chopsat: ${v%%=*}='${v#*=}' holds a space or a tab" "$TMP/make.out" ||
            why="$why; $v: no line naming it: $(tail -n 2 "$TMP/make.out" | tr '\n' ' ')"
        [ -z "$(find "$TMP/spaced" ! -type d 2>/dev/null)" ] || why="$why; $v: files installed"
    done
    verdict install-refuses-space "${why#; }"
fi

finish
[ "$FAIL" -eq 0 ]
