# SPDX-License-Identifier: MIT
# perf record started with the program names its hot function when the
# runtime moved the text, in every mode, with nothing asked: the move is
# an mremap, which perf does not see, so perf keeps the program file's
# mapping there.  Kernels before 5.16 get a hugetlb file mmap'ed over
# the text instead, which perf sees as anonymous memory: there it needs
# the map HUGELINK_PERF_MAP=1 writes.  perf report is the oracle, the
# program's own report says the text really moved.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/debug.sh"
need_perf
setup_spin spin

# recorded MODE ENV...: ./spin with ENV, under perf record.
recorded() {
	_m=$1; shift
	env "$@" perf record -q -e cpu-clock -o "$_m.data" -- ./spin calls 1000 \
		>"$_m.out" 2>"$_m.err" || fail "$_m: perf record: $(cat "$_m.err")"
	forget_perf_map "$_m.out"
	expect_lines "$_m.out" done
}

for mode in $MODES; do
	recorded $mode $(mode_env $mode)
	expect_lines $mode.out "$(mode_text $mode)"
	[ "$(hot_symbol $mode.data)" = work ] ||
		fail "$mode: perf report puts first: $(hot_symbol $mode.data)"
	ok "$mode: perf names work() on $(grep '^text-map' $mode.out)"
done

recorded old $(mode_env old) HUGELINK_PERF_MAP=1
expect_lines old.out "text 2048"
grep -q '^text-map /memfd:' old.out || fail "old: the text is not a hugetlb file: $(cat old.out)"
[ "$(hot_symbol old.data)" = work ] ||
	fail "old: perf report puts first: $(hot_symbol old.data)"
ok "a hugetlb file mapped over the text (before Linux 5.16): perf names work() from the map"
