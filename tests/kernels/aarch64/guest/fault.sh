# SPDX-License-Identifier: MIT
# The remap failing at each step, by fault injection (HUGELINK_FAULT), on
# a PIE with HUGETLB_ELFMAP=RW: reserving hugetlb pages (the program
# goes on THP); the last swap, the writable range's, with the old pages
# still there and with them gone (restored from the copy onto THP, or
# onto base pages with THP off for the process: nothp); and the restore
# itself (the process ends with SIGABRT and prints nothing).
. /kt/common.sh
pool 2048 24
for fault in swap swap-unmapped; do
	run env HUGELINK_FAULT=$fault HUGETLB_ELFMAP=RW "$T/sc-pie" fork thp
	want "text 2048" "rodata 2048" "data thp" "bss thp" "fork ok" "ok"
	result fault-$fault

	run "$T/nothp" env HUGELINK_FAULT=$fault HUGETLB_ELFMAP=RW "$T/sc-pie" fork thp
	want "text 2048" "rodata 2048" "data 4" "bss 4" "fork ok" "ok"
	result fault-$fault-nothp
done

HUGELINK_FAULT=recover HUGETLB_ELFMAP=RW "$T/sc-pie" >out 2>err
rc=$?
[ "$rc" -eq 134 ] || note "exit status $rc, not SIGABRT's 134"
[ ! -s out ] || note "the program went on"
result fault-recover

run env HUGELINK_FAULT=reserve HUGETLB_ELFMAP=RW "$T/sc-pie" fork
want "text thp" "rodata thp" "data thp" "bss thp" "fork ok" "ok"
result fault-reserve
