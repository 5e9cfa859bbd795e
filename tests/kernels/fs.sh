#!/bin/sh
# SPDX-License-Identifier: MIT
# fs.sh ROOT KERNEL_TREE...: the real file systems a guest mounts on a
# loop device, put into the root file system ROOT of its initramfs:
#   ROOT/img/xfs.img    an empty xfs (64 MiB, sparse here)
#   ROOT/img/ext4.img   an empty ext4 (32 MiB, 4 KiB blocks)
#   ROOT/lib/modules/VERSION/*.ko and .../load
#                       for each unpacked kernel package KERNEL_TREE,
#                       the modules that loop, xfs, ext4 and overlayfs
#                       need where they are not built in, and "load":
#                       their names in the order the guest loads them
#                       (/init).
# The images have only what Linux 5.10 mounts.  xfs refuses fewer than
# 300 MB unless run the way fstests runs it (TEST_DIR, TEST_DEV and
# QA_CHECK_FS set).
set -eu
root=$1
shift
mkdir -p "$root/img"
rm -f "$root/img/xfs.img" "$root/img/ext4.img"
truncate -s 64M "$root/img/xfs.img"
TEST_DIR=1 TEST_DEV=1 QA_CHECK_FS=1 mkfs.xfs -q "$root/img/xfs.img"
truncate -s 32M "$root/img/ext4.img"
mkfs.ext4 -q -b 4096 -O ^orphan_file,^metadata_csum_seed "$root/img/ext4.img" 2>/dev/null ||
	mkfs.ext4 -q -b 4096 "$root/img/ext4.img"

# crc32c's generic driver first: libcrc32c and ext4 ask the crypto API
# for it by name, which loads nothing in a guest without modprobe.
want="crc32c_generic loop xfs ext4 overlay"

for tree; do
	for mods in "$tree"/lib/modules/*/; do
		ver=$(basename "$mods")
		out=$root/lib/modules/$ver
		rm -rf "$out"
		mkdir -p "$out"
		: >"$out/load"
		# ko NAME: NAME's module file, none when built in or absent.
		ko() { find "$mods" -name "$1.ko" -o -name "$(echo "$1" | tr _ -).ko" | head -n 1; }
		# add NAME: NAME's dependencies, then NAME, once each.
		add() {
			grep -qx "$1" "$out/load" && return 0
			[ -n "$(ko "$1")" ] || return 0
			for _d in $(tr '\0' '\n' <"$(ko "$1")" | sed -n 's/^depends=//p' | tr , ' '); do
				add "$_d"
			done
			cp "$(ko "$1")" "$out/$1.ko"
			echo "$1" >>"$out/load"
		}
		for m in $want; do
			add "$m"
		done
	done
done
