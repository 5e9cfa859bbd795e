# SPDX-License-Identifier: MIT
# The fork guard gives a child its data as the parent had it at fork(),
# protections included: a program whose data went on hugetlb pages makes
# one huge page of it read-only with mprotect after start-up, then
# forks; in the child that page is still read-only, and the next one
# writable
# (/proc/self/maps, read by the child itself).  The program reports what
# backs its data first: on base pages the guard has nothing to do, and
# the protections would come out the same without it.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 24
cat >prot.c <<'C'
#include "hugecheck.h"
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

static char data[8 << 20] __attribute__((aligned(4096))) = { 1 };

/* The permissions /proc/self/maps gives the mapping holding P. */
static void perms(const void *p, char out[5])
{
	FILE *f = fopen("/proc/self/maps", "r");
	unsigned long lo, hi;
	char line[512];

	strcpy(out, "none");
	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "%lx-%lx %4s", &lo, &hi, out) == 3 &&
		    (unsigned long)p >= lo && (unsigned long)p < hi)
			break;
		else
			strcpy(out, "none");
	if (f)
		fclose(f);
}

int main(void)
{
	/* A whole huge page inside the data: hugetlb memory changes its
	 * protection only a huge page at a time. */
	char *page = (char *)(((unsigned long)data + (4 << 20)) & ~((2ul << 20) - 1));
	char p[5];
	int st;
	pid_t pid;

	hc_report("data", data, sizeof(data));
	page[0] = 2;
	if (mprotect(page, 2 << 20, PROT_READ))
		return 2;
	perms(page, p);
	printf("parent %s\n", p);
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		perms(page, p);
		printf("child %s\n", p);
		perms(page + (2 << 20), p);
		printf("child-next %s\n", p);
		fflush(stdout);
		_exit(0);
	}
	waitpid(pid, &st, 0);
	return 0;
}
C
build_c prot -Wl,--hugetlbfs-align || fail "cannot link prot"
HUGETLB_ELFMAP=W HUGELINK_BACKING=hugetlb ./prot >out 2>err || fail "status $?: $(cat out err)"
expect_lines out "data 2048" "parent r--p" "child r--p" "child-next rw-p"
[ ! -s err ] || fail "the program wrote to standard error: $(cat err)"
ok "a page made read-only after start-up is read-only in the child"
