# Part b, sourced by bench/run.sh: the start of a program with 128 MiB of
# text when its read-only segments are shared (HUGETLB_SHARE=1): the first
# run, which prepares the shared files (removed before each first run),
# against a warm run, which maps the files the first one left.  A private
# copy and base pages are measured in the same rounds for scale.
#
# A first run must come before its warm run, so the order of a round is
# fixed here: the runs of a round are too close together for drift to
# matter between them.

share_cmd() {
	case $1 in
	base) echo "$BENCH_BIN/bigseg-128" ;;
	private) echo "env HUGETLB_ELFMAP=R $BENCH_BIN/bigseg-128" ;;
	hl_*) echo "env HUGETLB_SHARE=1 HUGETLB_ELFMAP=R $BENCH_BIN/bigseg-128" ;;
	lhf_*) echo "env HUGETLB_SHARE=1 HUGETLB_ELFMAP=R $BENCH_BIN/lhf/bigseg-128" ;;
	esac
}

share_label() {
	case $1 in
	base) echo "base pages" ;;
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
	for v in hl_first hl_warm base private lhf_first lhf_warm; do
		pages=2048
		[ $v != base ] || pages=4
		case $v in *_first) share_forget ;; esac
		check "$b" "$(share_label $v)" "cpu ms" $pages $(share_cmd $v) text &&
			vs="$vs $v"
	done
	for r in $(seq "${RUNS:-11}"); do
		for v in $vs; do
			case $v in *_first) share_forget ;; esac
			timed "$b" "$(share_label $v)" $(share_cmd $v) || true
		done
	done
	share_forget
	compare_to "$b" "$(share_label lhf_warm)" "$(share_label lhf_first)"
}
