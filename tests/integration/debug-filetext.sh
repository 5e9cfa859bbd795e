#!/bin/sh
# SPDX-License-Identifier: MIT
# Text served from the page cache stays a mapping of the program file,
# so the tools work on it as on any program, with no perf map and no
# workaround: gdb stops at a breakpoint set before "run" and at one set
# after attaching, perf record -p names the hot function, and a uprobe
# fires.  The program is lib/spin.c with 8 MiB of text beside work(),
# relinked and primed (hugectl --prime), run with HUGETLB_ELFMAP=R; its
# own /proc/PID/smaps says the text is the file's, PMD-mapped.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/debug.sh"
need_thp
need_gdb
need_perf
pool_set_free 0
prog=ft$$
printf '#define MB 8\n#include "bigsegs.h"\nint big_touch(void) { return big_text[0]; }\n' >big.c
hl_cc $HC_CFLAGS -o $prog "$HLINC/spin.c" big.c -Wl,--hugetlbfs-align ||
	fail "cannot link $prog"
ln -sf $prog spin
"$HUGECTL" --prime $prog >prime.out || fail "--prime: $(cat prime.out)"
# The uprobe, defined before anything runs: without it the test does not
# show what it says.
perf probe -q -x "./$prog" work >probe.err 2>&1 ||
	skip "perf probe cannot add a uprobe here: $(tail -n 1 probe.err)"
at_exit "perf probe -q -d 'probe_$prog:*'"

# file_pmd PID: FilePmdMapped, in kB, of the mapping holding work().
file_pmd() {
	_at=$(sed -n 's/^work-at 0x//p' "$2")
	awk -v at="$_at" '
		function hex(s,   i, v) {
			v = 0; s = tolower(s)
			for (i = 1; i <= length(s); i++)
				v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
			return v
		}
		/^[0-9a-f]+-[0-9a-f]+ / { split($1, r, "-"); a = hex(at)
			cur = hex(r[1]) <= a && a < hex(r[2]); next }
		cur && $1 == "FilePmdMapped:" { print $2 }' "/proc/$1/smaps"
}

# Attached: gdb, perf and the smaps of a running copy.
start_spin run.out HUGETLB_ELFMAP=R
expect_lines run.out "text-map $PWD/$prog"
[ "$(file_pmd $spin_pid run.out)" -gt 0 ] ||
	fail "work() is not PMD-mapped from the page cache"
rm -f "/tmp/perf-$spin_pid.map"
perf record -q -e cpu-clock -o attach.data -p $spin_pid -- sleep 0.3 \
	>perf.out 2>&1 || fail "perf record -p: $(cat perf.out)"
[ "$(hot_symbol attach.data)" = work ] ||
	fail "perf -p puts first: $(hot_symbol attach.data)"
[ ! -e "/tmp/perf-$spin_pid.map" ] || fail "a perf map was written"
ok "perf record -p names work(), with no perf map"
gdb -q -batch -p $spin_pid -ex "break work" -ex continue -ex "info symbol \$pc" \
	-ex detach >attach.gdb 2>&1 || true
grep -Eq '^work( \+ [0-9]+)? in section \.text' attach.gdb ||
	fail "gdb attached did not stop in work(): $(cat attach.gdb)"
stop_spin
ok "gdb attached stops in work()"

# Before run: gdb writes the breakpoint into the file's mapping first.
gdb -q -batch -ex "set environment HUGETLB_ELFMAP=R" -ex "break work" \
	-ex run -ex "info symbol \$pc" -ex kill --args ./$prog >run.gdb 2>&1 || true
grep -Eq '^work( \+ [0-9]+)? in section \.text' run.gdb ||
	fail "gdb did not stop in work(): $(cat run.gdb)"
grep -q "^text-map $PWD/$prog" run.gdb ||
	fail "under gdb the text is not the file's: $(grep text-map run.gdb)"
ok "gdb, break before run: stops in work(), text from the file"

# A uprobe is placed in every mapping of the file: it fires.
perf record -q -e "probe_$prog:work" -o probe.data -- \
	env HUGETLB_ELFMAP=R "./$prog" >probe.out 2>probe.err ||
	fail "perf record, or the program, failed (status $?): $(cat probe.out probe.err)"
perf script -i probe.data >probe.script 2>probe.serr ||
	fail "perf script failed: $(cat probe.serr)"
hits=$(grep -c "probe_$prog:work" probe.script || true)
expect_lines probe.out "text-map $PWD/$prog" done
[ "$hits" = 3 ] || fail "the uprobe fired $hits times, not 3"
ok "the uprobe fires 3 times in text from the page cache"
