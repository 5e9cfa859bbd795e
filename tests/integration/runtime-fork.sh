# SPDX-License-Identifier: MIT
# fork(): parent and child keep their own data, and no child dies.
# Writable ranges go on transparent huge pages, whose copy-on-write never
# fails: a child made even without fork handlers lives, with an empty
# pool.  Asked for (HUGELINK_BACKING=hugetlb), they go on hugetlb pages,
# which a child writing to them (or a parent taking them back) could die
# of; so a child made by fork() always takes a copy the parent made
# before fork(), on transparent huge pages, and never touches the shared
# hugetlb pages, whatever the pool holds: the child runs, and the parent
# keeps its huge pages.
. "$HL_SRC/tests/integration/common.sh"
need_thp
pool_reserve 24
build_segcheck sc
all=$(huge_pages_needed sc)

HUGETLB_ELFMAP=RW ./sc fork thp >out 2>err || fail "fork: $(cat out err)"
expect_lines out "data thp" "bss thp" "fork ok" "ok"
ok "transparent huge pages: the child has its own copy"

HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=RW ./sc fork thp >out 2>err ||
	fail "fork: $(cat out err)"
expect_lines out "data 2048" "bss 2048" "child-data-advised yes" \
	"fork ok" "ok"
expect_child_copy out
[ ! -s err ] || fail "said: $(cat err)"
ok "hugetlb pages to spare: the child still takes the parent's copy, advised for transparent huge pages"

pool_set_free "$all"
HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=RW ./sc fork pool thp >out 2>err ||
	fail "fork, empty pool: $(cat out err)"
expect_lines out "data 2048" "bss 2048" "pool-free 0" \
	"child-data-advised yes" "fork ok" "ok"
expect_child_copy out
[ ! -s err ] || fail "said: $(cat err)"
ok "no huge page left: the child runs on its copy, the parent on huge pages"

# No memory for the copy (the address space is limited to less than a
# copy of data and bss): the child moves its data to base pages itself,
# one huge page at a time, and the parent says so once.
HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=RW ./sc aslimit fork fork thp >out 2>err ||
	fail "fork, no memory for a copy: $(cat out err)"
expect_lines out "data 2048" "bss 2048" "child-data-advised no" \
	"fork ok" "ok"
expect_child_copy out
[ "$(grep -c 'no memory for a copy' err)" -eq 1 ] || fail "said: $(cat err)"
[ "$(wc -l <err)" -eq 1 ] || fail "said more: $(cat err)"
ok "no memory for a copy: the child moves its data itself, and one message says so"

# A huge page the program made unreadable (PROT_NONE) is not read for
# the copy: fork() goes on, and the child runs.
cat >guarded.c <<'C'
#include <stdio.h>
#include <sys/mman.h>
#include "hugecheck.h"
static char bss[8 << 20] __attribute__((aligned(2 << 20)));
static int child(void)
{
	bss[0] = 2;
	return bss[0] == 2 && bss[(6 << 20) - 1] == 3 ? 0 : 1;
}
int main(void)
{
	bss[0] = 1;
	bss[(6 << 20) - 1] = 3;
	hc_report("bss", bss, sizeof(bss));
	if (mprotect(bss + (2 << 20), 2 << 20, PROT_NONE))
		return 2;
	printf("child %s\n", hc_in_child(child) ? "ok" : "failed");
	return bss[0] == 1 ? 0 : 3;
}
C
build_c guarded -Wl,--hugetlbfs-align
pool_set_free "$(huge_pages_needed guarded)"
HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=RW ./guarded >out 2>err ||
	fail "a page made PROT_NONE: $(cat out err)"
expect_lines out "bss 2048" "child ok"
ok "a huge page made unreadable is not copied: the parent forks, the child runs"

