# man: the manual pages, staged as $(STAGE)/share/man/man<section>/<page>.
# hugetlbfs-ld.1 belongs to the linker and is staged by linker/build.mk;
# tests/integration/tool-man.sh checks that every staged page renders
# without a groff warning.

MAN_PAGES = hugectl.8 hugeedit.8 hugelink-inspect.1 hugelink.7

$(STAGE)/share/man/man1/%.1: man/%.1
	@mkdir -p $(@D)
	cp $< $@

$(STAGE)/share/man/man7/%.7: man/%.7
	@mkdir -p $(@D)
	cp $< $@

$(STAGE)/share/man/man8/%.8: man/%.8
	@mkdir -p $(@D)
	cp $< $@

STAGE_FILES += $(foreach p,$(MAN_PAGES),\
	$(STAGE)/share/man/man$(subst .,,$(suffix $(p)))/$(p))
