# SPDX-License-Identifier: MIT
# The writable range on transparent huge pages is checked for what the
# kernel gave it.  The program: non-PIE, no data of its own, a bss of
# 2 MiB - 4 KiB written before any constructor runs.  HUGELINK_FAULT=
# thp-small advises the memory built for THP MADV_NOHUGEPAGE, so the
# kernel backs it with base pages without an error, as when it has no
# huge page to give.  Then, with a pool that can serve, the bss goes on
# hugetlb pages, silently; with no pool page, or with
# HUGELINK_BACKING=thp, it stays on base pages with one message saying
# why (with no pool page, the pages it needs counted once), and no pool
# page is taken.  Every byte of the bss is intact in
# each case.  Judged from the program's own smaps: KernelPageSize and
# AnonHugePages for the bss, and the hugetlb pages the process maps
# (Private_Hugetlb, Shared_Hugetlb), its own share of the pool, which
# other processes using the pool meanwhile do not change.
. "$HL_SRC/tests/integration/common.sh"
need_thp
pool_reserve 8

cat >bss.c <<'E'
#include "hugecheck.h"

#define BSS ((2 << 20) - 4096)
static unsigned char bss[BSS] __attribute__((aligned(4096)));

static unsigned char want(size_t i)
{
	return i == BSS - 1 ? 0x5a : i % 4096 == 0 ? (unsigned char)(i >> 12 | 1) : 0;
}

/* Runs before every constructor, hugelink's included. */
static void early(void)
{
	for (size_t i = 0; i < BSS; i += 4096)
		bss[i] = want(i);
	bss[BSS - 1] = want(BSS - 1);
}
__attribute__((section(".preinit_array"), used))
static void (*const preinit)(void) = early;

int main(void)
{
	size_t i = 0;

	hc_report("bss", bss, BSS);
	hc_print_hugetlb();
	while (i < BSS && bss[i] == want(i))
		i++;
	puts(i == BSS ? "ok" : "BAD bss");
	return i != BSS;
}
E
build_c bss -no-pie -Wl,--hugetlbfs-align || fail "cannot link bss"
readelf -SW bss | awk '$2 == ".bss" { print }' | grep -q . || fail "no .bss in bss"

# run NAME VAR=VALUE...: run the program with the variables set.
run() {
	_n=$1; shift
	env "$@" ./bss >out 2>err || fail "$_n: $(cat out err)"
	expect_lines out ok
}

# one_reason NAME: one message, saying the kernel gave base pages, and
# saying it once.
one_reason() {
	[ "$(wc -l <err)" -eq 1 ] && grep -q "transparent huge pages: the kernel backed .* with base pages" err ||
		fail "$1: expected one message with the reason, got: $(cat err)"
	[ "$(grep -o "the kernel backed" err | wc -l)" -eq 1 ] ||
		fail "$1: the message gives its reason more than once: $(cat err)"
}

run "THP" HUGETLB_ELFMAP=W
expect_lines out "bss thp" "hugetlb-kb 0"
[ ! -s err ] || fail "THP said: $(cat err)"
ok "THP served: the bss on transparent huge pages"

for classes in W RW; do
	run "$classes, THP refused" HUGELINK_FAULT=thp-small HUGETLB_ELFMAP=$classes
	expect_lines out "bss 2048" "hugetlb-kb $(($(huge_pages_needed bss 2048 $classes) * 2048))"
	[ ! -s err ] || fail "$classes, THP refused, the pool served, yet: $(cat err)"
	ok "$classes, THP refused: the bss on the pool"
done

run "THP only, THP refused" HUGELINK_FAULT=thp-small HUGELINK_BACKING=thp HUGETLB_ELFMAP=W
expect_lines out "bss 4" "hugetlb-kb 0"
one_reason "THP only"
ok "HUGELINK_BACKING=thp, THP refused: base pages, the pool untouched: $(cat err)"

# With text too, THP fails for the text first; the bss's range then
# says so, not the reason again.
run "THP only, RW, THP refused" HUGELINK_FAULT=thp-small HUGELINK_BACKING=thp HUGETLB_ELFMAP=RW
expect_lines out "bss 4" "hugetlb-kb 0"
one_reason "THP only, RW"
ok "HUGELINK_BACKING=thp, THP refused for text and bss: $(cat err)"

pool_set_free 0
run "no pool, THP refused" HUGELINK_FAULT=thp-small HUGETLB_ELFMAP=W
expect_lines out "bss 4" "hugetlb-kb 0"
one_reason "no pool"
ok "no pool, THP refused: base pages, data intact: $(cat err)"

# Text first, as RW asks, which tries the pool before THP: each range is
# counted once in what the pool lacks, and no range is said to be on THP.
run "no pool, RW, THP refused" HUGELINK_FAULT=thp-small HUGETLB_ELFMAP=RW
expect_lines out "bss 4" "hugetlb-kb 0"
one_reason "no pool, RW"
need=$(huge_pages_needed bss 2048 RW)
grep -Eq "the huge-page pool is short: $need [0-9]+[KMG] pages needed" err ||
	fail "no pool, RW: not the $need pages the ranges need: $(cat err)"
ok "no pool, RW, THP refused: base pages, $need pages said needed: $(cat err)"
