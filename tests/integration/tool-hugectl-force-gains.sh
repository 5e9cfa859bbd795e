#!/bin/sh
# SPDX-License-Identifier: MIT
# A program that was not relinked, whose text lies in huge pages of its
# own (placed there with --section-start) while its rodata and data
# share one: the runtime moves the text unforced, and forcing would add
# nothing, as neither small segment holds a whole huge page.  hugectl,
# asked for text and data, sets no HUGETLB_FORCE_ELFMAP and does not say
# that forcing puts anything on huge pages; run through it, the program
# has its text on a huge page (its own smaps) and its data intact.
. "$HL_SRC/tests/integration/common.sh"
need_cmd readelf
need_thp
export HUGELINK_BACKING=thp

cat >prog.c <<'E'
#include "hugecheck.h"

/* 6 MiB of text beside the program's own, so that whole huge pages of
 * it lie between 0x200000 and the rodata at 0xa00000. */
__asm__(".pushsection .text.filler,\"ax\"\n"
	".fill 6291456, 1, 0xc3\n"
	".popsection");

static const char word[] = "kept";
char data[64] = "kept";

__attribute__((noinline)) int text(int x) { return x * 3 + 1; }

int main(void)
{
	hc_report("text", (const void *)text, 64);
	return text(0) == 1 && !__builtin_strcmp(data, word) ? 0 : 1;
}
E
"$CC" $HC_CFLAGS -Wl,-z,separate-code -Wl,--section-start=.init=0x200000 \
	-Wl,--section-start=.rodata=0xa00000 -o prog prog.c ||
	skip "$CC cannot place sections with --section-start"
small_folios prog

# The loads as "VADDR MEMSZ FLAGS", one a line.
readelf -lW prog | awk "$HL_AWK_LIB"'$1 == "LOAD" {
	f = $7 (NF > 8 ? $8 : ""); print hex($3), hex($6), f }' >loads
text=$(awk '$3 ~ /E/ { print $1; exit }' loads)
ro=$(awk '$3 == "R" && $1 >= 10485760 { print $1; exit }' loads)
rw=$(awk '$3 == "RW" { print $1; exit }' loads)
[ "$text" = 2097152 ] || fail "the text does not start at 0x200000: $(cat loads)"
[ -n "$ro" ] && [ -n "$rw" ] && [ $((ro / 2097152)) -eq $((rw / 2097152)) ] ||
	fail "the rodata and data share no huge page: $(cat loads)"
ok "text at 0x200000, rodata and data in one huge page: $(tr '\n' ';' <loads)"

"$HUGECTL" -v --dry-run --text --data ./prog >out 2>err ||
	fail "hugectl failed: $(cat err)"
if grep -q FORCE_ELFMAP out; then fail "hugectl sets it: $(cat out)"; fi
if grep -q "HUGETLB_FORCE_ELFMAP=yes puts" err; then
	fail "hugectl says forcing moves something: $(cat err)"
fi
grep -q "on 2M pages (on huge pages)" err || fail "no segment planned: $(cat err)"
ok "hugectl leaves HUGETLB_FORCE_ELFMAP unset: $(tr '\n' ';' <out)"

"$HUGECTL" -q --text --data ./prog >run.out || fail "prog failed: $(cat run.out)"
grep -qxE "text (thp|2048)" run.out || fail "prog's text: $(cat run.out)"
ok "prog through hugectl --text --data: $(cat run.out)"
