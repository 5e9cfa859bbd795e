# SPDX-License-Identifier: MIT
# Part, sourced by bench/run.sh: what a fork() costs a program with
# 64 MiB of touched data (bench/forkloop.c: fork, the child writes one
# byte and exits, the parent waits; wall time per fork, the program's own
# measure), with that data on base pages, on transparent huge pages (the
# default for data), and on hugetlb pages, where hugelink's fork guard
# copies it for every child.  A fourth variant forks with _Fork(), which
# runs no fork handlers: the kernel's cost alone for hugetlb pages, which
# lives only while the pool has pages to spare (it has here).  Every
# variant must keep every child alive.

FORKS=${BENCH_FORKS:-50}

fork_cmd() {
	case $1 in
	base) echo "$BENCH_BIN/forkloop $FORKS" ;;
	thp) echo "env HUGETLB_ELFMAP=W $BENCH_BIN/forkloop $FORKS" ;;
	hugetlb) echo "env HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=W $BENCH_BIN/forkloop $FORKS" ;;
	raw) echo "env HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=W $BENCH_BIN/forkloop $FORKS _Fork" ;;
	esac
}

fork_label() {
	case $1 in
	base) echo "base pages" ;;
	thp) echo "hugelink W, THP" ;;
	hugetlb) echo "hugelink W, hugetlb 2M, fork guard" ;;
	raw) echo "hugelink W, hugetlb 2M, _Fork()" ;;
	esac
}

# What forkloop must say of its data for variant V.
fork_pages() {
	case $1 in
	base) echo "data: 64 MiB on 4 kB pages" ;;
	thp) echo "data: 64 MiB on transparent huge pages" ;;
	*) echo "data: 64 MiB on 2048 kB pages" ;;
	esac
}

# fork_run V: one run of variant V; its microseconds per fork in t, or
# the reason it failed, as "fails: ...".
fork_run() {
	_st=0
	$(fork_cmd $1) >"$W/out" 2>&1 || _st=$?
	t=$(sed -n 's/^fork: .* \([0-9.]*\) us each$/\1/p' "$W/out")
	if [ "$_st" != 0 ] || [ -z "$t" ]; then
		t="fails: $(why_not "$W/out" "$_st" -)"
	elif ! grep -qxF "$(fork_pages $1)" "$W/out"; then
		t="fails: $(grep '^data:' "$W/out"), not $(fork_pages $1 | sed 's/^data: //')"
	fi
}

bench_fork() {
	b="fork() with 64 MiB of touched data: wall time per fork"
	vs=
	progress "$b"
	[ -x "$BENCH_BIN/forkloop" ] || {
		sample "$b" "$(fork_label base)" "us per fork" "fails: forkloop was not built"
		return 0
	}
	for v in base thp hugetlb raw; do
		listed "$b" "$(fork_label $v)"
		fork_run $v
		case $t in
		fails:*) sample "$b" "$(fork_label $v)" "us per fork" "$t" ;;
		*) vs="$vs $v" ;;
		esac
	done
	for r in $(seq "${RUNS:-7}"); do
		for v in $(order "$r" $vs); do
			fork_run $v
			sample "$b" "$(fork_label $v)" "us per fork" "$t"
		done
	done
}
