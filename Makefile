# SPDX-License-Identifier: MIT
# hugelink: put a program's own text, data and bss on huge pages.
#
# This is a GNU Makefile.  Put local settings (PREFIX, CC, CFLAGS, ...) in
# config.mak, which is read after the defaults below, or pass them on the
# command line.  CC, CFLAGS, CPPFLAGS and LDFLAGS are the user's, and are
# taken from the environment too, as packaging tools pass them: the flags
# the build itself needs live in variables of their own and are applied
# around them.
#
# Targets: all, deps, check, install, uninstall, demo, bench, fuzz,
# sanitize, clean; runtime and install-runtime (with ARCH=, below);
# check-aarch64.

# Where "make install" puts things.  Every directory must lie under
# PREFIX.  The installed programs find one another through the relative
# paths between BINDIR, LIBDIR, CROSS_LIBDIR and DATADIR, compiled in,
# so a tree moved as a whole keeps working.
PREFIX   = /usr/local
BINDIR   = $(PREFIX)/bin
LIBDIR   = $(PREFIX)/lib
DATADIR  = $(PREFIX)/share
MANDIR   = $(PREFIX)/share/man
DOCDIR   = $(PREFIX)/share/doc/hugelink
# The runtime built for another architecture (aarch64's, below) goes in
# CROSS_LIBDIR, where % stands for that architecture's multiarch name
# (aarch64-linux-gnu).  When LIBDIR is the build machine's own multiarch
# directory (/usr/lib/x86_64-linux-gnu, as a Debian package has it),
# that is the multiarch directory beside it (/usr/lib/aarch64-linux-gnu,
# which holds Debian's arm64 libraries); otherwise a directory below
# LIBDIR ($(LIBDIR)/aarch64-linux-gnu).
CROSS_LIBDIR = $(if $(and $(NATIVE_MULTIARCH),$(filter %/$(NATIVE_MULTIARCH),$(LIBDIR))),$(dir $(LIBDIR)),$(LIBDIR)/)%
DESTDIR  =
# yes: also install the tools under libhugetlbfs's names (hugectl,
# hugeedit, ld.hugetlbfs, the -B directory share/libhugetlbfs and their
# manual pages); no: only under hugelink's own (hugelink-ctl,
# hugelink-edit, hugelink-ld, ...), beside an installed libhugetlbfs.
LIBHUGETLBFS_NAMES = yes
# The emulations the --hugetlbfs-link=B|BDT scripts are made for, each
# from the GNU ld the compiler runs when it has it.  LDSCRIPT_CROSS=yes
# also makes those it lacks with a cross GNU ld (aarch64-linux-gnu-ld,
# ...) when one is on PATH, so that the wrapper can cross-link with them;
# which scripts a build makes then depends on the machine.  no: the
# build's GNU ld alone, which a package build needs (debian/rules).
LDSCRIPT_EMULATIONS = elf_x86_64 elf32_x86_64 elf_i386 aarch64linux
LDSCRIPT_CROSS = yes
# yes: "make install" on the running system (no DESTDIR) may replace
# files that are there and that no earlier install put there (its
# manifest does not name them), such as another package's hugectl; no:
# it names them and installs nothing.
INSTALL_OVERWRITE = no
# no: the runtime that every executable links in (libhugelink.a) and
# the hot text's note are stripped of their debugging information, so
# that a program built with -g describes only itself in its own, and one
# built without it has none (the runtime's is about 0.6 MB with -g); yes:
# they keep it, to step through the runtime inside a program.  The
# shared runtime keeps it either way, as the tools do.
RUNTIME_DEBUG = no
# gcc unless CC comes from the environment or the command line (make's
# own default, cc, is not taken; make -R has none).
ifneq ($(filter default undefined,$(origin CC)),)
CC       = gcc
endif
AR       ?= ar
OBJCOPY  ?= objcopy
OBJDUMP  ?= objdump
CFLAGS   ?= -O2 -g
CPPFLAGS ?=
LDFLAGS  ?=
# The flags of the runtimes staged for other architectures (below):
# CFLAGS, CPPFLAGS and LDFLAGS are the build machine's, and may name
# options another architecture's compiler refuses (-march=x86-64-v3,
# -fcf-protection).
CROSS_CFLAGS   = -O2 -g
CROSS_CPPFLAGS =
CROSS_LDFLAGS  =
B        = build
STAGE    = $(B)/stage

-include config.mak

