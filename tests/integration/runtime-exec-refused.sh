#!/bin/sh
# SPDX-License-Identifier: MIT
# A relinked program started where mprotect(PROT_EXEC) of anonymous
# memory is refused, as SELinux refuses it to a domain without execmem
# (here a seccomp filter, lib/noexecmem.c).  No copy can be swapped in
# there: the swap runs from an executable copy of its own code.  With
# HUGETLB_ELFMAP=RW, pages in the pool and THP, the program runs to its
# end; its text stays its file's mapping, nothing in it is on huge pages
# (its smaps), the pool is untouched, and it says why in one line naming
# the refusal.  The same start without the filter copies onto huge
# pages, so the difference is the filter's.  Primed, the text is served
# from the page cache all the same (FilePmdMapped).
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/filetext.sh"

need_thp
build_helper noexecmem
relink_bigtext 8
p=$PWD/prog
pool_reserve "$(huge_pages_needed prog 2048 RW)"
free=$(pool_free)

start_holds 1 env HUGETLB_ELFMAP=RW "$p"
[ "$(huge_kb $holds)" -gt 0 ] ||
	fail "without the filter, nothing was copied onto huge pages: $(cat hold1.err)"
ok "without the filter: $(huge_kb $holds) kB on huge pages"
stop_holds

env HUGETLB_ELFMAP=RW ./noexecmem "$p" ||
	fail "with PROT_EXEC refused, the program failed (exit $?)"
start_holds 1 env HUGETLB_ELFMAP=RW ./noexecmem "$p"
nothing_copied $holds "$p" "with PROT_EXEC refused"
[ "$(pool_free)" -eq "$free" ] || fail "the pool changed: $(pool_free) free, not $free"
[ "$(wc -l <hold1.err)" -eq 1 ] &&
	grep -q 'may not make memory executable (mprotect: Permission denied' hold1.err ||
	fail "with PROT_EXEC refused, not one line naming the refusal: $(cat hold1.err)"
ok "with PROT_EXEC refused: nothing copied, and said: $(cat hold1.err)"
stop_holds

"$HUGECTL" --prime "$p" >prime.out 2>&1 ||
	skip "the tests' file system cannot hold text in huge folios: $(cat prime.out)"
start_served "HUGETLB_ELFMAP=R, primed, with PROT_EXEC refused" "$p" \
	"$(text_whole prog)" HUGETLB_ELFMAP=R ./noexecmem
[ "$(pool_free)" -eq "$free" ] || fail "the pool changed: $(pool_free) free, not $free"