# Without hugelink's guard, the kernel's own behaviour: a child made with
# the raw system call or _Fork(), which skip fork handlers, dies writing
# its data on hugetlb pages, and lives on transparent huge pages.
cat >raw.c <<'C'
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
pid_t _Fork(void);
static char data[4 << 20] = { 1 };
int main(int argc, char **argv)
{
	int status;
	pid_t pid = argc > 1 ? _Fork() : (pid_t)syscall(SYS_fork);

	(void)argv;
	if (pid == 0) {
		data[0] = 2;
		_exit(0);
	}
	waitpid(pid, &status, 0);
	printf("%s\n", WIFSIGNALED(status) ? strsignal(WTERMSIG(status)) : "exited");
	return 0;
}
C
hl_cc -O1 -D_GNU_SOURCE -o raw raw.c -Wl,--hugetlbfs-align
for how in "" _Fork; do
	pool_set_free "$(huge_pages_needed raw)"
	HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=RW ./raw $how >out 2>err
	expect_lines out "Bus error"
	ok "a child made by ${how:-the raw system call}, which skips fork handlers, gets SIGBUS from the kernel on hugetlb pages, as documented"
	pool_set_free 0
	HUGETLB_ELFMAP=RW ./raw $how >out 2>err
	expect_lines out "exited"
	ok "... and lives on transparent huge pages"
done

# A writable range that holds the start of the brk heap never goes on
# hugetlb pages: glibc's fork() writes there (the locks of stdio streams
# malloc placed in it) in the child of a multithreaded parent, before any
# fork handler runs.  A program not linked by hugetlbfs-ld, run without
# ASLR: its heap starts right after bss, in the last huge page of the
# range; and the control, whose bss ends on a huge page.
cat >heapin.c <<'C'
#include <stdio.h>
#include "hugecheck.h"
/* A writable segment on a 2 MiB boundary; its bss ends mid-page, or
   with -DPADDED on a 2 MiB boundary.  bss is global, or clang would
   keep only the element used of it. */
__attribute__((aligned(2 << 20))) char data[1 << 20] = { 1 };
#ifdef PADDED
__attribute__((aligned(2 << 20))) char bss[2 << 20];
#else
char bss[100 << 10];
#endif
int main(void)
{
	bss[5] = data[0];
	hc_report("data", data, sizeof(data));
	return bss[5] == 1 ? 0 : 1;
}
C
for v in UNPADDED PADDED; do
	"$CC" $HC_CFLAGS -D$v -no-pie -Wl,-z,norelro -o "heapin-$v" heapin.c
	# Where the heap starts without ASLR: the page after the last
	# writable segment; is that below the huge page boundary after it?
	readelf -lW "heapin-$v" | awk "$HL_AWK_LIB"'
		$1 == "LOAD" && $7 ~ /W/ { e = hex($3) + hex($6) }
		END { P = 4096; h = up(e); P = 2097152; print h < up(e) ? "in" : "out" }' >where
	echo "$v $(cat where)" >>wheres
done
expect_lines wheres "UNPADDED in" "PADDED out"
pool_set_free 8
setarch -R env LD_PRELOAD="$HLLIB/libhugelink.so" HUGELINK_BACKING=hugetlb \
	HUGETLB_ELFMAP=W ./heapin-UNPADDED >out 2>err || fail "heap in range: $(cat out err)"
expect_lines out "data 4"
grep -q "start of the brk heap" err || fail "no reason given: $(cat err)"
setarch -R env LD_PRELOAD="$HLLIB/libhugelink.so" HUGELINK_BACKING=hugetlb \
	HUGETLB_ELFMAP=W ./heapin-PADDED >out 2>err || fail "heap out of range: $(cat out err)"
expect_lines out "data 2048"
setarch -R env LD_PRELOAD="$HLLIB/libhugelink.so" HUGETLB_ELFMAP=W ./heapin-UNPADDED >out 2>err ||
	fail "heap in range, THP: $(cat out err)"
expect_lines out "data thp"
ok "a writable range holding the start of the brk heap takes transparent huge pages or base pages, never hugetlb ones"
