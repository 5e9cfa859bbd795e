# SPDX-License-Identifier: MIT
# hugelink-inspect --json prints valid JSON (python3 -m json.tool) that
# says the same as the text: checked field by field for a relinked and a
# plain program, against sysfs for the pool, under HUGELINK_BACKING=file
# (every code of what kept a backing out is one the man page lists), and
# with a file name that needs escaping.
. "$HL_SRC/tests/integration/common.sh"
need_cmd python3


cat > prog.c <<'E'
char bss[6 << 20];
int main(void) { return bss[0]; }
E
build_c prog -Wl,--hugetlbfs-align
"$CC" -O1 -o 'pl"ain\' prog.c

# check FILE PYTHON: FILE is valid JSON, and the Python expression holds
# for it (as r).
check() {
	python3 -m json.tool "$1" > /dev/null || fail "$1 is not valid JSON"
	python3 - "$1" "$2" <<'E' || fail "$1: $2"
import json, sys
r = json.load(open(sys.argv[1]))
sysfs = '/sys/kernel/mm/hugepages/hugepages-%dkB/free_hugepages'
free = lambda size: int(open(sysfs % (size // 1024)).read())
sys.exit(0 if eval(sys.argv[2]) else 1)
E
}

echo "a relinked program under HUGETLB_ELFMAP=RW"
HUGETLB_ELFMAP=RW "$HLBIN/hugelink-inspect" --json ./prog > relinked.json
check relinked.json 'r["program"] == "./prog" and r["runtime"] == "embedded"'
check relinked.json 'r["relinked"] and r["environment"]["elfmap"] == "RW"'
# Text and data move; a segment neither, smaller than half its huge page
# (the headers', the rodata's), stays.
check relinked.json 'r["segments"] and all((s["remap"] and s["why"] == "full")
	if s["flags"][1:] != "--" or 2 * s["size"] >= s["page_size"] else
	(not s["remap"] and s["why"] == "sparse") for s in r["segments"])'
check relinked.json 'any(s["why"] == "sparse" for s in r["segments"])'
check relinked.json 'r["plan_error"] is None and r["environment"]["error"] is None'
check relinked.json 'all(s["backing"] in ("hugetlb", "thp", "base") and
	isinstance(s["backing_obstacles"], list) if s["remap"] else
	s["backing"] is None for s in r["segments"])'
# What a page size needs of its pool: the segments that asked it.
check relinked.json 'r["page_sizes"] and all(p["needed"] == sum(s["pages"]
	for s in r["segments"] if s["remap"] and s["page_size"] == p["page_size"] and
	(s["backing"] == "hugetlb" or "pool_short" in s["backing_obstacles"]))
	for p in r["page_sizes"])'
check relinked.json 'all(p["pool"]["free"] == free(p["page_size"])
	for p in r["page_sizes"])'

echo "... with HUGELINK_BACKING=file, which copies nothing"
HUGELINK_BACKING=file HUGETLB_ELFMAP=RW "$HLBIN/hugelink-inspect" --json ./prog > file.json
check file.json 'all(s["backing"] == "base" and s["backing_obstacles"] == ["only_file"]
	for s in r["segments"] if s["remap"]) and any(s["remap"] for s in r["segments"])'

echo "a plain program with a file name that needs escaping"
HUGETLB_ELFMAP=RW "$HLBIN/hugelink-inspect" --json 'pl"ain\' > plain.json
check plain.json 'r["program"] == "pl\"ain\\" and r["runtime"] == "preloadable"'
check plain.json 'not r["relinked"]'
check plain.json 'any(s["why"] == "shares_page" for s in r["segments"])'
check plain.json 'r["segments"] and all(int(s["end"], 16) > int(s["start"], 16)
	for s in r["segments"])'

echo "the text report says the same"
HUGETLB_ELFMAP=RW "$HLBIN/hugelink-inspect" ./prog > relinked.txt
set -- $(python3 -c 'import json,sys; s = json.load(open(sys.argv[1]))["segments"]
print(sum(x["remap"] for x in s), len(s))' relinked.json)
grep -q "^$1 of $2 segments would go on huge pages" relinked.txt ||
	fail "text and JSON disagree: $(cat relinked.txt)"
ok "hugelink-inspect --json"
