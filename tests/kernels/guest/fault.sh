# SPDX-License-Identifier: MIT
# The remap failing at each step, by fault injection (HUGELINK_FAULT):
# reserving hugetlb pages (the program goes on THP), the last swap with
# the old pages still there and with them gone (restored from the copy,
# onto THP, or onto base pages when THP is off for the process: nothp),
# and the restore itself (the process ends with SIGABRT and prints
# nothing).  The last range swapped, the one that fails, is the
# writable one, on THP: before Linux 5.16 this is the restore onto THP
# of a swap done with anonymous mremap, for real.  With THP off before
# 5.16 it is rodata, mapped over from a hugetlb file.
. /kt/common.sh
pool 24

for fault in swap swap-unmapped; do
	run env HUGELINK_FAULT=$fault HUGETLB_ELFMAP=RW "$T/sc-pie" fork thp
	want "text 2048" "rodata 2048" "data thp" "bss thp" "data-thp yes" "fork ok" "ok"
	result fault-$fault

	# With THP off, and before 5.16 no hugetlb pages for writable
	# ranges either, the last range swapped is rodata: restored onto
	# base pages.
	run "$T/nothp" env HUGELINK_FAULT=$fault HUGETLB_ELFMAP=RW "$T/sc-pie" fork thp
	want "text 2048" "data 4" "bss 4" "data-thp no" "fork ok" "ok"
	if hugetlb_mremap; then
		want "rodata 2048"
	else
		want "rodata 4"
	fi
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
