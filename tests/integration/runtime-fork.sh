# fork(): parent and child keep their own data.  With huge pages to spare
# the child's copies are huge pages too.  With none left, a child writing
# to its data would be killed by the kernel (SIGBUS), so hugelink moves a
# fork()ed child's data and bss to base pages first: the child runs, and
# the parent keeps its huge pages.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 24
build_segcheck sc

HUGETLB_ELFMAP=RW ./sc fork >out 2>err || fail "fork: $(cat out err)"
expect_lines out "data 2048" "child-data 2048" "child-bss 2048" "fork ok" "ok"
ok "pool to spare: the child's data stays on huge pages"

pool_set_free "$(huge_pages_needed sc)"
HUGETLB_ELFMAP=RW ./sc fork pool >out 2>err || fail "fork, empty pool: $(cat out err)"
expect_lines out "data 2048" "bss 2048" "pool-free 0" "child-data 4" \
	"child-bss 4" "fork ok" "ok"
[ ! -s err ] || fail "said: $(cat err)"
ok "no huge page left: the child runs on base pages, the parent on huge ones"

# Without hugelink's guard, the kernel's own behaviour: a child made with
# the raw system call, which skips fork handlers, dies writing its data.
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
HUGETLB_ELFMAP=RW ./raw >out 2>err
expect_lines out "Bus error"
ok "a child that skips fork handlers gets SIGBUS from the kernel, as documented"
