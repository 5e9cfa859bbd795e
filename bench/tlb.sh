# SPDX-License-Identifier: MIT
# Part c, sourced by bench/run.sh: the two TLB-bound examples on base
# pages, linked plainly (the kernel maps a relinked itlb's primed text on
# huge pages even when nothing is asked); on huge pages through hugelink,
# on hugetlb pages and on transparent huge pages (HUGELINK_BACKING),
# itlb's text also from the page cache after hugectl --prime, and through
# libhugetlbfs; and on transparent huge pages the way anonymous-copy
# tools get them (thp.so, preloaded).  Each example times its own work
# and says so; the whole run, start-up and first touch of the memory
# included, is timed from outside, in wall-clock and CPU time.
#
# A control for itlb: the same calls to as many functions packed 128
# bytes apart, in 1 MiB of text, on base pages.  It touches as many cache
# lines but few pages, so the gap between it and base pages is what the
# spread over pages costs: as much as any page size could win back.

tlb_cmd() {
	case $1 in
	base) echo "$BENCH_BIN/$prog-base" ;;
	packed) echo "$BENCH_BIN/$prog-packed" ;;
	hugelink) echo "HUGETLB_ELFMAP=$class HUGELINK_BACKING=hugetlb $EX_BIN/$prog" ;;
	hugelink_thp) echo "HUGETLB_ELFMAP=$class HUGELINK_BACKING=thp $EX_BIN/$prog" ;;
	hugelink_file) echo "HUGETLB_ELFMAP=$class HUGELINK_BACKING=file $EX_BIN/$prog" ;;
	hugelink1g) echo "HUGETLB_ELFMAP=$class=1G $EX_BIN/$prog-1g" ;;
	thp) echo "BENCH_THP=$kind LD_PRELOAD=$BENCH_BIN/thp.so $EX_BIN/$prog" ;;
	lhf) echo "$LHF_ENV HUGETLB_ELFMAP=$class $BENCH_BIN/lhf/$prog" ;;
	esac
}

tlb_label() {
	case $1 in
	base) echo "base pages" ;;
	packed) echo "control: packed in 1 MiB, base pages" ;;
	hugelink) echo "hugelink $class, hugetlb 2 MiB pages" ;;
	hugelink_thp) echo "hugelink $class, THP (HUGELINK_BACKING=thp)" ;;
	hugelink_file) echo "hugelink $class, page cache, primed (HUGELINK_BACKING=file)" ;;
	hugelink1g) echo "hugelink $class, hugetlb 1 GiB pages" ;;
	thp) echo "THP preload $class (thp.so)" ;;
	lhf) echo "$LHF $class, 2 MiB pages" ;;
	esac
}

tlb_pages() {
	case $1 in
	base | packed) echo 4 ;;
	thp) echo - ;;
	hugelink_thp) echo thp ;;
	hugelink_file) echo - ;;
	hugelink1g) echo 1048576 ;;
	*) echo 2048 ;;
	esac
}

bench_tlb() {
	prog=itlb class=R kind=text what=call
	"$HL_PREFIX/bin/hugectl" --prime "$EX_BIN/itlb" >&2 || true
	tlb_one "itlb: 20 M calls over 32 MiB of text" 20 \
		base hugelink hugelink_file hugelink_thp thp lhf packed
	prog=dtlb class=W kind=data what=probe
	tlb_one "dtlb: 5 M chained probes of a 512 MiB table" 5 \
		base hugelink hugelink1g hugelink_thp thp lhf
}

# tlb_one BENCHMARK MILLIONS VARIANT...
tlb_one() {
	b=$1 work=$2 whole="$prog: whole run"
	shift 2
	vs=
	progress "$b"
	for v in "$@"; do
		if [ $v = hugelink1g ] && [ -n "$POOL_1G_WHY" ]; then
			sample "$b" "$(tlb_label $v)" "ns/$what" "fails: $POOL_1G_WHY"
			continue
		fi
		listed "$whole" "$(tlb_label $v)"
		check "$b" "$(tlb_label $v)" "ns/$what" "$(tlb_pages $v)" \
			$(tlb_cmd $v) 0.5 && vs="$vs $v"
	done
	for r in $(seq "${RUNS:-9}"); do
		for v in $(order "$r" $vs); do
			timed "$whole" "$(tlb_label $v)" $(tlb_cmd $v) "$work" || continue
			sample "$b" "$(tlb_label $v)" "ns/$what" \
				"$(sed -n 's/.*, \([0-9.]*\) ns each$/\1/p' "$W/out")"
		done
	done
}
