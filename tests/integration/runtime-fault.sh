# A swap that fails is put back on base pages from the prepared copy, and
# the program goes on with all its data; if even that fails, the process
# ends with a message and SIGABRT: nothing fails silently after the point
# of no return.  The failures are injected with HUGELINK_FAULT.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 16
build_segcheck sc

for fault in swap swap-unmapped; do
	HUGELINK_FAULT=$fault HUGETLB_ELFMAP=RW ./sc fork >out 2>err ||
		fail "$fault: the program failed: $(cat out err)"
	# The writable range is the last one swapped: it is the one that fails.
	expect_lines out "text 2048" "rodata 2048" "data 4" "bss 4" "fork ok" "ok"
	grep -q "swapping .* failed" err || fail "$fault: no message: $(cat err)"
	ok "$fault: data and bss stay on base pages, intact"
done

set +e
HUGELINK_FAULT=recover HUGETLB_ELFMAP=RW ./sc >out 2>err
rc=$?
set -e
[ "$rc" -eq 134 ] || fail "recover: exit status $rc, not SIGABRT (134)"
grep -q "^hugelink: fatal: .*aborting" err || fail "recover: no message: $(cat err)"
[ ! -s out ] || fail "recover: the program went on: $(cat out)"
ok "an unrecoverable swap aborts with: $(cat err)"
