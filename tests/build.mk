# SPDX-License-Identifier: MIT
# Tests.
#
# Unit tests: tests/unit/<dir>/<unit>-test.c tests <dir>/<unit>.c, found
# by wildcard.  Each links the archives of <dir> and of what <dir> uses
# (USES_<dir>), and cmocka.  A test that defines __wrap_NAME mocks NAME
# (linked with -Wl,--wrap=NAME): mocks live only at object-file
# boundaries.  Each is compiled and linked in one step, and the
# compiler's dependency file beside it names the headers it read.
#
# Integration tests: tests/integration/*.sh, found by glob, one per feature.

UNIT_SRCS = $(sort $(wildcard tests/unit/*/*-test.c tests/unit/*/*/*-test.c))
UNIT_BINS = $(patsubst tests/unit/%.c,$(B)/tests/unit/%,$(UNIT_SRCS))

# $(call unit_dir,tests/unit/DIR/UNIT-test.c): DIR.
unit_dir = $(patsubst tests/unit/%/,%,$(dir $(1)))

define unit_test
$(patsubst tests/unit/%.c,$(B)/tests/unit/%,$(1)): $(1) $(call archives,$(call unit_dir,$(1))) | $(B)/.deps-unit
	@mkdir -p $$(@D)
	$$(CC) $$(ALL_CPPFLAGS) $$(ALL_CFLAGS) -MMD -MP -MF $$@.d -MT $$@ -o $$@ $$< \
		$(call archives,$(call unit_dir,$(1))) \
		$$$$(sed -n 's/^[a-z].*__wrap_\([A-Za-z0-9_]*\)(.*/-Wl,--wrap=\1/p' $$< | sort -u) \
		$$(LDFLAGS) -lcmocka $(call libs,$(call unit_dir,$(1)))
endef
$(foreach t,$(UNIT_SRCS),$(eval $(call unit_test,$(t))))
-include $(wildcard $(UNIT_BINS:=.d))

# The unit tests need cmocka, which plain "make" does not.
$(B)/.deps-unit: mk/deps.sh $(B)/.deps-build
	@CC='$(CC)' mk/deps.sh verify unit
	@touch $@

# T=name runs the integration tests whose file names contain "name".
T =
check-unit: $(UNIT_BINS)
	tests/unit/run $(UNIT_BINS)

check-tree:
	sh mk/check-tree.sh $(foreach d,arch $(CODE_DIRS) ldscripts fuzz,'$(d):$(USES_$(d))')

check-integration: stage
	HL_PREFIX=$(abspath $(STAGE)) HL_BINDIR=$(abspath $(STAGE_BIN)) \
		HL_LIBDIR=$(abspath $(STAGE_LIB)) HL_DATADIR=$(abspath $(STAGE_DATA)) \
		HL_MANDIR=$(abspath $(STAGE_MAN)) HL_SRC=$(CURDIR) \
		HL_CROSS_LIBDIR='$(abspath $(STAGE_CROSS_LIB))' \
		HL_BUILD=$(abspath $(B)) CC='$(CC)' HL_OFFLINE=$(HL_OFFLINE) \
		HL_ALLOW_ROOT=$(HL_ALLOW_ROOT) \
		HL_STAGE_CROSS='$(STAGE_CROSS)' tests/integration/run $(T)

# The random layouts test alone, longer or with another seed:
# "make check-random SEED=7 COUNT=500" (FIRST=<n> starts at program n).
# It holds the huge-page pool's lock for the whole run, with no time limit.
SEED  = 1
COUNT = 200
FIRST = 0
check-random: stage
	HL_PREFIX=$(abspath $(STAGE)) HL_SRC=$(CURDIR) HL_BUILD=$(abspath $(B)) \
		CC='$(CC)' RANDOM_SEED=$(SEED) RANDOM_COUNT=$(COUNT) \
		RANDOM_FIRST=$(FIRST) HL_TEST_TIMEOUT=0 \
		tests/integration/run random-layouts

# The packages come first, then the build in a make of its own: what the
# build finds (the GNU ld whose scripts --hugetlbfs-link uses) is read
# when the build runs, so it must run after they are installed.
check: deps
	$(MAKE) --no-print-directory stage
	$(MAKE) --no-print-directory check-tree
	$(MAKE) --no-print-directory check-unit
	$(MAKE) --no-print-directory check-integration

# For packagers: needs no network, no root and nothing beyond the build's
# own packages and cmocka; installs nothing, and changes nothing of the
# machine's.  The unit tests, then every integration test with
# HL_OFFLINE=1, under which a program a test needs and lacks is a reason
# to skip it, as are a huge-page pool or a kernel feature it lacks; each
# skip says why.  A test that needs root's powers (the huge-page pool,
# mounts, users, cgroups, the THP settings) skips even as root, as a
# package build in a container may run, unless HL_ALLOW_ROOT=yes
# (tests/integration/lib/root.sh); "make check" uses them as root.
HL_OFFLINE =
HL_ALLOW_ROOT ?=
check-offline:
	$(MAKE) --no-print-directory stage
	$(MAKE) --no-print-directory check-tree
	$(MAKE) --no-print-directory check-unit
	$(MAKE) --no-print-directory check-integration HL_OFFLINE=1

# The Debian packages (debian/), built from the committed tree by
# dpkg-buildpackage in $(B)/package, then checked by lintian
# (mk/check-package.sh).  DEB_BUILD_OPTIONS=nocheck skips the packagers'
# tests (check-offline) inside the build.
check-package:
	@CC='$(CC)' mk/deps.sh install package
	sh mk/check-package.sh $(abspath $(B))/package

.PHONY: check-unit check-tree check-integration check-random check-offline \
	check-package
