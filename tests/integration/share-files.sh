# SPDX-License-Identifier: MIT
# HUGETLB_SHARE=1: the first run prepares a file per read-only segment
# that moves (not the headers', which fills a sliver of its page) in
# <mount>/elflink-uid-<uid>/ (the mount found by itself), later runs map
# the same files (the same inodes) and copy nothing; 16 runs started at
# once all end up on those same files.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 40
need_cmd unshare
build_segcheck sc
mkdir mnt

# A mount namespace of our own, holding only our hugetlbfs.
cat >inside.sh <<'SH'
set -eu
for m in $(awk '$3 == "hugetlbfs" { print $2 }' /proc/mounts); do umount "$m"; done
mount -t hugetlbfs -o pagesize=2M none "$PWD/mnt"
run() { HUGETLB_SHARE=1 HUGETLB_ELFMAP=R "$@"; }
run ./sc backing >first
run ./sc backing >second
ls "$PWD/mnt/elflink-uid-$(id -u)" >files
stat -c '%a %U' "$PWD/mnt/elflink-uid-$(id -u)" >dirmode
# Sixteen at once, each waiting until all are there.
for i in $(seq 16); do
	HUGELINK_FAULT=wait:$PWD/go run ./sc backing >many.$i 2>&1 &
done
touch go
wait
umount "$PWD/mnt"
SH
unshare -m sh inside.sh || fail "the runs failed"
expect_lines first "text 2048" "rodata 2048" "ok"
expect_lines second "text 2048" "rodata 2048" "ok"
grep -q "^backing $PWD/mnt/elflink-uid-$(id -u)/" first || fail "not shared: $(cat first)"
[ "$(grep ^inode first)" = "$(grep ^inode second)" ] ||
	fail "the second run mapped another file: $(grep ^inode first second)"
ok "two runs map one file: $(grep ^inode first)"
expect_lines dirmode "700 $(id -un)"
[ "$(grep -c '#[0-9]*#2048k$' files)" = "$(huge_ranges sc 2048 R | wc -l)" ] ||
	fail "expected one file per read-only segment that moves: $(cat files)"
ok "one file per read-only segment that moves, in a 0700 directory"
for i in $(seq 16); do
	expect_lines "many.$i" "text 2048" "ok"
	grep "^inode" "many.$i"
done | sort -u >inodes
[ "$(wc -l <inodes)" = 1 ] && [ "$(cat inodes)" = "$(grep ^inode first)" ] ||
	fail "16 concurrent runs did not all map the one file: $(cat inodes)"
ok "16 concurrent runs map the one file"
