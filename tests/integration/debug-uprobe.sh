# SPDX-License-Identifier: MIT
# A uprobe on a function of the program (perf probe -x prog work) fires
# on base pages and stops firing once the text moves to huge pages, where
# the kernel never places uprobes; the program never dies of it, in any
# backing: the copy does not carry the uprobe's breakpoint instruction,
# which would trap with nothing to handle it.  Under gdb too, which makes
# the runtime copy the pages written before start-up from memory: gdb's
# breakpoint (in main, beside work) stops the program, the uprobe's is
# left behind.  perf counts the probe's hits; gdb and the program's exit
# say the rest.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/debug.sh"
need_cmd perf
need_gdb
prog=up$$
setup_spin $prog

perf probe -q -x "./$prog" work >probe.err 2>&1 ||
	skip "perf probe cannot add a uprobe here: $(tail -n 1 probe.err)"
at_exit "perf probe -q -d 'probe_$prog:*'"

# probed NAME CMD...: run CMD with the uprobe recording; the program's
# output in NAME.out, the number of hits in NAME.hits.  perf record
# ends with CMD's status, which must be 0 (the program lives), and perf
# script must read what it recorded: a count of 0 is a count only then.
probed() {
	_name=$1; shift
	perf record -q -e "probe_$prog:work" -o "$_name.data" -- "$@" \
		>"$_name.out" 2>"$_name.err" ||
		fail "$_name: perf record, or the program, failed (status $?): $(cat "$_name.out" "$_name.err")"
	perf script -i "$_name.data" >"$_name.script" 2>"$_name.serr" ||
		fail "$_name: perf script failed: $(cat "$_name.serr")"
	grep -c "probe_$prog:work" "$_name.script" >"$_name.hits" || true
}

probed base "./$prog"
expect_lines base.out "text 4" done
[ "$(cat base.hits)" = 3 ] || fail "base pages: the uprobe fired $(cat base.hits) times, not 3"
ok "base pages: the uprobe fires"

for mode in $MODES old; do
	probed $mode env $(mode_env $mode) "./$prog"
	expect_lines $mode.out "$(mode_text $mode)" done
	[ "$(cat $mode.hits)" = 0 ] || fail "$mode: the uprobe fired $(cat $mode.hits) times"
	ok "$mode: the uprobe does not fire, and the program lives"
done

probed traced env $(mode_env R) gdb -q -batch -ex 'break main' -ex run -ex 'bt 1' \
	-ex continue "./$prog"
grep -q '^Breakpoint 1, main ' traced.out || fail "gdb did not stop in main: $(cat traced.out)"
grep -q 'exited normally' traced.out || fail "the program did not exit normally: $(cat traced.out)"
expect_lines traced.out "text 2048" done
[ "$(cat traced.hits)" = 0 ] || fail "traced: the uprobe fired $(cat traced.hits) times"
ok "traced from the start: gdb's breakpoint stops it, the uprobe's is left behind"
