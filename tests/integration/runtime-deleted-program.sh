# SPDX-License-Identifier: MIT
# A program whose file was deleted while it runs shows in
# /proc/self/maps as "<path> (deleted)", and anyone who may write to
# that directory can make a FIFO of that name.  The runtime never opens
# it: it reads the program file through /proc/self/map_files where it
# may (root), and otherwise opens the path without blocking and checks
# that the file it got is the one mapped.  Either way the program
# starts, with its text on huge pages and intact.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 16
need_cmd setpriv
need_cmd strace

cat >del.c <<'C'
/*
 * "del first": delete this program's file, plant a FIFO named as maps
 * will name the deleted file, and run the deleted file again (through
 * /proc/self/exe) with HUGETLB_ELFMAP=R.  Then: report the page size of
 * the text and rodata, and check every byte of them.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "hugecheck.h"

#define SZ (3u << 20)
__asm__(".section .text.big,\"ax\",@progbits\n.globl big_text\nbig_text:\n"
	".fill 3 * 1048576, 1, 0xc3\n"
	".section .rodata.big,\"a\",@progbits\n.globl big_ro\nbig_ro:\n"
	".fill 3 * 1048576, 1, 0x5a\n.text\n");
extern const unsigned char big_text[], big_ro[];

static int all(const unsigned char *p, unsigned char c)
{
	for (size_t i = 0; i < SZ; i++)
		if (p[i] != c)
			return 0;
	return 1;
}

int main(int argc, char **argv)
{
	char self[PATH_MAX], fifo[PATH_MAX + 16];
	ssize_t n;

	if (argc > 1 && !strcmp(argv[1], "first")) {
		n = readlink("/proc/self/exe", self, sizeof(self) - 1);
		if (n < 0)
			return 2;
		self[n] = '\0';
		snprintf(fifo, sizeof(fifo), "%s (deleted)", self);
		if (unlink(self) || mkfifo(fifo, 0666))
			return 3;
		setenv("HUGETLB_ELFMAP", "R", 1);
		execl("/proc/self/exe", "del", "second", (char *)NULL);
		return 4;
	}
	hc_report("text", big_text, SZ);
	hc_report("rodata", big_ro, SZ);
	puts(all(big_text, 0xc3) && all(big_ro, 0x5a) ? "intact" : "BAD");
	((void (*)(void))big_text)();
	return 0;
}
C
hl_cc $HC_CFLAGS -o del del.c -Wl,--hugetlbfs-align || fail "cannot link del"

# run_del DIR [setpriv options]: copy del into DIR and run it there; the
# hang guard is for a runtime that opens the FIFO and waits for a writer
# that never comes.
run_del() {
	_d=$1; shift
	rm -f "$_d/del" "$_d/del (deleted)"
	cp del "$_d/del"
	timeout 60 strace -f -o "$PWD/trace" -e trace=open,openat ${1:+setpriv "$@"} \
		"$_d/del" first >out 2>err ||
		fail "del ${1:+as another user }did not finish: $? $(cat err)"
	[ -p "$_d/del (deleted)" ] || fail "no FIFO was planted"
	expect_lines out "text 2048" "rodata 2048" "intact"
}

dir=$(mktemp -d /tmp/hl-deleted.XXXXXX)
at_exit "rm -rf $dir"
run_del "$dir"
if grep -F "(deleted)\"" trace | grep -v 'mkfifo'; then
	fail "the runtime opened the path of the deleted program"
fi
grep -q 'map_files/.* = [0-9]' trace || fail "root did not read through map_files"
ok "root: the deleted program is read through map_files; the FIFO is never opened"

chown 65534:65534 "$dir"
run_del "$dir" --reuid=65534 --regid=65534 --clear-groups
grep -q 'map_files/.*EPERM' trace || fail "map_files did not refuse another user: $(grep map_files trace)"
grep -F "(deleted)\"" trace | grep -q O_NONBLOCK ||
	fail "the path was not opened without blocking: $(grep -F '(deleted)' trace)"
ok "another user: map_files refused, the FIFO opened without blocking and refused"
