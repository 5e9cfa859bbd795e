# Shared text (HUGETLB_SHARE=1) on a hugetlbfs mount: the first run
# makes a file per read-only segment and maps it (cold), the next maps
# the same file (warm), and 8 runs started at once, held at the door
# until all are there, all map that one file.  The files live in the
# mount, so the test unmounts it before it ends, giving back the pool.
. /kt/common.sh
pool 24
mnt=$PWD/mnt
mkdir -p "$mnt"
mount -t hugetlbfs -o pagesize=2M none "$mnt" || { echo "cannot mount hugetlbfs"; exit 1; }

share() { env HUGETLB_SHARE=1 HUGETLB_SHARE_PATH="$mnt" HUGETLB_ELFMAP=R "$@"; }
inode() { sed -n 's/^inode //p' "$1"; }

run share "$T/sc-pie" backing
want "text 2048" "rodata 2048" "ok"
grep -q "^backing $mnt/" out || note "the text is not a file of the mount"
cold=$(inode out)
result share-cold

run share "$T/sc-pie" backing
want "text 2048" "rodata 2048" "ok"
[ "$(inode out)" = "$cold" ] || note "another file than the first run's (inode $(inode out), not $cold)"
result share-warm

umount "$mnt"
mount -t hugetlbfs -o pagesize=2M none "$mnt"
for i in 1 2 3 4 5 6 7 8; do
	share env HUGELINK_FAULT=wait:$PWD/go "$T/sc-pie" backing >many.$i 2>&1 &
done
touch go
wait
for i in 1 2 3 4 5 6 7 8; do
	grep -qxF "text 2048" many.$i && grep -qxF ok many.$i ||
		note "run $i: $(tr '\n' ' ' <many.$i)"
	grep "^backing $mnt/" many.$i >/dev/null || note "run $i: not a file of the mount"
	inode many.$i
done | sort -u >inodes
[ "$(wc -l <inodes)" -eq 1 ] || note "the 8 runs mapped $(wc -l <inodes) files: $(tr '\n' ' ' <inodes)"
cat many.1 >out
result share-concurrent
umount "$mnt"
