# fork(): parent and child keep their own data.  Writable ranges go on
# transparent huge pages, whose copy-on-write never fails: a child made
# even without fork handlers lives, with an empty pool.  Asked for
# (HUGELINK_BACKING=hugetlb), they go on hugetlb pages: with pages to
# spare the child's copies are huge pages too; with none left (pages
# reserved by other mappings do not count), a child writing to its data
# would be killed by the kernel (SIGBUS), so hugelink moves a fork()ed
# child's data and bss to base pages first: the child runs, and the
# parent keeps its huge pages.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 24
build_segcheck sc
all=$(huge_pages_needed sc)

HUGETLB_ELFMAP=RW ./sc fork thp >out 2>err || fail "fork: $(cat out err)"
expect_lines out "data thp" "bss thp" "fork ok" "ok"
ok "transparent huge pages: the child has its own copy"

HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=RW ./sc fork >out 2>err || fail "fork: $(cat out err)"
expect_lines out "data 2048" "child-data 2048" "child-bss 2048" "fork ok" "ok"
ok "hugetlb pages to spare: the child's data stays on huge pages"

pool_set_free "$all"
HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=RW ./sc fork pool >out 2>err ||
	fail "fork, empty pool: $(cat out err)"
expect_lines out "data 2048" "bss 2048" "pool-free 0" "child-data 4" \
	"child-bss 4" "fork ok" "ok"
[ ! -s err ] || fail "said: $(cat err)"
ok "no huge page left: the child runs on base pages, the parent on huge ones"

# Free pages that other mappings have reserved are not there for the
# child: a process holds a reservation of them (it never touches them).
cat >reserve.c <<'C'
/* Reserve N huge pages, touch none, and hold them until stdin closes. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	size_t len = strtoul(argv[1], NULL, 0) << 21;
	char c;

	if (mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE |
		 MAP_ANONYMOUS | MAP_HUGETLB, -1, 0) == MAP_FAILED) {
		puts("refused");
		return 1;
	}
	puts("reserved");
	fflush(stdout);
	while (read(0, &c, 1) > 0)
		;
	return 0;
}
C
"$CC" -O1 -o reserve reserve.c
spare=$(huge_pages_needed sc 2048 W)
pool_set_free $((all + spare))
mkfifo hold
./reserve "$spare" <hold >reserve.out &
exec 8>hold
while [ ! -s reserve.out ]; do sleep 0.1; done
grep -q reserved reserve.out || fail "could not reserve $spare pages"
HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=RW ./sc fork pool >out 2>err ||
	fail "fork, pool reserved by others: $(cat out err)"
exec 8>&-
wait
expect_lines out "data 2048" "bss 2048" "pool-free $spare" "child-data 4" \
	"child-bss 4" "fork ok" "ok"
ok "free pages all reserved by another process: the child moved to base pages"

# Without hugelink's guard, the kernel's own behaviour: a child made with
# the raw system call, which skips fork handlers, dies writing its data on
# hugetlb pages, and lives on transparent huge pages.
cat >raw.c <<'C'
#include <signal.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
static char data[4 << 20] = { 1 };
int main(void)
{
	int status;
	pid_t pid = (pid_t)syscall(SYS_fork);

	if (pid == 0) {
		data[0] = 2;
		_exit(0);
	}
	waitpid(pid, &status, 0);
	printf("%s\n", WIFSIGNALED(status) ? strsignal(WTERMSIG(status)) : "exited");
	return 0;
}
C
hl_cc -O1 -D_GNU_SOURCE -include string.h -o raw raw.c -Wl,--hugetlbfs-align
pool_set_free "$(huge_pages_needed raw)"
HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=RW ./raw >out 2>err
expect_lines out "Bus error"
ok "a child that skips fork handlers gets SIGBUS from the kernel on hugetlb pages, as documented"
pool_set_free 0
HUGETLB_ELFMAP=RW ./raw >out 2>err
expect_lines out "exited"
ok "... and lives on transparent huge pages"
