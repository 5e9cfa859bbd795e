# SPDX-License-Identifier: MIT
# examples: the example programs, relinked through the staged wrapper
# into $(B)/examples/ (the benchmark runs these), and "make demo".
#
# They are built here the way examples/Makefile builds them for a user,
# with the project's warnings on top.

EX_OUT   = $(B)/examples
EX_FLAGS = -std=gnu11 -O2 -g $(WARN) -B$(STAGE_DATA)/hugelink \
	   -Wl,--hugetlbfs-align
EX_PROGS = $(EX_OUT)/itlb $(EX_OUT)/dtlb $(EX_OUT)/dtlb-1g

$(EX_OUT)/itlb $(EX_OUT)/dtlb: $(EX_OUT)/%: examples/%.c examples/measure.h $(STAGE_FILES)
	@mkdir -p $(@D)
	$(CC) $(EX_FLAGS) -o $@ $<

$(EX_OUT)/dtlb-1g: examples/dtlb.c examples/measure.h $(STAGE_FILES)
	@mkdir -p $(@D)
	$(CC) $(EX_FLAGS) -Wl,--hugetlbfs-page-size=1G -o $@ $<

examples: $(EX_PROGS)

# The demo relinks the examples itself, so that it can show how.
demo: deps
	$(MAKE) --no-print-directory stage
	$(MAKE) --no-print-directory demo-run

demo-run:
	HL_PREFIX=$(abspath $(STAGE)) HL_OUT=$(abspath $(B))/demo CC='$(CC)' \
		sh examples/demo.sh

.PHONY: examples demo-run
