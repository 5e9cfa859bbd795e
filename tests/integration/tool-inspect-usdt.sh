# SPDX-License-Identifier: MIT
# hugelink-inspect notes USDT probes (<sys/sdt.h>, .note.stapsdt) that
# would stop firing once their text goes on huge pages, and points to
# HUGETLB_ELFMAP=W; it says so in text and JSON, says nothing for a
# program without probes, and says it cannot tell when the section
# headers are gone.  readelf -n counts the probes.
. "$HL_SRC/tests/integration/common.sh"
need_cmd python3
INSPECT=$HLBIN/hugelink-inspect

cat >prog.c <<'E'
#include <sys/sdt.h>

__attribute__((noinline)) int step(int x)
{
	DTRACE_PROBE1(hl, step, x);
	if (x > 3)
		DTRACE_PROBE2(hl, big, x, x * 2);
	return x + 1;
}

int main(void)
{
	int x = 0;

	while (x < 5)
		x = step(x);
	return 0;
}
E
build_c prog -Wl,--hugetlbfs-align
cat >none.c <<'E'
int main(void) { return 0; }
E
build_c none -Wl,--hugetlbfs-align
probes=$(readelf -nW prog | grep -c 'NT_STAPSDT')
[ "$probes" -eq 2 ] || fail "readelf counts $probes USDT probes, not 2"

# json FILE PYTHON: FILE is valid JSON and the expression holds (r).
json() {
	python3 -m json.tool "$1" >/dev/null || fail "$1 is not JSON"
	python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); sys.exit(0 if eval(sys.argv[2]) else 1)' \
		"$1" "$2" || fail "$1: not $2: $(cat "$1")"
}

echo "text moved: the probes in it are named, and W is the way out"
HUGETLB_ELFMAP=R "$INSPECT" ./prog >R.txt
grep -qx "USDT probes: $probes (.note.stapsdt), $probes in text that would go on huge pages, where they do not fire: HUGETLB_ELFMAP=W moves data only and keeps them working" R.txt ||
	fail "R: $(cat R.txt)"
HUGETLB_ELFMAP=RW "$INSPECT" --json ./prog >RW.json
json RW.json "r['usdt'] == {'state': 'silenced', 'probes': $probes, 'silenced': $probes}"

echo "text on base pages: they fire"
for env in W no; do
	HUGETLB_ELFMAP=$env "$INSPECT" ./prog >$env.txt
	grep -q "^USDT probes: $probes (.note.stapsdt); they fire while their text stays on base pages" $env.txt ||
		fail "$env: $(cat $env.txt)"
	HUGETLB_ELFMAP=$env "$INSPECT" --json ./prog >$env.json
	json $env.json "r['usdt'] == {'state': 'fire', 'probes': $probes, 'silenced': 0}"
done

echo "no probes: nothing said"
HUGETLB_ELFMAP=R "$INSPECT" ./none >none.txt
! grep -q USDT none.txt || fail "none: $(cat none.txt)"
HUGETLB_ELFMAP=R "$INSPECT" --json ./none >none.json
json none.json "r['usdt'] == {'state': 'none', 'probes': 0, 'silenced': 0}"

echo "no section headers: cannot tell"
python3 - prog noshdr <<'E'
import sys
b = bytearray(open(sys.argv[1], 'rb').read())
b[0x28:0x30] = bytes(8)		# e_shoff
b[0x3c:0x40] = bytes(4)		# e_shnum, e_shstrndx
open(sys.argv[2], 'wb').write(b)
E
[ "$(readelf -hW noshdr | sed -n 's/.*Number of section headers: *//p')" = 0 ] ||
	fail "noshdr still has section headers"
HUGETLB_ELFMAP=R "$INSPECT" ./noshdr >noshdr.txt
grep -qx "USDT probes: cannot tell: the file has no section headers, where .note.stapsdt would be" noshdr.txt ||
	fail "noshdr: $(cat noshdr.txt)"
HUGETLB_ELFMAP=R "$INSPECT" --json ./noshdr >noshdr.json
json noshdr.json "r['usdt'] == {'state': 'unknown', 'probes': None, 'silenced': None}"
ok "hugelink-inspect notes USDT probes"
