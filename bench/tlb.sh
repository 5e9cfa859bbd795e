# Part c, sourced by bench/run.sh: the two TLB-bound examples on base
# pages, on huge pages through hugelink and through libhugetlbfs, and on
# transparent huge pages the way anonymous-copy tools get them (thp.so).
# Each example times its own work and says so; the whole run, start-up
# and first touch of the memory included, is timed from outside.
#
# A control for itlb: the same calls to as many functions packed 128
# bytes apart, in 1 MiB of text, on base pages.  It touches as many cache
# lines but few pages, so the gap between it and base pages is what the
# spread over pages costs: as much as any page size could win back.

tlb_cmd() {
	case $1 in
	base) echo "$EX_BIN/$prog" ;;
	packed) echo "$BENCH_BIN/$prog-packed" ;;
	hugelink) echo "env HUGETLB_ELFMAP=$class $EX_BIN/$prog" ;;
	hugelink1g) echo "env HUGETLB_PATH=$MNT1G HUGETLB_ELFMAP=$class=1G $EX_BIN/$prog-1g" ;;
	thp) echo "env BENCH_THP=$kind LD_PRELOAD=$BENCH_BIN/thp.so $EX_BIN/$prog" ;;
	lhf) echo "env HUGETLB_ELFMAP=$class $BENCH_BIN/lhf/$prog" ;;
	esac
}

tlb_label() {
	case $1 in
	base) echo "base pages" ;;
	packed) echo "control: packed in 1 MiB, base pages" ;;
	hugelink) echo "hugelink $class, 2 MiB pages" ;;
	hugelink1g) echo "hugelink $class, 1 GiB pages" ;;
	thp) echo "THP, anonymous $kind (thp.so)" ;;
	lhf) echo "$LHF $class, 2 MiB pages" ;;
	esac
}

tlb_pages() {
	case $1 in
	base | packed | thp) echo 4 ;;
	hugelink1g) echo 1048576 ;;
	*) echo 2048 ;;
	esac
}

bench_tlb() {
	prog=itlb class=R kind=text what=call
	tlb_one "itlb: 20 M calls over 32 MiB of text" 20 base hugelink thp lhf packed
	prog=dtlb class=W kind=data what=probe
	tlb_one "dtlb: 5 M chained probes of a 512 MiB table" 5 \
		base hugelink hugelink1g thp lhf
}

# tlb_one BENCHMARK MILLIONS VARIANT...
tlb_one() {
	b=$1 work=$2 whole="$prog: whole run"
	shift 2
	vs=
	progress "$b"
	for v in "$@"; do
		if [ $v = hugelink1g ] && [ -z "$MNT1G" ]; then
			sample "$b" "$(tlb_label $v)" "ns/$what" "fails: $POOL_1G_WHY"
			continue
		fi
		check "$b" "$(tlb_label $v)" "ns/$what" "$(tlb_pages $v)" \
			$(tlb_cmd $v) 0.5 && vs="$vs $v"
	done
	for r in $(seq "${RUNS:-7}"); do
		for v in $(order "$r" $vs); do
			timed "$whole" "$(tlb_label $v)" $(tlb_cmd $v) "$work" || continue
			sample "$b" "$(tlb_label $v)" "ns/$what" \
				"$(sed -n 's/.*, \([0-9.]*\) ns each$/\1/p' "$W/out")"
		done
	done
}
