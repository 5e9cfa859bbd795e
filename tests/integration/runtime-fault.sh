# SPDX-License-Identifier: MIT
# A swap that fails is restored from the prepared copy, and the program
# goes on with all its data: onto transparent huge pages when they are
# usable, else onto base pages (or, when the old pages are still in place,
# it keeps them); if even the restore fails, the process ends with a
# message and SIGABRT: nothing fails silently after the point of no
# return.  The failures are injected with HUGELINK_FAULT; nothp turns
# transparent huge pages off for the program.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 16
build_segcheck sc
build_helper nothp

for fault in swap swap-unmapped; do
	# The writable range is the last one swapped: it is the one that fails.
	HUGELINK_FAULT=$fault HUGETLB_ELFMAP=RW ./sc fork thp >out 2>err ||
		fail "$fault: the program failed: $(cat out err)"
	expect_lines out "text 2048" "rodata 2048" "data thp" "bss thp" \
		"data-thp yes" "fork ok" "ok"
	grep -q "a swap failed (.*) and was restored from its copy" err ||
		fail "$fault: no message: $(cat err)"
	ok "$fault: data and bss restored onto transparent huge pages, intact"

	HUGELINK_FAULT=$fault HUGETLB_ELFMAP=RW ./nothp ./sc fork thp >out 2>err ||
		fail "$fault, no THP: the program failed: $(cat out err)"
	expect_lines out "text 2048" "rodata 2048" "data 4" "bss 4" \
		"data-thp no" "fork ok" "ok"
	grep -q "swapping .* failed" err || fail "$fault: no message: $(cat err)"
	ok "$fault, no THP: data and bss stay on base pages, intact"
done

set +e
HUGELINK_FAULT=recover HUGETLB_ELFMAP=RW ./sc >out 2>err
rc=$?
set -e
[ "$rc" -eq 134 ] || fail "recover: exit status $rc, not SIGABRT (134)"
grep -q "^hugelink: fatal: .*aborting" err || fail "recover: no message: $(cat err)"
[ ! -s out ] || fail "recover: the program went on: $(cat out)"
ok "an unrecoverable swap aborts with: $(cat err)"

# Reserving hugetlb pages fails: transparent huge pages instead.
HUGELINK_FAULT=reserve HUGETLB_ELFMAP=RW ./sc fork >out 2>err ||
	fail "reserve: the program failed: $(cat out err)"
expect_lines out "text thp" "rodata thp" "data thp" "bss thp" "fork ok" "ok"
grep -q "reserving hugetlb pages failed" err || fail "reserve: no message: $(cat err)"
ok "reserve: transparent huge pages, and why: $(cat err)"
