# The remap failing at each step, by fault injection (HUGELINK_FAULT):
# reserving hugetlb pages (the program goes on THP), the last swap with
# the old pages still there and with them gone (restored from the copy,
# onto THP, or onto base pages when THP is off for the process: nothp),
# and the restore itself (the process ends with SIGABRT and prints
# nothing).  On every kernel the writable range is the one that fails,
# and it is on THP: before Linux 5.16 this is the restore onto THP of
# a swap done with anonymous mremap, for real.
. /kt/common.sh
pool 24

for fault in swap swap-unmapped; do
	run env HUGELINK_FAULT=$fault HUGETLB_ELFMAP=RW "$T/sc-pie" fork thp
	want "text 2048" "rodata 2048" "data thp" "bss thp" "data-thp yes" "fork ok" "ok"
	result fault-$fault

	run "$T/nothp" env HUGELINK_FAULT=$fault HUGETLB_ELFMAP=RW "$T/sc-pie" fork thp
	want "text 2048" "rodata 2048" "data 4" "bss 4" "data-thp no" "fork ok" "ok"
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
