# SPDX-License-Identifier: MIT
# HUGETLB_ELFMAP=R:cap=SIZE puts at most SIZE of the read-only segments
# on huge pages, from their start in address order: the first part of
# the text (the headers' segment, a few KiB, stays on base pages and
# takes none of the cap); the rest of the text, and the rodata after
# it, stay on base pages, and every byte reads as the program file
# holds it.  W:cap=SIZE does the same for data and bss, and RW:cap=SIZE
# caps each of the two classes at SIZE, not both together.  Judged from
# the program's own smaps (KernelPageSize at the first byte and in the middle
# of each kind) and from the pool's free pages.
. "$HL_SRC/tests/integration/common.sh"
export HUGELINK_BACKING=hugetlb
pool_reserve 40
build_segcheck sc -DMB=12

free=$(pool_free)
HUGETLB_ELFMAP=R:cap=6M ./sc first mid >out 2>err ||
	fail "R:cap=6M: $(cat out err)"
# 6 MiB: three pages of text, where big_text starts; its middle lies
# beyond them.
expect_lines out "text-first 2048" "text-mid 4" "text 4" "rodata 4" "ok"
[ ! -s err ] || fail "R:cap=6M said: $(cat err)"
[ "$(pool_free)" -eq "$free" ] || fail "pages left taken from the pool"
HUGETLB_ELFMAP=R:cap=6M ./sc pool >out 2>err
expect_lines out "pool-free $((free - 3))" "ok"
ok "R:cap=6M: the first 6 MiB of text on huge pages, the rest on base pages"

HUGETLB_ELFMAP=R:W:cap=4M ./sc first mid pool >out 2>err ||
	fail "R:W:cap=4M: $(cat out err)"
expect_lines out "text 2048" "rodata 2048" "data-first 2048" "data-mid 4" \
	"bss 4" "ok"
[ ! -s err ] || fail "R:W:cap=4M said: $(cat err)"
ok "W:cap=4M: the first 4 MiB of data on huge pages, the rest and bss on base pages"

free=$(pool_free)
HUGETLB_ELFMAP=RW:cap=4M ./sc first mid pool >out 2>err ||
	fail "RW:cap=4M: $(cat out err)"
# 4 MiB of each class: two pages of text and two of data, four in all.
expect_lines out "text-first 2048" "text-mid 4" "rodata 4" "data-first 2048" \
	"data-mid 4" "bss 4" "pool-free $((free - 4))" "ok"
[ ! -s err ] || fail "RW:cap=4M said: $(cat err)"
ok "RW:cap=4M: the first 4 MiB of text and the first 4 MiB of data on huge pages"

# A cap below one huge page moves nothing of either class, and says so
# once, naming the text and the data segments (readelf numbers the
# headers from 0).
free=$(pool_free)
HUGETLB_ELFMAP=RW:cap=1M ./sc first mid pool >out 2>err ||
	fail "RW:cap=1M: $(cat out err)"
expect_lines out "text-first 4" "text-mid 4" "rodata 4" "data-first 4" \
	"data-mid 4" "bss 4" "pool-free $free" "ok"
[ "$(grep -c "cap is less than one of its huge pages" err)" -eq 1 ] ||
	fail "RW:cap=1M: not said once: $(cat err)"
for flags in RE RW; do
	n=$(readelf -lW sc | awk -v want="$flags" '
		!NF { in_table = 0 }
		in_table && $1 !~ /^\[/ {
			f = ""
			for (i = 7; i < NF; i++) f = f $i
			if ($1 == "LOAD" && f == want) print n
			n++
		}
		$1 == "Type" { in_table = 1; n = 0 }' | head -n 1)
	[ -n "$n" ] || fail "readelf: no $flags PT_LOAD in sc"
	grep -qE "[ ,]$n at 0x[0-9a-f]+[,:].*cap is less than" err ||
		fail "RW:cap=1M: segment $n ($flags) is not named: $(cat err)"
done
ok "RW:cap=1M: nothing on huge pages, said once: $(cat err)"
