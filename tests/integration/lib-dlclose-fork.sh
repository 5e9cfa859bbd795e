# SPDX-License-Identifier: MIT
# A writable range goes on hugetlb pages only where the fork guard that
# keeps children off them lasts as long as the process: the guard's
# handlers are the acting copy's code, and dlclose() of a library whose
# copy installed them would unregister them.  A plain program dlopen()s
# a relinked library, whose copy of the runtime moves the program's
# data; the program closes the library, takes every free huge page, and
# forks a child that writes to its data.  With HUGELINK_BACKING=hugetlb
# the data stays on base pages, saying why; by default it goes on
# transparent huge pages.  Either way the child runs.  (Had the data
# taken hugetlb pages guarded by the closed library's copy, the child's
# write would need a huge page the pool no longer has, and it would die
# of SIGBUS.)  The program is not relinked: its data shares a huge page
# with its other segments, so HUGETLB_FORCE_ELFMAP=yes moves the whole
# huge pages inside it.  The oracle is the program's and the child's own
# smaps and output.
. "$HL_SRC/tests/integration/common.sh"
need_thp
pool_reserve 16
build_libcheck libcheck.so -Wl,--hugetlbfs-align

cat >guarded.c <<'E'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include "hugecheck.h"

/* 8 MiB of data, so that whole huge pages lie in its middle. */
static char data[8 << 20] = { 1 };
#define MID (data + (3 << 20))

/* Whether an object named NAME is still mapped (/proc/self/maps). */
static int mapped(const char *name)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[4600];
	int found = 0;

	while (f && fgets(line, sizeof(line), f))
		found |= strstr(line, name) != NULL;
	if (f)
		fclose(f);
	return found;
}

int main(int argc, char **argv)
{
	void *h = dlopen(argv[1], RTLD_NOW);
	pid_t pid;
	int st;

	if (!h) {
		printf("BAD %s\n", dlerror());
		return 1;
	}
	hc_report("data", MID, 1 << 20);
	dlclose(h);
	printf("lib-mapped %s\n", mapped("/libcheck.so") ? "yes" : "no");
	/* Every free huge page, taken. */
	while (mmap(NULL, 2 << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE |
		    MAP_ANONYMOUS | MAP_HUGETLB | MAP_POPULATE, -1, 0) !=
	       MAP_FAILED)
		;
	hc_print_pool();
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		MID[0] = 2;
		hc_report("child-data", MID, 1 << 20);
		printf("child-wrote %d\n", MID[0]);
		fflush(stdout);
		_exit(0);
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid)
		return 1;
	printf("child-status %d\n", st);
	return 0;
}
E
"$CC" $HC_CFLAGS -o guarded guarded.c -ldl || fail "cannot build guarded"

HUGELINK_BACKING=hugetlb HUGETLB_FORCE_ELFMAP=yes HUGETLB_ELFMAP=W \
	./guarded ./libcheck.so >out 2>err ||
	fail "guarded, hugetlb: $(cat out err)"
expect_lines out "data 4" "pool-free 0" "child-wrote 2" "child-status 0"
[ "$(grep -c "guard fork() for it is a library's" err)" -eq 1 ] ||
	fail "hugetlb: not said once why the data stays: $(cat err)"
ok "HUGELINK_BACKING=hugetlb: a library's copy leaves the program's data on base pages, and says why"

HUGETLB_FORCE_ELFMAP=yes HUGETLB_ELFMAP=W ./guarded ./libcheck.so >out 2>err ||
	fail "guarded: $(cat out err)"
expect_lines out "data thp" "pool-free 0" "child-wrote 2" "child-status 0"
ok "by default, the program's data on transparent huge pages: the child runs after dlclose()"
