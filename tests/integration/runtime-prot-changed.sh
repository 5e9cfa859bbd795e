# SPDX-License-Identifier: MIT
# A page of a writable segment whose protection was changed before the
# runtime's constructor (by a preloaded library's constructor, here) is
# not the segment's as a copy would give it back: made unreadable, the
# copy could not read it (a fault with every signal blocked kills the
# program); made read-only, it would come back writable.  The runtime
# leaves the segment on base pages, says why, and the program runs with
# the protection it set: a write to the page is still refused.  Judged
# from the program's own smaps and its own attempt to write, on THP and
# on hugetlb pages, against a control run with nothing changed.
. "$HL_SRC/tests/integration/common.sh"
need_thp
pool_reserve 8

cat > pc.c <<'E'
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

char big[6 << 20] __attribute__((aligned(4096)));
static sigjmp_buf back;

static void on_segv(int sig)
{
	(void)sig;
	siglongjmp(back, 1);
}

/* kB of huge pages backing the mapping that holds AT, from smaps. */
static long huge_kb(const void *at)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	char line[512];
	unsigned long lo, hi;
	long kb = 0, n;
	int in = 0;

	while (f && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2 && strchr(line, ' '))
			in = lo <= (uintptr_t)at && (uintptr_t)at < hi;
		else if (in && (sscanf(line, "AnonHugePages: %ld", &n) == 1 ||
				sscanf(line, "Private_Hugetlb: %ld", &n) == 1))
			kb += n;
	}
	if (f)
		fclose(f);
	return kb;
}

int main(void)
{
	volatile char *page = big + (4 << 20);

	big[0] = 1;
	printf("huge %ld\n", huge_kb(big));
	signal(SIGSEGV, on_segv);
	if (!sigsetjmp(back, 1)) {
		page[0] = 1;
		puts("write allowed");
	} else {
		puts("write refused");
	}
	puts("ok");
	return 0;
}
E
cat > change.c <<'E'
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* Write to a page of the program's bss, then change its protection as
 * PC_PROT says: "none" or "read". */
__attribute__((constructor)) static void change(void)
{
	char *big = dlsym(RTLD_DEFAULT, "big");
	const char *how = getenv("PC_PROT");

	if (!big || !how)
		return;
	big[4 << 20] = 7;
	mprotect(big + (4 << 20), 4096,
		 strcmp(how, "none") ? PROT_READ : PROT_NONE);
}
E
build_c pc -Wl,--hugetlbfs-align -Wl,--export-dynamic || fail "cannot link pc"
$CC -shared -fPIC -o change.so change.c -ldl || fail "cannot build change.so"

for backing in thp hugetlb; do
	HUGELINK_BACKING=$backing HUGETLB_ELFMAP=W LD_PRELOAD=./change.so \
		./pc >out 2>err || fail "$backing, control: status $?: $(cat out err)"
	expect_lines out "write allowed" "ok"
	huge=$(awk '$1 == "huge" { print $2 }' out)
	[ "$huge" -ge 2048 ] || fail "$backing, control: bss not on huge pages ($huge kB): $(cat err)"
	for prot in none read; do
		PC_PROT=$prot HUGELINK_BACKING=$backing HUGETLB_ELFMAP=W \
			LD_PRELOAD=./change.so ./pc >out 2>err ||
			fail "$backing, page made $prot: status $?: $(cat out err)"
		expect_lines out "huge 0" "write refused" "ok"
		grep -q "where the segment is rw-" err ||
			fail "$backing, page made $prot: no reason given: $(cat err)"
	done
	ok "$backing: a bss page made unreadable or read-only keeps the segment on base pages, and its protection ($huge kB on huge pages when nothing was changed)"
done
