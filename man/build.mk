# SPDX-License-Identifier: MIT
# man: every manual page in man/, staged as
# $(STAGE_MAN)/man<section>/<page>.  tests/integration/tool-man.sh
# checks that every staged page renders without a groff warning.

MAN_PAGES = $(notdir $(wildcard man/*.[1-8]))

define man_section
$(STAGE_MAN)/man$(1)/%.$(1): man/%.$(1)
	@mkdir -p $$(@D)
	cp $$< $$@
endef
$(foreach s,1 7 8,$(eval $(call man_section,$(s))))

STAGE_FILES += $(foreach p,$(MAN_PAGES),\
	$(STAGE_MAN)/man$(subst .,,$(suffix $(p)))/$(p))
