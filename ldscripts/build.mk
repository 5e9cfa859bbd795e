# SPDX-License-Identifier: MIT
# ldscripts: the --hugetlbfs-link=B and =BDT scripts, made at build time
# from GNU ld's own default scripts (ld --verbose) by mkscript, which
# shares its text processing with the wrapper.  Never hand-written: GNU
# ld's scripts keep TLS, RELRO, GNU_PROPERTY and everything else.  The
# GNU ld they come from is the one $(CC) runs as ld.bfd now
# (ldscripts/find-ld.sh); the wrapper itself fixes no linker.

MKSCRIPT = $(B)/ldscripts/mkscript

$(MKSCRIPT): $(B)/obj/ldscripts/mkscript.o $(call archives,ldscripts)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDFLAGS) $(call libs,ldscripts)

# The settings the set is made with (LDSCRIPT_EMULATIONS and
# LDSCRIPT_CROSS, in the Makefile), rewritten only when they change.
$(B)/ldscripts/settings: FORCE
	@mkdir -p $(@D)
	@echo 'emulations=$(LDSCRIPT_EMULATIONS) cross=$(LDSCRIPT_CROSS)' >$@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

# One stamp for the whole set, since which emulations exist depends on
# the linkers installed: the list of the scripts made, by their names,
# which "make install" installs one by one.  It lies in the stage beside
# the scripts, so that scripts staged elsewhere (another DATADIR) or
# deleted with the stage are made again; it is staged, and never
# installed.  LDSCRIPTS_ALL names every script the emulations asked for
# could have, which "make uninstall" removes where they are.
LDSCRIPTS_DIR   = $(STAGE_DATA)/hugelink/ldscripts
LDSCRIPTS_STAMP = $(LDSCRIPTS_DIR).stamp
$(LDSCRIPTS_STAMP): ldscripts/generate.sh ldscripts/find-ld.sh $(MKSCRIPT) \
		$(B)/ldscripts/settings
	sh ldscripts/generate.sh $(MKSCRIPT) $(LDSCRIPTS_DIR) $@ \
		"$$(CC='$(CC)' sh ldscripts/find-ld.sh ld.bfd)" \
		$(LDSCRIPT_CROSS) $(LDSCRIPT_EMULATIONS)

LDSCRIPTS_ALL = $(addprefix $(LDSCRIPTS_DIR)/,\
	$(shell sh ldscripts/generate.sh --names $(LDSCRIPT_EMULATIONS)))

STAGE_FILES += $(LDSCRIPTS_STAMP)
