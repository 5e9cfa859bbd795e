#!/bin/sh
# SPDX-License-Identifier: MIT
# A small program that was not relinked holds no whole huge page in any
# segment: HUGETLB_FORCE_ELFMAP=yes leaves its text on base pages (its
# own smaps, under the preloaded runtime).  hugectl, asked for its text,
# sets no HUGETLB_FORCE_ELFMAP, nor advises it (or --text, which sets
# it, for segments flagged by hugeedit), at any verbosity: it says that
# no segment holds a whole 2M page where it lies, with the largest one
# readelf shows, and that relinking with -Wl,--hugetlbfs-align gives it
# a huge page, in one line at the default verbosity.  The same program
# relinked and run through hugectl --text has its text on a huge page.
. "$HL_SRC/tests/integration/common.sh"
need_cmd readelf
need_thp
export HUGELINK_BACKING=thp

cat >prog.c <<'E'
#include "hugecheck.h"

__attribute__((noinline)) int text(int x) { return x * 3 + 1; }

int main(void)
{
	hc_report("text", (const void *)text, 64);
	return text(0) == 1 ? 0 : 1;
}
E
"$CC" $HC_CFLAGS -o plain prog.c || fail "cannot build plain"
build_c prog -Wl,--hugetlbfs-align || fail "cannot relink prog"

# The largest read-only PT_LOAD of plain, by memory size: "INDEX BYTES"
# (the index among the program headers).
set -- $(readelf -lW plain | awk "$HL_AWK_LIB"'
	/^  [A-Z]/ && $1 != "Type" { n++ }
	$1 == "LOAD" && $0 !~ / RW / && hex($6) > best {
		best = hex($6); at = n - 1 }
	END { print at, best }')
big=$1
[ "$2" -lt 2097152 ] || fail "plain: segment $1 holds $2 bytes"

HUGETLB_ELFMAP=R HUGETLB_FORCE_ELFMAP=yes HUGETLB_VERBOSE=0 \
	LD_PRELOAD="$HLLIB/libhugelink.so.1" ./plain >forced.out ||
	fail "plain failed: $(cat forced.out)"
grep -qx "text 4" forced.out || fail "plain forced: $(cat forced.out)"
ok "HUGETLB_FORCE_ELFMAP=yes leaves plain's text on base pages: $(cat forced.out)"

"$HUGECTL" --dry-run --text ./plain >out 2>err || fail "hugectl failed: $(cat err)"
[ "$(wc -l <err)" -eq 1 ] || fail "more than one line at the default verbosity: $(cat err)"
"$HUGECTL" -v --dry-run --text ./plain >out 2>err || fail "hugectl -v failed: $(cat err)"
if grep -q FORCE_ELFMAP out; then fail "hugectl sets it: $(cat out)"; fi
if grep -q "set HUGETLB_FORCE_ELFMAP" err; then fail "hugectl advises it: $(cat err)"; fi
grep -q "^$HUGECTL_NAME: ./plain was not relinked for huge pages, and none of its segments holds a whole 2M page where it lies (the largest, segment $big, is [^)]*)" err ||
	fail "hugectl does not say plain is too small: $(cat err)"
grep -q "HUGETLB_FORCE_ELFMAP would not change that; relink it with -Wl,--hugetlbfs-align, which gives it 1 page of 2M" err ||
	fail "hugectl does not say what relinking gives: $(cat err)"
ok "$(head -n 1 err)"

cp plain flagged
"$HUGEEDIT" --text flagged >/dev/null || fail "hugeedit --text flagged"
"$HUGECTL" -v --dry-run ./flagged >out 2>err || fail "hugectl failed: $(cat err)"
if grep -q -e "--text" -e "set HUGETLB_FORCE_ELFMAP" err; then
	fail "hugectl advises forcing flagged: $(cat err)"
fi
grep -q "which gives it 1 page of 2M" err || fail "flagged: $(cat err)"
ok "flagged: $(head -n 1 err)"

"$HUGECTL" -q --text ./prog >run.out || fail "prog failed: $(cat run.out)"
grep -qxE "text (thp|2048)" run.out || fail "prog relinked: $(cat run.out)"
ok "prog relinked, through hugectl --text: $(cat run.out)"
