# chopsat: `make run` and `make test` set everything up on a fresh Debian machine (as root they
# install the missing packages with apt-get; otherwise they print the sudo line and stop).
#
#   make            the chopsat command and libchopsat.a (release, -O2)
#   make debug      the same with AddressSanitizer and UndefinedBehaviorSanitizer (build/debug)
#   make run        set up, build, and answer a real default question with its witness
#   make test       set up, build (gcc release, gcc debug with sanitizers, clang), run every test
#   make cnf        regenerate the curated instances in cnf/
#   make bench      run the benchmark suites in benchmarks/ (JOBS=N: N jobs at a time)
#   make fuzz       run every libFuzzer harness of tests/fuzz/ for FUZZ_SECONDS (default 60) each
#   make format     clang-format every source file
#   make DEPQBF=0   leave DepQBF (GPL-3.0+) out: `chopsat force` then reports that it is missing

.DEFAULT_GOAL := all
CC      ?= gcc
DEPQBF  ?= 1
PKGS    := picosat libcadical-dev depqbf graphviz cadical clang libbdd-dev z3 berkeley-abc liblzma-dev
# What only `make bench` needs (benchmarks/peers.sh: yosys and the plot; parallel runs the jobs;
# benchmarks/pack.sh: the peer solvers; benchmarks/cluster-test.sh: Slurm, munge and sshd).
BENCH_PKGS := yosys gnuplot-nox python3 parallel time xz-utils minisat cryptominisat cvc5 \
              slurm-wlm munge openssh-server openssh-client iproute2
CFLAGS_COMMON := -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -Iinclude -Isrc \
                 -MMD -MP
LIBS    := -lpicosat -lcadical -lbdd -llzma -lstdc++ -lm -pthread
# A build without DepQBF lives in its own folder, so that switching never mixes objects.
ifeq ($(DEPQBF),1)
  LIBS  += -lqdpll
  B     := build
else
  CFLAGS_COMMON += -DCHOPSAT_NO_DEPQBF
  B     := build/no-depqbf
endif

# src/<folder>/ is the architecture (docs/architecture.md); src/cli/ is the command, the rest the library.
LIB_DIRS := core games explicit circuit formats solvers bounded unbounded bdd exports checked
SRC      := $(foreach d,$(LIB_DIRS),$(wildcard src/$(d)/*.c))
CLI_SRC  := $(wildcard src/cli/*.c)
TEST_SRC := $(wildcard tests/*.c)

# build/<variant>/ holds the objects of one variant: release, debug (sanitizers), clang.
define variant
$(1)_DIR   := $(B)/$(1)
$(1)_OBJ   := $$(SRC:src/%.c=$(B)/$(1)/lib/%.o)
$(1)_CLI   := $$(CLI_SRC:src/cli/%.c=$(B)/$(1)/cli/%.o)
$(1)_TOBJ  := $$(TEST_SRC:tests/%.c=$(B)/$(1)/tests/%.o)
$(B)/$(1)/lib/%.o: src/%.c | setup-check
	@mkdir -p $$(dir $$@)
	$$($(1)_CC) $$(CFLAGS_COMMON) $$($(1)_CFLAGS) -c $$< -o $$@
$(B)/$(1)/cli/%.o: src/cli/%.c | setup-check
	@mkdir -p $$(dir $$@)
	$$($(1)_CC) $$(CFLAGS_COMMON) $$($(1)_CFLAGS) -c $$< -o $$@
$(B)/$(1)/tests/%.o: tests/%.c | setup-check
	@mkdir -p $$(dir $$@)
	$$($(1)_CC) $$(CFLAGS_COMMON) $$($(1)_CFLAGS) -c $$< -o $$@
$(B)/$(1)/libchopsat.a: $$($(1)_OBJ)
	rm -f $$@ && ar rcs $$@ $$^
$(B)/$(1)/chopsat: $$($(1)_CLI) $(B)/$(1)/libchopsat.a
	$$($(1)_CC) $$($(1)_CFLAGS) -o $$@ $$^ $$(LIBS)
$(B)/$(1)/unit-tests: $$($(1)_TOBJ) $(B)/$(1)/libchopsat.a
	$$($(1)_CC) $$($(1)_CFLAGS) -o $$@ $$^ $$(LIBS)
-include $$($(1)_OBJ:.o=.d) $$($(1)_CLI:.o=.d) $$($(1)_TOBJ:.o=.d)
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
$(eval $(call variant,release))
$(eval $(call variant,debug))
$(eval $(call variant,clang))
$(eval $(call variant,fuzz))

# One harness per reader of outside input: tests/fuzz/fuzz_<reader>.c, corpus in
# tests/fuzz/corpus/<reader>/.
FUZZERS     := $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_BINS   := $(FUZZERS:%=$(B)/fuzz/fuzz_%)
FUZZ_SECONDS ?= 60
$(B)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(B)/fuzz/libchopsat.a
	clang $(CFLAGS_COMMON) $(fuzz_CFLAGS) -fsanitize=fuzzer -o $@ $< $(B)/fuzz/libchopsat.a $(LIBS)

.PHONY: all debug clang run test cnf bench format clean setup setup-bench install-pkgs setup-check \
        chopsat libchopsat.a \
        fuzzers fuzz
all: chopsat libchopsat.a

chopsat: $(B)/release/chopsat
	cp $< $@
libchopsat.a: $(B)/release/libchopsat.a
	cp $< $@

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

# Installs the Debian packages that are missing (as root), or says how to.
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

# Order-only prerequisite of every object: make sure set-up has run once.
setup-check:
	@[ -f build/.setup-done ] || { $(MAKE) --no-print-directory setup && mkdir -p build && touch build/.setup-done; }

# The default question: can player 1 win from the start within 30 moves? chopsat answers with
# exit status 10 for yes (20 for no), as SAT tools do; both are answers, not failures.
run: setup all
	@./chopsat win start -k 30; status=$$?; [ $$status -eq 10 ] || [ $$status -eq 20 ]

test: setup all $(B)/release/unit-tests debug clang fuzzers
	@BUILD=$(B) bash tests/run.sh

cnf: all
	@bash cnf/make-cnf.sh

# JOBS=N: the suites made of jobs (benchmarks/jobs.sh) run N at a time with GNU parallel;
# SSHLOGINFILE=FILE: on the machines FILE names (docs in benchmarks/RESULTS.md, "Suites on
# many machines").
JOBS ?= 1
bench: setup-bench all
	@JOBS="$(JOBS)" SSHLOGINFILE="$(SSHLOGINFILE)" bash benchmarks/run.sh

format:
	clang-format -i src/*/*.c src/*/*.h include/*.h tests/*.c tests/*.h

clean:
	rm -rf build chopsat libchopsat.a
