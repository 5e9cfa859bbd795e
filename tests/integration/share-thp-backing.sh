# SPDX-License-Identifier: MIT
# HUGELINK_BACKING=thp with HUGETLB_SHARE=1: THP is private to each
# process, so sharing does not apply.  The text goes on transparent huge
# pages, no hugetlbfs file is made or opened and no hugetlb page is
# mapped, whether the pool is ample with a mount to share in or empty
# with no mount at all; one message says sharing does not apply, and
# none speaks of a shared file.  Judged from the program's own smaps
# (AnonHugePages; Private_Hugetlb and Shared_Hugetlb, its own share of
# the pool), its descriptors and maps, and the share directory.
# hugectl --share-text --backing thp says the same.
. "$HL_SRC/tests/integration/common.sh"
need_thp
need_cmd unshare
pool_reserve 8
build_segcheck sc

# check WHAT: text and rodata on THP (AnonHugePages), no hugetlbfs
# mapping or descriptor, no hugetlb page mapped, one message and the
# right one.
check() {
	expect_lines out "text thp" "rodata thp" "text-thp yes" "rodata-thp yes" \
		"data thp" "bss thp" "hugetlb-kb 0" "ok"
	expect_lines out "hugefds 0"
	grep -qx 'backing (anonymous)' out ||
		fail "$1: the text is not anonymous memory: $(grep backing out)"
	[ "$(wc -l <err)" -eq 1 ] || fail "$1: expected one message, got: $(cat err)"
	grep -q '^hugelink: sc: HUGETLB_SHARE="1": does not apply with HUGELINK_BACKING=thp' err ||
		fail "$1: the message does not say sharing does not apply: $(cat err)"
	! grep -qi 'shared file\|Cannot allocate' err ||
		fail "$1: a shared file was tried: $(cat err)"
}

mount_hugetlbfs "$PWD/mnt"
HUGELINK_BACKING=thp HUGETLB_SHARE=1 HUGETLB_SHARE_PATH=$PWD/mnt \
	HUGETLB_ELFMAP=RW ./sc thp fds backing hugetlb >out 2>err ||
	fail "ample pool: $(cat out err)"
check "ample pool and a mount"
[ -z "$(ls -A mnt)" ] || fail "a file was made in the share directory: $(ls -A mnt)"
ok "an ample pool and a mount: text on THP, nothing shared, $(cat err)"

pool_set_free 0
unshare -m sh -c '
	for m in $(awk "\$3 == \"hugetlbfs\" { print \$2 }" /proc/mounts); do
		umount "$m" || exit 3
	done
	grep -q hugetlbfs /proc/mounts && exit 3
	HUGELINK_BACKING=thp HUGETLB_SHARE=1 HUGETLB_ELFMAP=RW \
		./sc thp fds backing hugetlb' >out 2>err || fail "no mount: $(cat out err)"
check "an empty pool and no mount"
ok "an empty pool and no mount: text on THP, $(cat err)"

"$HUGECTL" --dry-run --share-text --backing thp --text ./sc >out 2>err ||
	fail "$HUGECTL_NAME: $(cat out err)"
grep -q 'HUGETLB_SHARE="1": does not apply with HUGELINK_BACKING=thp' err ||
	fail "hugectl does not say sharing does not apply: $(cat err)"
ok "hugectl --share-text --backing thp says sharing does not apply"
