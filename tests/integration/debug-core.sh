# SPDX-License-Identifier: MIT
# A program whose text moved to huge pages dumps core, and gdb gives a
# correct backtrace from the core (work() called by main()), in every
# mode.  With the default coredump_filter, 0x33, the moved text is in
# the core: private hugetlb pages (bit 5; shared text is mapped private
# too, and so is the hugetlb file of kernels before 5.16) and
# transparent huge pages (anonymous, bit 0).  Without bit 5 (0x13),
# text on hugetlb pages is left out, THP text is not.  The oracles are
# gdb and the core's own program headers (readelf).
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/debug.sh"
need_cmd gdb
need_root
setup_spin spin
pattern=$(cat /proc/sys/kernel/core_pattern)
at_exit "printf '%s\n' '$pattern' >/proc/sys/kernel/core_pattern"
echo "$PWD/core.%p" >/proc/sys/kernel/core_pattern
ulimit -c unlimited
touch stop

# crashed NAME FILTER ENV...: ./spin crashes in work() with FILTER as
# its coredump_filter; its output in NAME.out, its core in NAME.core.
crashed() {
	_n=$1 _f=$2; shift 2
	rc=0
	sh -c 'echo $1 >/proc/self/coredump_filter; shift; exec env "$@" ./spin crash stop' \
		- "$_f" "$@" >"$_n.out" 2>"$_n.err" || rc=$?
	[ $rc = 139 ] || fail "$_n: exit status $rc, not a SIGSEGV with a core: $(cat "$_n.out" "$_n.err")"
	mv "core.$(sed -n 's/^pid //p' "$_n.out")" "$_n.core" || fail "$_n: no core"
}

# dumped NAME: "yes" when NAME.core holds the text around work(), "no"
# when the core's segment there has no bytes in the file.
dumped() {
	readelf -lW "$1.core" | awk -v at="$(sed -n 's/^work-at //p' "$1.out")" "$HL_AWK_LIB"'
		$1 == "LOAD" && hex($3) <= hex(at) && hex(at) < hex($3) + hex($6) {
			print hex($5) == hex($6) ? "yes" : hex($5) == 0 ? "no" : "partly"
			found = 1
		}
		END { if (!found) print "missing" }'
}

for mode in $MODES old; do
	crashed $mode 0x33 $(mode_env $mode)
	expect_lines $mode.out "$(mode_text $mode)"
	[ "$(dumped $mode)" = yes ] || fail "$mode: the core does not hold the text: $(dumped $mode)"
	gdb -q -batch -ex bt ./spin $mode.core >$mode.bt 2>&1 || true
	grep -q '^#0 .* work ' $mode.bt && grep -q '^#1 .* main ' $mode.bt ||
		fail "$mode: no backtrace through work() and main(): $(cat $mode.bt)"
	ok "$mode: the core holds the text, and gdb's backtrace is work() from main()"
done

crashed R13 0x13 $(mode_env R)
[ "$(dumped R13)" = no ] || fail "0x13: hugetlb text in the core after all: $(dumped R13)"
crashed thp13 0x13 $(mode_env thp)
[ "$(dumped thp13)" = yes ] || fail "0x13: THP text not in the core: $(dumped thp13)"
ok "coredump_filter 0x13: text on hugetlb pages is left out, THP text is kept"
