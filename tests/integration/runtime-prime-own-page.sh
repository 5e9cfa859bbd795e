#!/bin/sh
# SPDX-License-Identifier: MIT
# The text's first huge page, where the runtime's code lies, dropped from
# the page cache while no process ran the program: the next start reads
# it back before the runtime can advise it, in small folios here, and
# every later start maps it so, served from the page cache all the same.
# With HUGELINK_PRIME=1 a start finds that page small (PAGEMAP_SCAN,
# Linux 6.7), says so, and primes the file once it has ended; the next
# start maps every whole huge page with PMDs.  Judged from the programs'
# smaps.  Where the kernel reads the page back in a huge folio by itself,
# there is nothing to show: it skips.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/filetext.sh"

need_thp
need_cmd python3
pool_set_free 0
write_bigtext 8
hl_cc -O2 -Wl,--hugetlbfs-align -o prog bigtext.c || fail "cannot link prog"
whole=$(text_whole prog)
first=$(readelf -lW prog | awk -v P=2097152 "$HL_AWK_LIB"'
	$1 == "LOAD" && / R E / { print up(hex($3)) - hex($3) + hex($2) }')
cp prog owned
"$HUGECTL" --prime owned >prime.out 2>&1 ||
	skip "the tests' file system cannot hold text in huge folios: $(cat prime.out)"
python3 -c 'import os, sys
fd = os.open(sys.argv[1], os.O_RDONLY)
os.posix_fadvise(fd, int(sys.argv[2]), 2097152, os.POSIX_FADV_DONTNEED)' \
	owned "$first" || fail "cannot drop the first huge page"

start_holds 1 env HUGETLB_ELFMAP=R ./owned
set -- $(text_smaps $holds "$PWD/owned")
stop_holds
[ "${1:-}" = "$PWD/owned" ] || fail "the text is not owned's mapping"
[ "$2" -lt "$whole" ] ||
	skip "the start read the dropped page back in a huge folio: $2 of $whole bytes PMD-mapped"
[ "$2" -ge $((whole - 2097152)) ] ||
	fail "dropping one huge page cost more: $2 of $whole bytes PMD-mapped"
ok "first huge page dropped: a start reads it back small, $2 of $whole bytes PMD-mapped"

start_holds 1 env HUGETLB_ELFMAP=R HUGELINK_PRIME=1 HUGETLB_VERBOSE=3 ./owned
grep -q 'page cache: .*; the huge page the runtime runs in is in small folios' hold1.err ||
	fail "the start did not find the runtime's huge page small: $(cat hold1.err)"
grep -q 'HUGELINK_PRIME=1: a detached process .* once the program has ended' hold1.err ||
	fail "the start did not say it primes after its end: $(cat hold1.err)"
stop_holds
got=$(wait_primed owned "$whole")
[ "$got" -ge "$whole" ] || fail "after priming: $got of $whole bytes PMD-mapped"
ok "HUGELINK_PRIME=1: the runtime's huge page said small, and primed after the start's end: $got of $whole bytes PMD-mapped"
