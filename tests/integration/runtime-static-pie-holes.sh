#!/bin/sh
# SPDX-License-Identifier: MIT
# A static-pie program linked by lld ends its bss partway through its
# last huge page, and the kernel, which places such a program among the
# mappings it makes itself, puts the next small mapping in the free rest
# of that page: the vDSO at exec, or the runtime's own as it prepares the
# swap.  The runtime holds that free address space itself from its
# reading of /proc/self/maps until the swap, so that nothing it maps
# meanwhile lies where the swap puts huge pages, and gives back what the
# swap did not take.  300 starts with HUGETLB_ELFMAP=W: none fails, each
# finds its data and bss as written, and none is left with an
# inaccessible mapping inside its huge pages (its own /proc/self/maps).
. "$HL_SRC/tests/integration/common.sh"
need_cmd ld.lld
need_thp

cat >prog.c <<'EOF'
#include <stdint.h>
#include <stdio.h>
#include <string.h>
extern const char __ehdr_start[], _end[];
int data = 7;
static char bss[1 << 15];
int main(void)
{
	uintptr_t lo = (uintptr_t)__ehdr_start;
	uintptr_t hi = ((uintptr_t)_end + (2u << 20) - 1) & ~(uintptr_t)((2u << 20) - 1);
	unsigned long s, e;
	char perms[8], line[512];
	FILE *f = fopen("/proc/self/maps", "r");
	int held = 0, in_data = 0;
	unsigned long huge = 0;

	bss[sizeof(bss) - 1] = 1;
	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "%lx-%lx %7s %*s %*s %lu", &s, &e, perms,
			   &(unsigned long){ 0 }) == 4 &&
		    !strcmp(perms, "---p") && strstr(line, " 0 ") &&
		    s < hi && e > lo)
			held++;
	if (f)
		fclose(f);
	f = fopen("/proc/self/smaps", "r");
	while (f && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx ", &s, &e) == 2)
			in_data = s <= (uintptr_t)&data && (uintptr_t)&data < e;
		else if (in_data)
			sscanf(line, "AnonHugePages: %lu", &huge);
	}
	printf("data %d bss %d held %d\n", data, bss[sizeof(bss) - 1], held);
	fprintf(stderr, "moved %d\n", huge > 0);
	return !f;
}
EOF
$CC -fuse-ld=lld -B"$HLDIR" -Wl,--hugetlbfs-align -static-pie -O2 -o prog prog.c ||
	fail "the lld static-pie link failed"
readelf -lW prog | grep -q 'DYN' || fail "prog is not a static-pie: $(readelf -h prog)"

i=0 bad=0 moved=0
while [ $i -lt 300 ]; do
	rc=0
	HUGETLB_ELFMAP=W HUGELINK_BACKING=thp ./prog >out 2>>err || rc=$?
	grep -q 'moved 1' err && moved=$((moved + 1))
	sed -i '/^moved [01]$/d' err
	if [ $rc -ne 0 ] || [ "$(cat out)" != "data 7 bss 1 held 0" ]; then
		bad=$((bad + 1))
		echo "start $i: exit $rc: $(cat out)" >>bad
	fi
	i=$((i + 1))
done
[ $bad -eq 0 ] || fail "$bad of 300 starts went wrong: $(head -5 bad)"
# The vDSO lies in the last huge page at about half of the starts; the
# others must have moved, or the swap was not tried.
[ $moved -gt 0 ] || fail "no start moved its data onto huge pages: $(sort err | uniq -c | head -3)"
grep -v 'hugelink: prog: staying on base pages' err >other || true
[ ! -s other ] || fail "unexpected messages: $(head -3 other)"
ok "300 starts of an lld static-pie with W: none failed, no hole left held, $moved moved"
