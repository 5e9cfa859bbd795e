# SPDX-License-Identifier: MIT
# HUGETLB_SHARE=1 where sharing cannot be had: with no hugetlbfs mounted,
# or with a mount but no huge page in the pool, each process gets a
# private copy of its text on transparent huge pages, and one message
# says that sharing needs hugetlbfs.
. "$HL_SRC/tests/integration/common.sh"
need_thp
need_cmd unshare
pool_set_free 0
build_segcheck sc

# check WHAT: text and rodata on THP, all intact, one message.
check() {
	expect_lines out "text thp" "rodata thp" "data thp" "ok"
	[ "$(wc -l <err)" -eq 1 ] || fail "$1: expected one message, got: $(cat err)"
	grep -q "^hugelink: sc: HUGETLB_SHARE: .*sharing needs hugetlbfs" err ||
		fail "$1: the message does not say sharing needs hugetlbfs: $(cat err)"
	grep -q "on transparent huge pages" err ||
		fail "$1: the message does not say where the copies went: $(cat err)"
}

unshare -m sh -c '
	for m in $(awk "\$3 == \"hugetlbfs\" { print \$2 }" /proc/mounts); do
		umount "$m" || exit 3
	done
	grep -q hugetlbfs /proc/mounts && exit 3
	HUGETLB_SHARE=1 HUGETLB_ELFMAP=RW ./sc' >out 2>err || fail "no mount: $(cat out err)"
check "no mount"
ok "no hugetlbfs: $(cat err)"

mount_hugetlbfs "$PWD/mnt"
for i in 1 2; do
	HUGETLB_SHARE=1 HUGETLB_SHARE_PATH=$PWD/mnt HUGETLB_ELFMAP=RW ./sc >out 2>err ||
		fail "no pool, run $i: $(cat out err)"
	check "no pool, run $i"
done
! ls mnt | grep -q '#[0-9]*k$' || fail "a shared file was left: $(ls mnt)"
ok "a mount but no pool: private copies on THP each time, $(cat err)"
