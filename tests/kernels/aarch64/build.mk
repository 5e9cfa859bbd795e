# SPDX-License-Identifier: MIT
# "make check-aarch64": cross-build the test programs for aarch64 and
# run them on Debian's arm64 6.1 kernel under qemu (tests/kernels/aarch64/run).
# When the cross compiler, qemu or the packages cannot be had, it says
# "SKIP: reason" and succeeds, as a skipped integration test does.
check-aarch64: deps
	$(MAKE) --no-print-directory stage
	HL_PREFIX=$(abspath $(STAGE)) HL_BINDIR=$(abspath $(STAGE_BIN)) \
		HL_LIBDIR=$(abspath $(STAGE_LIB)) HL_DATADIR=$(abspath $(STAGE_DATA)) \
		HL_SRC=$(CURDIR) HL_BUILD=$(abspath $(B)) \
		tests/kernels/aarch64/run || [ $$? -eq 77 ]

.PHONY: check-aarch64
