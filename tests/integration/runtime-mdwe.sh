#!/bin/sh
# SPDX-License-Identifier: MIT
# A relinked program started under prctl(PR_SET_MDWE,
# PR_MDWE_REFUSE_EXEC_GAIN), as systemd's MemoryDenyWriteExecute=yes
# starts a service where the kernel has it (Linux 6.3).  No copy can be
# swapped in there: the swap runs from an executable copy of its own
# code.  With HUGETLB_ELFMAP=RW and an empty pool, the program runs to
# its end; its text stays its file's mapping and nothing in it is on
# anonymous huge pages (its smaps), and it says why in one line naming
# PR_SET_MDWE.  The same start without MDWE copies the data onto THP,
# so the difference is MDWE's.  Primed, the text is served from the page
# cache all the same, with and without a pass (FilePmdMapped); unprimed,
# each range is said left on base pages, none copied.  A copy
# of the file just written, started there with HUGELINK_PRIME=1, has
# its file primed once it has ended, and its next start under MDWE has
# every whole huge page of its text FilePmdMapped.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/filetext.sh"

need_thp
pool_set_free 0
cat >mdwe.c <<'EOF2'
#include <stdio.h>
#include <sys/prctl.h>
#include <unistd.h>

/* mdwe COMMAND...: run COMMAND unable to make memory executable. */
int main(int argc, char **argv)
{
	if (prctl(65 /* PR_SET_MDWE */, 1 /* REFUSE_EXEC_GAIN */, 0L, 0L, 0L)) {
		perror("prctl(PR_SET_MDWE)");
		return 77;
	}
	if (argc > 1)
		execvp(argv[1], argv + 1);
	return argc > 1 ? 127 : 0;
}
EOF2
"$CC" -O2 -o mdwe mdwe.c || fail "cannot build mdwe"
./mdwe 2>mdwe.err || skip "this kernel has no PR_SET_MDWE (Linux 6.3): $(cat mdwe.err)"
relink_bigtext 8
cp prog fresh
cp prog fresh2
p=$PWD/prog
whole=$(text_whole prog)

env HUGETLB_ELFMAP=RW ./mdwe "$p" || fail "under MDWE the program failed (exit $?)"

start_holds 1 env HUGETLB_ELFMAP=RW "$p"
[ "$(huge_kb $holds)" -gt 0 ] ||
	fail "without MDWE, nothing was copied onto huge pages: $(cat hold1.err)"
ok "without MDWE: $(huge_kb $holds) kB copied onto huge pages"
stop_holds

start_holds 1 env HUGETLB_ELFMAP=RW ./mdwe "$p"
nothing_copied $holds "$p" "under MDWE"
[ "$(grep -c 'PR_SET_MDWE' hold1.err)" -eq 1 ] ||
	fail "under MDWE, not one line naming PR_SET_MDWE: $(cat hold1.err)"
ok "under MDWE: nothing copied, and said: $(grep PR_SET_MDWE hold1.err)"
stop_holds

"$HUGECTL" --prime "$p" >prime.out 2>&1 ||
	skip "the tests' file system cannot hold text in huge folios: $(cat prime.out)"
for how in "HUGETLB_ELFMAP=R" "HUGETLB_ELFMAP=RW HUGELINK_BACKING=file"; do
	start_served "$how, primed, under MDWE" "$p" "$whole" $how ./mdwe
done
[ "$(pool_free)" -eq 0 ] || fail "the pool changed"

# Said range by range, at HUGETLB_VERBOSE=3: none is "copied".
env HUGETLB_ELFMAP=R HUGETLB_VERBOSE=3 ./mdwe ./fresh2 >fresh2.out 2>&1 ||
	fail "under MDWE, fresh2 failed: $(cat fresh2.out)"
grep -q 'not from the page cache' fresh2.out ||
	skip "a file just written not checked: the page cache serves it (cp) here: $(cat fresh2.out)"
grep -q 'not from the page cache: .*; left on base pages$' fresh2.out &&
	! grep -q '; copied$' fresh2.out ||
	fail "under MDWE, the ranges not served were not said left: $(cat fresh2.out)"
ok "under MDWE, a range the page cache does not serve is said left on base pages"

f=$PWD/fresh
primed_after_end "under MDWE" "$f" "$whole" \
	env HUGETLB_ELFMAP=R HUGELINK_PRIME=1 HUGETLB_VERBOSE=3 ./mdwe "$f"
start_holds 1 env HUGETLB_ELFMAP=R ./mdwe "$f"
set -- $(text_smaps $holds "$f")
[ "${1:-}" = "$f" ] || fail "under MDWE, primed: the text is not $f's mapping: $(cat hold1.err)"
[ "$3" -eq 0 ] || fail "under MDWE, primed: $3 bytes of AnonHugePages in the text"
[ "$2" -ge "$whole" ] ||
	fail "under MDWE, primed: $2 of $whole bytes PMD-mapped: $(cat hold1.err)"
stop_holds
ok "under MDWE, primed by its first start: the next has $2 of $whole bytes PMD-mapped from the page cache"
[ "$(pool_free)" -eq 0 ] || fail "the pool changed"
