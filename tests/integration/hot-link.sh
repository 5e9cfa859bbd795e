# SPDX-License-Identifier: MIT
# -Wl,--hugetlbfs-order links the functions an order names first in
# .text, contiguous and in order, with GNU ld, lld and gold, from an
# object and from an archive member; the hot text note holds their range.
# A name no input defines is reported once and the link goes on; mold,
# which has no ordering option, and an order without --hugetlbfs-align
# are refused.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/hot.sh"

"$CC" $HOT_CFLAGS -c -o hotprog.o "$HLINC/hotprog.c" || fail "compiling hotprog"
ar rcs libhot.a hotprog.o
printf '%s\n' hot_5 hot_2 round_b hot_7 nosuch hot_2 >order
printf '%s\n' hot_5 hot_2 round_b hot_7 >expected

# check_link NAME: NAME's text starts with the order, and its note
# gives the range from the first's address to the last's end.
check_link() {
	text_functions "$1" | head -n 4 >"$1.first"
	diff -u expected "$1.first" || fail "$1: .text does not start with the order"
	_first=$(nm "$1" | awk '$3 == "hot_5" { print $1 }')
	_last=$(nm -S "$1" | awk '$4 == "hot_7" { print $1, $2 }')
	_end=$(printf '%x' $((0x${_last% *} + 0x${_last#* })))
	set -- "$1" $(hot_note "$1")
	[ $# = 3 ] || fail "$1 has no hot text note"
	[ $((0x$2)) = $((0x$_first)) ] && [ $((0x$2 + 0x$3)) = $((0x$_end)) ] ||
		fail "$1: note says $2+$3, the functions are $_first..$_end"
	./"$1" 10 >"$1.out" || fail "$1 does not run"
}

for ld in bfd lld gold; do
	case $ld in
	bfd) fuse= ;;
	*) command -v ld.$ld >/dev/null || fail "ld.$ld is missing (mk/deps.sh installs it)"
	   fuse=-fuse-ld=$ld ;;
	esac
	hl_cc $fuse -Wl,--hugetlbfs-align -Wl,--hugetlbfs-order=order \
		-o prog-$ld hotprog.o 2>link-$ld.err || fail "$ld: $(cat link-$ld.err)"
	check_link prog-$ld
	[ "$(grep -c 'nosuch' link-$ld.err)" = 1 ] ||
		fail "$ld: nosuch not reported once: $(cat link-$ld.err)"
	hl_cc $fuse -Wl,--hugetlbfs-align -Wl,--hugetlbfs-order=order \
		-o ar-$ld -L. -lhot 2>/dev/null || fail "$ld: linking from the archive"
	check_link ar-$ld
	ok "$ld: the order starts .text, the note holds its range, nosuch reported once"
done

# lld starts the text at 2 MiB plus the length of the headers and rodata:
# with 1.75 MiB of rodata, 220 KiB before a boundary.  An order whose
# functions take more than that is linked again with -z separate-code,
# and its range fits one huge page; a short one keeps the compact
# layout, and so does a command line that chose -z noseparate-code.
# text_at PROG: the address of PROG's executable segment, in decimal.
text_at() {
	readelf -lW "$1" | awk "$HL_AWK_LIB"'
		$1 == "LOAD" && $8 == "E" { printf "%d\n", hex($3); exit }'
}
echo 'const char big_rodata[0x1c0000] = { 1 };' >bigro.c
"$CC" -c -o bigro.o bigro.c || fail "compiling bigro.c"
printf '%s\n' hot_5 cold_0 hot_2 >long.order
P2=2097152
hl_cc -fuse-ld=lld -Wl,--hugetlbfs-align -Wl,--hugetlbfs-order=long.order \
	-o long-lld hotprog.o bigro.o 2>/dev/null || fail "lld: the long order"
[ $(( $(text_at long-lld) % P2 )) = 0 ] ||
	fail "lld, long order: the text is not on a huge page: $(readelf -lW long-lld)"
set -- $(hot_note long-lld)
[ $(( 0x$1 / P2 )) = $(( (0x$1 + 0x$2 - 1) / P2 )) ] ||
	fail "lld, long order: the hot range $1+$2 crosses a huge page"
./long-lld 1 >/dev/null || fail "lld, long order: the program does not run"
[ $(( $(text_at prog-lld) % P2 )) != 0 ] ||
	fail "lld, short order: linked with -z separate-code for nothing"
hl_cc -fuse-ld=lld -Wl,-z,noseparate-code -Wl,--hugetlbfs-align \
	-Wl,--hugetlbfs-order=long.order -o nosep-lld hotprog.o bigro.o 2>/dev/null ||
	fail "lld: the long order with -z noseparate-code"
[ $(( $(text_at nosep-lld) % P2 )) != 0 ] ||
	fail "lld: -z noseparate-code was overridden"
ok "lld: a hot range that would cross a huge page is linked from an aligned text; short ones and -z noseparate-code keep the compact layout"

# Without an order, no hot note.
hl_cc -Wl,--hugetlbfs-align -o plain hotprog.o
[ -z "$(hot_note plain)" ] || fail "a hot note without an order"

set +e
hl_cc -Wl,--hugetlbfs-order=order -o bad1 hotprog.o 2>bad1.err
[ $? != 0 ] && grep -q 'needs --hugetlbfs-align' bad1.err || fail "an order without align: $(cat bad1.err)"
need_cmd ld.mold
hl_cc -fuse-ld=mold -Wl,--hugetlbfs-align -Wl,--hugetlbfs-order=order \
	-o bad2 hotprog.o 2>bad2.err
[ $? != 0 ] && grep -q 'mold (.*) has no option that orders' bad2.err &&
	[ ! -e bad2 ] || fail "mold with an order: $(cat bad2.err)"
hl_cc -Wl,--hugetlbfs-align -Wl,--hugetlbfs-order=missing -o bad3 hotprog.o 2>bad3.err
[ $? != 0 ] && grep -q 'missing' bad3.err || fail "a missing order file: $(cat bad3.err)"
set -e
ok "orders without --hugetlbfs-align, with mold, or unreadable are refused"
