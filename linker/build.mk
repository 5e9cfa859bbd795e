# SPDX-License-Identifier: MIT
# linker: the linker wrapper hugetlbfs-ld.
#
# No linker is fixed here: the wrapper finds the real one when it links,
# by asking the compiler that ran it (linker/findld.c).  The one value
# compiled in is the target's multiarch name, for the directories the
# dynamic loader searches without a run path; it is probed in the recipe,
# which rewrites the header only when it changes.

$(B)/gen/linker/config.h: FORCE
	$(call gen_header,LINKER_CONFIG_H,\
		'#define HL_MULTIARCH "'"$$($(CC) -print-multiarch 2>/dev/null)"'"')

$(B)/obj/linker/prefix.o: $(B)/gen/linker/config.h

$(STAGE_BIN)/hugetlbfs-ld: $(B)/obj/linker/main.o $(call archives,linker)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDFLAGS) $(call libs,linker)

# Compilers find the wrapper as "ld" (gcc -B), or as "ld.<name>" for
# -fuse-ld=<name>, in share/hugelink, and in share/libhugetlbfs, where
# libhugetlbfs installed its own and where existing Makefiles point -B.
# There also as ld.hugetlbfs, libhugetlbfs's name for it.  Only these
# links are ours in share/libhugetlbfs: libhugetlbfs's own files there
# (Debian's ldscripts/) are never touched.  In BINDIR it is also
# hugelink-ld, its name beside the other tools', and ld.hugetlbfs.  The
# names of libhugetlbfs's (share/libhugetlbfs, ld.hugetlbfs) are staged
# only when LIBHUGETLBFS_NAMES=yes.
HL_LD_NAMES  = ld ld.bfd ld.gold ld.lld ld.mold
HL_LD_LINKS  = $(addprefix $(STAGE_DATA)/hugelink/,$(HL_LD_NAMES))
HL_LHF_LINKS = $(addprefix $(STAGE_DATA)/libhugetlbfs/,$(HL_LD_NAMES) ld.hugetlbfs)
$(HL_LD_LINKS): FROM = $(DATADIR)/hugelink
$(HL_LHF_LINKS): FROM = $(DATADIR)/libhugetlbfs
$(HL_LD_LINKS) $(HL_LHF_LINKS): FORCE
	$(call symlink,$(call relpath,$(FROM),$(BINDIR))/hugetlbfs-ld)

$(STAGE_BIN)/ld.hugetlbfs $(STAGE_BIN)/hugelink-ld: FORCE
	$(call symlink,hugetlbfs-ld)

STAGE_FILES += $(STAGE_BIN)/hugetlbfs-ld $(STAGE_BIN)/hugelink-ld $(HL_LD_LINKS)
ifeq ($(LIBHUGETLBFS_NAMES),yes)
STAGE_FILES += $(STAGE_BIN)/ld.hugetlbfs $(HL_LHF_LINKS)
endif
