# SPDX-License-Identifier: MIT
# HUGELINK_TEXT=hot moves only the hot text an order laid first: a
# program built with -ffunction-sections, profiled with perf record -e
# cpu-clock -g, ordered by hugelink-profile and relinked with
# --hugetlbfs-order (GNU ld and lld; the static runtime and the shared
# one) has its hot functions on a huge
# page and its cold text on base pages, and takes fewer pages from the
# pool than HUGELINK_TEXT=all, which moves the whole text as before.
# HUGELINK_TEXT_BUDGET=N caps any text remap at N pages: without an
# order, the first N.  Judged from the program's own smaps
# (KernelPageSize of a hot and a cold function) and the pool's free
# pages while it runs.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/debug.sh"
. "$HL_SRC/tests/integration/lib/hot.sh"
export HUGELINK_BACKING=hugetlb
need_perf
pool_reserve 16
hot_profile

"$CC" $HOT_CFLAGS -c -o hotprog.o "$HLINC/hotprog.c"

# used OUT: the pages the run took from the pool.
used() { echo $(( free - $(sed -n 's/^pool-free //p' "$1") )); }

for ld in bfd lld; do
	fuse=
	[ $ld = bfd ] || fuse=-fuse-ld=$ld
	hl_cc $fuse -Wl,--hugetlbfs-align -Wl,--hugetlbfs-order=hotprog.order \
		-o prog-$ld hotprog.o 2>link.err || fail "$ld: $(cat link.err)"
	free=$(pool_free)
	HUGETLB_ELFMAP=R HUGELINK_TEXT=all ./prog-$ld 1 >all.out 2>all.err ||
		fail "$ld all: $(cat all.out all.err)"
	expect_lines all.out "hot 2048" "cold 2048"
	HUGETLB_ELFMAP=R HUGELINK_TEXT=hot ./prog-$ld 1 >hot.out 2>hot.err ||
		fail "$ld hot: $(cat hot.out hot.err)"
	expect_lines hot.out "hot 2048" "cold 4"
	! grep -q 'on other pages' hot.out || fail "$ld: $(cat hot.out)"
	[ "$(pool_free)" -eq "$free" ] || fail "$ld: pages left taken from the pool"
	# The whole text is four or more pages (8 MiB of cold text); the hot
	# range is one.
	[ $(( $(used all.out) - $(used hot.out) )) -ge 3 ] ||
		fail "$ld: hot took $(used hot.out) pages, all $(used all.out)"
	ok "$ld: HUGELINK_TEXT=hot: hot functions on huge pages, cold text on base pages, $(used hot.out) pages against $(used all.out)"
done

# With the shared runtime the note is the program's all the same.
hl_cc -Wl,--hugetlbfs-align,--hugetlbfs-runtime=shared \
	-Wl,--hugetlbfs-order=hotprog.order -o prog-shared hotprog.o 2>link.err ||
	fail "shared runtime: $(cat link.err)"
HUGETLB_ELFMAP=R HUGELINK_TEXT=hot ./prog-shared 1 >shared.out 2>shared.err ||
	fail "shared runtime: $(cat shared.out shared.err)"
expect_lines shared.out "hot 2048" "cold 4"
ok "the shared runtime reads the program's hot note"

# A budget without an order: the first page of text only.
hl_cc -Wl,--hugetlbfs-align -o plain hotprog.o
HUGETLB_ELFMAP=R ./plain 1 >plain-all.out
HUGETLB_ELFMAP=R HUGELINK_TEXT_BUDGET=1 ./plain 1 >plain-budget.out 2>err ||
	fail "budget: $(cat plain-budget.out err)"
expect_lines plain-budget.out "hot 2048" "cold 4"
[ $(( $(used plain-all.out) - $(used plain-budget.out) )) -ge 3 ] ||
	fail "budget 1 took $(used plain-budget.out) pages, all $(used plain-all.out)"
HUGETLB_ELFMAP=R HUGELINK_TEXT=hot ./plain 1 >plain-hot.out
expect_lines plain-hot.out "hot 2048" "cold 2048"
ok "HUGELINK_TEXT_BUDGET=1 without an order: the first page of text; HUGELINK_TEXT=hot without one: all of it"

HUGETLB_ELFMAP=R HUGELINK_TEXT=warm HUGELINK_TEXT_BUDGET=x ./prog-bfd 1 >bad.out 2>bad.err ||
	fail "bad values: $(cat bad.out bad.err)"
expect_lines bad.out "hot 2048" "cold 2048"
ok "bad HUGELINK_TEXT and HUGELINK_TEXT_BUDGET values are ignored"
