#!/bin/sh
# SPDX-License-Identifier: MIT
# hugectl --prime on a program whose read-only segments hold no whole
# 2 MiB page of file bytes says there is nothing to prime, with the size
# of its largest, and exits 1 as for any file of which nothing could be
# primed.  Relinked (tiny) or not (plain), it is not told to relink: no
# layout gives it a whole page of the page cache.  A program large
# enough that only its layout keeps it from the page cache's huge pages
# is still told to relink.  readelf is the oracle for the sizes and the
# layout.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/filetext.sh"
need_cmd readelf

# largest FILE: "INDEX BYTES" of FILE's read-only PT_LOAD with the most
# file bytes (the index among the program headers).
largest() {
	readelf -lW "$1" | awk "$HL_AWK_LIB"'
		/^  [A-Z]/ && $1 != "Type" { n++ }
		$1 == "LOAD" && $0 !~ / RW / && hex($5) > best {
			best = hex($5); at = n - 1 }
		END { print at, best }'
}

echo 'int main(void) { return 0; }' >small.c
hl_cc -Wl,--hugetlbfs-align -o tiny small.c || fail "cannot link tiny"
"$CC" -o plain small.c || fail "cannot link plain"
readelf -lW tiny | awk '$1 == "LOAD" && $NF == "0x200000" { n++ } END { exit !n }' ||
	fail "tiny is not laid out for 2 MiB pages: $(readelf -lW tiny)"

for f in tiny plain; do
	set -- $(largest $f)
	[ "$2" -lt 2097152 ] || fail "$f: its segment $1 holds $2 bytes, not under 2 MiB"
	rc=0
	"$HUGECTL" --prime $f >out 2>err || rc=$?
	[ $rc -eq 1 ] || fail "--prime $f: exit $rc, not 1: $(cat err)"
	grep -q "^$HUGECTL_NAME: $f: nothing to prime: no read-only segment holds a whole 2M page of file bytes (the largest, segment $1, holds [0-9.]* [KM]i*B" err ||
		fail "--prime $f: does not say it is too small: $(cat err)"
	if grep -q "relink with" err; then fail "--prime $f: tells to relink: $(cat err)"; fi
	ok "$f ($2 bytes in segment $1): $(cat err)"
done

# Text of 4 MiB, not relinked: relinking gives it huge pages.
write_bigtext 4
"$CC" -O2 -o big bigtext.c || fail "cannot link big"
set -- $(largest big)
[ "$2" -ge 2097152 ] || fail "big: its largest read-only segment holds $2 bytes"
rc=0
"$HUGECTL" --prime big >out 2>err || rc=$?
if [ $rc -eq 0 ]; then
	# A linker that lays text out congruent already: nothing to judge.
	grep -q "^big: [0-9]* of [0-9]* MiB in huge folios" out ||
		fail "--prime big: exit 0 and $(cat out err)"
	ok "big is congruent as linked: $(cat out)"
else
	[ $rc -eq 1 ] || fail "--prime big: exit $rc: $(cat err)"
	grep -q "^$HUGECTL_NAME: big: .*relink with hugetlbfs-ld --hugetlbfs-align" err ||
		fail "--prime big: no advice to relink: $(cat err)"
	ok "big: $(cat err)"
fi
