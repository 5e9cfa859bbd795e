# ldscripts: the --hugetlbfs-link=B and =BDT scripts, made at build time
# from GNU ld's own default scripts (ld --verbose) by mkscript, which
# shares its text processing with the wrapper.  Never hand-written: GNU
# ld's scripts keep TLS, RELRO, GNU_PROPERTY and everything else.

MKSCRIPT = $(B)/ldscripts/mkscript

$(MKSCRIPT): $(B)/obj/ldscripts/mkscript.o $(B)/obj/linker/script.o \
		$(B)/obj/linker/emul.o $(B)/obj/linker/readall.o
	@mkdir -p $(@D)
	$(CC) $(HL_CFLAGS) -o $@ $^ $(LDFLAGS)

# One stamp for the whole set: which emulations exist depends on the
# linkers installed.
$(B)/ldscripts.stamp: ldscripts/generate.sh $(MKSCRIPT) \
		$(B)/gen/linker/config.h
	sh ldscripts/generate.sh $(MKSCRIPT) $(STAGE)/share/hugelink/ldscripts \
		"$(HL_LD_BFD)"
	@touch $@

STAGE_FILES += $(B)/ldscripts.stamp
