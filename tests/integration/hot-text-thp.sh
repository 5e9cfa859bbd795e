# SPDX-License-Identifier: MIT
# HUGELINK_TEXT=hot on transparent huge pages (HUGELINK_BACKING=thp)
# moves the same range as on hugetlb pages: a program linked with an
# order, with GNU ld and with lld, has its hot functions on THP and a
# cold function, megabytes past the hot range, on base pages; with
# HUGELINK_TEXT=all both are on THP.  Judged from the program's own
# smaps (AnonHugePages and KernelPageSize of a hot and a cold function).
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/hot.sh"
need_thp
export HUGELINK_BACKING=thp

"$CC" $HOT_CFLAGS -c -o hotprog.o "$HLINC/hotprog.c" || fail "compiling hotprog"
{ echo main; echo round_a; echo round_b; hot_names; } >order

for ld in bfd lld; do
	fuse=
	[ $ld = bfd ] || fuse=-fuse-ld=$ld
	hl_cc $fuse -Wl,--hugetlbfs-align -Wl,--hugetlbfs-order=order \
		-o prog-$ld hotprog.o 2>link.err || fail "$ld: $(cat link.err)"
	HUGETLB_ELFMAP=R HUGELINK_TEXT=hot ./prog-$ld 1 >hot.out 2>hot.err ||
		fail "$ld hot: $(cat hot.out hot.err)"
	expect_lines hot.out "hot thp" "cold 4"
	! grep -q 'on other pages' hot.out || fail "$ld: $(cat hot.out)"
	HUGETLB_ELFMAP=R HUGELINK_TEXT=all ./prog-$ld 1 >all.out 2>all.err ||
		fail "$ld all: $(cat all.out all.err)"
	expect_lines all.out "hot thp" "cold thp"
	ok "$ld: HUGELINK_TEXT=hot on THP: hot functions on THP, cold text on base pages; all: both on THP"
done
