#!/bin/sh
# SPDX-License-Identifier: MIT
# initramfs.sh DIR [ARCH]: make DIR/initrd.gz, the root file system every
# guest of ARCH (x86_64, the default, or aarch64) boots into, from
# DIR/root, which it fills afresh:
#   /init              tests/kernels/init
#   /bin/busybox       from DIR/pkgs/busybox (the fetch script's); /init
#                      links its applets
#   /kt/               tests/kernels/guest, and for aarch64 the tests of
#                      tests/kernels/aarch64/guest: the runner and the
#                      tests
#   /t/                the test programs (programs.sh, and for aarch64
#                      aarch64/programs.sh), built by $CC, or
#                      aarch64-linux-gnu-gcc for aarch64
#   /hl/bin, /hl/lib   the staged tools and runtime libraries of ARCH (no
#                      tools for aarch64: they run on the build machine)
#   /img, /lib/modules the xfs and ext4 images and the modules each
#                      kernel of DIR/pkgs needs to mount them, and
#                      overlayfs (fs.sh)
# and the dynamic loader with the shared libraries the programs need:
# for x86_64 at their own paths, as ldd finds them here; for aarch64
# DIR/pkgs/libc's /lib.  Run with the environment of an integration
# test (HL_PREFIX, HL_SRC, CC, HL_CROSS_LIBDIR).
set -eu
dir=$(cd "$1" && pwd)
arch=${2:-x86_64}
lib=${HL_LIBDIR:-$HL_PREFIX/lib}
xlib=$(printf '%s\n' "${HL_CROSS_LIBDIR:-$lib/%}" | sed 's|%|aarch64-linux-gnu|g')
src=$HL_SRC/tests/kernels
root=$dir/root
rm -rf "$root" "$dir/initrd.gz.tmp"
mkdir -p "$root/bin" "$root/t" "$root/hl" "$root/proc" "$root/sys" \
	"$root/dev" "$root/tmp" "$root/mnt"
cp "$dir/pkgs/busybox/bin/busybox" "$root/bin/"
cp "$src/init" "$root/init"
chmod 755 "$root/init"
cp -R "$src/guest" "$root/kt"
sh "$src/fs.sh" "$root" "$dir/pkgs/linux-"*
if [ "$arch" = aarch64 ]; then
	cp "$src/aarch64/guest/"*.sh "$root/kt/"
	cp -R "$xlib" "$root/hl/lib"
	cp -a "$dir/pkgs/libc/lib" "$root/"
	programs() {
		CC=aarch64-linux-gnu-gcc HL_LIBDIR=$xlib NM=aarch64-linux-gnu-nm \
			sh "$src/programs.sh" "$root/t" && sh "$src/aarch64/programs.sh" "$root/t"
	}
else
	cp -R "${HL_BINDIR:-$HL_PREFIX/bin}" "$root/hl/bin"
	cp -R "$lib" "$root/hl/lib"
	programs() { sh "$src/programs.sh" "$root/t"; }
fi
(cd "$root/t" && programs) >"$dir/programs.log" 2>&1 || {
	tail -n 30 "$dir/programs.log" >&2
	echo "kernels: building the test programs failed ($dir/programs.log)" >&2
	exit 1
}

# Every shared object a dynamic program or library of the tree needs, at
# the path it has here (symbolic links followed, so each is a file).
[ "$arch" = aarch64 ] || find "$root/t" "$root/hl" -type f | while read -r f; do
	head -c 4 "$f" | grep -q ELF || continue
	ldd "$f" 2>/dev/null | sed -n 's/.*=> \(\/[^ ]*\) .*/\1/p; s/^[[:space:]]*\(\/[^ ]*\) .*/\1/p'
done | grep -v "^$root/" | sort -u | while read -r so; do
	mkdir -p "$root${so%/*}"
	cp -L "$so" "$root$so"
done
[ -e "$root/lib64/ld-linux-x86-64.so.2" ] || [ -e "$root/lib/ld-linux-aarch64.so.1" ] || {
	echo "kernels: no dynamic loader found for the guest" >&2
	exit 1
}

(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) >"$dir/initrd.gz.tmp"
mv "$dir/initrd.gz.tmp" "$dir/initrd.gz"
