# Part a, sourced by bench/run.sh: what moving 8, 32 and 128 MiB of text
# (HUGETLB_ELFMAP=R) or of data (W) onto huge pages adds to a program's
# start, against memcpy() of as much measured in the same rounds: into a
# warm buffer (bandwidth alone), and into new huge pages, which the kernel
# must also find and zero, as it must for every remap.
#
# For 8 MiB, two more libhugetlbfs variants show where 2.23 breaks on
# today's binaries: a PIE (its issue #49: the copy of stdout in the bss is
# lost), and R and W together on the four segments GNU ld now makes (2.23
# takes three).

startup_cmd() {
	case $1 in
	base) echo "$BENCH_BIN/bigseg-$mib" ;;
	hugelink) echo "env HUGETLB_ELFMAP=$class $BENCH_BIN/bigseg-$mib" ;;
	lhf) echo "env HUGETLB_ELFMAP=$class $BENCH_BIN/lhf/bigseg-$mib" ;;
	lhf_pie) echo "env HUGETLB_ELFMAP=$class $BENCH_BIN/lhf/bigseg-$mib-pie" ;;
	lhf_rw) echo "env HUGETLB_ELFMAP=RW $BENCH_BIN/lhf/bigseg-$mib" ;;
	esac
}

startup_label() {
	case $1 in
	base) echo "base pages" ;;
	hugelink) echo "hugelink $class" ;;
	lhf) echo "$LHF $class" ;;
	lhf_pie) echo "$LHF $class, PIE" ;;
	lhf_rw) echo "$LHF RW" ;;
	esac
}

bench_startup() {
	for mib in 8 32 128; do
		for kind in text data; do
			class=R
			[ $kind = text ] || class=W
			startup_one "start-up, $mib MiB of $kind"
		done
	done
}

startup_one() {
	b=$1 vs='' more=''
	progress "$b"
	[ "$mib" != 8 ] || more="lhf_pie lhf_rw"
	for v in base hugelink lhf $more; do
		pages=2048
		[ $v != base ] || pages=4
		check "$b" "$(startup_label $v)" "cpu ms" $pages $(startup_cmd $v) $kind &&
			vs="$vs $v"
	done
	for r in $(seq "${RUNS:-11}"); do
		for v in $(order "$r" $vs); do
			eval "t_$v="
			timed "$b" "$(startup_label $v)" $(startup_cmd $v) || continue
			eval "t_$v=$t"
		done
		# The cost of a remap is the difference within a round.
		for v in hugelink lhf; do
			eval "t=\${t_$v:-}"
			[ -n "$t" ] && [ -n "${t_base:-}" ] || continue
			sample "$b" "$(startup_label $v): cost over base" "cpu ms" \
				"$(awk -v a="$t" -v b="$t_base" 'BEGIN { print a - b }')"
		done
		sample "$b" "memcpy, warm buffers" "cpu ms" "$("$BENCH_BIN/memcpy" "$mib" warm)"
		sample "$b" "memcpy into new 2 MiB pages" "cpu ms" "$("$BENCH_BIN/memcpy" "$mib" huge)"
	done
	for v in hugelink lhf; do
		compare_to "$b" "$(startup_label $v): cost over base" "memcpy, warm buffers"
	done
	compare_to "$b" "memcpy, warm buffers" -
	compare_to "$b" "memcpy into new 2 MiB pages" "memcpy, warm buffers"
}
