# SPDX-License-Identifier: MIT
# Files on btrfs, whose stat() gives a subvolume's own device where
# /proc/self/maps gives the file system's: the runtime still knows the
# file it maps (machine/mapsid.h).  A relinked library on btrfs moves
# onto transparent huge pages, as it does elsewhere, and a relinked
# program on btrfs with HUGETLB_SHARE=1 maps its text from a shared
# file, the same one at its second start.  Judged from the programs' own
# reports of their smaps and maps.
. "$HL_SRC/tests/integration/common.sh"
need_root
need_thp
need_cmd mkfs.btrfs
need_cmd unshare
pool_reserve 8

truncate -s 256M b.img
mkfs.btrfs -q b.img >mkfs.out 2>&1 || skip "no btrfs here: $(cat mkfs.out)"
mkdir b
mount -o loop b.img b 2>mount.err || skip "cannot mount btrfs: $(cat mount.err)"
at_exit "umount $PWD/b"
build_libcheck b/libcheck.so -Wl,--hugetlbfs-align
build_use_plain use
build_segcheck b/sc

HUGETLB_ELFMAP=RW HUGELINK_BACKING=thp ./use open "$PWD/b/libcheck.so" >out 2>err ||
	fail "library on btrfs: $(cat out err)"
expect_lines out "lib-text thp" "lib-rodata thp" "lib-data thp" "lib-bss thp" "ok"
ok "a relinked library on btrfs moves onto transparent huge pages"

./b/sc backing >plain 2>&1 || fail "b/sc: $(cat plain)"

# A mount namespace of our own, holding only our hugetlbfs.
mkdir mnt
cat >inside.sh <<'SH'
set -eu
for m in $(awk '$3 == "hugetlbfs" { print $2 }' /proc/mounts); do umount "$m"; done
mount -t hugetlbfs -o pagesize=2M none "$PWD/mnt"
HUGETLB_SHARE=1 HUGETLB_ELFMAP=R ./b/sc backing >first 2>&1
HUGETLB_SHARE=1 HUGETLB_ELFMAP=R ./b/sc backing >second 2>&1
SH
unshare -m --propagation private sh inside.sh || fail "the shared starts: $(cat first second 2>/dev/null)"
for run in first second; do
	expect_lines $run "text 2048" "ok"
	grep -q "^backing $PWD/mnt/" $run ||
		fail "$run start: text not from a shared file: $(cat $run)"
done
[ "$(grep '^inode' first)" = "$(grep '^inode' second)" ] ||
	fail "the second start mapped another file: $(grep '^inode' first second)"
ok "a relinked program on btrfs shares its text: $(grep '^backing' second) (stat gives device $(stat -c '%Hd:%Ld' b/sc), maps $(sed -n 's/^device //p' plain))"
