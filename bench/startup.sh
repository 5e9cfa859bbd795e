# SPDX-License-Identifier: MIT
# Part a, sourced by bench/run.sh: what a user waits for when a program
# with 8, 32 or 128 MiB of text and as much data starts, in wall-clock
# and CPU time, every way it can start, side by side in the same rounds:
#
#   - linked plainly, and relinked with hugelink but asked for nothing;
#   - its text moved (HUGETLB_ELFMAP=R) by hugelink onto hugetlb pages
#     (HUGELINK_BACKING=hugetlb: the page cache's part is filetext.sh's) and onto transparent huge
#     pages (HUGELINK_BACKING=thp), by thp.so (the anonymous-copy way,
#     preloaded), and by libhugetlbfs 2.23;
#   - its text shared (HUGETLB_SHARE=1), warm: mapped from the files an
#     earlier run left, by hugelink and by libhugetlbfs;
#   - its data moved (W) by hugelink onto THP (the default) and onto
#     hugetlb pages, and by libhugetlbfs;
#   - the floor: the plain link run as "bigseg floor", a plain start plus
#     fresh huge pages filled once with the text's bytes, which no remap
#     of the text can beat;
#   - the floor under a warm shared start: the relinked program run as
#     "bigseg shared-floor", which maps the files hugelink's shared run
#     left over its read-only segments with none of the runtime's checks;
#   - memcpy() of as much inside one process, into warm buffers and into
#     new huge pages, to tell the copy from the zeroing;
#   - for 128 MiB, its text capped (HUGETLB_ELFMAP=R:cap=32M): the
#     first 32 MiB of text on huge pages, the rest left on base pages
#     (the headers' segment, a few KiB, stays on base pages, and takes
#     nothing of the cap).
#
# For 8 MiB, two more libhugetlbfs variants show where 2.23 breaks on
# today's binaries: a PIE (its issue #49: the copy of stdout in the bss is
# lost), and R and W together on the four segments GNU ld now makes (2.23
# takes three).  They are timed only if they run.

startup_cmd() {
	case $1 in
	plain) echo "$BENCH_BIN/bigseg-plain-$mib" ;;
	nothing) echo "$BENCH_BIN/bigseg-$mib" ;;
	hl_r) echo "HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=R $BENCH_BIN/bigseg-$mib" ;;
	hl_r_thp) echo "HUGETLB_ELFMAP=R HUGELINK_BACKING=thp $BENCH_BIN/bigseg-$mib" ;;
	hl_r_cap) echo "HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=R:cap=32M $BENCH_BIN/bigseg-$mib" ;;
	thp_r) echo "BENCH_THP=text LD_PRELOAD=$BENCH_BIN/thp.so $BENCH_BIN/bigseg-$mib" ;;
	lhf_r) echo "$LHF_ENV HUGETLB_ELFMAP=R $BENCH_BIN/lhf/bigseg-$mib" ;;
	hl_warm) echo "$SHARE_ENV HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=R $BENCH_BIN/bigseg-$mib" ;;
	lhf_warm) echo "$SHARE_ENV HUGETLB_ELFMAP=R $BENCH_BIN/lhf/bigseg-$mib" ;;
	hl_w) echo "HUGETLB_ELFMAP=W $BENCH_BIN/bigseg-$mib" ;;
	hl_w_hugetlb) echo "HUGETLB_ELFMAP=W HUGELINK_BACKING=hugetlb $BENCH_BIN/bigseg-$mib" ;;
	lhf_w) echo "$LHF_ENV HUGETLB_ELFMAP=W $BENCH_BIN/lhf/bigseg-$mib" ;;
	floor) echo "$BENCH_BIN/bigseg-plain-$mib floor" ;;
	shared_floor) echo "$BENCH_BIN/bigseg-$mib shared-floor $(shared_files)" ;;
	lhf_pie) echo "$LHF_ENV HUGETLB_ELFMAP=W $BENCH_BIN/lhf/bigseg-$mib-pie" ;;
	lhf_rw) echo "$LHF_ENV HUGETLB_ELFMAP=RW $BENCH_BIN/lhf/bigseg-$mib" ;;
	esac
}

startup_label() {
	case $1 in
	plain) echo "plain link" ;;
	nothing) echo "hugelink, nothing asked" ;;
	hl_r) echo "hugelink R, hugetlb" ;;
	hl_r_thp) echo "hugelink R, THP (HUGELINK_BACKING=thp)" ;;
	hl_r_cap) echo "hugelink R:cap=32M, hugetlb" ;;
	thp_r) echo "THP preload R (thp.so)" ;;
	lhf_r) echo "$LHF R" ;;
	hl_warm) echo "hugelink R, shared, warm" ;;
	lhf_warm) echo "$LHF R, shared, warm" ;;
	hl_w) echo "hugelink W, THP (the default)" ;;
	hl_w_hugetlb) echo "hugelink W, hugetlb (HUGELINK_BACKING=hugetlb)" ;;
	lhf_w) echo "$LHF W" ;;
	floor) echo "floor: new huge pages, one copy" ;;
	shared_floor) echo "floor under a warm start: the shared files mapped" ;;
	lhf_pie) echo "$LHF W, PIE" ;;
	lhf_rw) echo "$LHF RW" ;;
	esac
}

