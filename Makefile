# chopsat: `make run`, `make test` and `make setup` set everything up on a fresh Debian machine
# (as root they install the missing packages with apt-get; otherwise they print the sudo line
# and stop). No other target installs a package: `make`, `make debug` and `make check` stop with
# one line naming the Debian package to install when a library is missing.
#
#   make            the chopsat command, libchopsat.a, the shared library (build/shared/) and
#                   the manual page docs/chopsat.1 (release, -O2)
#   make install    copy them, the public headers, chopsat.pc and the Python package under PREFIX (default
#                   /usr/local; DESTDIR=DIR stages them under DIR; PREFIX=$HOME/.local needs no
#                   root); make uninstall removes them again, make install-strip installs
#                   them without debugging information (docs/library.md, "Installing")
#   make debug      the same with AddressSanitizer and UndefinedBehaviorSanitizer (build/debug)
#   make check      build (release) and run the unit tests beside a quick subset of the
#                   command's and the lint tests: 3 CPU-minutes, on two cores at once
#                   (README.md, "Set-up", has the times measured)
#   make run        set up, build, and answer a real default question with its witness
#   make test       set up, build (gcc release, gcc debug with sanitizers, clang), run every test
#                   (the full gate: unit tests under three builds, every script, the fuzzers;
#                   19 CPU-minutes)
#   make setup      install the missing Debian packages (as root), or print the sudo line
#   make cnf        regenerate the curated instances in cnf/
#   make bench      run the benchmark suites in benchmarks/ (JOBS=N: N jobs at a time)
#   make fuzz       run every libFuzzer harness of tests/fuzz/ for FUZZ_SECONDS (default 60) each
#   make format     clang-format every source file
#   make DEPQBF=0   leave DepQBF (GPL-3.0+) out: `chopsat force` answers with the BDD engine and
#                   refuses --solver depqbf (exit 2); this build too is copied to ./chopsat
#   make V=1        show every command (by default one line a step, `CC file.o`; `make run` one
#                   line a phase)

.DEFAULT_GOAL := all
CC      ?= gcc
OBJCOPY ?= objcopy
DEPQBF  ?= 1
PKGS    := picosat libcadical-dev depqbf graphviz cadical clang clang-format libbdd-dev z3 berkeley-abc \
           groff-base strace chromium chromium-driver liblzma-dev libmd-dev libjansson-dev \
           python3-pytest python3-pip python3-setuptools \
           libmicrohttpd-dev libsqlite3-dev
# What only `make bench` needs (benchmarks/peers.sh: yosys and the plot; parallel runs the jobs;
# benchmarks/pack.sh: the peer solvers; benchmarks/cluster-test.sh: Slurm, munge and sshd).
BENCH_PKGS := yosys gnuplot-nox python3 parallel time xz-utils minisat cryptominisat cvc5 \
              slurm-wlm munge openssh-server openssh-client iproute2
CFLAGS_COMMON := -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -Iinclude -Isrc \
                 -MMD -MP
LIBS    := -lpicosat -lcadical -lbdd -llzma -lmd -ljansson -lmicrohttpd -lsqlite3 -lstdc++ -lm \
           -pthread
# The libraries the build needs, as header:library:Debian package (checked before the first
# object is compiled; see "Libraries" below).
LIBRARY_CHECKS := picosat/picosat.h:picosat:picosat ccadical.h:cadical:libcadical-dev \
                  bdd.h:bdd:libbdd-dev lzma.h:lzma:liblzma-dev md5.h:md:libmd-dev \
                  jansson.h:jansson:libjansson-dev microhttpd.h:microhttpd:libmicrohttpd-dev \
                  sqlite3.h:sqlite3:libsqlite3-dev
# A build without DepQBF lives in its own folder, so that switching never mixes objects.
ifeq ($(DEPQBF),1)
  LIBS  += -lqdpll
  LIBRARY_CHECKS += qdpll/qdpll.h:qdpll:depqbf
  B     := build
else
  CFLAGS_COMMON += -DCHOPSAT_NO_DEPQBF
  B     := build/no-depqbf
