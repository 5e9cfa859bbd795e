#!/bin/sh
# SPDX-License-Identifier: MIT
# hugelink-inspect and the page cache: for a relinked program, FILE says
# each read-only segment with a whole 2 MiB page is congruent and how
# much the page cache holds in huge folios (none for a copy just
# written, all after hugectl --prime); for a plain PIE, congruent in the
# file (GNU ld's offsets equal the addresses) but with no p_align that
# makes its load base 2 MiB-aligned; --pid shows a running copy's text as "page cache,
# N of M on 2M pages", and --json as the backing page_cache, as its
# smaps' FilePmdMapped says.  With
# MADV_POPULATE_READ refused (strace injects EINVAL), FILE names the call
# instead of a count.  FILE --json says the same in its page_cache list,
# segment by segment, each of them code and number for the text's line;
# the text's whole pages are as many as readelf counts, and once primed
# the page cache holds all of them in huge folios.  With 1 GiB the
# default huge page size, the part is the same: the page cache's huge
# folios are 2 MiB ones.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/filetext.sh"

need_thp
need_cmd python3

# same_page_cache TEXT JSON: the page_cache of the report JSON says what
# the page cache section of the report TEXT says, and its executable
# segment's whole pages are the bytes readelf gives (text_whole).
same_page_cache() {
	python3 - "$1" "$2" "$(text_whole prog)" <<'P' ||
import json, re, sys
text = open(sys.argv[1]).read()
r = json.load(open(sys.argv[2]))
pc = r["page_cache"]
lines = re.findall(r"^  segment (\d+): (\d+) MiB of whole 2 MiB pages, (.*)$",
                   text, re.M)
assert len(lines) == len(pc), (lines, pc)
codes = [("file offset not congruent", "not_congruent"),
         ("congruent in the file, but", "base_unaligned"),
         ("congruent; what the page cache holds is not shown", "not_shown"),
         ("congruent; the page cache cannot be asked: ", "cannot_ask"),
         ("congruent; ", "measured"), ("congruent", "congruent")]
for (phdr, mib, says), s in zip(lines, pc):
    assert (s["phdr"], s["whole_bytes"] >> 20) == (int(phdr), int(mib)), s
    assert s["page_size"] == 2 << 20, s
    assert s["state"] == next(c for t, c in codes if says.startswith(t)), s
    m = re.match(r"congruent; (\d+) MiB in huge folios in the page cache "
                 r"now, of the (\d+) MiB it holds whole", says)
    got = [s["huge_folio_bytes"], s["held_bytes"]]
    assert got == ([int(m[1]) << 20, int(m[2]) << 20] if m else [None, None]), s
    if s["state"] == "cannot_ask":
        assert s["error"] == says.split(": ", 1)[1], s
    else:
        assert s["error"] is None, s
text = [s for s in pc for g in r["segments"]
        if g["phdr"] == s["phdr"] and "X" in g["flags"]]
assert [s["whole_bytes"] for s in text] == [int(sys.argv[3])], text
P
		fail "inspect --json and the text disagree on the page cache: $(cat "$2")"
}
write_bigtext 8
hl_cc -O2 -Wl,--hugetlbfs-align -o built bigtext.c || fail "cannot link"
"$CC" -O2 -o plain bigtext.c || fail "cannot link plain"
cp built prog

"$HLBIN/hugelink-inspect" plain >plain.out || fail "inspect plain failed"
grep -q "no PT_LOAD asks for a load base aligned" plain.out ||
	fail "inspect plain: $(sed -n '/^page cache/,/^$/p' plain.out)"
ok "plain PIE: the load base is not aligned"

"$HLBIN/hugelink-inspect" prog >fresh.out || fail "inspect prog failed"
"$HLBIN/hugelink-inspect" prog --json >fresh.json ||
	fail "inspect prog --json failed"
grep -q "congruent; 0 MiB in huge folios" fresh.out ||
	fail "inspect, a copy just written: $(sed -n '/^page cache/,/^$/p' fresh.out)"
same_page_cache fresh.out fresh.json
ok "--json, a copy just written: page_cache says what the text says"
"$HUGECTL" --prime prog >/dev/null || fail "--prime prog"
"$HLBIN/hugelink-inspect" prog >primed.out || fail "inspect prog failed"
"$HLBIN/hugelink-inspect" prog --json >primed.json ||
	fail "inspect prog --json failed"
grep -Eq "8 MiB of whole 2 MiB pages, congruent; [1-8] MiB in huge folios in the page cache now, of the 8 MiB it holds whole" primed.out ||
	fail "inspect, primed: $(sed -n '/^page cache/,/^$/p' primed.out)"
ok "relinked: $(grep -c 'congruent;' primed.out) segments congruent; $(grep -m1 'in huge folios' primed.out)"
same_page_cache primed.out primed.json
python3 - primed.json <<'P' || fail "inspect --json, primed: $(cat primed.json)"
import json, sys
pc = json.load(open(sys.argv[1]))["page_cache"]
assert pc and all(s["state"] == "measured" and
                  s["huge_folio_bytes"] == s["held_bytes"] == s["whole_bytes"]
                  for s in pc), pc
P
ok "--json, primed: huge_folio_bytes $(python3 -c 'import json, sys
print(" + ".join(str(s["huge_folio_bytes"]) for s in
      json.load(open(sys.argv[1]))["page_cache"]))' primed.json), all of whole_bytes"

