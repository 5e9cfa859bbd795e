# ldscripts: the --hugetlbfs-link=B and =BDT scripts, made at build time
# from GNU ld's own default scripts (ld --verbose) by mkscript, which
# shares its text processing with the wrapper.  Never hand-written: GNU
# ld's scripts keep TLS, RELRO, GNU_PROPERTY and everything else.

MKSCRIPT = $(B)/ldscripts/mkscript

$(MKSCRIPT): $(B)/obj/ldscripts/mkscript.o $(call archives,ldscripts)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDFLAGS) $(call libs,ldscripts)

# One stamp for the whole set: which emulations exist depends on the
# linkers installed.
$(B)/ldscripts.stamp: ldscripts/generate.sh $(MKSCRIPT) \
		$(B)/gen/linker/config.h
	sh ldscripts/generate.sh $(MKSCRIPT) $(STAGE)/share/hugelink/ldscripts \
		"$$(sed -n 's/^#define HL_LD_BFD "\(.*\)"$$/\1/p' $(B)/gen/linker/config.h)"
	@touch $@

STAGE_FILES += $(B)/ldscripts.stamp
