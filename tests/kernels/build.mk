# SPDX-License-Identifier: MIT
# The guest tests: "make check-kernels" boots Debian's 5.10 and 6.1
# kernels under qemu and runs the runtime's tests in each
# (tests/kernels/run); KERNELS=6.1 boots only that one, and T=NAME runs
# only the guest tests whose names contain NAME.  Packages, test
# programs and the initramfs are kept below $(B)/kernels.  When the
# kernels or qemu cannot be had, it says "SKIP: reason" and succeeds,
# as a skipped integration test does.
KERNELS =
check-kernels: deps
	$(MAKE) --no-print-directory stage
	HL_PREFIX=$(abspath $(STAGE)) HL_BINDIR=$(abspath $(STAGE_BIN)) \
		HL_LIBDIR=$(abspath $(STAGE_LIB)) HL_DATADIR=$(abspath $(STAGE_DATA)) \
		HL_MANDIR=$(abspath $(STAGE_MAN)) HL_SRC=$(CURDIR) \
		HL_BUILD=$(abspath $(B)) CC=$(CC) KT_ONLY=$(T) tests/kernels/run $(KERNELS) || \
		[ $$? -eq 77 ]

.PHONY: check-kernels
