# SPDX-License-Identifier: MIT
# Part h, sourced by bench/run.sh: a small program whose 32 MiB of text
# live in a shared library (libmain and libbig.so, as Debian's clang and
# libLLVM): its start-up in wall-clock and CPU time with the library on
# base pages (linked plainly), its text moved by hugelink (HUGETLB_ELFMAP=R,
# onto hugetlb pages), and shared, warm (HUGETLB_SHARE=1, mapping the
# files an earlier run left), in interleaved rounds; then the huge pages
# that 8 running copies hold, with private copies and sharing one.  The
# timed commands put their variables in the environment through
# bench/timeit, as every start-up part does: through env(1) they would
# pay a second exec that the plain variant does not.

libtext_cmd() {
	case $1 in
	plain) echo "$BENCH_BIN/libmain-plain" ;;
	hl_r) echo "HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=R $BENCH_BIN/libmain" ;;
	hl_warm) echo "$SHARE_ENV HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=R $BENCH_BIN/libmain" ;;
	esac
}

libtext_label() {
	case $1 in
	plain) echo "library linked plainly: base pages" ;;
	hl_r) echo "hugelink R, private copy (hugetlb)" ;;
	hl_warm) echo "hugelink R, shared, warm" ;;
	esac
}

bench_libtext() {
	b="start-up, 32 MiB of text in a shared library"
	vs=
	progress "$b"
	share_forget
	for v in plain hl_r hl_warm; do
		pages=2048
		[ $v != plain ] || pages=4
		# The shared variant's check is its first run: it leaves the
		# files the timed runs map.
		check "$b" "$(libtext_label $v)" "wall ms" $pages $(libtext_cmd $v) text &&
			vs="$vs $v"
	done
	timed_rounds "$b" "${RUNS:-41}" libtext_cmd libtext_label $vs
	compare_to "$b" "$(libtext_label hl_r)" "$(libtext_label plain)"
	compare_to "$b" "$(libtext_label hl_warm)" "$(libtext_label plain)" \
		"$(libtext_label hl_r)"

	b="8 processes with 32 MiB of text in a shared library: huge pages held"
	progress "$b"
	for v in hl_r hl_warm; do
		check "$b" "$(libtext_label $v)" pages 2048 $(libtext_cmd $v) text ||
			continue
		for r in $(seq "${RUNS:-3}"); do
			[ $v != hl_warm ] || share_forget
			hold8 env $(libtext_cmd $v) || true
			sample "$b" "$(libtext_label $v)" pages "$held"
		done
	done
	share_forget
	compare_to "$b" "$(libtext_label hl_warm)" "$(libtext_label hl_r)"
}
