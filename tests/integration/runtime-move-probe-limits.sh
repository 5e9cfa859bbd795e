#!/bin/sh
# SPDX-License-Identifier: MIT
# Whether this kernel can move hugetlb mappings is tried with a hugetlb
# page and an area of address space to move it into.  Where the area
# cannot be had (a low RLIMIT_AS) or mremap fails for another reason,
# the reason says so, and blames the kernel only for what kernels
# before Linux 5.16 answer (EINVAL).  A relinked program whose data is
# asked onto hugetlb pages runs under address-space limits from 12 MB
# to 32 MB, 250 kB apart: none of its messages on this 5.16 or later
# kernel says the kernel cannot move hugetlb mappings.
. "$HL_SRC/tests/integration/common.sh"
set -- $(uname -r | tr '.-' '  ')
[ "$1" -gt 5 ] || { [ "$1" -eq 5 ] && [ "$2" -ge 16 ]; } ||
	skip "Linux $1.$2 cannot move hugetlb mappings"
pool_reserve 4

cat >w.c <<'E'
#include <stdio.h>

char data[6 << 20] = { 1 };

int main(void)
{
	printf("ran %d\n", data[0]);
	return 0;
}
E
build_c w -Wl,--hugetlbfs-align || fail "cannot relink w"

ran=0
v=12000
while [ $v -le 32000 ]; do
	set +e
	(ulimit -v $v && HUGETLB_ELFMAP=W HUGELINK_BACKING=hugetlb ./w) \
		>out 2>err
	set -e
	if grep -q "this kernel cannot move hugetlb mappings" err; then
		fail "at ulimit -v $v: $(cat err)"
	fi
	grep -qx "ran 1" out && ran=$((ran + 1))
	v=$((v + 250))
done
[ $ran -gt 0 ] || fail "w never ran: $(cat err)"
ok "$ran of 81 limits let w run; none blamed the kernel"
