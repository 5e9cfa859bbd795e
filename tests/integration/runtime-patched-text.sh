# SPDX-License-Identifier: MIT
# Text a preloaded library patched before the runtime's copy moves with
# the text: a hooking library's constructor makes a page of the
# program's text writable, rewrites a function and makes it executable
# again, before the program's constructor copies the text onto huge
# pages.  The relinked program's answer() returns 1 as built and 42
# patched.  With the patch preloaded it prints 42 on base pages, on a
# THP copy, on a hugetlb copy and on the hugetlb file of kernels that
# cannot move hugetlb mappings, each time untraced, with its text on the
# pages its own smaps say, and no message.  With HUGETLB_SHARE=1 the
# patched start keeps its patch on a private copy and says why it does
# not share, and the next start, unpatched, maps the shared file made
# from the program file alone and prints 1.  Last, a uprobe on work(),
# in the page answer() lies in: the program lives, patched, and the
# uprobe does not fire in the copy; unpatched, its text is shared.
. "$HL_SRC/tests/integration/common.sh"
case $(uname -m) in
x86_64|aarch64) ;;
*) skip "the patch is x86-64 or aarch64 code, this is $(uname -m)" ;;
esac
need_thp
pool_reserve 16

cat >prog.c <<'E'
#include "hugecheck.h"

/* 4 MiB of text besides the program's own, so that the text segment
 * holds whole huge pages. */
__asm__(".text\n.globl pad\n.type pad,@function\npad:\n"
	".fill 4 * 1048576, 1, 0\n");

__attribute__((noinline, aligned(64))) int answer(void)
{
	return 1;
}

__attribute__((noinline, aligned(64))) int work(int x)
{
	return x + 1;
}

/* Called through pointers the compiler cannot see through. */
int (*volatile answer_fn)(void) = answer;
int (*volatile work_fn)(int) = work;

int main(void)
{
	int s = 0;

	for (int i = 0; i < 3; i++)
		s += work_fn(i);
	printf("answer()=%d\nwork %d\n", answer_fn(), s);
	hc_report("text", (const void *)answer, 4096);
	return 0;
}
E
build_c prog -Wl,--hugetlbfs-align -rdynamic || fail "cannot link prog"
elf_check prog

cat >patch.c <<'E'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* "return 42" in machine code. */
#if defined(__x86_64__)
static const unsigned char code[] = { 0xb8, 0x2a, 0, 0, 0, 0xc3 };
#elif defined(__aarch64__)
static const unsigned int code[] = { 0x52800540, 0xd65f03c0 };
#endif

/* Rewrite the program's answer() as a hooking library does: the page
 * made writable, written, made executable again. */
__attribute__((constructor)) static void patch(void)
{
	char *fn = dlsym(RTLD_DEFAULT, "answer");
	long pg = sysconf(_SC_PAGESIZE);
	char *page = (char *)((uintptr_t)fn & ~(uintptr_t)(pg - 1));

	if (!fn || mprotect(page, 2 * pg, PROT_READ | PROT_WRITE)) {
		perror("patch: answer");
		return;
	}
	memcpy(fn, code, sizeof(code));
	__builtin___clear_cache(fn, fn + sizeof(code));
	if (mprotect(page, 2 * pg, PROT_READ | PROT_EXEC))
		perror("patch: mprotect");
}
E
$CC -O1 -g -fPIC -shared -o libpatch.so patch.c -ldl || fail "cannot build libpatch.so"

# run NAME TEXT ANSWER VAR=VALUE...: run prog with the patch preloaded
# and the variables; its text must be on TEXT and answer() give ANSWER,
# with nothing said.
run() {
	_name=$1 _text=$2 _answer=$3; shift 3
	env LD_PRELOAD="$PWD/libpatch.so" "$@" ./prog >"$_name.out" 2>"$_name.err" ||
		fail "$_name: prog failed (status $?): $(cat "$_name.out" "$_name.err")"
	expect_lines "$_name.out" "answer()=$_answer" "work 6" "text $_text"
	! grep . "$_name.err" || fail "$_name: prog said: $(cat "$_name.err")"
}