# ARCH names the architecture to build the runtime for, with a compiler
# for it: "make install-runtime ARCH=aarch64 CC=aarch64-linux-gnu-gcc
# PREFIX=...".  Left empty, or naming the build machine's own, the whole
# tree is built.  Another architecture builds the runtime alone, below
# $(B)/$(ARCH), with the binutils the compiler runs, and stages it in
# CROSS_LIBDIR with its multiarch name (aarch64-linux-gnu) for %: the one
# wrapper links a program for that architecture with it
# (linker/prefix.c).
ARCH      =
HOST_ARCH := $(shell uname -m)
CROSS     := $(filter-out $(HOST_ARCH),$(ARCH))
# The build machine's own multiarch name (x86_64-linux-gnu), as its
# compiler prints it: CC's, or gcc's when CC is another architecture's.
NATIVE_MULTIARCH = $(shell $(if $(CROSS),gcc,$(CC)) -print-multiarch 2>/dev/null)
ifneq ($(CROSS),)
MULTIARCH := $(shell $(CC) -print-multiarch)
$(if $(MULTIARCH),,$(error CC='$(CC)' names no multiarch target for ARCH=$(ARCH)))
override B := $(B)/$(CROSS)
AR        := $(shell $(CC) -print-prog-name=ar)
OBJCOPY   := $(shell $(CC) -print-prog-name=objcopy)
OBJDUMP   := $(shell $(CC) -print-prog-name=objdump)
endif

ifeq ($(filter yes no,$(LIBHUGETLBFS_NAMES)),)
$(error LIBHUGETLBFS_NAMES=$(LIBHUGETLBFS_NAMES): expected yes or no)
endif
ifeq ($(filter yes no,$(LDSCRIPT_CROSS)),)
$(error LDSCRIPT_CROSS=$(LDSCRIPT_CROSS): expected yes or no)
endif
ifeq ($(filter yes no,$(INSTALL_OVERWRITE)),)
$(error INSTALL_OVERWRITE=$(INSTALL_OVERWRITE): expected yes or no)
endif
ifeq ($(findstring %,$(CROSS_LIBDIR)),)
$(error CROSS_LIBDIR=$(CROSS_LIBDIR): expected a % for the multiarch name)
endif

# The one version string, from the file VERSION: the tools print it, the
# runtime carries it in its ELF note, and its major number is the shared
# runtime's soname (libhugelink.so.$(SO_MAJOR)).
VERSION  := $(shell cat VERSION)
SO_MAJOR := $(firstword $(subst ., ,$(VERSION)))

# The stage, $(STAGE), holds the install tree as it will be below PREFIX:
# STAGE_BIN is $(STAGE)/bin when BINDIR is $(PREFIX)/bin, and so on.
below_prefix = $(if $(filter $(PREFIX)/%,$($(1))),$(patsubst $(PREFIX)/%,%,$($(1))),$(error $(1)=$($(1)) is not below PREFIX=$(PREFIX)))
STAGE_BIN  := $(STAGE)/$(call below_prefix,BINDIR)
STAGE_LIB  := $(STAGE)/$(call below_prefix,LIBDIR)
STAGE_DATA := $(STAGE)/$(call below_prefix,DATADIR)
STAGE_MAN  := $(STAGE)/$(call below_prefix,MANDIR)
STAGE_DOC  := $(STAGE)/$(call below_prefix,DOCDIR)
STAGE_CROSS_LIB := $(STAGE)/$(call below_prefix,CROSS_LIBDIR)

# $(call relpath,FROM,TO): the path of directory TO relative to FROM.
relpath = $(shell realpath -s -m --relative-to='$(1)' '$(2)')

# $(call symlink,TARGET): the recipe that makes $@ a symbolic link to
# TARGET, unless it is one already (its rule runs every time: FORCE).
symlink = @mkdir -p $(@D); [ "$$(readlink $@ 2>/dev/null)" = '$(1)' ] || \
	{ echo "ln -sfn $(1) $@"; ln -sfn '$(1)' $@; }

# The code, one directory per part, each built into one archive
# $(B)/lib/<dir>.a of its *.c files (a directory's main.c, the entry of
# a program, stays out of it).  USES_<dir> lists what <dir> may include
# and link, nearest first: these are the include arrows of DEVELOPERS.md,
# and mk/check-tree.sh holds every #include to them.  arch/ is headers
# only, with no archive.
CODE_DIRS = core machine remap loader elf linker \
            tools/common tools/hugectl tools/hugeedit tools/inspect \
            tools/profile
