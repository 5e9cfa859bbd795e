# SPDX-License-Identifier: MIT
# HUGETLB_PATH names the hugetlbfs mount to take private hugetlb pages
# from; one that is not a hugetlbfs mount of the right page size gets a
# warning, and transparent huge pages instead.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 16
build_segcheck sc
mount_hugetlbfs "$PWD/mnt"

HUGETLB_PATH=$PWD/mnt HUGETLB_ELFMAP=RW ./sc backing fork >out 2>err ||
	fail "with HUGETLB_PATH: $(cat out err)"
expect_lines out "text 2048" "data thp" "bss thp" "fork ok" "ok"
grep -q "^backing $PWD/mnt/" out || fail "not backed by the mount: $(cat out)"
[ -z "$(ls -A mnt)" ] || fail "files left in the mount: $(ls -A mnt)"
HUGELINK_BACKING=hugetlb HUGETLB_PATH=$PWD/mnt HUGETLB_ELFMAP=RW ./sc fork >out 2>err ||
	fail "with HUGETLB_PATH, data on hugetlb pages: $(cat out err)"
expect_lines out "text 2048" "data 2048" "bss 2048" "fork ok" "ok"
[ -z "$(ls -A mnt)" ] || fail "files left in the mount: $(ls -A mnt)"
ok "private pages from $PWD/mnt, unlinked"

mkdir notmounted
HUGETLB_PATH=$PWD/notmounted HUGETLB_ELFMAP=RW ./sc >out 2>err
expect_lines out "text thp" "data thp" "ok"
grep -q "HUGETLB_PATH has no usable hugetlbfs mount" err ||
	fail "no message for a path that is not a mount: $(cat err)"
ok "a path that is not hugetlbfs: $(cat err)"
