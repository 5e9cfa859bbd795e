# SPDX-License-Identifier: MIT
# fuzz/: robustness of the tools, and of the runtime's reading of loaded
# objects (fuzz/image.c: program headers, notes, the entry note;
# fuzz/trust.c: trusting the headers, and the acting copy's entry point;
# fuzz/objmaps.c: an object's own memory in /proc/self/maps;
# fuzz/var-name.c: the environment's names).
#
# make fuzz      builds the libFuzzer targets, every fuzz/<target>.c, with
#                clang, ASan and UBSan over the tools' archives built the
#                same way; makes their seeds (fuzz/seeds.sh), replays the
#                inputs saved in fuzz/regress/<target>/ and fuzzes each
#                target for FUZZ_SECONDS seconds.  Needs clang and
#                libclang-rt-14-dev.
# make sanitize  builds the tools and the unit tests with ASan and UBSan in
#                $(B)/sanitize, runs the unit tests, then fuzz/smoke.sh.

FUZZ_CC      = clang
FUZZ_SECONDS = 60
FUZZ_B       = $(B)/fuzz
FUZZ_SAN     = -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_TARGETS = $(patsubst fuzz/%.c,%,$(wildcard fuzz/*.c))
FUZZ_LIBS    = $(patsubst $(B)/%,$(FUZZ_B)/%,$(call archives,fuzz))

# The fuzzer runtime comes with clang's compiler-rt (libclang-rt-14-dev),
# which mk/deps.sh installs when it is missing.
$(FUZZ_B)/.have-fuzzer: mk/deps.sh
	@mkdir -p $(@D)
	@CC='$(CC)' mk/deps.sh install fuzz
	@touch $@

# The archives, instrumented, in a build of their own.
fuzz-libs: $(FUZZ_B)/.have-fuzzer
	$(MAKE) --no-print-directory B=$(FUZZ_B) CC='$(FUZZ_CC)' \
		CFLAGS='-g -O1 -fsanitize=fuzzer-no-link $(FUZZ_SAN)' \
		$(patsubst $(FUZZ_B)/%,$(FUZZ_B)/%,$(FUZZ_LIBS))

# The targets include the generated headers of the build their archives
# come from, $(FUZZ_B)/gen, which that build makes.
FUZZ_CPPFLAGS = $(patsubst -I$(B)/gen,-I$(FUZZ_B)/gen,$(ALL_CPPFLAGS))

$(FUZZ_B)/%: fuzz/%.c fuzz-libs
	$(FUZZ_CC) $(FUZZ_CPPFLAGS) $(HL_CFLAGS) -g -O1 -fsanitize=fuzzer \
		$(FUZZ_SAN) -o $@ $< $(FUZZ_LIBS) $(call libs,fuzz)

$(FUZZ_B)/seeds/.made: fuzz/seeds.sh $(STAGE_LIB)/libhugelink.so
	rm -rf $(@D)
	CC='$(CC)' fuzz/seeds.sh $(abspath $(@D)) $(abspath $(STAGE))
	@touch $@

fuzz: $(patsubst %,$(FUZZ_B)/%,$(FUZZ_TARGETS)) $(FUZZ_B)/seeds/.made
	fuzz/run.sh $(FUZZ_B) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# The sanitizer build is a second build of the same tree, in its own dir,
# with the project's compiler: the runtime's objects use gcc-only flags.
SANITIZE_CC    = $(CC)
SANITIZE_B     = $(B)/sanitize
SANITIZE_FLAGS = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
                 -fno-sanitize-recover=all

sanitize: $(FUZZ_B)/seeds/.made $(STAGE_LIB)/libhugelink.so
	$(MAKE) --no-print-directory B=$(SANITIZE_B) CC='$(SANITIZE_CC)' \
		CFLAGS='$(SANITIZE_FLAGS)' tools check-unit
	fuzz/smoke.sh $(SANITIZE_B)/stage/bin $(FUZZ_B)/seeds/elf \
		$(abspath $(STAGE_LIB))

.PHONY: fuzz-libs