USES_arch              =
USES_core              =
USES_machine           = core
USES_remap             = arch
USES_loader            = remap arch machine core
USES_elf               = core
USES_linker            = elf machine core
USES_tools/common      =
USES_tools/hugectl     = tools/common elf machine core
USES_tools/hugeedit    = tools/common elf machine core
USES_tools/inspect     = tools/common elf machine core
USES_tools/profile     = tools/common elf machine core
USES_ldscripts         = linker elf machine core
USES_fuzz              = tools/hugectl tools/hugeedit tools/inspect \
                         tools/common elf machine core

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
# hidden.  The remap code is copied into a private page and run from
# there (remap/run.c), so it must refer to nothing outside its own
# section: no stack protector, no calls the compiler invents (memcpy for
# loops), no jump tables, no cold partitions in other sections, no
# instrumentation (profiling hooks, mcount), and no link-time
# optimization, which would compile it again at the link, past the
# section renames of the runtime's partial link (loader/build.mk).
#
# gcc and clang spell some of them differently, so the compiler is asked
# which it is (clang defines __clang__).  gcc moves cold blocks into
# .text.unlikely (-freorder-blocks-and-partition) and turns copy loops
# into memcpy calls (-ftree-loop-distribute-patterns); clang splits
# functions only with -fsplit-machine-functions, and -fno-builtin alone
# keeps its loop idioms from becoming library calls.  The options that
# have no negative form (-pg, and clang's -finstrument-functions) are
# taken out of the user's flags for that directory instead
# (DIR_REFUSED_<dir>).  tests/integration/runtime-commit-stub.sh checks
# the objects, for the compiler that built them.
CC_IS_CLANG := $(shell $(CC) -dM -E -x c /dev/null 2>/dev/null | grep -q '__clang__' && echo yes)
CC_KIND := $(if $(CC_IS_CLANG),clang,gcc)
override REMAP_SAFETY_gcc   = -fno-reorder-blocks-and-partition -fno-tree-loop-distribute-patterns \
	-fno-instrument-functions
override REMAP_SAFETY_clang = -fno-split-machine-functions
override REMAP_SAFETY_CFLAGS = -ffreestanding -fno-builtin \
	-fno-stack-protector -fno-jump-tables \
	$(REMAP_SAFETY_$(CC_KIND)) $(REMAP_SAFETY_$(CC_KIND)_$(CC_ARCH)) \
	-fno-sanitize=all \
	-fno-asynchronous-unwind-tables -fno-unwind-tables -fno-exceptions \
	-fno-profile-arcs -fno-test-coverage -fno-lto -fPIC
override REMAP_REFUSED_gcc   = -p -pg
override REMAP_REFUSED_clang = -p -pg -finstrument-functions \
	-finstrument-functions-after-inlining -finstrument-function-entry-bare
override DIR_REFUSED_remap = $(REMAP_REFUSED_$(CC_KIND))
# The runtime's objects are machine code whatever the user's -flto: its
# partial link (loader/build.mk) renames their sections, which needs
# them compiled, and clang's -r link cannot read its bitcode.
override DIR_CFLAGS_core    = -fvisibility=hidden -fno-lto
override DIR_CFLAGS_machine    = -fvisibility=hidden -fno-lto
override DIR_CFLAGS_loader = -fvisibility=hidden -fno-lto
override DIR_CFLAGS_remap    = -fvisibility=hidden $(REMAP_SAFETY_CFLAGS)

# For aarch64, the runtime is built for branch target identification
# and return address signing, so that a program marked for them stays
# marked with the runtime linked in (the linker keeps a mark only when
# every input has it); and its atomics are instructions, not calls to
# libgcc's out-of-line helpers, which carry no such mark and which the
# remap code could not reach.
CC_ARCH := $(firstword $(subst -, ,$(shell $(CC) -dumpmachine)))

# On x86, a user's retpolines and return thunks (-mindirect-branch=thunk,
# -mfunction-return=thunk, clang's -mretpoline) would have the remap code
# call thunks in sections of their own, outside its section.
override REMAP_SAFETY_gcc_x86_64 = -mindirect-branch=keep -mfunction-return=keep
override REMAP_SAFETY_clang_x86_64 = -mno-retpoline

# For x86-64, likewise, the code is built for indirect branch tracking
# and shadow stacks (-fcf-protection), which keeps a program's IBT and
# SHSTK marks with the runtime linked in; but not where the user's own
# flags ask for gcc's inline retpolines or return thunks, which it
# refuses beside them.
CF_CONFLICTS = -mindirect-branch=thunk -mindirect-branch=thunk-inline \
	-mfunction-return=thunk -mfunction-return=thunk-inline