run base 4 42
ok "base pages: the patch holds"
run thp thp 42 HUGETLB_ELFMAP=R HUGELINK_BACKING=thp
ok "THP copy: the patch moved with the text"
run hugetlb 2048 42 HUGETLB_ELFMAP=R HUGELINK_BACKING=hugetlb
ok "hugetlb copy: the patch moved with the text"
run file 2048 42 HUGETLB_ELFMAP=R HUGELINK_BACKING=hugetlb \
	HUGELINK_FAULT=no-hugetlb-mremap
ok "hugetlb file mapped over the text: the patch moved with it"

# Shared text is made from the program file alone: the patched start
# keeps a private copy and says why; an unpatched one after it maps the
# file, which holds no patch.
mount_hugetlbfs "$PWD/mnt"
mkdir -m 700 mnt/d
share="HUGETLB_ELFMAP=R HUGELINK_BACKING=hugetlb HUGETLB_SHARE=1 HUGETLB_SHARE_PATH=$PWD/mnt/d"
env LD_PRELOAD="$PWD/libpatch.so" $share ./prog >shared.out 2>shared.err ||
	fail "shared: prog failed: $(cat shared.out shared.err)"
expect_lines shared.out "answer()=42" "work 6" "text 2048"
grep -q "written in memory" shared.err ||
	fail "shared: the patched start does not say why it keeps a private copy: $(cat shared.err)"
env $share ./prog >plain.out 2>plain.err || fail "plain: prog failed: $(cat plain.out plain.err)"
expect_lines plain.out "answer()=1" "work 6" "text 2048"
ls mnt/d | grep -q . || fail "no shared file was made"
ok "shared: the patched start keeps its patch privately, the shared file has none"

# A uprobe in the patched page: the kernel's breakpoint there is dropped
# from the copy, the patch kept.  The program is copied to a name of
# this run's, as perf probe names the probe's group after it.
need_cmd perf
up=pt$$
cp prog $up
[ "$(nm $up | awk '$3 == "answer" || $3 == "work" { print substr($1, 1, length($1) - 3) }' |
	sort -u | wc -l)" = 1 ] || fail "answer and work lie in different pages: $(nm $up | grep -w -e answer -e work)"
perf probe -q -x "$PWD/$up" work >probe.err 2>&1 ||
	skip "perf probe cannot add a uprobe here: $(tail -n 1 probe.err)"
at_exit "perf probe -q -d 'probe_$up:*'"
# probed NAME PRELOAD VAR=VALUE...: run the program with the uprobe
# recording, PRELOAD preloaded (none when empty) and the variables; its
# output in NAME.out, the uprobe's hits in NAME.hits.
probed() {
	_name=$1 _pre=$2; shift 2
	perf record -q -e "probe_$up:work" -o "$_name.data" -- env \
		${_pre:+LD_PRELOAD="$_pre"} "$@" "./$up" >"$_name.out" 2>"$_name.err" ||
		fail "$_name: perf record, or the program, failed: $(cat "$_name.out" "$_name.err")"
	perf script -i "$_name.data" 2>/dev/null | grep -c "probe_$up:work" >"$_name.hits" || true
}
probed up-base "$PWD/libpatch.so"
expect_lines up-base.out "answer()=42" "work 6" "text 4"
[ "$(cat up-base.hits)" = 3 ] || fail "base pages: the uprobe fired $(cat up-base.hits) times, not 3"
probed up-thp "$PWD/libpatch.so" HUGETLB_ELFMAP=R HUGELINK_BACKING=thp
expect_lines up-thp.out "answer()=42" "work 6" "text thp"
[ "$(cat up-thp.hits)" = 0 ] || fail "THP: the uprobe fired $(cat up-thp.hits) times in the copy"
ok "a uprobe in the patched page: left behind, the patch kept, the program lives"

# Unpatched, the uprobe's breakpoint alone does not keep the text from
# its shared file.
probed up-shared "" $share
expect_lines up-shared.out "answer()=1" "work 6" "text 2048"
! grep HUGETLB_SHARE up-shared.err || fail "a uprobe kept the text from sharing"
[ "$(cat up-shared.hits)" = 0 ] || fail "shared: the uprobe fired $(cat up-shared.hits) times"
ls mnt/d | grep -q "$up" || fail "no shared file was made for $up: $(ls mnt/d)"
ok "a uprobe alone: the text shared, the program lives"