endif
# The installed library exports these symbols only (objcopy wildcards); everything else of it
# is made local (docs/architecture.md, "What a library user links"). tests/lint/symbols.sh
# checks the result.
PUBLIC_SYMBOLS := chopsat_*

# The version has one definition, CHOPSAT_VERSION in include/chopsat.h: `chopsat --version`,
# chopsat_version(), chopsat.pc and the shared library's names all come from it. The shared
# library's SONAME carries the first number (libchopsat.so.0 for 0.1.0).
VERSION   := $(shell sed -n 's/^[#]define CHOPSAT_VERSION "\(.*\)"$$/\1/p' include/chopsat.h)
SOVERSION := $(firstword $(subst ., ,$(VERSION)))
SONAME    := libchopsat.so.$(SOVERSION)
SHLIB     := libchopsat.so.$(VERSION)

# Where `make install` puts things (GNU conventions: each can be given on the command line;
# DESTDIR, empty here, is put before each of them to stage an installation).
PREFIX       = /usr/local
BINDIR       = $(PREFIX)/bin
LIBDIR       = $(PREFIX)/lib
INCLUDEDIR   = $(PREFIX)/include
MANDIR       = $(PREFIX)/share/man
# The lab's exercises as data (src/grade/exercises/), for chopsat grade.
EXERCISESDIR = $(PREFIX)/share/chopsat/exercises
EXERCISES    := $(wildcard src/grade/exercises/*.json)
PKGCONFIGDIR = $(LIBDIR)/pkgconfig
# The Python package (src/python/chopsat, docs/python.md) goes where Debian's python3 looks for
# packages under PREFIX (/usr/local/lib/python3/dist-packages is on its path).
PYTHONDIR    = $(PREFIX)/lib/python3/dist-packages
INSTALL      = install

# Quiet steps, as the Linux kernel's build prints them: `  CC      build/release/lib/core/json.o`.
# V=1 shows the commands themselves.
V ?= 0
ifeq ($(V),1)
  Q    :=
  say   =
else
  Q    := @
  say   = @printf '  %-7s %s\n' '$(1)' '$(2)';
endif

# src/<folder>/ is the architecture (docs/architecture.md); src/cli/ is the command, the rest the library.
LIB_DIRS := core games explicit circuit formats solvers bounded unbounded bdd exports checked \
            report pack grade
SRC      := $(foreach d,$(LIB_DIRS),$(wildcard src/$(d)/*.c))
# The class server (src/serve/, on libmicrohttpd and SQLite) is a library room linked into the
# command only: the installed libchopsat.a and libchopsat.so leave it out, so a program that
# links them needs neither library (and a static link, which GnuTLS's archives would block,
# still works). The command links chopsat-cmd.o, the same partial link with the server inside.
SERVE_SRC := $(wildcard src/serve/*.c)
SERVE_LIBS := -lmicrohttpd -lsqlite3
LIB_LIBS   := $(filter-out $(SERVE_LIBS),$(LIBS))
# The pages' style sheet and script are files of their own (src/report/assets/), read, diffed
# and checked as what they are; the build embeds them as the byte arrays html_css and html_js
# (each ending with a NUL) of a generated source file, compiled into every variant's library.
ASSETS     := src/report/assets/page.css src/report/assets/page.js
ASSETS_GEN := $(B)/gen/report_assets.c
# embed FILE NAME: FILE's bytes as `const char NAME[] = {0x.., ..., 0};`
embed = printf 'const char %s[] = {\n' '$(2)' && od -An -v -tx1 $(1) | \
        sed -e 's/ *\([0-9a-f][0-9a-f]\)/0x\1,/g' && printf '0};\n'
$(ASSETS_GEN): $(ASSETS) Makefile
	@mkdir -p $(@D)
	$(call say,GEN,$@){ printf '/* generated by the Makefile from $(ASSETS): do not edit */\n'; \
	  printf '\043include "report/html.h"\n'; \
	  $(call embed,src/report/assets/page.css,html_css); \
	  $(call embed,src/report/assets/page.js,html_js); } >$@.tmp && mv $@.tmp $@
CLI_SRC  := $(wildcard src/cli/*.c)
TEST_SRC := $(wildcard tests/unit/*.c)

# build/<variant>/ holds the objects of one variant: release, debug (sanitizers), clang.
# libchopsat.a is what a library user (and the command) links: the library's objects as one
# partial link with only the public symbols global. libchopsat-internal.a, the same objects
# as they are, is what the unit tests and the fuzz harnesses link (they test internals).
define variant
$(1)_DIR   := $(B)/$(1)
$(1)_OBJ   := $$(SRC:src/%.c=$(B)/$(1)/lib/%.o) $(B)/$(1)/lib/gen/report_assets.o
$(1)_SRV   := $$(SERVE_SRC:src/%.c=$(B)/$(1)/lib/%.o)
$(1)_CLI   := $$(CLI_SRC:src/cli/%.c=$(B)/$(1)/cli/%.o)
$(1)_TOBJ  := $$(TEST_SRC:tests/unit/%.c=$(B)/$(1)/unit/%.o)
$(B)/$(1)/lib/%.o: src/%.c | $(B)/.libraries-found
	@mkdir -p $$(dir $$@)
	$$(call say,CC,$$@)$$($(1)_CC) $$(CFLAGS_COMMON) $$($(1)_CFLAGS) -c $$< -o $$@
$(B)/$(1)/lib/gen/report_assets.o: $(ASSETS_GEN) | $(B)/.libraries-found
	@mkdir -p $$(dir $$@)
	$$(call say,CC,$$@)$$($(1)_CC) $$(CFLAGS_COMMON) $$($(1)_CFLAGS) -c $$< -o $$@
$(B)/$(1)/cli/%.o: src/cli/%.c | $(B)/.libraries-found
	@mkdir -p $$(dir $$@)
	$$(call say,CC,$$@)$$($(1)_CC) $$(CFLAGS_COMMON) $$($(1)_CFLAGS) -c $$< -o $$@
$(B)/$(1)/unit/%.o: tests/unit/%.c | $(B)/.libraries-found
	@mkdir -p $$(dir $$@)
	$$(call say,CC,$$@)$$($(1)_CC) $$(CFLAGS_COMMON) $$($(1)_CFLAGS) -c $$< -o $$@
$(B)/$(1)/libchopsat-internal.a: $$($(1)_OBJ) $$($(1)_SRV)
	$$(call say,AR,$$@)rm -f $$@ && ar rcs $$@ $$^
$(B)/$(1)/chopsat.o $(B)/$(1)/chopsat-cmd.o: $(B)/$(1)/%.o:
	$$(call say,LD,$$@)$$(LD) -r -o $$@.tmp $$^
	$$(Q)$$(OBJCOPY) --wildcard $$(PUBLIC_SYMBOLS:%=--keep-global-symbol='%') $$@.tmp $$@
	$$(Q)rm -f $$@.tmp
$(B)/$(1)/chopsat.o: $$($(1)_OBJ)
$(B)/$(1)/chopsat-cmd.o: $$($(1)_OBJ) $$($(1)_SRV)
$(B)/$(1)/libchopsat.a: $(B)/$(1)/chopsat.o
	$$(call say,AR,$$@)rm -f $$@ && ar rcs $$@ $$^
$(B)/$(1)/chopsat: $$($(1)_CLI) $(B)/$(1)/chopsat-cmd.o
	$$(call say,LD,$$@)$$($(1)_CC) $$($(1)_CFLAGS) -o $$@ $$^ $$(LIBS)
$(B)/$(1)/unit-tests: $$($(1)_TOBJ) $(B)/$(1)/libchopsat-internal.a
	$$(call say,LD,$$@)$$($(1)_CC) $$($(1)_CFLAGS) -o $$@ $$^ $$(LIBS)
-include $$($(1)_OBJ:.o=.d) $$($(1)_SRV:.o=.d) $$($(1)_CLI:.o=.d) $$($(1)_TOBJ:.o=.d)
endef

release_CC     := $(CC)
release_CFLAGS := -O2 -g
debug_CC       := $(CC)
debug_CFLAGS   := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
                  -fno-sanitize-recover=undefined
clang_CC       := clang
clang_CFLAGS   := -O2
# The library as the libFuzzer harnesses of tests/fuzz/ link it: clang, coverage for libFuzzer,
# AddressSanitizer and UndefinedBehaviorSanitizer.
fuzz_CC        := clang
fuzz_CFLAGS    := -O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer \
                  -fno-sanitize-recover=undefined
# chopsat grade's last resort for its exercises: the folder `make install` puts them in.
$(B)/%/lib/grade/exercise.o: CFLAGS_COMMON += -DCHOPSAT_EXERCISES_DIR='"$(EXERCISESDIR)"'
$(eval $(call variant,release))
$(eval $(call variant,debug))
$(eval $(call variant,clang))
# The library's objects again, position-independent, for the shared library.
shared_CC      := $(CC)
shared_CFLAGS  := -O2 -g -fPIC
$(eval $(call variant,fuzz))
$(eval $(call variant,shared))

# The shared library: the -fPIC objects linked with their libraries (CaDiCaL's static archive
# goes inside), exporting only PUBLIC_SYMBOLS (a version script made from them), with the
# SONAME libchopsat.so.N and the two links a loader and a linker look for.
$(B)/shared/chopsat.map: Makefile
	@mkdir -p $(@D)
	$(call say,GEN,$@)printf '{\n  global: %s\n  local: *;\n};\n' '$(PUBLIC_SYMBOLS:%=%;)' >$@
$(B)/shared/$(SHLIB): $(shared_OBJ) $(B)/shared/chopsat.map
	$(call say,LD,$@)$(CC) -shared -Wl,-soname,$(SONAME) -Wl,--version-script=$(B)/shared/chopsat.map \
	  -Wl,--no-undefined -o $@ $(shared_OBJ) $(LIB_LIBS)
$(B)/shared/libchopsat.so: $(B)/shared/$(SHLIB)
	$(Q)ln -sf $(SHLIB) $(B)/shared/$(SONAME) && ln -sf $(SONAME) $@

# The shared library once more under AddressSanitizer and UndefinedBehaviorSanitizer (the debug
# flags, position-independent): the Python package's tests run on it too (tests/cli/python.sh,
# the interpreter started with the sanitizers' runtime preloaded). `make test` builds it.
sanshared_CC     := $(CC)
sanshared_CFLAGS := $(debug_CFLAGS) -fPIC
$(eval $(call variant,sanshared))
$(B)/sanshared/libchopsat.so: $(sanshared_OBJ) $(B)/shared/chopsat.map
	$(call say,LD,$@)$(CC) -shared $(sanshared_CFLAGS) -Wl,--version-script=$(B)/shared/chopsat.map \
	  -o $@ $(sanshared_OBJ) $(LIB_LIBS)

# One harness per reader of outside input: tests/fuzz/fuzz_<reader>.c, corpus in
# tests/fuzz/corpus/<reader>/.
FUZZERS     := $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_BINS   := $(FUZZERS:%=$(B)/fuzz/fuzz_%)
FUZZ_SECONDS ?= 60
$(B)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(B)/fuzz/libchopsat-internal.a
	$(call say,LD,$@)clang $(CFLAGS_COMMON) $(fuzz_CFLAGS) -fsanitize=fuzzer -o $@ $< $(B)/fuzz/libchopsat-internal.a $(LIBS)

.PHONY: all debug clang run test check cnf bench format clean setup setup-bench install-pkgs \
        chopsat libchopsat.a print-libs install install-strip uninstall \
        fuzzers fuzz
all: chopsat libchopsat.a $(B)/shared/libchopsat.so docs/chopsat.1

chopsat: $(B)/release/chopsat
	$(call say,CP,$@)cp $< $@
libchopsat.a: $(B)/release/libchopsat.a
	$(call say,CP,$@)cp $< $@
# The manual page, written by the command from its own option table (not committed).
docs/chopsat.1: $(B)/release/chopsat
	$(call say,GEN,$@)$< --man >$@.tmp && mv $@.tmp $@

debug: $(B)/debug/chopsat $(B)/debug/unit-tests
clang: $(B)/clang/chopsat $(B)/clang/unit-tests
fuzzers: $(FUZZ_BINS)

# Each harness for FUZZ_SECONDS, starting from its corpus; what it finds (new inputs, crashes)
# goes to build/fuzz/, never into the committed corpus. A crash fails the target.
fuzz: fuzzers
	@for f in $(FUZZERS); do \
	  echo "== fuzz_$$f for $(FUZZ_SECONDS) s"; \
	  mkdir -p $(B)/fuzz/found-$$f; \
	  if $(B)/fuzz/fuzz_$$f -max_total_time=$(FUZZ_SECONDS) -print_final_stats=0 \
	      -artifact_prefix=$(B)/fuzz/crash-$$f- $(B)/fuzz/found-$$f tests/fuzz/corpus/$$f \
	      >$(B)/fuzz/log-$$f.txt 2>&1; then status=0; else status=1; fi; \
	  grep -E '^(#[0-9]+[[:space:]]+DONE|==[0-9]+==ERROR|SUMMARY|artifact_prefix)' $(B)/fuzz/log-$$f.txt; \
	  [ $$status = 0 ] || { echo "fuzz_$$f failed: $(B)/fuzz/log-$$f.txt"; exit 1; }; \
	done

# Installs the Debian packages that are missing (as root), or says how to. Only `make setup`,
# `make run`, `make test` (and `make bench`, for its own tools) come here.
setup:
	@$(MAKE) --no-print-directory install-pkgs INSTALL_PKGS="$(PKGS)"
setup-bench:
	@$(MAKE) --no-print-directory install-pkgs INSTALL_PKGS="$(BENCH_PKGS)"
install-pkgs:
	@missing=""; for p in $(INSTALL_PKGS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null || exit 1; \
	  else \
	    echo "chopsat needs these Debian packages; run:"; \
	    echo "  sudo apt-get install -y$$missing"; \
	    exit 1; \
	  fi; \
	fi

# Libraries: an order-only prerequisite of every object. Each library of LIBRARY_CHECKS is
# compiled and linked against once (not looked up with dpkg, so that any installation will do);
# if any is missing the build stops with one line naming their Debian packages (make's
# $(error), so no second line). Nothing is installed here: `make run`, `make test` and `make
# setup` run `setup` first, and only then this check.
SETUP_FIRST := $(if $(filter run test setup,$(MAKECMDGOALS)),setup)
# The Debian packages of LIBRARY_CHECKS whose header or library does not compile and link.
missing_packages = $(shell for c in $(LIBRARY_CHECKS); do \
  printf '\043include <%s>\nint main(void) { return 0; }\n' "$${c%%:*}" | \
  $(CC) -x c - -l"$$(echo "$$c" | cut -d: -f2)" -o /dev/null >/dev/null 2>&1 || \
  echo "$$c" | cut -d: -f3; done)
$(B)/.libraries-found: | $(SETUP_FIRST)
	$(eval m := $(missing_packages))
	$(if $(m),$(error chopsat: a library is missing: install the Debian packages $(m) (sudo apt-get install -y $(m); or make setup as root)))
	@mkdir -p $(@D) && touch $@

# The flags that link a program against libchopsat.a (tests/lint/symbols.sh links one).
print-libs:
	@echo $(LIBS)

# Installing (docs/library.md, "Installing and linking"): what `make` built, copied with
# install -m under DESTDIR+PREFIX; after a `make` it writes nothing in the tree (so a user who
# cannot write there can install too). No package is installed (the library check of the build
# stays), and no other target comes here. As root without DESTDIR, ldconfig then learns the new
# shared library.
# chopsat.pc cannot hold a path with a space or a tab: its -I and -L flags would split at it (a
# C compiler would get -I/opt/my and prefix/include). Such a PREFIX, LIBDIR or INCLUDEDIR is
# refused with one line when the goals name install, before anything is built or installed.
empty :=
space := $(empty) $(empty)
tab   := $(empty)	$(empty)
ifneq ($(filter install install-strip,$(MAKECMDGOALS)),)
  $(foreach v,PREFIX LIBDIR INCLUDEDIR,$(if $(or $(findstring $(space),$($(v))),$(findstring $(tab),$($(v)))),\
    $(error chopsat: $(v)='$($(v))' holds a space or a tab, which chopsat.pc's flags would split at (install under a path without one))))
endif
PY_FILES  := $(wildcard src/python/chopsat/*.py)
INSTALLED := $(BINDIR)/chopsat $(LIBDIR)/libchopsat.a $(LIBDIR)/$(SHLIB) $(LIBDIR)/$(SONAME) \
             $(LIBDIR)/libchopsat.so $(INCLUDEDIR)/chopsat.h $(INCLUDEDIR)/chopsat_tool.h \
             $(PKGCONFIGDIR)/chopsat.pc $(MANDIR)/man1/chopsat.1 \
             $(PY_FILES:src/python/%=$(PYTHONDIR)/%)
# chopsat.pc, written for the PREFIX of this installation: liblzma, libmd and jansson have
# pkg-config files of their own (Requires.private); the other libraries (PicoSAT, CaDiCaL, BuDDy,
# DepQBF unless DEPQBF=0, the C++ runtime) are named in Libs.private, for a static link
# (pkg-config --static). The server's libraries are not: the installed library leaves it out.
# Paths under PREFIX are written relative to it.
pc_dir  = $(patsubst $(PREFIX)/%,$${prefix}/%,$(1))
pc_text = 'prefix=$(PREFIX)' 'libdir=$(call pc_dir,$(LIBDIR))' \
          'includedir=$(call pc_dir,$(INCLUDEDIR))' '' 'Name: chopsat' \
          'Description: two-player games as SAT and QBF problems, answered and checked' \
          'Version: $(VERSION)' 'Requires.private: liblzma libmd jansson' 'Cflags: -I$${includedir}' \
          'Libs: -L$${libdir} -lchopsat' 'Libs.private: $(filter-out -llzma -lmd -ljansson,$(LIB_LIBS))'

install: $(B)/release/chopsat $(B)/release/libchopsat.a $(B)/shared/libchopsat.so docs/chopsat.1
	$(call say,INSTALL,$(DESTDIR)$(PREFIX))$(INSTALL) -d -m 755 "$(DESTDIR)$(BINDIR)" \
	  "$(DESTDIR)$(LIBDIR)" "$(DESTDIR)$(INCLUDEDIR)" "$(DESTDIR)$(PKGCONFIGDIR)" \
	  "$(DESTDIR)$(MANDIR)/man1"
	$(Q)$(INSTALL) -m 755 $(STRIP_FLAG) $(B)/release/chopsat "$(DESTDIR)$(BINDIR)/chopsat"
	$(Q)$(INSTALL) -m 644 $(B)/release/libchopsat.a "$(DESTDIR)$(LIBDIR)/libchopsat.a"
	$(Q)$(INSTALL) -m 755 $(STRIP_FLAG) $(B)/shared/$(SHLIB) "$(DESTDIR)$(LIBDIR)/$(SHLIB)"
	$(Q)ln -sfn $(SHLIB) "$(DESTDIR)$(LIBDIR)/$(SONAME)"
	$(Q)ln -sfn $(SONAME) "$(DESTDIR)$(LIBDIR)/libchopsat.so"
	$(Q)$(INSTALL) -m 644 include/chopsat.h include/chopsat_tool.h "$(DESTDIR)$(INCLUDEDIR)"
	$(Q)pc=$$(mktemp) && printf '%s\n' $(pc_text) >"$$pc" && \
	  $(INSTALL) -m 644 "$$pc" "$(DESTDIR)$(PKGCONFIGDIR)/chopsat.pc"; st=$$?; rm -f "$$pc"; exit $$st
	$(Q)$(INSTALL) -m 644 docs/chopsat.1 "$(DESTDIR)$(MANDIR)/man1/chopsat.1"
	$(Q)$(INSTALL) -d -m 755 "$(DESTDIR)$(PYTHONDIR)/chopsat"
	$(Q)$(INSTALL) -m 644 $(PY_FILES) "$(DESTDIR)$(PYTHONDIR)/chopsat"
	$(Q)$(INSTALL) -d -m 755 "$(DESTDIR)$(EXERCISESDIR)" && \
	  $(INSTALL) -m 644 $(EXERCISES) "$(DESTDIR)$(EXERCISESDIR)"
	$(Q)if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" = 0 ] && command -v ldconfig >/dev/null; then \
	  ldconfig; fi

# The same without the debugging information of the command and the shared library (install -s:
# the two take 2.1 MB instead of 5.0 MB).
install-strip:
	@$(MAKE) --no-print-directory install STRIP_FLAG=-s

# Removes what install put there (the folders stay: they may hold other programs' files; the
# Python package's own folder goes, with the byte code python3 compiled there).
uninstall:
	$(call say,RM,$(DESTDIR)$(PREFIX))rm -f $(foreach f,$(INSTALLED),"$(DESTDIR)$(f)")
	$(Q)rm -rf "$(DESTDIR)$(PYTHONDIR)/chopsat/__pycache__"
	$(Q)if [ -d "$(DESTDIR)$(PYTHONDIR)/chopsat" ]; then rmdir "$(DESTDIR)$(PYTHONDIR)/chopsat"; fi
	$(Q)rm -f $(foreach f,$(EXERCISES),"$(DESTDIR)$(EXERCISESDIR)/$(notdir $(f))")

# The default question: can player 1 win from the start within 30 moves? chopsat answers with
# exit status 10 for yes (20 for no), as SAT tools do; both are answers, not failures.
# One line a phase (V=1: every command of the build too).
run:
	@echo "installing: the Debian packages chopsat needs, if any is missing"
	@$(MAKE) --no-print-directory setup
	@echo "building: ./chopsat, libchopsat.a and docs/chopsat.1"
	@$(MAKE) --no-print-directory all $(if $(filter 1,$(V)),,>/dev/null)
	@echo "answering: ./chopsat win start -k 30"
	@./chopsat win start -k 30; status=$$?; [ $$status -eq 10 ] || [ $$status -eq 20 ]

test: setup all $(B)/release/unit-tests debug clang fuzzers $(B)/sanshared/libchopsat.so
	@BUILD=$(B) LIBS="$(LIBS)" bash tests/run.sh

# The quick gate: the release build on every core (unless -j was given), then the release unit
# tests beside the quick scripts of tests/run.sh --quick.
check:
	@case "$(MAKEFLAGS)" in *-j*) jobs= ;; *) jobs=-j$$(nproc 2>/dev/null || echo 2) ;; esac; \
	  $(MAKE) --no-print-directory $$jobs all $(B)/release/unit-tests
	@BUILD=$(B) LIBS="$(LIBS)" bash tests/run.sh --quick

cnf: all
	@bash cnf/make-cnf.sh

# JOBS=N: the suites made of jobs (benchmarks/jobs.sh) run N at a time with GNU parallel;
# SSHLOGINFILE=FILE: on the machines FILE names (docs in benchmarks/RESULTS.md, "Suites on
# many machines").
JOBS ?= 1
bench: setup-bench all
	@JOBS="$(JOBS)" SSHLOGINFILE="$(SSHLOGINFILE)" bash benchmarks/run.sh

format:
	clang-format -i src/*/*.c src/*/*.h include/*.h tests/unit/*.c tests/unit/*.h tests/fuzz/*.c tests/fuzz/*.h

clean:
	rm -rf build chopsat libchopsat.a docs/chopsat.1