ifeq ($(CC_ARCH)$(filter $(CF_CONFLICTS),$(CFLAGS)),x86_64)
HL_CFLAGS += -fcf-protection=full
endif
ifeq ($(CC_ARCH),aarch64)
HL_CFLAGS += -mbranch-protection=standard
HL_CFLAGS += -mno-outline-atomics
endif

# Libraries beyond libc that a directory's code needs.
LIBS_elf = -lelf
LIBS_linker = -lbfd

# $(call archives,DIR): the archives a program or test in DIR links, in
# link order; $(call libs,DIR): the libraries they need.
archives = $(foreach d,$(filter $(CODE_DIRS),$(1) $(USES_$(1))),$(B)/lib/$(d).a)
libs     = $(sort $(foreach d,$(1) $(USES_$(1)),$(LIBS_$(d))))

ifeq ($(CROSS),)
all: stage
else
all: runtime
endif

# Dependencies.  Plain "make" only checks the packages the build needs
# and names those missing; "make deps" installs them (and those of the
# tests), and "make check" and "make demo" call it.
deps:
	@CC='$(CC)' mk/deps.sh install check

$(B)/.deps-build: mk/deps.sh
	@mkdir -p $(B)
	@CC='$(CC)' mk/deps.sh verify $(if $(CROSS),$(CROSS),build)
	@touch $@

# Generated headers, below $(B)/gen and included by their path like any
# other ("core/version.h").  Each is rewritten only when its contents
# change, so that nothing rebuilds otherwise; every object waits for them
# (order-only), and the compiler's dependency files then name the ones
# it read.
GEN_HEADERS = $(B)/gen/core/version.h $(B)/gen/machine/relpaths.h

# $(call gen_header,GUARD,LINE...): the recipe that writes $@.
gen_header = @mkdir -p $(@D); \
	printf '%s\n' '/* Generated by the Makefile. */' '\#ifndef $(1)' \
		'\#define $(1)' $(2) '\#endif' >$@.tmp; \
	if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

$(B)/gen/core/version.h: FORCE
	$(call gen_header,CORE_VERSION_H,\
		'#define HL_VERSION "$(VERSION)"' \
		'#define HL_SO_MAJOR "$(SO_MAJOR)"')

# Where the installed programs find the runtime, another architecture's
# (with its % left for the wrapper to fill in) and the data: relative to
# the directory they run from, BINDIR.
$(B)/gen/machine/relpaths.h: FORCE
	$(call gen_header,MACHINE_RELPATHS_H,\
		'#define MACH_BIN_TO_LIB "$(call relpath,$(BINDIR),$(LIBDIR))"' \
		'#define MACH_BIN_TO_CROSS_LIB "$(call relpath,$(BINDIR),$(CROSS_LIBDIR))"' \
		'#define MACH_BIN_TO_DATA "$(call relpath,$(BINDIR),$(DATADIR))"')

define code_dir
$(B)/obj/$(1)/%.o: $(1)/%.c | $(B)/.deps-build $(GEN_HEADERS)
	@mkdir -p $$(@D)
	$$(CC) $$(ALL_CPPFLAGS) $$(filter-out $$(DIR_REFUSED_$(1)),$$(ALL_CFLAGS)) \
		$$(DIR_CFLAGS_$(1)) -MMD -MP -c -o $$@ $$<

