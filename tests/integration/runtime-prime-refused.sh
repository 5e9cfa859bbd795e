#!/bin/sh
# SPDX-License-Identifier: MIT
# HUGELINK_PRIME=1 where the process that primes cannot be made: a
# relinked program whose file was just written, started with
# HUGETLB_ELFMAP=R in a pids cgroup that holds it and one process more,
# copies its text (its own smaps: the text is no longer the file's
# mapping), and its fork of the priming process fails.  The start names
# the cause the kernel gave that fork (EAGAIN: "Resource temporarily
# unavailable"), the program runs to its end, and no process holds its
# file.  cgroup v2's pids.max, else v1's.  Where the page cache holds a
# file just written in huge folios already (the text stays the file's
# mapping, at least half of it PMD-mapped), nothing is copied or primed:
# it skips.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/filetext.sh"
. "$HL_SRC/tests/integration/lib/cgroup.sh"

need_thp
need_root
cgroup_make pids
echo 2 >"$cg_dir/pids.max"

pool_set_free 0
relink_bigtext 8
whole=$(text_whole prog)
cp prog fresh
why='HUGELINK_PRIME=1: no process could be made to prime the page cache: Resource temporarily unavailable'
start_holds 1 sh -c 'echo $$ >"$1" && shift && exec "$@"' sh "$cg_dir/$cg_procs" \
	env HUGETLB_ELFMAP=R HUGELINK_PRIME=1 HUGETLB_VERBOSE=3 ./fresh
set -- $(text_smaps $holds "$PWD/fresh")
if [ "${1:-}" = "$PWD/fresh" ] && [ $(($2 * 2)) -ge "$whole" ]; then
	stop_holds
	skip "nothing to prime: the page cache holds a file just written (cp) in huge folios here: $2 of $whole bytes PMD-mapped at once"
fi
[ "${1:-}" != "$PWD/fresh" ] ||
	fail "the text is still the file's mapping, $2 of $whole bytes PMD-mapped: not copied: $(cat hold1.err)"
anon=$(exec_anon_huge $holds)
grep -qF "$why" hold1.err ||
	fail "the start did not name the fork's cause: $(grep HUGELINK_PRIME hold1.err)"
stop_holds
ok "pids.max 2, held: the text copied ($anon bytes on THP), and said: $why"

cgroup_run env HUGETLB_ELFMAP=R HUGELINK_PRIME=1 HUGETLB_VERBOSE=3 \
	./fresh >run.out 2>run.err ||
	fail "the program did not run in the cgroup (status $?): $(cat run.err)"
grep -qF "$why" run.err ||
	fail "run to its end: the start did not name the fork's cause: $(grep HUGELINK_PRIME run.err)"
held=$(holders fresh)
[ "$held" -eq 0 ] || fail "$held processes hold fresh open"
ok "pids.max 2, run to its end: $(grep -o 'HUGELINK_PRIME=1: no process.*' run.err)"
