#!/bin/sh
# SPDX-License-Identifier: MIT
# --hugetlbfs-align lays every read-only segment that holds a whole huge
# page with its file offset congruent to its address modulo the huge page,
# so the kernel can map the file's own page-cache folios there with PMDs,
# with every linker, for every kind of executable and for shared
# libraries.  The padding is a hole: the disk blocks stay within 5% of a
# plain link's.  A program with no whole huge page of read-only data keeps
# the compact layout.  strip, objcopy --strip-debug, eu-strip and hugeedit
# keep the congruence.  The oracles are readelf -lW and stat.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/link.sh"

P=$((2 * MIB))
cat >big.c <<EOF2
#define MB 8
#include "$HLINC/bigsegs.h"
int main(void) { return big_text[0] == 0xc3 && big_ro[0] == 0x5a ? 0 : 1; }
EOF2
echo 'int main(void) { return 0; }' >hello.c

# congruent FILE: every read-only PT_LOAD that holds a whole huge page of
# file bytes has offset == address (mod P), and there is at least one.
congruent() {
	readelf -lW "$1" | awk -v P=$P "$HL_AWK_LIB"'
		$1 == "LOAD" && index($0, " RW ") == 0 {
			off = hex($2); va = hex($3); fs = hex($5)
			if (down(va + fs) <= up(va)) next
			whole++
			if (off % P != va % P) { bad++; print "    " $0 }
		}
		END { exit !(whole > 0 && bad == 0) }' ||
		fail "$1: a read-only segment with a whole huge page is not congruent"
}

# blocks_near PLAIN FILE: FILE's disk blocks are within 5% of PLAIN's.
blocks_near() {
	_bp=$(stat -c %b "$1") _bo=$(stat -c %b "$2")
	[ $((_bo * 100)) -le $((_bp * 105)) ] ||
		fail "$2: $_bo disk blocks against $_bp for a plain link"
}

for l in bfd lld mold gold; do
	need_cmd "ld.$l"
done
for l in bfd lld mold gold; do
	for kind in pie no-pie static static-pie; do
		[ "$l:$kind" != gold:static-pie ] || continue
		_o=big-$l-$kind
		hl_cc -O2 -fuse-ld="$l" $(kind_flags $kind) -Wl,--hugetlbfs-align \
			-o "$_o" big.c || fail "cannot link $_o"
		"$CC" -O2 -fuse-ld="$l" $(kind_flags $kind) -o "$_o.plain" big.c
		congruent "$_o"
		"./$_o" || fail "$_o does not run"
		# gold writes its padding as zeros, not as a hole.
		[ "$l" = gold ] || blocks_near "$_o.plain" "$_o"
		ok "$_o: congruent, $(stat -c %b "$_o") blocks against $(stat -c %b "$_o.plain")"
	done
	hl_cc -O2 -fuse-ld="$l" -shared -fPIC -Wl,--hugetlbfs-align \
		-o "libbig-$l.so" big.c || fail "cannot link libbig-$l.so"
	congruent "libbig-$l.so"
	ok "libbig-$l.so: congruent"
	# gold pads every segment boundary in the file, small programs too.
	[ "$l" != gold ] || continue
	hl_cc -fuse-ld="$l" -Wl,--hugetlbfs-align -o "hello-$l" hello.c
	_s=$(stat -c %s "hello-$l")
	[ "$_s" -lt "$MIB" ] || fail "hello-$l: $_s bytes, not under 1 MiB"
	ok "hello-$l: $_s bytes"
done

# The tools that rewrite a file keep the segments' offsets.
need_cmd eu-strip
cp big-bfd-pie s-strip && strip s-strip
cp big-bfd-pie s-objcopy && objcopy --strip-debug s-objcopy
cp big-bfd-pie s-eu-strip && eu-strip s-eu-strip
cp big-bfd-pie s-hugeedit && "$HUGEEDIT" --text s-hugeedit >/dev/null
for f in s-strip s-objcopy s-eu-strip s-hugeedit; do
	congruent "$f"
	"./$f" || fail "$f does not run"
	ok "$f: congruent"
done
