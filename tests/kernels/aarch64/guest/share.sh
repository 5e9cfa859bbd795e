# SPDX-License-Identifier: MIT
# Shared text (HUGETLB_SHARE=1) on a hugetlbfs mount of 2 MiB pages: the
# first run makes a file per read-only segment and maps it (cold), the
# next maps the same file (warm), and 8 runs started at once, held until
# all are there, all map that one file.  The files live in the mount,
# which the test unmounts before it ends, giving back the pool.
. /kt/common.sh
pool 2048 24
mnt=$PWD/mnt
mkdir -p "$mnt"

share() { env HUGETLB_SHARE=1 HUGETLB_SHARE_PATH="$mnt" HUGETLB_ELFMAP=R "$@"; }
inode() { sed -n 's/^inode //p' "$1"; }

mount -t hugetlbfs -o pagesize=2M none "$mnt" || { echo "cannot mount hugetlbfs"; exit 1; }
run share "$T/sc-pie" backing
want "text 2048" "rodata 2048" "ok"
grep -q "^backing $mnt/" out || note "the text is not a file of the mount"
made=$(grep "^backing $mnt/" out | sed 's/^backing //')
cold=$(inode out)
result share-cold

run share "$T/sc-pie" backing
want "text 2048" "rodata 2048" "ok"
[ "$(inode out)" = "$cold" ] || note "another file than the first run's (inode $(inode out), not $cold)"
result share-warm

rm -f go backings
for i in 1 2 3 4 5 6 7 8; do
	share env HUGELINK_FAULT=wait:$PWD/go "$T/sc-pie" backing >many.$i 2>&1 &
done
touch go
wait
for i in 1 2 3 4 5 6 7 8; do
	grep -qxF "text 2048" many.$i && grep -qxF ok many.$i ||
		note "run $i: $(tr '\n' ' ' <many.$i)"
	echo "$(inode many.$i) $(sed -n 's/^backing //p' many.$i)" >>backings
done
[ "$(sort -u backings)" = "$cold $made" ] ||
	note "the 8 runs did not all map the file made first: $(sort -u backings | tr '\n' ' ')"
result share-warm-concurrent
umount "$mnt"
