# SPDX-License-Identifier: MIT
# Shared text (HUGETLB_SHARE=1) on a hugetlbfs mount: the first run
# makes a file per read-only segment and maps it (cold), the next maps
# the same file (warm), and 8 runs started at once, each waiting
# until all are there, map that one file.  8 runs started at once with
# no file made yet (cold) each map the file one of them made or, having
# waited for its maker as long as the runtime waits (200 ms, which a
# slow machine can take), a private copy (a memfd, or anonymous hugetlb
# memory moved there); never another file, and the file is there for
# the next run.  The files live in the mount, so the
# test unmounts it before it ends, giving back the pool.
. /kt/common.sh
# Pages for the shared file and for 8 private copies, so that every run
# has hugetlb pages whichever way it goes.
pool $((9 * $(pages pie R)))
mnt=$PWD/mnt
mkdir -p "$mnt"

share() { env HUGETLB_SHARE=1 HUGETLB_SHARE_PATH="$mnt" HUGETLB_ELFMAP=R "$@"; }
inode() { sed -n 's/^inode //p' "$1"; }

# many: run sc-pie 8 times at once, sharing; each one's output is in
# many.N, and "INODE BACKING" of each in backings, sorted, one a line.
many() {
	rm -f go backings
	for _i in 1 2 3 4 5 6 7 8; do
		share env HUGELINK_FAULT=wait:$PWD/go "$T/sc-pie" backing >many.$_i 2>&1 &
	done
	touch go
	wait
	for _i in 1 2 3 4 5 6 7 8; do
		grep -qxF "text 2048" many.$_i && grep -qxF ok many.$_i ||
			note "run $_i: $(tr '\n' ' ' <many.$_i)"
		echo "$(inode many.$_i) $(sed -n 's/^backing //p' many.$_i)" >>backings
	done
	sort -u backings >b && mv b backings
	cat many.1 >out
}

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

many
[ "$(cat backings)" = "$cold $made" ] ||
	note "the 8 runs did not all map the file made first: $(tr '\n' ' ' <backings)"
result share-warm-concurrent
umount "$mnt"

mount -t hugetlbfs -o pagesize=2M none "$mnt"
many
grep -v -e " /memfd:hugelink" -e " /anon_hugepage" backings >files
[ "$(wc -l <files)" -le 1 ] || note "the 8 runs mapped more than one file: $(tr '\n' ' ' <files)"
grep -qv " $mnt/" files && note "a run's text is neither the file nor a private copy"
run share "$T/sc-pie" backing
want "text 2048" "ok"
grep -q "^backing $mnt/" out || note "no file for the run after them"
[ ! -s files ] || [ "$(cat files)" = "$(inode out) $(sed -n 's/^backing //p' out)" ] ||
	note "the run after them maps another file than theirs"
result share-cold-concurrent
umount "$mnt"

mount -t hugetlbfs -o pagesize=2M none "$mnt"
for _n in 1 2 3 4; do
	run share env HUGELINK_BACKING=hugetlb LD_PRELOAD=$T/libreader.so \
		"$T/sc-pie" backing
	want "text 2048" "rodata 2048" "ok"
	grep -q "^backing $mnt/" out || note "run $_n: the text is not a file of the mount"
	[ -z "$why" ] || break
done
result share-under-reader
umount "$mnt"
