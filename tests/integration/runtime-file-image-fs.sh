#!/bin/sh
# SPDX-License-Identifier: MIT
# A relinked program inside a read-only image file system, erofs or
# squashfs (as snaps ship programs), each made from a directory and
# mounted from a loop device.  Neither has an fsync of its
# own, and there is nothing to write back: hugectl --prime says nothing
# about writing back.  Where --prime read the text back in huge folios
# (erofs on Linux 6.18), the start with HUGETLB_ELFMAP=R is served:
# at least 90% of the text's whole huge pages FilePmdMapped in the
# program's own smaps.  Where it got none (squashfs keeps small folios
# only), --prime exits non-zero and says why, and the start says why
# and copies the text.  A case whose image cannot be mounted here says
# so; with neither, the test skips.
# The mount namespace needs root's powers: asked before entering it.
. "$HL_SRC/tests/integration/lib/root.sh"
need_root
[ -n "${HL_FT_NS:-}" ] || HL_FT_NS=1 exec unshare -m sh "$0"
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/filetext.sh"

need_thp
need_cmd mkfs.erofs
need_cmd mksquashfs
relink_bigtext 8
whole=$(text_whole prog)
mkdir tree
cp prog tree/prog

# on_image FS MAKER ARG...: run MAKER ARG... to make FS.img from tree/,
# mount it read-only on FS, prime FS/prog and start it.
cases=
on_image() {
	_fs=$1
	shift
	if ! { "$@" >make.out 2>&1 && mkdir "$_fs" &&
	       mount -o loop,ro "$_fs.img" "$_fs" 2>mount.err; }; then
		echo "no $_fs on a loop device here: $(cat make.out mount.err 2>/dev/null)"
		return 0
	fi
	at_exit "umount $PWD/$_fs"
	cases="$cases $_fs"
	if "$HUGECTL" --prime "$_fs/prog" >prime.out 2>&1; then
		! grep -q "writing it back" prime.out ||
			fail "$_fs: --prime: $(cat prime.out)"
		start_served "$_fs, primed" "$PWD/$_fs/prog" "$whole" \
			HUGETLB_ELFMAP=R
		return 0
	fi
	grep -q "holds none of it in huge folios" prime.out ||
		fail "$_fs: --prime got nothing, and did not say why: $(cat prime.out)"
	! grep -q "writing it back" prime.out ||
		fail "$_fs: --prime: $(cat prime.out)"
	ok "$_fs: --prime: $(sed -n 's/^[^:]*: [^:]*: //p' prime.out | head -n 1)"
	start_served_or_why "$_fs" "$PWD/$_fs/prog" "$whole" \
		" r-x not from the page cache: the page cache holds 0 of .* without large folios: .*; copied$"
}
on_image erofs mkfs.erofs erofs.img tree
on_image squashfs mksquashfs tree squashfs.img -noappend -quiet
[ -n "$cases" ] || skip "neither an erofs nor a squashfs image could be made and mounted here"
