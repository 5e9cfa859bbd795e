# Tests.  Included last: it turns the UNIT_TESTS that every other fragment
# declared into rules.
#
# Unit tests: tests/unit/<dir>/<unit>-test.c tests <dir>/<unit>.c.  The test
# links the unit's object, the objects listed in <dir>/<unit>_DEPS, and
# wraps the symbols listed in <dir>/<unit>_WRAP (cmocka mocks through
# -Wl,--wrap, only ever at object-file boundaries).
#
# Integration tests: tests/integration/*.sh, found by glob, one per feature.

comma := ,
define unit_test
$(B)/tests/unit/$(1)-test: tests/unit/$(1)-test.c $(B)/obj/$(1).o \
		$$(patsubst %,$(B)/obj/%.o,$$($(1)_DEPS)) | $(B)/.deps-build
	@mkdir -p $$(@D)
	$$(CC) $$(HL_CPPFLAGS) $$(HL_CFLAGS) -o $$@ $$^ \
		$$(patsubst %,-Wl$$(comma)--wrap=%,$$($(1)_WRAP)) -lcmocka $$($(1)_LIBS)
endef
$(foreach t,$(UNIT_TESTS),$(eval $(call unit_test,$(t))))
UNIT_BINS = $(patsubst %,$(B)/tests/unit/%-test,$(UNIT_TESTS))

# T=name runs the integration tests whose file names contain "name".
T =
check-unit: $(UNIT_BINS)
	tests/unit/run $(UNIT_BINS)

check-integration: stage $(B)/.deps-check
	HL_PREFIX=$(abspath $(STAGE)) HL_SRC=$(CURDIR) HL_BUILD=$(abspath $(B)) \
		CC=$(CC) tests/integration/run $(T)

# The packages come first, then the build in a make of its own: what the
# build finds (the real linkers the wrapper is fixed to) is read when
# make starts, so it must start after they are installed.
check: $(B)/.deps-check
	$(MAKE) --no-print-directory stage
	$(MAKE) --no-print-directory check-unit
	$(MAKE) --no-print-directory check-integration

.PHONY: check-unit check-integration
