# tools: hugectl, hugeedit and hugelink-inspect, staged in $(STAGE)/bin.

# Unit tests: tests/unit/tools/<unit>-test.c.
UNIT_TESTS += tools/elf-check tools/elf-file tools/elf-link
tools/elf-file_DEPS = tools/elf-check
tools/elf-file_LIBS = -lelf
tools/elf-link_DEPS = tools/elf-file tools/elf-check
tools/elf-link_LIBS = -lelf
