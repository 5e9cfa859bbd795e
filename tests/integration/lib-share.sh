# SPDX-License-Identifier: MIT
# HUGETLB_SHARE=1 keeps a relinked library's read-only segments in the
# same shared files as a program's, keyed by the library's own build:
# later runs map the file the first made (the same inode), and 8
# processes running at once map one copy, which the pool counts once.
# A library loaded with dlopen() shares too; dlclose() leaves the files
# for the next run.  hugectl --share-list shows the library's files.
# Every byte is checked from the inside.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 40
need_cmd unshare
need_thp
build_libcheck libcheck.so -Wl,--hugetlbfs-align
build_libuse use-linked -L. -lcheck
build_use_plain use
lib_r=$(huge_pages_needed libcheck.so 2048 R)
mkdir mnt

# A mount namespace of our own, holding only our hugetlbfs.
cat >inside.sh <<'SH'
set -eu
for m in $(awk '$3 == "hugetlbfs" { print $2 }' /proc/mounts); do umount "$m"; done
mount -t hugetlbfs -o pagesize=2M none "$PWD/mnt"
free() { awk '$1 == "HugePages_Free:" { print $2 }' /proc/meminfo; }
rsvd() { awk '$1 == "HugePages_Rsvd:" { print $2 }' /proc/meminfo; }
export HUGETLB_SHARE=1 HUGETLB_ELFMAP=R
f0=$(free)
./use-linked linked backing >first 2>&1
echo "made $((f0 - $(free)))" >counts
./use-linked linked backing >second 2>&1
./use open ./libcheck.so backing close open ./libcheck.so backing >opened 2>&1
"$HL_HUGECTL" --share-list >list 2>&1
# Eight at once, started together, held until all are up; the pool is
# counted while they all run.
mkfifo hold
f1=$(free) r1=$(rsvd)
for i in 1 2 3 4 5 6 7 8; do
	HUGELINK_FAULT=wait:$PWD/go ./use-linked linked backing wait \
		<hold >many.$i 2>&1 &
done
exec 3>hold
touch go
n=0
while [ "$(cat many.[1-8] | grep -c '^ready$')" -lt 8 ] && [ $n -lt 300 ]; do
	sleep 0.1
	n=$((n + 1))
done
echo "eight $((f1 - $(free) + $(rsvd) - r1))" >>counts
exec 3>&-
wait
umount "$PWD/mnt"
SH
HL_HUGECTL=$HUGECTL unshare -m sh inside.sh || fail "the runs failed"

for f in first second; do
	expect_lines $f "lib-text 2048" "lib-rodata 2048" "ok"
done
grep -q "^lib-backing $PWD/mnt/elflink-uid-$(id -u)/" first ||
	fail "not shared: $(cat first)"
[ "$(grep ^lib-inode first)" = "$(grep ^lib-inode second)" ] ||
	fail "the second run mapped another file: $(grep ^lib-inode first second)"
expect_lines counts "made $lib_r"
ok "two runs map one file, $lib_r pages made once"

expect_lines opened "gone yes" "ok"
[ "$(grep -c "^$(grep ^lib-inode first)\$" opened)" -eq 2 ] ||
	fail "dlopen, twice, did not map the file: $(cat opened)"
ok "dlopen maps the same file, again after dlclose"

grep -q "$PWD/libcheck.so" list || fail "--share-list: $(cat list)"
[ "$(grep -c "current .*$PWD/libcheck.so" list)" -eq \
  "$(huge_ranges libcheck.so 2048 R | wc -l)" ] ||
	fail "--share-list does not show each read-only segment that moves: $(cat list)"
ok "hugectl --share-list shows the library's files"

for i in 1 2 3 4 5 6 7 8; do
	expect_lines many.$i "lib-text 2048" "ready" "ok"
	grep "^lib-inode" many.$i
done | sort -u >inodes
[ "$(wc -l <inodes)" = 1 ] && [ "$(cat inodes)" = "$(grep ^lib-inode first)" ] ||
	fail "8 concurrent runs did not all map the one file: $(cat inodes)"
expect_lines counts "eight 0"
ok "8 processes at once map one file, and take no page more"
