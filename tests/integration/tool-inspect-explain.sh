# SPDX-License-Identifier: MIT
# hugelink-inspect explains a program: how it gets the runtime, whether it
# was relinked, and per segment what the runtime would do or why not, and
# what would back it.
# Its count of huge pages is checked against what the runtime then maps
# (the program's own /proc/self/smaps), and its verdict on the pool
# against a pool emptied on purpose.
. "$HL_SRC/tests/integration/common.sh"

pool_reserve 12

cat > prog.c <<'E'
#include "hugecheck.h"

const char ro[3 << 20] = { 1 };
char data[1 << 20] = { 2 };
char bss[3 << 20];

/* The 2 MiB pages this process maps, from smaps. */
static long huge_pages(void)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	char line[256];
	long kb = 0, size = 0, page;

	while (fgets(line, sizeof(line), f)) {
		sscanf(line, "Size: %ld kB", &size);
		if (sscanf(line, "KernelPageSize: %ld kB", &page) == 1 && page == 2048)
			kb += size;
	}
	fclose(f);
	return kb / 2048;
}

int main(void)
{
	printf("%ld\n", huge_pages());
	return ro[0] + data[0] + bss[0] != 3;
}
E
build_c prog -Wl,--hugetlbfs-align
"$CC" $HC_CFLAGS -o plain prog.c
"$CC" $HC_CFLAGS -static -o static prog.c

# says FILE TEXT...: every TEXT is in FILE.
says() {
	_f=$1; shift
	for _t; do
		grep -qF -- "$_t" "$_f" || fail "no \"$_t\" in: $(cat "$_f")"
	done
}

# rows FILE: the segment rows of a text report.
rows() { sed -n '/^PHDR/,/^$/p' "$1" | sed '1d;$d'; }

echo "a relinked program, nothing asked"
"$HLBIN/hugelink-inspect" ./prog > out
says out "program: ./prog (ELF64, position-independent)" \
	"runtime: dynamic, with the runtime linked in" \
	"relinked for huge pages: yes" \
	"environment: HUGETLB_ELFMAP unset" "0 of 4 segments would go on huge pages"
[ "$(rows out | grep -c 'base pages  *not asked for')" -eq 4 ] ||
	fail "rows: $(rows out)"

echo "with the shared runtime, and stripped with the runtime inside"
hl_cc $HC_CFLAGS -o shared prog.c -Wl,--hugetlbfs-align,--hugetlbfs-runtime=shared
"$HLBIN/hugelink-inspect" ./shared > out
says out "runtime: linked with the runtime (DT_NEEDED libhugelink.so)"
strip -o stripped prog
"$HLBIN/hugelink-inspect" ./stripped > out
says out "runtime: dynamic, with the runtime linked in"

echo "a relinked program under HUGETLB_ELFMAP=RW: the count is the runtime's"
HUGETLB_ELFMAP=RW "$HLBIN/hugelink-inspect" ./prog > out
# The headers' segment, a few KiB, would fill a sliver of its huge page.
says out "environment: HUGETLB_ELFMAP=RW" "3 of 4 segments would go on huge pages"
[ "$(rows out | grep -c ' x 2M at 0x')" -eq 3 ] || fail "rows: $(rows out)"
[ "$(rows out | grep -c 'base pages  *neither text nor data')" -eq 1 ] ||
	fail "rows: $(rows out)"
need=$(sed -n 's/^2M pages: \([0-9]*\) needed.*can serve now: yes$/\1/p' out)
[ -n "$need" ] || fail "the pool cannot serve? $(cat out)"
got=$(HUGETLB_ELFMAP=RW ./prog)
[ "$got" = "$need" ] || fail "inspect says $need pages, the runtime maps $got"
# backings FILE: the rows of the backing list, as "PHDR BACKING".
backings() { sed -n '/^backing (/,/^[0-9]*[MG] pages:/p' "$1" |
	sed -n 's/^ *\([0-9][0-9]*\)  \([a-z]*\).*/\1 \2/p'; }
# Read-only segments on hugetlb pages, writable ones on THP, in order;
# none for a segment neither text nor data that fills less than half of
# its huge pages.
readelf -lW prog | awk -v P=2097152 "$HL_AWK_LIB"'$1 == "LOAD" {
	w = $0 ~ / RW /; lo = hex($3); hi = lo + hex($6)
	if (!w && $0 !~ / R E / && (hi - lo) * 2 < up(hi) - down(lo)) next
	print w ? "thp" : "hugetlb" }' >want
backings out | awk '{ print $2 }' | diff -u want - || fail "backings: $(cat out)"
says out "backing (HUGELINK_BACKING=auto):"

echo "a plain program: not linked, not relinked, segments share pages"
HUGETLB_ELFMAP=RW "$HLBIN/hugelink-inspect" ./plain > out
says out "runtime: not linked with the runtime: run it with hugectl" \
	"relinked for huge pages: no" "shares a huge page with another segment"
echo "... and with HUGETLB_FORCE_ELFMAP=yes, the aligned middle of the bss"
HUGETLB_ELFMAP=RW HUGETLB_FORCE_ELFMAP=yes "$HLBIN/hugelink-inspect" ./plain > out
says out "on huge pages where it has them to itself"
LD_PRELOAD=$HLLIB/libhugelink.so "$HLBIN/hugelink-inspect" ./plain > out
says out "runtime: not linked with the runtime; LD_PRELOAD loads it"

echo "a static program without the runtime"
"$HLBIN/hugelink-inspect" ./static > out
says out "program: ./static (ELF64, fixed addresses)" \
	"runtime: static, without the runtime"

echo "the environment can keep the runtime away"
HUGETLB_ELFMAP=RW HUGETLB_RESTRICT_EXE=other "$HLBIN/hugelink-inspect" ./prog > out
says out "HUGETLB_RESTRICT_EXE does not name this program" \
	"0 of 4 segments" "disabled by HUGETLB_ELFMAP=no"
HUGETLB_ELFMAP=R=2M:R=1G "$HLBIN/hugelink-inspect" ./prog > out
says out 'environment: invalid: HUGETLB_ELFMAP="R=2M:R=1G"' "0 of 4 segments"

echo "an empty pool cannot serve it"
pool_set_free 0
HUGETLB_ELFMAP=RW "$HLBIN/hugelink-inspect" ./prog > out
says out "2M pages: $need needed; pool: 0 free" "can serve now: no"
[ "$(backings out | grep -c ' thp$')" -eq "$(wc -l <want)" ] || fail "backings: $(cat out)"
says out "thp: the huge-page pool is short"
HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=RW "$HLBIN/hugelink-inspect" ./prog > out
[ "$(backings out | grep -c ' base$')" -eq "$(wc -l <want)" ] || fail "backings: $(cat out)"
says out "backing (HUGELINK_BACKING=hugetlb):" \
	"base: the huge-page pool is short; HUGELINK_BACKING=hugetlb rules out"
HUGELINK_BACKING=file HUGETLB_ELFMAP=RW "$HLBIN/hugelink-inspect" ./prog > out
says out "backing (HUGELINK_BACKING=file):" \
	"base: HUGELINK_BACKING=file rules out copies onto the pool or transparent huge pages"
ok "hugelink-inspect explains programs"
