# SPDX-License-Identifier: MIT
# tools: hugectl, hugeedit, hugelink-inspect and hugelink-profile, staged in $(STAGE_BIN).
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
$(eval $(call tool,hugectl,tools/hugectl))
$(eval $(call tool,hugeedit,tools/hugeedit))
$(eval $(call tool,hugelink-inspect,tools/inspect))
$(eval $(call tool,hugelink-profile,tools/profile))

STAGE_FILES += $(TOOL_BINS)

# tools: just the tools (make sanitize builds them on their own).
tools: $(TOOL_BINS)

.PHONY: tools
