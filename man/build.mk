# SPDX-License-Identifier: MIT
# man: every manual page in man/, staged as
# $(STAGE_MAN)/man<section>/<page>, and a page for each other name of a
# tool, which sources its tool's page (".so man8/hugelink-ctl.8"):
# hugelink-ld(1) always, and libhugetlbfs's names hugectl(8),
# hugeedit(8) and ld.hugetlbfs(1) when LIBHUGETLBFS_NAMES=yes.
# The pages name the tools by libhugetlbfs's names, which the strings
# ctl and edit hold (".ds ctl hugectl"); with LIBHUGETLBFS_NAMES=no they
# are staged through man/own-names.sed, and name the tools as that
# install does: hugelink-ctl, hugelink-edit, and no -B directory
# share/libhugetlbfs.
# tests/integration/tool-man.sh checks that every staged page renders
# without a groff warning and passes mandoc's lint;
# tests/integration/install-man-names.sh that the pages installed name
# only the tools installed.

MAN_PAGES = $(notdir $(wildcard man/*.[1-8]))

# The setting the pages are staged with, rewritten only when it changes.
$(B)/man/settings: FORCE
	@mkdir -p $(@D)
	@echo 'libhugetlbfs_names=$(LIBHUGETLBFS_NAMES)' >$@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

ifeq ($(LIBHUGETLBFS_NAMES),yes)
man_stage = cp $< $@
else
man_stage = sed -f man/own-names.sed $< >$@
endif

define man_section
$(STAGE_MAN)/man$(1)/%.$(1): man/%.$(1) man/own-names.sed $(B)/man/settings
	@mkdir -p $$(@D)
	$$(man_stage)
endef
$(foreach s,1 7 8,$(eval $(call man_section,$(s))))

# $(call man_alias,PAGE,TARGET): stage PAGE (name.section) as a page
# that sources TARGET (name.section).
man_page_path = $(STAGE_MAN)/man$(subst .,,$(suffix $(1)))/$(1)
define man_alias
$(call man_page_path,$(1)): FORCE
	@mkdir -p $$(@D)
	@printf '.so man%s/%s\n' '$(subst .,,$(suffix $(2)))' '$(2)' >$$@.tmp
	@if cmp -s $$@.tmp $$@; then rm -f $$@.tmp; else mv $$@.tmp $$@; fi
MAN_ALIASES += $(call man_page_path,$(1))
endef
MAN_ALIASES =
$(eval $(call man_alias,hugelink-ld.1,hugetlbfs-ld.1))
ifeq ($(LIBHUGETLBFS_NAMES),yes)
$(eval $(call man_alias,hugectl.8,hugelink-ctl.8))
$(eval $(call man_alias,hugeedit.8,hugelink-edit.8))
$(eval $(call man_alias,ld.hugetlbfs.1,hugetlbfs-ld.1))
endif

STAGE_FILES += $(foreach p,$(MAN_PAGES),$(call man_page_path,$(p))) \
	$(MAN_ALIASES)
