# SPDX-License-Identifier: MIT
# Text straight from the page cache (HUGELINK_BACKING=file, and the
# default's first choice for read-only ranges).
#
# The program runs from four file systems: the initramfs (tmpfs, never
# served), xfs and ext4 on loop devices (images and modules from
# tests/kernels/fs.sh), and overlayfs over xfs (overlay, below), each
# copy read back from the disk in huge
# folios where the kernel has them (the page cache dropped, then read as
# hugectl --prime reads it) before each run, as a primed program is.  The page
# cache serves text in huge folios from Linux 5.14 (MADV_POPULATE_READ)
# on a file system with large folios: xfs from 5.18, ext4 from 6.16.
# Where this kernel and file system serve, the text stays the program
# file's mapping with nothing taken from the pool and no anonymous huge
# pages, PMD-mapped (FilePmdMapped) over every 2 MiB page of the
# mapping that big_text meets (the program reads all of big_text before
# it is judged; the runtime itself populates only the first and last),
# for both HUGELINK_BACKING=file and the default.  Where they do not,
# the fallbacks: with HUGELINK_BACKING=file the text stays the file's
# mapping with nothing PMD-mapped and nothing from the pool; with the
# default, the text is copied onto the pool's pages; and the served case
# is skipped with the reason.
. /kt/common.sh
. /kt/lib/filetext.sh

pool 24

# read_back PROG: PROG read back from the disk the way it is read to be
# served: its page cache dropped, then read back in huge folios where
# they can be had (readhuge, as hugectl --prime reads it).
read_back() {
	sync
	echo 3 >/proc/sys/vm/drop_caches
	"$T/readhuge" "$1" >/dev/null 2>&1
}

# file_backed CASE FS PROG: PROG, on FS, read back and run with
# HUGELINK_BACKING=file: served where FS's page cache serves, and
# otherwise its own mapping with nothing PMD-mapped.  The result is
# pagecache-CASE, or pagecache-CASE-fallback.
file_backed() {
	_lack=$(served_lack "$2")
	read_back "$3"
	held file "$3"
	want "ok" "backing $3"
	if [ -z "$_lack" ]; then
		served "$3"
		result pagecache-$1
	else
		from_file "$3"
		read -r _pmd _rest <smaps
		[ "$_pmd" = 0 ] || note "FilePmdMapped $_pmd kB on a file" \
			"the page cache cannot serve"
		result pagecache-$1-fallback
	fi
}

# cases FS DIR: the file backing and the default for a copy of sc-pie
# in DIR, on FS.
cases() {
	prog=$2/sc-pie
	[ "$prog" = "$T/sc-pie" ] || cp "$T/sc-pie" "$prog"
	lack=$(served_lack "$1")
	file_backed file-$1 "$1" "$prog"

	read_back "$prog"
	held "" "$prog"
	want "ok"
	if [ -z "$lack" ]; then
		want "backing $prog"
		served "$prog"
		result pagecache-auto-$1
	else
		want "text 2048" "rodata 2048"
		[ "$took" -eq "$(pages pie R)" ] ||
			note "took $took pages of the pool, not $(pages pie R)"
		result pagecache-auto-$1-fallback
		skip pagecache-served-$1 "$lack"
	fi
}

# overlay FS DIR: sc-pie in a lower layer, a directory of FS at DIR,
# merged under an empty upper layer on tmpfs, as a container runs its
# image, with HUGELINK_BACKING=file: the lower file's page cache serves
# it where FS's serves.  /proc/self/maps names the merged file.
overlay() {
	mkdir -p "$2/lower" ovl/upper ovl/work ovl/merged
	cp "$T/sc-pie" "$2/lower/sc-pie"
	_o="lowerdir=$2/lower,upperdir=$PWD/ovl/upper,workdir=$PWD/ovl/work"
	if ! mount -t overlay overlay -o "$_o" ovl/merged 2>err; then
		note "cannot mount overlayfs: $(cat err)"
		result pagecache-overlay-$1
		return
	fi
	file_backed overlay-$1 "$1" "$PWD/ovl/merged/sc-pie"
	umount ovl/merged
}

cases tmpfs "$T"
for fs in xfs ext4; do
	mkdir -p "$fs"
	if ! mount -o loop -t $fs /img/$fs.img "$PWD/$fs" 2>err; then
		note "cannot mount /img/$fs.img: $(cat err) (modules:" \
			"$(cut -d' ' -f1 /proc/modules | tr '\n' ' '))"
		result pagecache-$fs
		continue
	fi
	cases $fs "$PWD/$fs"
	[ $fs != xfs ] || overlay $fs "$PWD/$fs"
	umount "$PWD/$fs"
done
