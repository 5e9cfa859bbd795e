# hugelink: put a program's own text, data and bss on huge pages.
#
# This is a GNU Makefile.  Put local settings (PREFIX, CC, CFLAGS, ...) in
# config.mak, which is read after the defaults below, or pass them on the
# command line.  CFLAGS, CPPFLAGS and LDFLAGS are the user's, and are
# taken from the environment too, as packaging tools pass them: the flags
# the build itself needs live in variables of their own and are applied
# around them.
#
# Targets: all, deps, check, install, demo, bench, fuzz, sanitize, clean.

PREFIX   = /usr/local
DESTDIR  =
CC       = gcc
AR       = ar
CFLAGS   ?= -O2 -g
CPPFLAGS ?=
LDFLAGS  ?=
B        = build
STAGE    = $(B)/stage

-include config.mak

# The code, one directory per part, each built into one archive
# $(B)/lib/<dir>.a of its *.c files (a directory's main.c, the entry of
# a program, stays out of it).  USES_<dir> lists what <dir> may include
# and link, nearest first: these are the include arrows of DEVELOPERS.md,
# and mk/check-tree.sh holds every #include to them.  arch/ is headers
# only, with no archive.
CODE_DIRS = core host swap runtime elf linker \
            tools/common tools/hugectl tools/hugeedit tools/inspect
USES_arch              =
USES_core              =
USES_host              = core
USES_swap              = arch
USES_runtime           = swap arch host core
USES_elf               = core
USES_linker            = elf host core
USES_tools/common      =
USES_tools/hugectl     = tools/common elf host core
USES_tools/hugeedit    = tools/common elf core
USES_tools/inspect     = tools/common elf host core
USES_ldscripts         = linker elf host core
USES_fuzz              = tools/hugectl tools/hugeedit tools/inspect \
                         tools/common elf host core

# The build's own flags.  Every object is position independent: the same
# objects go into the shared runtime, the static runtime (which
# static-pie programs link) and the tools.
WARN        = -Wall -Wextra -Wshadow -Wstrict-prototypes \
              -Wmissing-prototypes -Wno-sign-compare
HL_CPPFLAGS = -D_GNU_SOURCE -I. -I$(B)/gen
HL_CFLAGS   = -std=gnu11 -fPIC $(WARN)
ALL_CPPFLAGS = $(HL_CPPFLAGS) $(CPPFLAGS)
ALL_CFLAGS   = $(HL_CFLAGS) $(CFLAGS)

# Flags one directory needs whatever the user asked for: they come after
# the user's flags on the command line, and "override" keeps a command
# line assignment from replacing them.  The runtime's internals are
# hidden.  The swap code is copied into a private page and run from
# there (runtime/stub.c), so it must refer to nothing outside its own
# section: no stack protector, no calls the compiler invents (memcpy for
# loops), no jump tables, no cold partitions in other sections, no
# instrumentation.
override SWAP_SAFETY_CFLAGS = -ffreestanding -fno-builtin \
	-fno-stack-protector -fno-jump-tables -fno-reorder-blocks-and-partition \
	-fno-tree-loop-distribute-patterns -fno-sanitize=all \
	-fno-asynchronous-unwind-tables -fno-unwind-tables -fno-exceptions \
	-fno-profile-arcs -fno-test-coverage -fPIC
override DIR_CFLAGS_core    = -fvisibility=hidden
override DIR_CFLAGS_host    = -fvisibility=hidden
override DIR_CFLAGS_runtime = -fvisibility=hidden
override DIR_CFLAGS_swap    = -fvisibility=hidden $(SWAP_SAFETY_CFLAGS)

# Libraries beyond libc that a directory's code needs.
LIBS_elf = -lelf

# $(call archives,DIR): the archives a program or test in DIR links, in
# link order; $(call libs,DIR): the libraries they need.
archives = $(foreach d,$(filter $(CODE_DIRS),$(1) $(USES_$(1))),$(B)/lib/$(d).a)
libs     = $(sort $(foreach d,$(1) $(USES_$(1)),$(LIBS_$(d))))

all: stage

# Dependencies.  Plain "make" only checks the packages the build needs
# and names those missing; "make deps" installs them (and those of the
# tests), and "make check" and "make demo" call it.
deps:
	@CC=$(CC) mk/deps.sh install check

$(B)/.deps-build: mk/deps.sh
	@mkdir -p $(B)
	@CC=$(CC) mk/deps.sh verify build
	@touch $@

define code_dir
$(B)/obj/$(1)/%.o: $(1)/%.c | $(B)/.deps-build
	@mkdir -p $$(@D)
	$$(CC) $$(ALL_CPPFLAGS) $$(ALL_CFLAGS) $$(DIR_CFLAGS_$(1)) -MMD -MP -c -o $$@ $$<

$(B)/lib/$(1).a: $$(patsubst %.c,$(B)/obj/%.o,$$(filter-out $(1)/main.c,$$(wildcard $(1)/*.c)))
	@mkdir -p $$(@D)
	rm -f $$@
	$$(AR) rcs $$@ $$^
endef
$(foreach d,$(CODE_DIRS),$(eval $(call code_dir,$(d))))

# Anything else (a test, an example of the build's own): the plain flags.
$(B)/obj/%.o: %.c | $(B)/.deps-build
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

# Filled in by the build.mk fragments.
STAGE_FILES =
CLEAN_FILES =

include linker/build.mk
include ldscripts/build.mk
include runtime/build.mk
include tools/build.mk
include man/build.mk
include examples/build.mk
include bench/build.mk
include fuzz/build.mk
include tests/build.mk

stage: $(STAGE_FILES)

install: stage
	mkdir -p $(DESTDIR)$(PREFIX)
	cp -R -P $(STAGE)/. $(DESTDIR)$(PREFIX)/

clean:
	rm -rf $(B) $(CLEAN_FILES)

-include $(wildcard $(B)/obj/*/*.d $(B)/obj/*/*/*.d $(B)/obj/*/*/*/*.d)

.PHONY: all deps stage install clean check demo bench fuzz sanitize
.DELETE_ON_ERROR:
