#!/bin/sh
# SPDX-License-Identifier: MIT
# The build's and the tests' dependencies: check that they are present
# and name the Debian packages missing (verify), or install those
# packages when we can, as root with apt-get (install).  Plain "make"
# only verifies; "make deps", which "make check" and "make demo" call,
# installs.  Each line of a table is "check kind, check value, package".
# A "cmd" row needs a program on PATH, a "file" row a file, a "hdr" row
# a header the compiler can include, a "fuzzer" row clang able to link a libFuzzer target.
#
# "build" is what plain "make" needs; "unit" adds what the unit tests
# need (cmocka), "check" what every test needs.
#
# Usage: mk/deps.sh verify|install build|unit|check|package|bench|fuzz|aarch64|aarch64-guest|kernels|libhugetlbfs
# Exit status: 0 when everything is present (or was installed), 1 with a
# message otherwise, 2 for a usage error.
set -u

# The compiler is the one the build uses, $CC: gcc's package, or clang's
# when it is a clang (clang-14 on Debian 12).
case ${CC:-gcc} in
*clang*) cc_pkg=clang ;;
*) cc_pkg=gcc ;;
esac
cc_cmd=${CC:-gcc}
build="
cmd ${cc_cmd%% *} $cc_pkg
"'
hdr gelf.h libelf-dev
hdr bfd.h binutils-dev
cmd readelf binutils
cmd objcopy binutils
cmd make make
'
unit='
hdr cmocka.h libcmocka-dev
'
# gold links only in the tests (the build stages a link named ld.gold,
# and runs no gold).  Debian 13 ships it in binutils-gold; up to Debian 12
# binutils has it and provides that name, which apt-get takes.
check='
cmd eu-elflint elfutils
cmd clang clang
cmd ld.bfd binutils
cmd ld.gold binutils-gold
cmd ld.lld lld
cmd ld.mold mold
cmd setarch util-linux
cmd setpriv util-linux
cmd pkill procps
cmd unshare util-linux
cmd ldconfig libc-bin
cmd fincore util-linux
cmd prlimit util-linux
cmd strace strace
cmd bindfs bindfs
cmd mkfs.btrfs btrfs-progs
cmd mkfs.ext2 e2fsprogs
cmd mkfs.erofs erofs-utils
cmd mksquashfs squashfs-tools
cmd setcap libcap2-bin
cmd python3 python3
cmd groff groff-base
cmd mandoc mandoc
cmd man man-db
cmd perf linux-perf
cmd gdb gdb
cmd bpftrace bpftrace
hdr sys/sdt.h systemtap-sdt-dev
cmd gdb gdb
cmd pkg-config pkg-config
cmd libtoolize libtool
cmd autoreconf autoconf
cmd automake automake
'
package='
cmd dpkg-buildpackage dpkg-dev
cmd dh debhelper
cmd lintian lintian
cmd git git
hdr cmocka.h libcmocka-dev
'
bench='
cmd valgrind valgrind
'
# The cross compiler and C library the aarch64 runtime is built with
# ("make runtime ARCH=aarch64"), which the tests cross-link with.
aarch64='
cmd aarch64-linux-gnu-gcc gcc-aarch64-linux-gnu
cmd aarch64-linux-gnu-ld.bfd binutils-aarch64-linux-gnu
file /usr/aarch64-linux-gnu/include/stdio.h libc6-dev-arm64-cross
'
# What "make check-aarch64" runs its guest with (and what "guest" lists); the
# kernel, busybox and libc it fetches itself (tests/kernels/aarch64/fetch.sh).
aarch64_guest='
cmd qemu-system-aarch64 qemu-system-arm
'
fuzz='
cmd clang clang
fuzzer clang libclang-rt-14-dev
'
# What "make check-kernels" runs the guests with (and what "guest" lists); the
# kernels and busybox it fetches itself (tests/kernels/fetch.sh).
kernels='
cmd qemu-system-x86_64 qemu-system-x86
'
# What both guests' initramfs is made with: the packages fetched and
# unpacked, the images of the file systems they mount
# (tests/kernels/fs.sh), the archive.
guest='
cmd cpio cpio
cmd dpkg-deb dpkg
cmd apt-get apt
cmd mkfs.xfs xfsprogs
cmd mkfs.ext4 e2fsprogs
'
# libhugetlbfs is one column of the benchmark's tables, never a dependency
# of the build or the tests: only "make bench" asks for it, and goes on
# without it when it cannot be had.
libhugetlbfs='
cmd ld.hugetlbfs libhugetlbfs-bin
hdr hugetlbfs.h libhugetlbfs-dev
'

have() {
	case $1 in
	cmd) command -v "$2" >/dev/null 2>&1 ;;
	file) [ -e "$2" ] ;;
	hdr) printf '#include <%s>\n' "$2" | ${CC:-cc} -E -x c - >/dev/null 2>&1 ;;
	fuzzer) printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n)\n{ return 0; }\n' |
		"$2" -fsanitize=fuzzer -x c - -o /dev/null >/dev/null 2>&1 ;;
	esac
}

missing=
need() {
	printf '%s\n' "$1" | while read -r kind what pkg; do
		[ -n "$kind" ] || continue
		have "$kind" "$what" || printf '%s ' "$pkg"
	done
}

usage() {
	echo "usage: mk/deps.sh verify|install build|unit|check|package|bench|fuzz|aarch64|aarch64-guest|kernels|libhugetlbfs" >&2
	exit 2
}
case ${1:-} in verify|install) action=$1 ;; *) usage ;; esac
case ${2:-} in
build) missing=$(need "$build") ;;
unit) missing=$(need "$build$unit") ;;
package) missing=$(need "$build$package") ;;
check) missing=$(need "$build$unit$check$aarch64") ;;
bench) missing=$(need "$build$unit$check$bench") ;;
aarch64) missing=$(need "$aarch64") ;;
aarch64-guest) missing=$(need "$aarch64$aarch64_guest$guest") ;;
fuzz) missing=$(need "$build$fuzz") ;;
kernels) missing=$(need "$build$kernels$guest") ;;
libhugetlbfs) missing=$(need "$libhugetlbfs") ;;
*) usage ;;
esac
missing=$(printf '%s\n' $missing | sort -u | tr '\n' ' ')
[ -n "${missing% }" ] || exit 0

if [ "$action" = verify ]; then
	echo "hugelink: missing packages: $missing" >&2
	echo "hugelink: install them with \"make deps\" (as root), or" \
		"\"apt-get install $missing\"" >&2
	exit 1
fi

if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
	echo "hugelink: missing packages: $missing" >&2
	echo "hugelink: install them (apt-get install $missing) and run make again" >&2
	exit 1
fi
echo "hugelink: installing missing packages: $missing" >&2
export DEBIAN_FRONTEND=noninteractive
if ! apt-get install -y -q --no-install-recommends $missing >&2; then
	apt-get update -q >&2 && apt-get install -y -q --no-install-recommends $missing >&2 || {
		echo "hugelink: apt-get could not install: $missing" >&2
		exit 1
	}
fi