# startup_check VARIANT: what a run of VARIANT must show, and the argument
# that has the program show it.
startup_check() {
	case $1 in
	plain | nothing) echo "4 text" ;;
	hl_r_thp) echo "thp text" ;;
	hl_r_cap) echo "- text" ;;
	thp_r) echo "- text" ;;
	hl_w) echo "thp data" ;;
	hl_w_hugetlb | lhf_w | lhf_pie | lhf_rw) echo "2048 data" ;;
	floor) echo "2048 check" ;;
	*) echo "2048 text" ;;
	esac
}

bench_startup() {
	for mib in 8 32 128; do
		startup_one "start-up, $mib MiB of text and $mib MiB of data"
	done
	share_forget
}

startup_one() {
	b=$1 vs='' more=''
	progress "$b"
	[ "$mib" != 8 ] || more="lhf_pie lhf_rw"
	[ "$mib" != 128 ] || more="hl_r_cap"
	# The shared variants' first runs, made here, leave the files that
	# their timed runs map.
	share_forget
	for v in plain nothing hl_r hl_r_thp thp_r lhf_r hl_warm shared_floor \
		lhf_warm hl_w hl_w_hugetlb lhf_w floor $more; do
		set -- $(startup_check $v)
		check "$b" "$(startup_label $v)" "wall ms" "$1" $(startup_cmd $v) "$2" &&
			vs="$vs $v"
	done
	listed "$b" "$(memcpy_label memcpy_warm)"
	listed "$b" "$(memcpy_label memcpy_huge)"
	for r in $(seq "${RUNS:-41}"); do
		for v in $(order "$r" $vs memcpy_warm memcpy_huge); do
			case $v in
			memcpy_*)
				set -- $("$BENCH_BIN/memcpy" "$mib" "${v#memcpy_}")
				sample "$b" "$(memcpy_label $v)" "wall ms" "$1"
				sample "$b" "$(memcpy_label $v)" "cpu ms" "$2" ;;
			*)
				timed "$b" "$(startup_label $v)" $(startup_cmd $v) || true ;;
			esac
		done
	done
	startup_compare
}

# shared_files: the directory of hugelink's shared files and those of
# bigseg-$mib's read-only segments in it, in the order of its program
# headers (the third field of their names).
shared_files() {
	_d=$MNT/elflink-uid-$(id -u)
	printf '%s' "$_d"
	ls "$_d" 2>/dev/null | grep "%2fbigseg-$mib#[0-9a-f]*#[0-9]*#" |
		sort -t'#' -k3,3n | sed 's/^/ /' | tr -d '\n'
}

memcpy_label() {
	case $1 in
	memcpy_warm) echo "memcpy in one process, warm buffers" ;;
	memcpy_huge) echo "memcpy in one process, into new huge pages" ;;
	esac
}

# startup_compare: each variant against plain, and against what it
# competes with.
startup_compare() {
	_p=$(startup_label plain) _f=$(startup_label floor)
	_lr=$(startup_label lhf_r) _lw=$(startup_label lhf_w)
	compare_to "$b" "$(startup_label nothing)" "$_p"
	for v in hl_r hl_r_thp; do
		compare_to "$b" "$(startup_label $v)" "$_p" "$_lr" "$_f"
	done
	compare_to "$b" "$(startup_label hl_r_cap)" "$_p" "$_lr" \
		"$(startup_label hl_r)"
	compare_to "$b" "$(startup_label thp_r)" "$_p" "$_lr" "$_f"
	compare_to "$b" "$_lr" "$_p" "$_f"
	compare_to "$b" "$(startup_label hl_warm)" "$_p" "$(startup_label lhf_warm)" \
		"$(startup_label shared_floor)"
	compare_to "$b" "$(startup_label shared_floor)" "$_p"
	compare_to "$b" "$(startup_label lhf_warm)" "$_p"
	for v in hl_w hl_w_hugetlb; do
		compare_to "$b" "$(startup_label $v)" "$_p" "$_lw" "$_f"
	done
	compare_to "$b" "$_lw" "$_p" "$_f"
	compare_to "$b" "$_f" "$_p"
	compare_to "$b" "$(memcpy_label memcpy_warm)"
	compare_to "$b" "$(memcpy_label memcpy_huge)" "$(memcpy_label memcpy_warm)"
}
