# SPDX-License-Identifier: MIT
# perf record -p, attached to a running program whose text moved, names
# its hot function from the map /tmp/perf-PID.map: written by the runtime
# with HUGELINK_PERF_MAP=1, or for the running process by
# hugelink-inspect --perf-map.  perf rebuilds an attached process's
# mappings from /proc/PID/maps, where moved text is anonymous memory
# (/anon_hugepage, a nameless THP mapping, or a file on the first
# hugetlbfs mount), and reads the map for those.  For R, RW, THP and
# HUGETLB_SHARE=1 (the share directory on the only hugetlbfs mount, in a
# mount namespace of the test's own).  The inspector replaces a stale
# map of its own, leaves anything else alone, and writes nothing for a
# process whose text did not move.  perf report is the oracle.  Each map
# is mode 0600: only its owner (and root) may read the addresses.
# The mount namespace needs root's powers: asked before entering it.
. "$HL_SRC/tests/integration/lib/root.sh"
need_root
[ -n "${HL_PERF_NS:-}" ] || HL_PERF_NS=1 exec unshare -m sh "$0"
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/debug.sh"
need_perf
for m in $(hugetlbfs_mounts); do umount "$m"; done
setup_spin spin
[ "$(hugetlbfs_mounts)" = "$PWD/mnt" ] || fail "other hugetlbfs mounts: $(hugetlbfs_mounts)"

# attached NAME: record $spin_pid with perf record -p into NAME.data.
attached() {
	perf record -q -e cpu-clock -o "$1.data" -p $spin_pid -- sleep 0.3 \
		>"$1.perf" 2>&1 || fail "$1: perf record -p: $(cat "$1.perf")"
	[ "$(hot_symbol "$1.data")" = work ] ||
		fail "$1: perf report puts first: $(hot_symbol "$1.data")"
}

# expect_mode MODE FILE: FILE's permission bits are MODE (octal).
expect_mode() {
	[ "$(stat -c %a "$2")" = "$1" ] || fail "$2 has mode $(stat -c %a "$2"), not $1"
}

map=
started() {
	start_spin "$@"
	map=/tmp/perf-$spin_pid.map
	at_exit "rm -f $map"
}

env $(mode_env shared) ./spin >made || fail "the run that makes the shared files failed"
for mode in $MODES; do
	started $mode.out $(mode_env $mode) HUGELINK_PERF_MAP=1
	expect_lines $mode.out "$(mode_text $mode)"
	[ -f "$map" ] || fail "$mode: HUGELINK_PERF_MAP=1 wrote no $map"
	grep -q ' work$' "$map" || fail "$mode: $map does not name work(): $(cat "$map")"
	expect_mode 600 "$map"
	attached $mode
	stop_spin
	ok "$mode, HUGELINK_PERF_MAP=1: perf -p names work() on $(grep '^text-map' $mode.out)"

	started $mode-tool.out $(mode_env $mode)
	[ ! -e "$map" ] || fail "$mode: a map was written unasked"
	"$HLBIN/hugelink-inspect" --perf-map $spin_pid >tool.out ||
		fail "$mode: hugelink-inspect --perf-map failed"
	expect_mode 600 "$map"
	attached $mode-tool
	stop_spin
	ok "$mode, hugelink-inspect --perf-map: perf -p names work(): $(cat tool.out)"
done

started stale.out $(mode_env R)
ln -s "$PWD/victim" "$map"
echo victim >victim
"$HLBIN/hugelink-inspect" --perf-map $spin_pid 2>link.err &&
	fail "the inspector wrote through a symbolic link"
[ -L "$map" ] && [ "$(cat victim)" = victim ] || fail "the symbolic link or its target changed"
grep -q 'not a file of ours' link.err || fail "no reason given: $(cat link.err)"
rm "$map"
echo "1 1 stale" >"$map"
"$HLBIN/hugelink-inspect" --perf-map $spin_pid >/dev/null || fail "a stale map of ours was not replaced"
grep -q ' work$' "$map" && ! grep -q stale "$map" || fail "the stale map is still there: $(cat "$map")"
expect_mode 600 "$map"
attached stale
stop_spin
ok "a symbolic link in the map's place is left alone; a stale map of ours is replaced"

sleep 600 & plain=$!
kill_at_exit $plain
rc=0
"$HLBIN/hugelink-inspect" --perf-map $plain >out 2>err || rc=$?
[ $rc = 1 ] && grep -q "mapped from its file" err && [ ! -e /tmp/perf-$plain.map ] ||
	fail "a process whose text did not move: status $rc: $(cat err)"
for bad in "--perf-map" "--perf-map abc" "--perf-map 1 --json" \
	"--perf-map 1 --pid 1" "--perf-map 1 ./spin"; do
	rc=0
	"$HLBIN/hugelink-inspect" $bad >out 2>err || rc=$?
	[ $rc = 2 ] || fail "$bad: exit status $rc, not a usage error"
done
ok "hugelink-inspect --perf-map: nothing moved, or a usage error: said, and no map"
