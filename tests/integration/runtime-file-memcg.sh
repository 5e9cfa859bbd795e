#!/bin/sh
# SPDX-License-Identifier: MIT
# A memory cgroup near its limit: a relinked program with 32 MiB of text,
# whose file the page cache does not hold, started with HUGETLB_ELFMAP=R
# HUGELINK_BACKING=file in a cgroup limited to 24 MiB.  Reading the text
# back in huge folios is charged to the cgroup, which reclaims them as
# it goes: the program runs, and its text is either served (a line
# "page cache: N of 32 MiB") or not, with the reason (how much the page
# cache holds in huge folios), and stays the file's: page cache can be reclaimed, where a copy
# (HUGELINK_BACKING=auto's next step) is anonymous memory the cgroup
# must hold.  cgroup v2's memory.max, else v1's memory.limit_in_bytes.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/filetext.sh"

need_thp
need_root
v2=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts)
v1=$(awk '$3 == "cgroup" && $4 ~ /(^|,)memory(,|$)/ { print $2; exit }' /proc/mounts)
if [ -n "$v2" ] && grep -qw memory "$v2/cgroup.controllers" 2>/dev/null; then
	if ! grep -qw memory "$v2/cgroup.subtree_control"; then
		echo +memory >"$v2/cgroup.subtree_control" ||
			fail "cannot enable the memory controller in $v2"
		at_exit "echo -memory >$v2/cgroup.subtree_control"
	fi
	dir=$v2/hugelink-test-$$ limit=memory.max procs=cgroup.procs
elif [ -n "$v1" ]; then
	dir=$v1/hugelink-test-$$ limit=memory.limit_in_bytes procs=tasks
else
	skip "no memory cgroup controller here"
fi
mkdir "$dir"
at_exit "rmdir $dir"
echo $((24 * 1048576)) >"$dir/$limit"

write_bigtext 32
hl_cc -O2 -Wl,--hugetlbfs-align -o prog bigtext.c || fail "cannot link prog"
sync prog
dd if=prog iflag=nocache count=0 status=none
sh -c 'echo $$ >"$1/$2" && exec env HUGETLB_ELFMAP=R HUGELINK_BACKING=file \
	HUGETLB_VERBOSE=3 ./prog' sh "$dir" "$procs" >run.out 2>run.err ||
	fail "the program did not run in the cgroup (status $?): $(cat run.err)"
if grep -q " r-x page cache: " run.err; then
	ok "24 MiB cgroup: served, $(sed -n 's/.* r-x page cache: //p' run.err)"
else
	grep -q "segment [0-9]*: the page cache cannot back it: the page cache holds" run.err ||
		fail "no reason: $(cat run.err)"
	ok "24 MiB cgroup: $(sed -n 's/.*\(the page cache holds [^(]*\).*/\1/p' run.err | head -n 1)"
fi
