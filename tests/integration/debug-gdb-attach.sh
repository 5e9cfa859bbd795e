# SPDX-License-Identifier: MIT
# gdb attached to a running program whose text is on huge pages sets a
# breakpoint, stops there, and detaches; the program then finishes with
# status 0.  For R, RW and THP (the text is a private copy already), for
# the path of kernels before 5.16 (a private mapping of a hugetlb file) and
# for HUGETLB_SHARE=1, whose text is a private, unreserved mapping of the
# shared file: the breakpoint takes a copy of its huge page from the
# pool.  With the pool empty, gdb says it cannot insert the breakpoint,
# and the program runs on and finishes as it would have.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/debug.sh"
need_gdb
setup_spin spin

# gdb_attach NAME: attach to $spin_pid, stop in work(), detach; the
# transcript in NAME.gdb.
gdb_attach() {
	timeout 120 gdb -q -batch -p $spin_pid -ex 'break work' -ex continue \
		-ex 'bt 1' -ex delete -ex detach >"$1.gdb" 2>&1 || true
}

stopped_in_work() {
	grep -Eq '^Breakpoint 1, (0x[0-9a-f]+ in )?work ' "$1.gdb" &&
		grep -q '^#0 .*work ' "$1.gdb"
}

env $(mode_env shared) ./spin >made || fail "the run that makes the shared files failed"
for mode in $MODES old; do
	start_spin $mode.out $(mode_env $mode)
	expect_lines $mode.out "$(mode_text $mode)"
	[ $mode != shared ] || grep -q "^text-map $PWD/mnt/d/" $mode.out ||
		fail "shared: the text is not the shared file: $(cat $mode.out)"
	gdb_attach $mode
	stopped_in_work $mode || fail "$mode: gdb did not stop in work(): $(cat $mode.gdb)"
	stop_spin
	expect_lines $mode.out done
	ok "$mode: attached, stopped in work(), detached; the program finished"
done

start_spin empty.out $(mode_env shared)
grep -q "^text-map $PWD/mnt/d/" empty.out || fail "empty pool: not shared: $(cat empty.out)"
pool_set_free 0
gdb_attach empty
grep -q 'Cannot insert breakpoint 1' empty.gdb ||
	fail "empty pool: gdb did not say it cannot insert the breakpoint: $(cat empty.gdb)"
stopped_in_work empty && fail "empty pool: gdb stopped in work() after all"
stop_spin
expect_lines empty.out done
ok "shared, empty pool: gdb cannot insert the breakpoint; the program finished"
