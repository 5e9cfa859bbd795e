# SPDX-License-Identifier: MIT
# Part d, sourced by bench/run.sh: the huge pages that 8 running copies of
# a program with 32 MiB of text hold with HUGETLB_ELFMAP=R, each with a
# private copy of its text, and sharing one (HUGETLB_SHARE=1, the shared
# files removed before each count, so that the count includes them).
# Counted from /proc/meminfo while all 8 are alive: pages no longer free,
# plus pages newly reserved.

conc_cmd() {
	case $1 in
	hl_private) echo "env HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=R $BENCH_BIN/bigseg-32" ;;
	hl_shared) echo "env $SHARE_ENV HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=R $BENCH_BIN/bigseg-32" ;;
	lhf_private) echo "env $LHF_ENV HUGETLB_ELFMAP=R $BENCH_BIN/lhf/bigseg-32" ;;
	lhf_shared) echo "env $SHARE_ENV HUGETLB_ELFMAP=R $BENCH_BIN/lhf/bigseg-32" ;;
	esac
}

conc_label() {
	case $1 in
	hl_private) echo "hugelink R, private copies" ;;
	hl_shared) echo "hugelink R, shared text" ;;
	lhf_private) echo "$LHF R, private copies" ;;
	lhf_shared) echo "$LHF R, shared text" ;;
	esac
}

bench_concurrent() {
	b="8 processes with 32 MiB of text: huge pages held"
	vs=
	progress "$b"
	for v in hl_private hl_shared lhf_private lhf_shared; do
		share_forget
		check "$b" "$(conc_label $v)" pages 2048 $(conc_cmd $v) text &&
			vs="$vs $v"
	done
	for r in $(seq "${RUNS:-3}"); do
		for v in $(order "$r" $vs); do
			share_forget
			hold8 $(conc_cmd $v) || true
			sample "$b" "$(conc_label $v)" pages "$held"
		done
	done
	share_forget
	compare_to "$b" "$(conc_label lhf_shared)" "$(conc_label lhf_private)"
}
