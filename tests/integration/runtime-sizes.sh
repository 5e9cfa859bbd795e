#!/bin/sh
# SPDX-License-Identifier: MIT
# The kernel's page sizes are read only where they can change a plan
# (loader/sizes.h).  On x86-64, a relinked program with 32 MiB of text,
# primed, run with HUGETLB_ELFMAP=R, opens neither
# /sys/kernel/mm/hugepages nor /proc/meminfo (strace), and its text is
# still FilePmdMapped from the page cache; so where those are hidden (a
# tmpfs over /sys/kernel/mm/hugepages, in a mount namespace), without a
# word.  A size named (HUGETLB_ELFMAP=R=2M, HUGETLB_DEFAULT_PAGE_SIZE),
# HUGETLB_FORCE_ELFMAP, or a copy (HUGETLB_ELFMAP=RW: the data) reads
# them.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/filetext.sh"

[ "$(uname -m)" = x86_64 ] ||
	skip "sizes are assumed on x86-64 only, this is $(uname -m)"
need_root
need_thp
need_cmd strace
need_cmd unshare
pool_set_free 0
relink_bigtext 32
"$HUGECTL" --prime prog >prime.out || fail "hugectl --prime prog: $(cat prime.out)"
whole=$(text_whole prog)

# opens ENV...: the page-size files a run of ./prog under ENV opened.
opens() {
	env "$@" strace -f -o trace -e trace=open,openat ./prog >run.out 2>&1 ||
		fail "$*: ./prog failed: $(cat run.out)"
	grep -o '/sys/kernel/mm/hugepages"\|/proc/meminfo' trace | sort -u |
		tr '\n' ' '
}

# served WHAT: the text of the held ./prog is FilePmdMapped.
served() {
	set -- "$1" $(text_smaps $holds "$PWD/prog")
	[ "$2" = "$PWD/prog" ] || fail "$1: the text is not a mapping of $PWD/prog"
	[ $(($3 * 100)) -ge $((whole * 90)) ] ||
		fail "$1: $3 of $whole bytes of text FilePmdMapped"
}

got=$(opens HUGETLB_ELFMAP=R)
[ -z "$got" ] || fail "HUGETLB_ELFMAP=R, served, read the page sizes: $got"
start_holds 1 env HUGETLB_ELFMAP=R ./prog
served "HUGETLB_ELFMAP=R"
stop_holds
ok "HUGETLB_ELFMAP=R: served from the page cache, no page size read"

for e in HUGETLB_ELFMAP=R=2M "HUGETLB_ELFMAP=R HUGETLB_DEFAULT_PAGE_SIZE=2M" \
	"HUGETLB_ELFMAP=R HUGETLB_FORCE_ELFMAP=yes" HUGETLB_ELFMAP=RW; do
	got=$(opens $e)
	case $got in
	*/sys/kernel/mm/hugepages*) ;;
	*) fail "$e: the page sizes were not read" ;;
	esac
	ok "$e: the page sizes read"
done

start_holds 1 unshare -m sh -c 'mount -t tmpfs none /sys/kernel/mm/hugepages &&
	HUGETLB_ELFMAP=R exec ./prog "$@"' sh
served "hugetlb pages hidden"
stop_holds
[ ! -s hold1.err ] || fail "hugetlb pages hidden: something was said: $(cat hold1.err)"
ok "hugetlb pages hidden: the text served from the page cache all the same, nothing said"