# The page cache's huge folios are 2 MiB ones whatever the default huge
# page size: with 1 GiB pages the default, the part is the same.
if [ -d /sys/kernel/mm/hugepages/hugepages-1048576kB ]; then
	HUGETLB_DEFAULT_PAGE_SIZE=1G "$HLBIN/hugelink-inspect" prog >1g.out ||
		fail "inspect prog, 1 GiB default, failed"
	HUGETLB_DEFAULT_PAGE_SIZE=1G "$HLBIN/hugelink-inspect" prog --json \
		>1g.json || fail "inspect prog --json, 1 GiB default, failed"
	grep -q "^default huge page size: 1G" 1g.out ||
		fail "inspect prog, 1 GiB default: $(head -n 8 1g.out)"
	grep -E '^(page cache|  segment [0-9]+: )' primed.out >primed.part
	grep -E '^(page cache|  segment [0-9]+: )' 1g.out |
		diff -u primed.part - ||
		fail "inspect, 1 GiB default: another page cache part"
	same_page_cache 1g.out 1g.json
	ok "1 GiB the default: the same page cache part, in the text and --json"
else
	ok "1 GiB the default: not checked, this kernel offers no 1 GiB pages"
fi

start_holds 1 env HUGETLB_ELFMAP=R ./prog
set -- $(text_smaps $holds "$PWD/prog")
"$HLBIN/hugelink-inspect" --pid $holds >pid.out || fail "inspect --pid failed"
"$HLBIN/hugelink-inspect" --pid $holds --json >pid.json ||
	fail "inspect --pid --json failed"
stop_holds
grep -q "page cache, $(($2 >> 20))M of [0-9.]*M on 2M pages r-xp" pid.out ||
	fail "inspect --pid does not show $2 bytes from the page cache: $(cat pid.out)"
ok "--pid: $(grep -m1 'page cache,' pid.out | sed 's/^ *//')"
python3 - pid.json "$2" <<'E' || fail "inspect --pid --json: $(cat pid.json)"
import json, sys
r = json.load(open(sys.argv[1]))
parts = [p for s in r["objects"][0]["segments"] if "X" in s["flags"]
         for p in s["parts"] if p["backing"] == "page_cache"]
assert parts and all(p["own_file"] for p in parts), parts
assert sum(p["huge_bytes"] for p in parts) == int(sys.argv[2]), parts
E
ok "--pid --json: the text's parts are page_cache, $2 bytes on huge pages"

# A kernel that refuses MADV_POPULATE_READ (before Linux 5.14) leaves the
# page cache unasked, and the line names the call: strace makes the
# first populate of the primed text fail.
need_cmd strace
strace -f -o inspect.trace "$HLBIN/hugelink-inspect" prog >/dev/null ||
	fail "inspect under strace failed"
n=$(grep -E '^[0-9]+ +madvise\(' inspect.trace | grep -n MADV_POPULATE_READ | head -n 1 | cut -d: -f1)
[ -n "$n" ] || fail "inspect populated nothing of the primed text: $(grep madvise inspect.trace)"
strace -f -o /dev/null -e inject=madvise:error=EINVAL:when="$n" \
	"$HLBIN/hugelink-inspect" prog >refused.out || fail "inspect, populate refused, failed"
grep -q "congruent; the page cache cannot be asked: madvise(MADV_POPULATE_READ): Invalid argument" refused.out ||
	fail "inspect, populate refused: $(grep -m1 'congruent;' refused.out)"
ok "populate refused: $(grep -m1 'congruent;' refused.out | sed 's/.*congruent; //')"
strace -f -o /dev/null -e inject=madvise:error=EINVAL:when="$n" \
	"$HLBIN/hugelink-inspect" prog --json >refused.json ||
	fail "inspect --json, populate refused, failed"
same_page_cache refused.out refused.json
grep -q '"state": "cannot_ask"' refused.json ||
	fail "inspect --json, populate refused: $(cat refused.json)"
ok "populate refused: --json says cannot_ask, with the call"

# The backing of the text under R: the page cache is tried first, with
# auto and with file, and the backing named is what serves where it does
# not; with thp, the page cache is not tried.  --json says the same.
# text_phdr FILE: the index of FILE's executable PT_LOAD among its
# program headers.
text_phdr() {
	readelf -lW "$1" | awk '/^Program Headers:/ { on = 1; getline; next }
		on && NF == 0 { exit }
		on { if ($1 == "LOAD" && / R E /) print i; i++ }'
}
[ -n "$(text_phdr prog)" ] || fail "no executable PT_LOAD in prog"
for backing in auto file thp; do
	HUGETLB_ELFMAP=R HUGELINK_BACKING=$backing "$HLBIN/hugelink-inspect" prog >b.out ||
		fail "inspect, $backing, failed"
	HUGETLB_ELFMAP=R HUGELINK_BACKING=$backing "$HLBIN/hugelink-inspect" --json prog >b.json ||
		fail "inspect --json, $backing, failed"
	row=$(sed -n '/^backing (/,/^$/p' b.out | grep -E "^ +$(text_phdr prog)  ")
	first=$(python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
print([s for s in r["segments"] if s["phdr"] == int(sys.argv[2])][0]["page_cache_first"])' b.json "$(text_phdr prog)")
	case $backing,$row,$first in
	auto,*"(where the page cache, tried first, does not serve it: see below)",True) ;;
	file,*"(where the page cache, tried first, does not serve it: see below)",True) ;;
	thp,*"tried first"*,*) fail "thp: the page cache is said to be tried: $row" ;;
	thp,*,False) ;;
	*) fail "$backing: the text's backing row: $row; page_cache_first $first" ;;
	esac
done
ok "the backing rows say the page cache is tried first, with auto and file"
