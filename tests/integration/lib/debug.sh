# SPDX-License-Identifier: MIT
# Sourced by the debugger and profiler tests (debug-*.sh) after
# common.sh.  The oracles are gdb, perf and the program's own report of
# what backs its text (lib/spin.c).

# build_spin NAME [FLAGS...]: lib/spin.c relinked through the wrapper,
# with its text on a huge page of its own.
build_spin() {
	_n=$1; shift
	hl_cc $HC_CFLAGS -o "$_n" "$HLINC/spin.c" -Wl,--hugetlbfs-align "$@" ||
		fail "cannot link $_n"
	elf_check "$_n"
}

# MODES: the ways the tests move the text, each a word for mode_env;
# "old" is the path of kernels that cannot move hugetlb mappings (before
# Linux 5.16), where a hugetlb file is mapped over the text.
MODES="R RW shared thp"

# mode_env MODE: the variables of MODE, for env(1).  "shared" needs
# $PWD/mnt/d on a hugetlbfs mount (share_dir).
mode_env() {
	case $1 in
	R) echo "HUGETLB_ELFMAP=R" ;;
	RW) echo "HUGETLB_ELFMAP=RW" ;;
	shared) echo "HUGETLB_ELFMAP=R HUGETLB_SHARE=1 HUGETLB_SHARE_PATH=$PWD/mnt/d" ;;
	thp) echo "HUGETLB_ELFMAP=R HUGELINK_BACKING=thp" ;;
	old) echo "HUGETLB_ELFMAP=R HUGELINK_FAULT=no-hugetlb-mremap" ;;
	*) fail "no mode $1" ;;
	esac
}

# mode_text MODE: the line spin prints for its text in MODE.
mode_text() {
	case $1 in thp) echo "text thp" ;; *) echo "text 2048" ;; esac
}

# share_dir: a hugetlbfs mount at $PWD/mnt, with the share directory d.
share_dir() {
	mount_hugetlbfs "$PWD/mnt"
	mkdir -p mnt/d
}

# setup_spin NAME: what every mode needs (THP, 8 free huge pages, the
# share directory), and ./NAME built from lib/spin.c.
setup_spin() {
	need_thp
	pool_reserve 8
	share_dir
	build_spin "$1"
}

# start_spin OUT ENV...: start ./spin with ENV, waiting for the file
# "stop", its output in OUT; sets $spin_pid once it is ready.
start_spin() {
	_out=$1; shift
	rm -f stop
	env "$@" ./spin wait stop >"$_out" 2>"$_out.err" &
	spin_pid=$!
	at_exit "touch $PWD/stop; kill $spin_pid 2>/dev/null"
	until grep -qx ready "$_out"; do
		kill -0 $spin_pid 2>/dev/null ||
			fail "spin ended before it was ready: $(cat "$_out" "$_out.err")"
		sleep 0.1
	done
}

# stop_spin: let ./spin finish; its exit status must be 0.
stop_spin() {
	touch stop
	wait $spin_pid || fail "spin exited with status $?"
}

# need_gdb: gdb is installed and may trace processes (as root, unless
# Yama turned ptrace off altogether), or the test skips saying why.
need_gdb() {
	need_cmd gdb
	_s=/proc/sys/kernel/yama/ptrace_scope
	[ ! -f $_s ] || [ "$(cat $_s)" != 3 ] ||
		skip "ptrace is turned off ($_s is 3): gdb can trace nothing"
}

# need_perf: perf may sample this machine's CPUs with cpu-clock (a
# software event, so a virtual machine without a PMU has it too), or
# the test skips saying why.
need_perf() {
	need_cmd perf
	perf stat -e cpu-clock -o perf-stat.out true >/dev/null 2>&1 ||
		skip "perf cannot count cpu-clock here (kernel.perf_event_paranoid is $(cat /proc/sys/kernel/perf_event_paranoid))"
}

# hot_symbol DATA: the symbol perf report puts first for DATA.
hot_symbol() {
	perf report -i "$1" --stdio --sort sym 2>/dev/null |
		sed -n 's/^ *[0-9.]*% *\[\.\] *//p' | head -n 1
}

# forget_perf_map OUT: remove, when the test exits, the perf map of the
# process whose "pid N" line is in OUT: nobody else removes it.
forget_perf_map() {
	_pid=$(sed -n 's/^pid //p' "$1")
	[ -z "$_pid" ] || at_exit "rm -f /tmp/perf-$_pid.map"
}
