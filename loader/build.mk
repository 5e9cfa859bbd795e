# SPDX-License-Identifier: MIT
# The runtime library: loader/ (the constructor and prepare) over remap/,
# machine/ and core/.
#
# Its objects become one relocatable object, $(B)/loader/hugelink.o: a
# partial link that starts from the constructor (-u ldr_ctor) and so
# takes from the archives exactly the objects the runtime needs, in
# which every defined symbol but ldr_ctor and __dso_handle is then made
# local.  A program that embeds the runtime therefore gains no global
# symbol that could meet one of its own or libc's, whatever its linker
# exports: both are hidden, and __dso_handle, which only links without
# crtbegin.o lack, is weak (loader/forkguard.c).  Its code is named
# .text.startup.hugelink, which the linkers' default layouts (GNU ld's
# and gold's) put at the start of the text, beside the program's
# constructors and main: in a program laid out for huge pages, that is
# the first whole huge page of the text, which the kernel maps with one
# PMD when the page cache holds it in a huge folio, so that a start
# served from the page cache takes no fault on base pages to run the
# runtime.  Its read-only data (strings, tables, constant
# configurations: every .rodata* section) goes with it, as
# .text.startup.hugelink.rodata, readable and not executable in the
# object, executable in the text like the rest of it: in the program's
# read-only data segment, which a served start otherwise never reads,
# its first read would take a page fault.  That object is all of
# lib/libhugelink.a, which the wrapper links into executables with -u
# ldr_ctor (stripped of its debugging information unless
# RUNTIME_DEBUG=yes), and of the shared runtime
# lib/libhugelink.so.$(VERSION) (soname libhugelink.so.$(SO_MAJOR)),
# which is bound at link time (-z now, -Bsymbolic) so that nothing in it
# resolves lazily while the program's segments are being swapped, and
# links nothing beyond libc.

RUNTIME_OBJ = $(B)/loader/hugelink.o
RUNTIME_SO  = libhugelink.so.$(VERSION)

# The libraries are staged in $(STAGE_LIB), or for another architecture
# (ARCH, in the Makefile) in $(STAGE_CROSS_LIB) with its multiarch name
# for %.
RT_LIB = $(if $(CROSS),$(subst %,$(MULTIARCH),$(STAGE_CROSS_LIB)),$(STAGE_LIB))

$(RUNTIME_OBJ): $(call archives,loader)
	@mkdir -p $(@D)
	$(CC) -nostdlib -r -Wl,-u,ldr_ctor -o $@.all $^
	$(OBJCOPY) --keep-global-symbol=ldr_ctor \
		--keep-global-symbol=__dso_handle \
		--rename-section .text=.text.startup.hugelink \
		$$(LC_ALL=C $(OBJDUMP) -h $@.all | awk '$$2 ~ /^\.rodata/ { \
			printf " --rename-section %s=%s", $$2, \
			".text.startup.hugelink.rodata,alloc,load,readonly,contents" }') \
		$@.all $@
	rm -f $@.all

$(RT_LIB)/$(RUNTIME_SO): $(RUNTIME_OBJ) loader/libhugelink.map
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -shared -o $@ $< \
		-Wl,-soname,libhugelink.so.$(SO_MAJOR) -Wl,-z,now -Wl,-z,relro \
		-Wl,-z,nodelete \
		-Wl,-Bsymbolic -Wl,--no-undefined \
		-Wl,--version-script=loader/libhugelink.map $(LDFLAGS)

# Each link needs what it names, so that a rule that needs a link gets
# the library too.
$(RT_LIB)/libhugelink.so.$(SO_MAJOR): $(RT_LIB)/$(RUNTIME_SO) FORCE
	$(call symlink,$(RUNTIME_SO))

$(RT_LIB)/libhugelink.so: $(RT_LIB)/libhugelink.so.$(SO_MAJOR) FORCE
	$(call symlink,libhugelink.so.$(SO_MAJOR))

# What every executable links in carries no debugging information
# unless RUNTIME_DEBUG=yes (the Makefile says why); the setting is kept
# in a file, so that changing it remakes both.
EMBED_OBJCOPY = $(OBJCOPY) $(if $(filter yes,$(RUNTIME_DEBUG)),,--strip-debug --keep-file-symbols)
EMBED_SETTING = $(B)/loader/embed/setting

$(EMBED_SETTING): FORCE
	@mkdir -p $(@D)
	@echo 'RUNTIME_DEBUG=$(RUNTIME_DEBUG)' >$@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

$(B)/loader/embed/hugelink.o: $(RUNTIME_OBJ) $(EMBED_SETTING)
	$(EMBED_OBJCOPY) $< $@

$(RT_LIB)/libhugelink.a: $(B)/loader/embed/hugelink.o
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $<

# The hot text's note, which the wrapper adds to links with
# --hugetlbfs-order (loader/hotnote.c): not part of the runtime, but
# built for the same target, beside it.
$(RT_LIB)/hugelink-hot.o: $(B)/obj/loader/hotnote.o $(EMBED_SETTING)
	@mkdir -p $(@D)
	$(EMBED_OBJCOPY) $< $@

# The runtime's files, by name: the same for every architecture, each in
# its own directory.
RUNTIME_NAMES = $(RUNTIME_SO) libhugelink.so.$(SO_MAJOR) libhugelink.so \
	libhugelink.a hugelink-hot.o
RUNTIME_FILES = $(addprefix $(RT_LIB)/,$(RUNTIME_NAMES))
STAGE_FILES += $(RUNTIME_FILES)

# runtime: the runtime alone; install-runtime installs it alone, with
# the same manifest as "make install", so that "make uninstall" removes it
# too.  With ARCH naming another architecture, these are all there is to
# build.
runtime: $(RUNTIME_FILES)

install-runtime: runtime
	$(INSTALL_SH) install '$(STAGE)' '$(DESTDIR)' '$(PREFIX)' \
		'$(INSTALL_MANIFEST)' $(patsubst $(STAGE)/%,%,$(RUNTIME_FILES))

.PHONY: runtime install-runtime
