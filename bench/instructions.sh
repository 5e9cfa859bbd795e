# SPDX-License-Identifier: MIT
# Part e, sourced by bench/run.sh: what a relinked program pays when
# nobody asks for huge pages (HUGETLB_ELFMAP unset), in instructions from
# exec to exit counted by callgrind, against the same program linked
# plainly.  hugelink's runtime is inside the program; libhugetlbfs's is a
# shared library, whose loading is most of its cost.

bench_instructions() {
	b="instructions of a run that asks for nothing (callgrind)"
	progress "$b"
	for v in plain hugelink lhf; do
		case $v in
		plain) p=$BENCH_BIN/bigseg-plain-8 l="plain link, no hugelink" ;;
		hugelink) p=$BENCH_BIN/bigseg-8 l="hugelink, HUGETLB_ELFMAP unset" ;;
		lhf) p=$BENCH_BIN/lhf/bigseg-8 l="$LHF, HUGETLB_ELFMAP unset" ;;
		esac
		n=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$p" 2>&1 |
			sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
		sample "$b" "$l" instructions "${n:-fails: callgrind counted nothing}"
	done
}
