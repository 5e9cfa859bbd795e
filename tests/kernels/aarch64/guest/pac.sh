# SPDX-License-Identifier: MIT
# Pointer authentication: a program built with
# -mbranch-protection=pac-ret, whose functions sign their return
# addresses (paciasp, checked when it is built), runs and checks every
# byte once its text (R), and its data and bss (RW), are on 64 KiB
# hugetlb pages: a return through an address that no longer
# authenticates would kill it.  Skipped where the CPU has no address
# authentication.
. /kt/common.sh
grep -qw paca /proc/cpuinfo || { skip pac "the CPU has no pointer authentication (paca)"; exit 0; }
pool_of 64 64
run env HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=R "$T/pac"
want ok "text 64"
result pac-text-64k
run env HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=RW "$T/pac"
want ok "text 64" "data 64" "bss 64"
result pac-RW-64k
