# SPDX-License-Identifier: MIT
# HUGELINK_BACKING chooses what backs the ranges, with a pool that can
# serve them all.  auto (the default): read-only ranges on hugetlb pages,
# writable ones on transparent huge pages, in every kind of program;
# with THP turned off for the program (nothp), writable ones on hugetlb
# pages, except in static programs.  hugetlb: hugetlb pages only, never
# THP, writable ranges included, except in static programs (glibc's fork
# writes their data before any handler), which keep them on base pages
# and say why.  thp: THP only, and the pool is not touched.
. "$HL_SRC/tests/integration/common.sh"
need_thp
pool_reserve 24
build_helper nothp

# pool_now: "pool-free N" and "pool-rsvd N" as the pool is now.
pool_now() {
	awk '$1 == "HugePages_Free:" { print "pool-free", $2 }
	     $1 == "HugePages_Rsvd:" { print "pool-rsvd", $2 }' /proc/meminfo
}

for kind in pie no-pie static static-pie; do
	build_segcheck "sc-$kind" "-$kind"
	HUGETLB_ELFMAP=RW "./sc-$kind" thp fork >out 2>err || fail "$kind auto: $(cat out err)"
	expect_lines out "text 2048" "rodata 2048" "data thp" "bss thp" "fork ok" "ok"
	[ ! -s err ] || fail "$kind auto said: $(cat err)"

	HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=RW "./sc-$kind" thp fork >out 2>err ||
		fail "$kind hugetlb: $(cat out err)"
	expect_lines out "text 2048" "rodata 2048" "text-thp no" "rodata-thp no" \
		"data-thp no" "bss-thp no" "fork ok" "ok"
	case $kind in
	static*)
		expect_lines out "data 4" "bss 4"
		[ "$(wc -l <err)" -eq 1 ] && grep -q "a static program's writable data never goes on hugetlb pages" err ||
			fail "$kind hugetlb: expected one message saying why, got: $(cat err)" ;;
	*)
		expect_lines out "data 2048" "bss 2048"
		[ ! -s err ] || fail "$kind hugetlb said: $(cat err)" ;;
	esac

	pool_now >before
	HUGELINK_BACKING=thp HUGETLB_ELFMAP=RW "./sc-$kind" thp fork pool >out 2>err ||
		fail "$kind thp: $(cat out err)"
	expect_lines out "text thp" "rodata thp" "data thp" "bss thp" "fork ok" "ok" \
		"$(sed -n 1p before)" "$(sed -n 2p before)"
	[ ! -s err ] || fail "$kind thp said: $(cat err)"

	HUGETLB_ELFMAP=RW ./nothp "./sc-$kind" thp fork >out 2>err ||
		fail "$kind without THP: $(cat out err)"
	expect_lines out "text 2048" "rodata 2048" "data-thp no" "fork ok" "ok"
	case $kind in
	static*) expect_lines out "data 4" "bss 4" ;;
	*) expect_lines out "data 2048" "bss 2048" ;;
	esac
	ok "$kind: auto, hugetlb, thp, and auto without THP"
done

# The reason a range stays names its segment: the static program's
# writable PT_LOAD (readelf numbers the headers from 0).
HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=RW ./sc-static >out 2>err ||
	fail "static hugetlb: $(cat out err)"
n=$(readelf -lW sc-static | awk '
	!NF { in_table = 0 }
	in_table && $1 !~ /^\[/ {
		f = ""
		for (i = 7; i < NF; i++) f = f $i
		if ($1 == "LOAD" && f == "RW") print n
		n++
	}
	$1 == "Type" { in_table = 1; n = 0 }' | head -n 1)
[ -n "$n" ] || fail "readelf: no RW PT_LOAD in sc-static"
grep -qE "segment $n at 0x[0-9a-f]+: a static program's writable data never goes on hugetlb pages" err ||
	fail "static hugetlb: segment $n is not named with its reason: $(cat err)"
ok "the reason names the segment it keeps on base pages: $(cat err)"
