# SPDX-License-Identifier: MIT
# A writable segment that is also executable (a section "awx", which GNU
# ld puts in the data segment and makes RWX, as old assemblers' code in
# data does) keeps running on huge pages.  The relinked program calls a
# function at the start of that segment's range, in a parent and in a
# child after fork(), with HUGETLB_ELFMAP=W on a hugetlb copy (and with
# HUGETLB_MINIMAL_COPY=no) and on a THP copy, and after a swap that
# failed with THP off for the process, which leaves the old pages in
# place.  Its smaps show the segment on huge pages and executable.
. "$HL_SRC/tests/integration/common.sh"
[ "$(uname -m)" = x86_64 ] ||
	skip "its writable code is x86-64 assembly, this is $(uname -m)"
need_thp
pool_reserve 8

cat > rwx.c <<'E'
#define _GNU_SOURCE
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "hugecheck.h"

/* Code in a writable section: "rwx_fn" returns 42, and 8 MiB of nops
 * follow it, so that the segment holds whole huge pages. */
__asm__(".section .rwxcode,\"awx\",@progbits\n"
	".globl rwx_fn\n.hidden rwx_fn\n.type rwx_fn,@function\n"
	"rwx_fn:\nmovl $42, %eax\nret\n"
	".fill 8 * 1048576, 1, 0x90\n.text\n");
int rwx_fn(void);

/* Print "rwx-exec yes" when every mapping of [ADDR, ADDR + LEN) is
 * readable, writable and executable. */
static void report_perms(const void *addr, size_t len)
{
	uintptr_t lo = (uintptr_t)addr, hi = lo + len;
	char line[512], perms[8];
	unsigned long a, b;
	int seen = 0, all = 1;
	FILE *f = fopen("/proc/self/maps", "r");

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "%lx-%lx %7s", &a, &b, perms) == 3 &&
		    b > lo && a < hi) {
			seen = 1;
			all &= !strncmp(perms, "rwx", 3);
		}
	if (f)
		fclose(f);
	printf("rwx-exec %s\n", seen && all ? "yes" : "no");
}

int main(void)
{
	int status;
	pid_t pid;

	hc_report("rwx", (const char *)rwx_fn + 4096, 4 << 20);
	report_perms((const void *)rwx_fn, 8 << 20);
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		printf("child %d\n", rwx_fn());
		fflush(stdout);
		_exit(0);
	}
	waitpid(pid, &status, 0);
	printf("child-status %d\n", status);
	printf("parent %d\n", rwx_fn());
	return 0;
}
E
build_c rwx -Wl,--hugetlbfs-align -Wl,--no-warn-rwx-segments ||
	fail "cannot link rwx"
# No elf_check: eu-elflint rejects a section both writable and executable.
readelf -lW rwx | awk '$1 == "LOAD" && $7 == "RWE" { f = 1 } END { exit !f }' ||
	fail "readelf shows no writable and executable segment: $(readelf -lW rwx)"
# The function lies in the first base page of the segment's range (the
# part of its memory past RELRO), which a failed swap probes.
at=$(nm rwx | awk '$3 == "rwx_fn" { print $1 }')
relro_end=$(readelf -lW rwx | awk "$HL_AWK_LIB"'
	$1 == "GNU_RELRO" { print hex($3) + hex($6) }')
[ -n "$at" ] && [ -n "$relro_end" ] &&
	[ $((0x$at / 4096)) -eq $(( (relro_end + 4095) / 4096 )) ] ||
	fail "rwx_fn (0x$at) is not in the first page past RELRO ($relro_end)"

run_rwx() {
	_want=$1; shift
	env "$@" ./rwx >out 2>err || fail "rwx $*: exit $?: $(cat out err)"
	expect_lines out "rwx $_want" "rwx-exec yes" "child 42" \
		"child-status 0" "parent 42"
}

run_rwx 2048 HUGETLB_ELFMAP=W HUGELINK_BACKING=hugetlb
[ ! -s err ] || fail "rwx said: $(cat err)"
run_rwx 2048 HUGETLB_ELFMAP=W HUGELINK_BACKING=hugetlb HUGETLB_MINIMAL_COPY=no
ok "hugetlb copy: the writable code runs, in a child too"
run_rwx thp HUGETLB_ELFMAP=W HUGELINK_BACKING=thp
ok "THP copy: the writable code runs, in a child too"

build_helper nothp
run_rwx 4 HUGELINK_FAULT=swap HUGETLB_ELFMAP=W HUGELINK_BACKING=hugetlb \
	./nothp
grep -q 'failed' err || fail "the failed swap was not said: $(cat err)"
ok "a failed swap leaves the writable code on base pages, and runnable"
