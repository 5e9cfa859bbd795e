# tools: hugectl, hugeedit and hugelink-inspect, staged in $(STAGE)/bin.
#
# They link the runtime's own configuration, planning and sysinfo objects,
# so that what they say the runtime would do is what it does.  Each tool
# finds the runtime relative to its own location (tools/self.c).

TOOL_RUNTIME_OBJS = $(patsubst %,$(B)/obj/loader/%.o,plan config size sysinfo sharename)
TOOL_COMMON = elf-check elf-file elf-link simulate self
HUGECTL_SRCS = hugectl ctl-opts ctl-vars ctl-env ctl-plan ctl-exec share-files
HUGEEDIT_SRCS = hugeedit edit-flags edit-write cli
INSPECT_SRCS = hugelink-inspect inspect-model inspect-text inspect-json json pool \
               cli

tool_objs = $(patsubst %,$(B)/obj/tools/%.o,$(1) $(TOOL_COMMON)) \
            $(TOOL_RUNTIME_OBJS)

$(STAGE)/bin/hugectl: $(call tool_objs,$(HUGECTL_SRCS))
$(STAGE)/bin/hugeedit: $(call tool_objs,$(HUGEEDIT_SRCS))
$(STAGE)/bin/hugelink-inspect: $(call tool_objs,$(INSPECT_SRCS))

TOOL_BINS = $(STAGE)/bin/hugectl $(STAGE)/bin/hugeedit \
            $(STAGE)/bin/hugelink-inspect
$(TOOL_BINS):
	@mkdir -p $(@D)
	$(CC) $(HL_CFLAGS) -o $@ $^ $(LDFLAGS) -lelf

STAGE_FILES += $(TOOL_BINS)

# tools: just the three tools (make sanitize builds them on their own).
tools: $(TOOL_BINS)

# Unit tests: tests/unit/tools/<unit>-test.c.
UNIT_TESTS += tools/elf-check tools/elf-file tools/elf-link tools/ctl-opts \
              tools/ctl-env tools/ctl-plan tools/edit-flags tools/edit-write \
              tools/json
tools/elf-file_DEPS = tools/elf-check
tools/elf-file_LIBS = -lelf
tools/elf-link_DEPS = tools/elf-file tools/elf-check
tools/elf-link_LIBS = -lelf
tools/ctl-opts_DEPS = loader/size
tools/ctl-env_DEPS = tools/ctl-vars tools/elf-link tools/elf-file \
                     tools/elf-check loader/size
tools/ctl-env_WRAP = ctl_plan_check
tools/ctl-env_LIBS = -lelf
tools/ctl-plan_DEPS = tools/ctl-vars tools/simulate tools/elf-file \
                      tools/elf-check loader/plan loader/config loader/size
tools/ctl-plan_LIBS = -lelf
tools/edit-write_DEPS = tools/elf-file tools/elf-check
tools/edit-write_LIBS = -lelf

.PHONY: tools
include fuzz/build.mk
