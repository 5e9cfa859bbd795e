#!/bin/sh
# SPDX-License-Identifier: MIT
# initramfs.sh DIR: make DIR/initrd.gz, the root file system every guest
# boots into, from DIR/root, which it fills afresh:
#   /init              tests/kernels/init
#   /bin/busybox       from DIR/pkgs/busybox (fetch.sh); /init links its
#                      applets
#   /kt/               tests/kernels/guest: the runner and the tests
#   /t/                the test programs (programs.sh)
#   /hl/bin, /hl/lib   the staged hugectl and runtime libraries
#   /img, /lib/modules the xfs and ext4 images and the modules each
#                      kernel of DIR/pkgs needs to mount them (fs.sh)
# and, at their own paths, the dynamic loader and every shared library
# that those programs and libraries need, as ldd finds them here.  Run
# with the environment of an integration test (HL_PREFIX, HL_SRC, CC).
set -eu
dir=$(cd "$1" && pwd)
src=$HL_SRC/tests/kernels
root=$dir/root
rm -rf "$root" "$dir/initrd.gz.tmp"
mkdir -p "$root/bin" "$root/t" "$root/hl" "$root/proc" "$root/sys" \
	"$root/dev" "$root/tmp" "$root/mnt"
cp "$dir/pkgs/busybox/bin/busybox" "$root/bin/"
cp "$src/init" "$root/init"
chmod 755 "$root/init"
cp -R "$src/guest" "$root/kt"
cp -R "${HL_BINDIR:-$HL_PREFIX/bin}" "$root/hl/bin"
cp -R "${HL_LIBDIR:-$HL_PREFIX/lib}" "$root/hl/lib"
sh "$src/fs.sh" "$root" "$dir/pkgs/linux-"*
(cd "$root/t" && sh "$src/programs.sh" "$root/t") >"$dir/programs.log" 2>&1 || {
	tail -n 30 "$dir/programs.log" >&2
	echo "kernels: building the test programs failed ($dir/programs.log)" >&2
	exit 1
}

# Every shared object a dynamic program or library of the tree needs, at
# the path it has here (symbolic links followed, so each is a file).
find "$root/t" "$root/hl" -type f | while read -r f; do
	head -c 4 "$f" | grep -q ELF || continue
	ldd "$f" 2>/dev/null | sed -n 's/.*=> \(\/[^ ]*\) .*/\1/p; s/^[[:space:]]*\(\/[^ ]*\) .*/\1/p'
done | grep -v "^$root/" | sort -u | while read -r lib; do
	mkdir -p "$root${lib%/*}"
	cp -L "$lib" "$root$lib"
done
[ -e "$root/lib64/ld-linux-x86-64.so.2" ] || {
	echo "kernels: no dynamic loader found for the guest" >&2
	exit 1
}

(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) >"$dir/initrd.gz.tmp"
mv "$dir/initrd.gz.tmp" "$dir/initrd.gz"
