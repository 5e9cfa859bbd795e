#!/bin/sh
# SPDX-License-Identifier: MIT
# Cross-linking for aarch64 on this machine: aarch64-linux-gnu-gcc -B
# through the one staged wrapper, which finds the cross linker the way
# the compiler does and links the aarch64 runtime (staged in
# CROSS_LIBDIR, lib/aarch64-linux-gnu/ by default) into every output
# kind.  Judged from the cross readelf: an aarch64 file, each PT_LOAD
# with 2 MiB pages of its own, a PIE's first one aligned to 2 MiB, the
# runtime's note there.
# Then the build machine's tools read and edit the aarch64 files.
. "$HL_SRC/tests/integration/common.sh"

XCC=aarch64-linux-gnu-gcc
XREADELF=aarch64-linux-gnu-readelf
need_aarch64_runtime
xlib=$(cross_lib aarch64-linux-gnu)
[ -f "$xlib/libhugelink.a" ] ||
	fail "no aarch64 runtime staged in $xlib although $XCC is here"

cat >prog.c <<'EOT'
#include <stdio.h>
int shared_fn(int);
int main(void) { printf("%d\n", shared_fn(1)); return 0; }
EOT
cat >lib.c <<'EOT'
int shared_fn(int x) { return x + 1; }
EOT

# check_layout FILE [PAGE]: what every relinked aarch64 file must show,
# laid out for PAGE-byte pages (2 MiB by default).
check_layout() {
	$XREADELF -hW "$1" | grep -q 'Machine:.*AArch64' || fail "$1 is not an aarch64 file"
	$XREADELF -lW "$1" >"$1.ph"
	awk -v P="${2:-2097152}" "$HL_AWK_LIB"'
		$1 == "LOAD" {
			lo = down(hex($3)); hi = up(hex($3) + hex($6))
			if (n++ && lo < prev) { print "overlap at " $3; bad = 1 }
			if (n == 1 && hex($3) == 0 && hex($NF) < P) {
				print "first PT_LOAD aligned to " $NF; bad = 1
			}
			prev = hi
		}
		END { exit bad || n < 2 }' "$1.ph" ||
		{ cat "$1.ph" >&2; fail "$1: its PT_LOADs do not each have pages of ${2:-2097152} bytes of their own"; }
	$XREADELF -nW "$1" | grep -q '^ *hugelink ' || fail "$1 carries no hugelink runtime note"
}

$XCC -O1 -fPIC -shared -B"$HLDIR" -Wl,--hugetlbfs-align -o libx.so lib.c ||
	fail "cannot cross-link a shared library"
check_layout libx.so
ok "shared library"
for kind in pie no-pie static static-pie; do
	case $kind in
	static*) $XCC -O1 -B"$HLDIR" -Wl,--hugetlbfs-align -$kind -o "p-$kind" prog.c lib.c ;;
	*) $XCC -O1 -B"$HLDIR" -Wl,--hugetlbfs-align -$kind -o "p-$kind" prog.c -L. -lx ;;
	esac || fail "cannot cross-link $kind"
	check_layout "p-$kind"
	ok "$kind"
done

# arm64's 64 KiB pages (contiguous PTEs).
$XCC -O1 -B"$HLDIR" -Wl,--hugetlbfs-align,--hugetlbfs-page-size=64K -pie -o p-64k prog.c lib.c ||
	fail "cannot cross-link for 64 KiB pages"
check_layout p-64k 65536
ok "pie for 64 KiB pages"

# The tools, built for this machine, on the aarch64 files.
"$HLBIN/hugelink-inspect" p-pie >inspect.out || fail "hugelink-inspect p-pie failed"
grep -q '^relinked for huge pages: yes' inspect.out ||
	{ cat inspect.out >&2; fail "hugelink-inspect does not see p-pie as relinked"; }
cp p-no-pie edited
"$HUGEEDIT" --text edited >/dev/null || fail "hugeedit --text on an aarch64 file failed"
HUGETLB_ELFMAP= "$HLBIN/hugelink-inspect" edited >inspect.out || fail "hugelink-inspect edited failed"
grep -q ' R-XH ' inspect.out ||
	{ cat inspect.out >&2; fail "hugeedit --text did not flag the aarch64 text"; }
$XREADELF -lW edited >/dev/null || fail "hugeedit left an aarch64 file readelf cannot read"
ok "hugelink-inspect and hugeedit on aarch64 files"
