#!/bin/sh
# SPDX-License-Identifier: MIT
# A program that forks and leaves its child to run, as a daemon's start
# does, with HUGELINK_PERF_MAP=1: the child, which runs the moved text at
# the same addresses, has its own /tmp/perf-PID.map, a copy of its
# parent's, mode 0600, and perf record -p on the child names its hot
# function.  A child that execs a program which writes its own map
# writes its copy, and the parent's keeps every byte.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/debug.sh"
need_root
need_perf
need_thp
build_spin spin

rm -f stop
HUGETLB_ELFMAP=R HUGELINK_BACKING=thp HUGELINK_PERF_MAP=1 ./spin daemon stop \
	>out 2>err || fail "spin daemon: $(cat out err)"
parent=$(sed -n 's/^pid //p' out)
child=$(sed -n 's/^child //p' out)
[ -n "$parent" ] && [ -n "$child" ] || fail "no process IDs: $(cat out)"
at_exit "touch $PWD/stop; rm -f /tmp/perf-$parent.map /tmp/perf-$child.map"
n=0
until grep -qx ready out; do
	[ $n -lt 100 ] || fail "the child did not start: $(cat out err)"
	sleep 0.1
	n=$((n + 1))
done
grep -qx 'text thp' out || fail "the text did not move: $(cat out err)"
[ ! -s err ] || fail "said: $(cat err)"

map=/tmp/perf-$child.map
[ -f "$map" ] || fail "the child has no $map"
cmp -s "$map" "/tmp/perf-$parent.map" || fail "$map is not the parent's map"
[ "$(stat -c %i "$map")" != "$(stat -c %i "/tmp/perf-$parent.map")" ] ||
	fail "$map is a link to the parent's map, not a copy"
grep -q ' work$' "$map" || fail "$map does not name work(): $(cat "$map")"
[ "$(stat -c %a "$map")" = 600 ] || fail "$map has mode $(stat -c %a "$map")"
perf record -q -e cpu-clock -o child.data -p "$child" -- sleep 0.3 \
	>perf.out 2>&1 || fail "perf record -p: $(cat perf.out)"
[ "$(hot_symbol child.data)" = work ] ||
	fail "perf report puts first: $(hot_symbol child.data)"
ok "the daemon's child has its perf map, and perf -p names work()"

touch stop
n=0
while kill -0 "$child" 2>/dev/null && [ $n -lt 100 ]; do
	sleep 0.1
	n=$((n + 1))
done

HUGETLB_ELFMAP=R HUGELINK_BACKING=thp HUGELINK_PERF_MAP=1 ./spin exec \
	sh -c 'echo "$$" >execd; echo "1 1 jit" >/tmp/perf-$$.map' >out 2>err ||
	fail "spin exec: $(cat out err)"
parent=$(sed -n 's/^pid //p' out)
execd=$(cat execd)
at_exit "rm -f /tmp/perf-$parent.map /tmp/perf-$execd.map"
grep -qx 'text thp' out || fail "the text did not move: $(cat out err)"
grep -q ' work$' "/tmp/perf-$parent.map" && ! grep -q jit "/tmp/perf-$parent.map" ||
	fail "the parent's map was written by its child's program: $(cat "/tmp/perf-$parent.map")"
[ "$(cat "/tmp/perf-$execd.map")" = "1 1 jit" ] ||
	fail "the exec'd program's map: $(cat "/tmp/perf-$execd.map")"
ok "a child that execs a program writing its own map leaves the parent's alone"
