# SPDX-License-Identifier: MIT
# The guest tests (tests/kernels/run): "make check-kernels" boots
# Debian's x86-64 5.10 and 6.1 kernels under qemu and runs the runtime's
# tests in each, then boots the last of them once more with a 1 GiB
# default huge page size; "make check-aarch64" cross-builds the same
# programs for aarch64 and runs the same tests, and those of arm64's own
# features, on Debian's arm64 6.1 kernel.  KERNELS=6.1 boots only that
# one (and again with 1 GiB), and T=NAME runs only the guest tests whose
# names contain NAME.  Packages, test
# programs and the initramfs are kept below $(B)/kernels and
# $(B)/aarch64-guest.  When the kernels, qemu or the cross compiler
# cannot be had, it says "SKIP: reason" and succeeds, as a skipped
# integration test does.
KERNELS =
KT_ENV = HL_PREFIX=$(abspath $(STAGE)) HL_BINDIR=$(abspath $(STAGE_BIN)) \
	HL_LIBDIR=$(abspath $(STAGE_LIB)) HL_DATADIR=$(abspath $(STAGE_DATA)) \
	HL_MANDIR=$(abspath $(STAGE_MAN)) HL_SRC=$(CURDIR) \
	HL_CROSS_LIBDIR='$(abspath $(STAGE_CROSS_LIB))' \
	HL_BUILD=$(abspath $(B)) CC='$(CC)' KT_ONLY=$(T)

check-kernels: deps
	$(MAKE) --no-print-directory stage
	$(KT_ENV) tests/kernels/run $(KERNELS) || [ $$? -eq 77 ]

check-aarch64: deps
	$(MAKE) --no-print-directory stage
	$(KT_ENV) KT_ARCH=aarch64 tests/kernels/run $(KERNELS) || [ $$? -eq 77 ]

.PHONY: check-kernels check-aarch64
