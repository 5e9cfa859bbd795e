# SPDX-License-Identifier: MIT
# bench: "make bench" (bench/run.sh; doc/bench.md says what it measures).
#
# Its programs are built into $(B)/bench/.  libhugetlbfs, one column of
# the tables, comes from Debian through "mk/deps.sh libhugetlbfs": the
# benchmark installs it, the build and the tests never need it, and when
# it cannot be had its programs are not built and run.sh reports its
# variants as failing.  Debian ships its wrapper as ld.hugetlbfs only, so
# the benchmark gives it a -B directory of its own in which it is "ld".
# Its programs are linked -no-pie, because libhugetlbfs 2.23 mishandles
# PIE (its issues #18 and #49), and with --no-as-needed, because its
# wrapper adds -lhugetlbfs last, where --as-needed would drop it.

BENCH_OUT    = $(B)/bench
BENCH_CFLAGS = -std=gnu11 -O2 -g $(WARN) -Iexamples
BENCH_HL     = -B$(STAGE_DATA)/hugelink -Wl,--hugetlbfs-align
BENCH_LHF    = -B$(BENCH_OUT)/lhf-ld -Wl,--hugetlbfs-align -no-pie -Wl,--no-as-needed
BIGSEG_MIB   = 8 32 128

$(B)/.deps-bench: mk/deps.sh $(B)/.deps-build
	@CC='$(CC)' mk/deps.sh install bench
	@touch $@

$(BENCH_OUT)/timeit $(BENCH_OUT)/memcpy: $(BENCH_OUT)/%: bench/%.c | $(B)/.deps-build
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -o $@ $<

$(BENCH_OUT)/thp.so: bench/thp.c | $(B)/.deps-build
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -fPIC -shared -o $@ $<

# The same program linked plainly, PIE as the compiler makes it: the
# start hugelink's are measured against, and the floor's program.
$(BENCH_OUT)/bigseg-plain-%: bench/bigseg.c bench/hold.h examples/measure.h | $(B)/.deps-build
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -DMIB=$* -o $@ $<

$(BENCH_OUT)/bigseg-%: bench/bigseg.c bench/hold.h examples/measure.h $(STAGE_FILES)
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -DMIB=$* $(BENCH_HL) -o $@ $<

# The 32 MiB program again, bound at load (-z now), as distributions'
# hardened builds link: every symbol the runtime takes from libc is then
# looked up at each start, where a lazily bound program looks up only
# those it calls.
$(BENCH_OUT)/bigseg-plain-%-now: bench/bigseg.c bench/hold.h examples/measure.h | $(B)/.deps-build
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -DMIB=$* -Wl,-z,now -o $@ $<

$(BENCH_OUT)/bigseg-%-now: bench/bigseg.c bench/hold.h examples/measure.h $(STAGE_FILES)
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -DMIB=$* $(BENCH_HL) -Wl,-z,now -o $@ $<

# The fork loop, relinked: its data goes on THP, hugetlb or base pages
# as each run asks.
$(BENCH_OUT)/forkloop: bench/forkloop.c examples/measure.h $(STAGE_FILES)
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) $(BENCH_HL) -o $@ $<

# itlb with its functions 128 bytes apart instead of a page: the same
# calls and cache lines on a few pages, a control for what the TLB costs.
$(BENCH_OUT)/itlb-packed: examples/itlb.c examples/measure.h $(STAGE_FILES)
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -DFUNC_BYTES=128 $(BENCH_HL) -o $@ $<

# The examples linked plainly, for the runs on base pages: the kernel
# maps a relinked itlb's text from a primed page cache on huge pages
# even when nothing is asked.
$(BENCH_OUT)/itlb-base $(BENCH_OUT)/dtlb-base: $(BENCH_OUT)/%-base: \
		examples/%.c examples/measure.h | $(B)/.deps-build
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -o $@ $<

# A program that does nothing, linked plainly and with each runtime, for
# bench/runtime-kinds.sh.
$(BENCH_OUT)/trivial-plain: bench/trivial.c | $(B)/.deps-build
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -o $@ $<

$(BENCH_OUT)/trivial-static: bench/trivial.c $(STAGE_FILES)
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) $(BENCH_HL) -o $@ $<

$(BENCH_OUT)/trivial-shared: bench/trivial.c $(STAGE_FILES)
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) $(BENCH_HL) -Wl,--hugetlbfs-runtime=shared -o $@ $<

# A program whose text is in a shared library (bench/libtext.sh): the
# library linked plainly and relinked, each beside a small plain program
# that finds it through its run path.
$(BENCH_OUT)/lib-plain/libbig.so: bench/biglib.c | $(B)/.deps-build
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -fPIC -shared -o $@ $<

$(BENCH_OUT)/lib/libbig.so: bench/biglib.c $(STAGE_FILES)
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -fPIC -shared $(BENCH_HL) -o $@ $<

$(BENCH_OUT)/libmain-plain $(BENCH_OUT)/libmain: $(BENCH_OUT)/%: bench/libmain.c \
		bench/hold.h examples/measure.h $(BENCH_OUT)/lib-plain/libbig.so \
		$(BENCH_OUT)/lib/libbig.so
	$(CC) $(BENCH_CFLAGS) -o $@ $< \
		-L$(BENCH_OUT)/$(if $(filter %-plain,$@),lib-plain,lib) -lbig \
		-Wl,-rpath,'$$ORIGIN/$(if $(filter %-plain,$@),lib-plain,lib)'

