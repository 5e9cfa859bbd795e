# SPDX-License-Identifier: MIT
# The swap runs from a private executable copy of its own code, made
# just before it (remap/run.c).  When that copy cannot be mapped (no room
# under RLIMIT_AS), nothing is swapped, the program runs on base pages,
# and the reason given is the mmap's own error, not a refusal to make
# memory executable.  The segment checker waits just before the swap
# (HUGELINK_FAULT=wait-commit), its prepared copies made; prlimit then
# leaves it no room for one more page of address space, which the
# copies give back once they are dropped.  Its own output judges: every
# segment on base pages, its memory as it should be.
. "$HL_SRC/tests/integration/common.sh"
need_thp
need_cmd prlimit
build_segcheck sc

rm -f go
HUGELINK_FAULT=wait-commit:$PWD/go HUGETLB_ELFMAP=R HUGELINK_BACKING=thp \
	./sc >out 2>err &
prog=$!
kill_at_exit $prog
# The wait is a loop of nanosleep: the only sleep of sc before main.
tries=0
until grep -q nanosleep "/proc/$prog/wchan" 2>/dev/null; do
	kill -0 $prog 2>/dev/null || fail "sc ended before the swap: $(cat out err)"
	[ $tries -lt 200 ] || fail "sc never waited before the swap: $(cat out err)"
	tries=$((tries + 1))
	sleep 0.05
done
vm=$(awk '$1 == "VmSize:" { print $2 }' /proc/$prog/status)
prlimit --pid $prog --as=$((vm * 1024)) || fail "prlimit --as on sc"
touch go
wait $prog || fail "sc exited $?: $(cat out err)"
expect_lines out "text 4" "rodata 4" ok
grep -q 'private executable copy of its code: mmap: Cannot allocate memory' err ||
	fail "the reason is not the mmap's: $(cat err)"
[ "$(grep -c 'executable copy' err)" -eq 1 ] || fail "said more than once: $(cat err)"
ok "no room for the commit's copy: base pages, and the reason is ENOMEM"
