# SPDX-License-Identifier: MIT
# Part b, sourced by bench/run.sh: the start of a program with 128 MiB of
# text when its read-only segments are shared (HUGETLB_SHARE=1): the first
# run, which prepares the shared files (removed before each first run),
# against a warm run, which maps the files the first one left.  A private
# copy and a plain link are measured in the same rounds for scale.
#
# A first run must come before its warm run, so the order of a round is
# fixed here: the runs of a round are too close together for drift to
# matter between them.

share_cmd() {
	case $1 in
	plain) echo "$BENCH_BIN/bigseg-plain-128" ;;
	private) echo "HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=R $BENCH_BIN/bigseg-128" ;;
	hl_*) echo "$SHARE_ENV HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=R $BENCH_BIN/bigseg-128" ;;
	lhf_*) echo "$SHARE_ENV HUGETLB_ELFMAP=R $BENCH_BIN/lhf/bigseg-128" ;;
	esac
}

share_label() {
	case $1 in
	plain) echo "plain link" ;;
	private) echo "hugelink R, private copy" ;;
	hl_first) echo "hugelink R, shared: first run" ;;
	hl_warm) echo "hugelink R, shared: warm run" ;;
	lhf_first) echo "$LHF R, shared: first run" ;;
	lhf_warm) echo "$LHF R, shared: warm run" ;;
	esac
}

bench_share() {
	b="start-up, 128 MiB of text, shared"
	vs=
	progress "$b"
	for v in hl_first hl_warm plain private lhf_first lhf_warm; do
		pages=2048
		[ $v != plain ] || pages=4
		case $v in *_first) share_forget ;; esac
		check "$b" "$(share_label $v)" "wall ms" $pages $(share_cmd $v) text &&
			vs="$vs $v"
	done
	for r in $(seq "${RUNS:-15}"); do
		for v in $vs; do
			case $v in *_first) share_forget ;; esac
			timed "$b" "$(share_label $v)" $(share_cmd $v) || true
		done
	done
	share_forget
	compare_to "$b" "$(share_label hl_warm)" "$(share_label hl_first)" \
		"$(share_label plain)"
	compare_to "$b" "$(share_label plain)"
	compare_to "$b" "$(share_label private)" "$(share_label hl_first)"
	compare_to "$b" "$(share_label lhf_first)" "$(share_label hl_first)"
	compare_to "$b" "$(share_label lhf_warm)" "$(share_label lhf_first)" \
		"$(share_label plain)"
}
