#!/bin/sh
# SPDX-License-Identifier: MIT
# Where make install puts the aarch64 runtime, which the build stages
# when aarch64-linux-gnu-gcc is installed.  With a multiarch LIBDIR
# (/usr/lib/x86_64-linux-gnu, as a Debian package has it), in the
# multiarch directory beside it, /usr/lib/aarch64-linux-gnu, where
# Debian keeps arm64's libraries, and nothing of it below LIBDIR; with a
# plain LIBDIR, in $(LIBDIR)/aarch64-linux-gnu; with CROSS_LIBDIR set,
# where that says.  In each, the wrapper installed in DESTDIR, with the
# build's stage gone, cross-links aarch64 programs with the runtime
# installed there: the cross readelf shows an aarch64 program with the
# runtime's note, and one linked with the shared runtime needs it from
# that directory (its run path).  Uninstall empties DESTDIR again.
. "$HL_SRC/tests/integration/common.sh"

XCC=aarch64-linux-gnu-gcc
XREADELF=aarch64-linux-gnu-readelf
need_aarch64_runtime
native=$("$CC" -print-multiarch 2>/dev/null) || native=
[ -n "$native" ] || skip "$CC prints no multiarch name (-print-multiarch) for a multiarch LIBDIR"
[ "$native" != aarch64-linux-gnu ] || skip "aarch64 is this machine's own architecture"
major=$(sed 's/\..*//' "$HL_SRC/VERSION")
cat >prog.c <<'EOT'
#include <stdio.h>
int main(void) { puts("hello"); return 0; }
EOT

# installs_in XLIB PREFIX LIBDIR [SETTING...]: make install DESTDIR=d
# PREFIX=PREFIX LIBDIR=LIBDIR SETTING... puts the native runtime in
# LIBDIR and the aarch64 one in XLIB, and nowhere else; the wrapper
# installed there links aarch64 programs with the latter; uninstall
# empties d.
installs_in() {
	xlib=$1 prefix=$2 libdir=$3
	shift 3
	set -- PREFIX="$prefix" LIBDIR="$libdir" "$@"
	rm -rf d b/stage
	hl_make "$PWD/b" install DESTDIR="$PWD/d" "$@"
	rm -rf b/stage
	(cd d && find . -name libhugelink.a | sort) >got
	printf '.%s/libhugelink.a\n' "$libdir" "$xlib" | sort >want
	diff -u want got || fail "$*: the runtimes installed"
	for f in libhugelink.a libhugelink.so "libhugelink.so.$major" hugelink-hot.o; do
		[ -e "d$xlib/$f" ] || fail "$*: not installed: $xlib/$f"
	done
	$XREADELF -hW "d$xlib/libhugelink.so.$major" | grep -q 'Machine:.*AArch64' ||
		fail "$*: $xlib/libhugelink.so.$major is not an aarch64 file"

	$XCC -B"d$prefix/share/hugelink" -Wl,--hugetlbfs-align -o p prog.c ||
		fail "$*: the installed wrapper cannot cross-link"
	$XREADELF -hW p | grep -q 'Machine:.*AArch64' || fail "$*: p is not an aarch64 program"
	$XREADELF -nW p | grep -q '^ *hugelink ' || fail "$*: p carries no hugelink runtime note"
	$XCC -B"d$prefix/share/hugelink" -Wl,--hugetlbfs-align,--hugetlbfs-runtime=shared \
		-o ps prog.c || fail "$*: the installed wrapper cannot cross-link with the shared runtime"
	$XREADELF -dW ps >dyn
	grep -q "NEEDED.*\[libhugelink\.so\.$major\]" dyn &&
		grep -q "R.*PATH.*\[$PWD/d$xlib\]" dyn ||
		{ cat dyn >&2; fail "$*: ps does not take the shared runtime from $xlib"; }

	hl_make "$PWD/b" uninstall DESTDIR="$PWD/d" "$@"
	[ -z "$(find d -mindepth 1)" ] || fail "$*: left after uninstall: $(find d -mindepth 1)"
	ok "$*: the aarch64 runtime in $xlib, which the installed wrapper links"
}

installs_in /usr/lib/aarch64-linux-gnu /usr "/usr/lib/$native"
installs_in /usr/local/lib/aarch64-linux-gnu /usr/local /usr/local/lib
installs_in /opt/hl/aarch64-linux-gnu/lib /opt/hl "/opt/hl/lib/$native" \
	CROSS_LIBDIR=/opt/hl/%/lib
