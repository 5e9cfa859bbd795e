# fuzz/: robustness of the tools.  Included from tools/build.mk.
#
# make fuzz      builds the libFuzzer targets (clang, with ASan and UBSan),
#                makes their seeds (fuzz/seeds.sh), replays the inputs saved
#                in fuzz/regress/<target>/ and fuzzes each target for
#                FUZZ_SECONDS seconds.  Needs clang and libclang-rt-14-dev.
# make sanitize  builds the tools and the unit tests with ASan and UBSan in
#                $(B)/sanitize, runs the unit tests, then fuzz/smoke.sh.

FUZZ_CC      = clang
FUZZ_SECONDS = 60
FUZZ_B       = $(B)/fuzz
FUZZ_FLAGS   = -std=gnu11 -g -O1 -fsanitize=fuzzer,address,undefined \
               -fno-sanitize-recover=all
FUZZ_TARGETS = elf-read elf-edit ctl-opts plan

FUZZ_LOADER = loader/plan loader/config loader/size loader/sysinfo
FUZZ_ELF    = tools/elf-check tools/elf-file tools/elf-link
fuzz_elf-read = $(FUZZ_ELF) $(FUZZ_LOADER) tools/simulate tools/pool \
                tools/inspect-model tools/inspect-text tools/inspect-json \
                tools/json
fuzz_elf-edit = $(FUZZ_ELF) tools/edit-flags tools/edit-write
fuzz_ctl-opts = $(FUZZ_ELF) $(FUZZ_LOADER) tools/simulate tools/ctl-opts \
                tools/ctl-vars tools/ctl-env tools/ctl-plan
fuzz_plan     = loader/plan

# The fuzzer runtime comes with clang's compiler-rt (libclang-rt-14-dev),
# which mk/deps.sh installs when it is missing.
$(FUZZ_B)/.have-fuzzer: mk/deps.sh $(B)/.deps-build
	@mkdir -p $(@D)
	@CC=$(CC) mk/deps.sh fuzz
	@touch $@

define fuzzer
$(FUZZ_B)/$(1): fuzz/$(1).c $(patsubst %,%.c,$(fuzz_$(1))) $(FUZZ_B)/.have-fuzzer
	$(FUZZ_CC) $(HL_CPPFLAGS) $(FUZZ_FLAGS) -o $$@ $$(filter %.c,$$^) -lelf
endef
$(foreach t,$(FUZZ_TARGETS),$(eval $(call fuzzer,$(t))))

$(FUZZ_B)/seeds/.made: fuzz/seeds.sh $(STAGE)/lib/libhugelink.so
	rm -rf $(@D)
	CC=$(CC) fuzz/seeds.sh $(abspath $(@D)) $(abspath $(STAGE))
	@touch $@

fuzz: $(patsubst %,$(FUZZ_B)/%,$(FUZZ_TARGETS)) $(FUZZ_B)/seeds/.made
	fuzz/run.sh $(FUZZ_B) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# The sanitizer build is a second build of the same tree, in its own dir,
# with the project's compiler: the runtime's objects use gcc-only flags.
SANITIZE_CC    = $(CC)
SANITIZE_B     = $(B)/sanitize
SANITIZE_FLAGS = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
                 -fno-sanitize-recover=all

sanitize: $(FUZZ_B)/seeds/.made $(STAGE)/lib/libhugelink.so
	$(MAKE) --no-print-directory B=$(SANITIZE_B) CC=$(SANITIZE_CC) \
		CFLAGS='$(SANITIZE_FLAGS)' tools check-unit
	fuzz/smoke.sh $(SANITIZE_B)/stage/bin $(FUZZ_B)/seeds/elf \
		$(abspath $(STAGE))/lib

.PHONY: sanitize
