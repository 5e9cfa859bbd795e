#!/bin/sh
# SPDX-License-Identifier: MIT
# HUGETLB_SHARE=1 that cannot share says why, and adds that sharing
# needs hugetlbfs (a mount, and pages in its pool) only when that is
# why.  With a mount and pages enough, a share directory another user
# owns, or a program loaded off a huge-page boundary (not relinked,
# moved with HUGETLB_FORCE_ELFMAP=yes), gets its private copy on the
# pool and one message giving that reason alone; a share directory on
# another file system gets the hint.  The copies are judged from the
# programs' own smaps, the hint from the message, which is the point.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/hot.sh"
pool_reserve 16
mount_hugetlbfs "$PWD/mnt"
build_segcheck sc
hint="sharing needs hugetlbfs"

# one_message WHAT REASON: err holds one message about sharing, and it
# names REASON.
one_message() {
	[ "$(grep -c 'HUGETLB_SHARE' err)" -eq 1 ] ||
		fail "$1: expected one message about sharing, got: $(cat err)"
	grep -q "^hugelink: [a-z]*: HUGETLB_SHARE: .*$2" err ||
		fail "$1: the reason is not given: $(cat err)"
}

mkdir mnt/theirs && chown 65534 mnt/theirs
HUGETLB_SHARE=1 HUGETLB_SHARE_PATH=$PWD/mnt/theirs HUGETLB_ELFMAP=R \
	./sc >out 2>err || fail "another's directory: $(cat out err)"
expect_lines out "text 2048" "rodata 2048" "ok"
one_message "another's directory" "refusing .*theirs: owned by uid 65534"
! grep -q "$hint" err || fail "another's directory: the hint is given: $(cat err)"
ok "a directory another user owns, on a mount with pages: $(cat err)"

"$CC" $HOT_CFLAGS -o plain "$HLINC/hotprog.c" || fail "cannot build plain"
mkdir -m 700 mnt/d
# One start in 512 is loaded on a huge-page boundary, and shares: it
# says nothing about sharing (it may say why the segments that hold no
# whole huge page stay on base pages), and the next start is tried.
for _i in 1 2 3; do
	HUGETLB_SHARE=1 HUGETLB_SHARE_PATH=$PWD/mnt/d HUGETLB_ELFMAP=R \
		HUGETLB_FORCE_ELFMAP=yes LD_PRELOAD="$HLLIB/libhugelink.so" \
		./plain 1000 >out 2>err || fail "not relinked: $(cat out err)"
	! grep -q HUGETLB_SHARE err || break
done
grep -q " 2048\$" out || fail "not relinked: none of its text is on the pool: $(cat out)"
one_message "not relinked" "loaded at an address that is not a multiple of its huge pages"
! grep -q "$hint" err || fail "not relinked: the hint is given: $(cat err)"
ok "a program not relinked, with a mount and pages: $(grep HUGETLB_SHARE err)"

mkdir -m 700 plaindir
HUGETLB_SHARE=1 HUGETLB_SHARE_PATH=$PWD/plaindir HUGETLB_ELFMAP=R \
	./sc >out 2>err || fail "no hugetlbfs: $(cat out err)"
expect_lines out "text 2048" "rodata 2048" "ok"
one_message "no hugetlbfs" "refusing .*plaindir: not on hugetlbfs"
grep -q "; $hint: a mount, and pages in its pool\$" err ||
	fail "a directory on another file system: the hint is not given: $(cat err)"
ok "a directory on another file system: $(cat err)"
