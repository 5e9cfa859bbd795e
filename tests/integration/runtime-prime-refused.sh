#!/bin/sh
# SPDX-License-Identifier: MIT
# HUGELINK_PRIME=1 where the process that primes cannot be made: a
# relinked program whose file was just written, started with
# HUGETLB_ELFMAP=R in a pids cgroup that holds it and one process more,
# copies its text, and its fork of the priming process fails.  The start
# names the cause the kernel gave that fork (EAGAIN: "Resource
# temporarily unavailable"), the program runs to its end, and no process
# holds its file.  cgroup v2's pids.max, else v1's.  Where the page cache
# holds a file just written in huge folios already, nothing is copied or
# primed: it skips.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/filetext.sh"
. "$HL_SRC/tests/integration/lib/cgroup.sh"

need_thp
need_root
cgroup_make pids
echo 2 >"$cg_dir/pids.max"

pool_set_free 0
relink_bigtext 8
cp prog fresh
cgroup_run env HUGETLB_ELFMAP=R HUGELINK_PRIME=1 HUGETLB_VERBOSE=3 \
	./fresh >run.out 2>run.err ||
	fail "the program did not run in the cgroup (status $?): $(cat run.err)"
grep -q 'HUGELINK_PRIME=1' run.err ||
	skip "nothing to prime: the page cache holds a file just written (cp) in huge folios here: $(cat run.err)"
grep -q 'HUGELINK_PRIME=1: no process could be made to prime the page cache: Resource temporarily unavailable' run.err ||
	fail "the start did not name the fork's cause: $(grep HUGELINK_PRIME run.err)"
held=$(holders fresh)
[ "$held" -eq 0 ] || fail "$held processes hold fresh open"
ok "pids.max 2: $(grep -o 'HUGELINK_PRIME=1: no process.*' run.err)"