$(BENCH_OUT)/lhf-ld/ld:
	@mkdir -p $(@D)
	ln -sf "$$(command -v ld.hugetlbfs)" $@

$(BENCH_OUT)/lhf/bigseg-%: bench/bigseg.c bench/hold.h examples/measure.h $(BENCH_OUT)/lhf-ld/ld
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -DMIB=$* $(BENCH_LHF) -o $@ $<

# The one PIE, to show how libhugetlbfs 2.23 fails on it.
$(BENCH_OUT)/lhf/bigseg-8-pie: bench/bigseg.c bench/hold.h examples/measure.h $(BENCH_OUT)/lhf-ld/ld
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -DMIB=8 $(filter-out -no-pie,$(BENCH_LHF)) -pie -o $@ $<

$(BENCH_OUT)/lhf/itlb $(BENCH_OUT)/lhf/dtlb: $(BENCH_OUT)/lhf/%: examples/%.c \
		examples/measure.h $(BENCH_OUT)/lhf-ld/ld
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) $(BENCH_LHF) -o $@ $<

# Hot text (bench/hottext.sh): 64 MiB of 1 KiB functions, every 20th
# hot (bench/hotgen.sh), linked with the wrapper unordered; profiled on
# base pages with perf record -e cpu-clock -g, ordered by
# hugelink-profile, and linked again with that order.
HOT_NFUNC  = 65536
HOT_BYTES  = 1024
HOT_STRIDE = 20
$(BENCH_OUT)/hot.o: bench/hotgen.sh | $(B)/.deps-build
	@mkdir -p $(@D)
	sh bench/hotgen.sh $(HOT_NFUNC) $(HOT_BYTES) $(HOT_STRIDE) >$(@:.o=.s)
	$(CC) -c -o $@ $(@:.o=.s)
	rm -f $(@:.o=.s)

$(BENCH_OUT)/hotmain: bench/hotmain.c examples/measure.h $(BENCH_OUT)/hot.o $(STAGE_FILES)
	$(CC) $(BENCH_CFLAGS) -DSTRIDE=$(HOT_STRIDE) $(BENCH_HL) -o $@ $< $(BENCH_OUT)/hot.o

# perf comes with the benchmark's packages ($(B)/.deps-bench).
$(BENCH_OUT)/hotmain.order: $(BENCH_OUT)/hotmain $(STAGE_FILES) | $(B)/.deps-bench
	perf record -q -e cpu-clock -F 10000 -g -o $@.data -- $< 100 >/dev/null
	$(STAGE_BIN)/hugelink-profile -o $@ -x $< $@.data >$@.report
	rm -f $@.data

$(BENCH_OUT)/hotmain-ordered: bench/hotmain.c examples/measure.h $(BENCH_OUT)/hot.o \
		$(BENCH_OUT)/hotmain.order $(STAGE_FILES)
	$(CC) $(BENCH_CFLAGS) -DSTRIDE=$(HOT_STRIDE) $(BENCH_HL) \
		-Wl,--hugetlbfs-order=$(BENCH_OUT)/hotmain.order -o $@ $< $(BENCH_OUT)/hot.o

BENCH_PROGS = $(BENCH_OUT)/timeit $(BENCH_OUT)/memcpy $(BENCH_OUT)/thp.so \
	$(BIGSEG_MIB:%=$(BENCH_OUT)/bigseg-plain-%) $(BIGSEG_MIB:%=$(BENCH_OUT)/bigseg-%) \
	$(BENCH_OUT)/bigseg-plain-32-now $(BENCH_OUT)/bigseg-32-now \
	$(BENCH_OUT)/itlb-packed $(BENCH_OUT)/itlb-base $(BENCH_OUT)/dtlb-base \
	$(BENCH_OUT)/forkloop \
	$(addprefix $(BENCH_OUT)/trivial-,plain static shared) \
	$(BENCH_OUT)/libmain $(BENCH_OUT)/libmain-plain \
	$(BENCH_OUT)/hotmain $(BENCH_OUT)/hotmain-ordered
BENCH_LHF_PROGS = $(BIGSEG_MIB:%=$(BENCH_OUT)/lhf/bigseg-%) \
	$(BENCH_OUT)/lhf/bigseg-8-pie $(BENCH_OUT)/lhf/itlb $(BENCH_OUT)/lhf/dtlb

bench-libhugetlbfs: $(B)/.deps-bench
	@if CC='$(CC)' mk/deps.sh install libhugetlbfs; then \
		$(MAKE) --no-print-directory $(BENCH_LHF_PROGS); \
	else \
		echo "bench: going on without libhugetlbfs" >&2; \
	fi

bench: stage $(EX_PROGS) $(BENCH_PROGS) bench-libhugetlbfs
	HL_PREFIX=$(abspath $(STAGE)) BENCH_BIN=$(abspath $(BENCH_OUT)) \
		EX_BIN=$(abspath $(EX_OUT)) BENCH_CSV=$(CURDIR)/bench/results.csv \
		sh bench/run.sh

.PHONY: bench-libhugetlbfs
