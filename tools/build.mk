# SPDX-License-Identifier: MIT
# tools: hugelink-ctl, hugelink-edit, hugelink-inspect and
# hugelink-profile, staged in $(STAGE_BIN), and hugectl and hugeedit,
# libhugetlbfs's names, as links to the first two when
# LIBHUGETLBFS_NAMES=yes.
# Each is tools/<dir>/main.c over its directory's archive and those
# below it: tools/common, the ELF library, machine/ and core/, so that what
# the tools say the runtime would do is what its own planner does.

# $(call tool,NAME,DIR)
define tool
$(STAGE_BIN)/$(1): $(B)/obj/$(2)/main.o $(call archives,$(2))
	@mkdir -p $$(@D)
	$$(CC) $$(ALL_CFLAGS) -o $$@ $$^ $$(LDFLAGS) $(call libs,$(2))
TOOL_BINS += $(STAGE_BIN)/$(1)
endef
TOOL_BINS =
$(eval $(call tool,hugelink-ctl,tools/hugectl))
$(eval $(call tool,hugelink-edit,tools/hugeedit))
$(eval $(call tool,hugelink-inspect,tools/inspect))
$(eval $(call tool,hugelink-profile,tools/profile))

STAGE_FILES += $(TOOL_BINS)

$(STAGE_BIN)/hugectl: FORCE
	$(call symlink,hugelink-ctl)
$(STAGE_BIN)/hugeedit: FORCE
	$(call symlink,hugelink-edit)

ifeq ($(LIBHUGETLBFS_NAMES),yes)
STAGE_FILES += $(STAGE_BIN)/hugectl $(STAGE_BIN)/hugeedit
endif

# tools: just the tools (make sanitize builds them on their own).
tools: $(TOOL_BINS)

.PHONY: tools