$(B)/lib/$(1).a: $$(patsubst %.c,$(B)/obj/%.o,$$(filter-out $(1)/main.c,$$(wildcard $(1)/*.c)))
	@mkdir -p $$(@D)
	rm -f $$@
	$$(AR) rcs $$@ $$^
endef
$(foreach d,$(CODE_DIRS),$(eval $(call code_dir,$(d))))

# Anything else (a test, an example of the build's own): the plain flags.
$(B)/obj/%.o: %.c | $(B)/.deps-build $(GEN_HEADERS)
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

# Filled in by the build.mk fragments.
STAGE_FILES =
CLEAN_FILES =

include linker/build.mk
include ldscripts/build.mk
include loader/build.mk
include tools/build.mk
include man/build.mk
include examples/build.mk
include bench/build.mk
include fuzz/build.mk
include tests/build.mk
include tests/kernels/build.mk

# pkg-config's file, its directories relative to ${prefix} so that
# --define-variable=prefix=DIR finds a tree moved to DIR.
pc_dir = $(patsubst $(PREFIX)/%,$${prefix}/%,$($(1)))
$(STAGE_LIB)/pkgconfig/hugelink.pc: mk/hugelink.pc.in FORCE
	@mkdir -p $(@D)
	@sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@BINDIR@|$(call pc_dir,BINDIR)|' \
		-e 's|@LIBDIR@|$(call pc_dir,LIBDIR)|' \
		-e 's|@DATADIR@|$(call pc_dir,DATADIR)|' \
		-e 's|@VERSION@|$(VERSION)|' mk/hugelink.pc.in >$@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

STAGE_FILES += $(STAGE_LIB)/pkgconfig/hugelink.pc

# The licence (MIT), installed as the documentation of every package.
$(STAGE_DOC)/LICENSE: LICENSE
	@mkdir -p $(@D)
	cp $< $@

STAGE_FILES += $(STAGE_DOC)/LICENSE

# The runtime of each other architecture whose cross compiler is
# installed ("make deps" installs aarch64's) is staged too, in
# $(STAGE_CROSS_LIB) with its multiarch name for %, so that the tests
# cross-link with it and "make install" installs it.  It is built with
# the CROSS_ flags, which the sub-make's command line puts in place of
# the user's, wherever those came from, and into the CROSS_LIBDIR this
# make worked out from the build machine's compiler.
CROSS_ARCHES = aarch64
STAGE_CROSS := $(if $(CROSS),,$(foreach a,$(filter-out $(HOST_ARCH),$(CROSS_ARCHES)),\
	$(if $(shell command -v $(a)-linux-gnu-gcc),$(a))))

cross-runtime-%: FORCE
	$(MAKE) --no-print-directory runtime ARCH=$* CC=$*-linux-gnu-gcc \
		STAGE='$(STAGE)' CROSS_LIBDIR='$(CROSS_LIBDIR)' CFLAGS='$(CROSS_CFLAGS)' \
		CPPFLAGS='$(CROSS_CPPFLAGS)' LDFLAGS='$(CROSS_LDFLAGS)'

stage: $(STAGE_FILES) $(STAGE_CROSS:%=cross-runtime-%)

# Install copies the staged files below $(DESTDIR)$(PREFIX), one by one,
# creating DESTDIR when it does not exist: those of this build alone,
# never a directory whole, so that a file an earlier build left in the
# stage (a runtime of another version, a script of an emulation no
# longer made) stays out.  Installed on the running system (no
# DESTDIR), it records what it put there, the directories it had to
# create included, in a manifest, and uninstall removes exactly that; it
# replaces no file that is not in that manifest unless
# INSTALL_OVERWRITE=yes.  A DESTDIR install, which packages are made
# from, holds no manifest: uninstall removes the same files from it,
# then the directories they leave empty, and no directory that holds
# anything else (mk/install.sh).  The generated scripts are those the
# stamp lists; uninstall names every script the build could have made.
stage_rel = $(patsubst $(STAGE)/%,%,$(1))
INSTALL_ITEMS = $(call stage_rel,$(filter $(STAGE)/%,\
			$(filter-out $(LDSCRIPTS_STAMP),$(STAGE_FILES)))) \
		$(foreach a,$(STAGE_CROSS),\
			$(addprefix $(call stage_rel,$(subst %,$(a)-linux-gnu,$(STAGE_CROSS_LIB)))/,$(RUNTIME_NAMES)))
INSTALL_MANIFEST = $(DATADIR)/hugelink/install.manifest
INSTALL_SH = INSTALL_OVERWRITE=$(INSTALL_OVERWRITE) sh mk/install.sh

install: stage
	$(INSTALL_SH) install '$(STAGE)' '$(DESTDIR)' '$(PREFIX)' \
		'$(INSTALL_MANIFEST)' $(INSTALL_ITEMS) \
		$$(sed 's|^|$(call stage_rel,$(LDSCRIPTS_DIR))/|' '$(LDSCRIPTS_STAMP)')

uninstall:
	$(INSTALL_SH) uninstall '$(STAGE)' '$(DESTDIR)' '$(PREFIX)' \
		'$(INSTALL_MANIFEST)' $(INSTALL_ITEMS) \
		$(call stage_rel,$(LDSCRIPTS_ALL))

clean:
	rm -rf $(B) $(CLEAN_FILES)

-include $(wildcard $(B)/obj/*/*.d $(B)/obj/*/*/*.d $(B)/obj/*/*/*/*.d)

.PHONY: all deps stage install uninstall clean check demo bench fuzz sanitize FORCE
.DELETE_ON_ERROR:
