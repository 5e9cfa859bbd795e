# SPDX-License-Identifier: MIT
# hugelink-inspect --pid says what backs each segment of a running
# process now.  Each case starts the segment checker (lib/segcheck.c),
# which reports from its own /proc/self/smaps the smallest page size
# under its text, rodata, data and bss, and where they are; the
# inspector's view of the same process, as JSON, must give the same page
# sizes over the same addresses, the load bias nm and those addresses
# imply, and one row per PT_LOAD readelf lists.  Cases: base pages, R
# and RW on hugetlb, shared text on a hugetlbfs mount, a program that was
# not relinked (forced: segments in parts), a static program, a program
# started as "ld.so ./prog", THP (HUGELINK_BACKING=thp); then a
# missing process, another user's process, and one's own process as a
# user who is not root.
. "$HL_SRC/tests/integration/common.sh"
need_cmd python3
need_cmd setpriv
# The writable segments go on THP by default, and every one with
# HUGELINK_BACKING=thp.
need_thp
pool_reserve 24
INSPECT=$HLBIN/hugelink-inspect

build_segcheck sc
build_segcheck sc-static -static
"$CC" $HC_CFLAGS -DMB=8 -o plain "$HLINC/segcheck.c"

# The judge: JSON view, segcheck's report, the program file, and the
# backing expected over each kind ("text=hugetlb", "data=hugetlb+base":
# the set of backings of the parts over its addresses; "text=base|thp":
# either).
cat >judge.py <<'E'
import json, subprocess, sys
view, report, prog = sys.argv[1:4]
want = dict(a.split("=") for a in sys.argv[4:])
r = json.load(open(view))
says = dict(l.split(" ", 1) for l in open(report).read().split("\n") if " " in l)
o = r["objects"][0]
def bad(why):
    sys.exit("%s: %s" % (prog, why))
if not o["main"]:
    bad("the first object is not the program")
loads = subprocess.run(["readelf", "-lW", prog], capture_output=True,
                       text=True).stdout.count("\n  LOAD ")
if len(o["segments"]) != loads:
    bad("%d segments, readelf lists %d" % (len(o["segments"]), loads))
nm = subprocess.run(["nm", prog], capture_output=True, text=True).stdout
vaddr = {l.split()[2]: int(l.split()[0], 16) for l in nm.splitlines()
         if len(l.split()) == 3}
at = {k: (int(says[k + "-at"].split()[0], 16), int(says[k + "-at"].split()[1]))
      for k in ("text", "rodata", "data", "bss")}
bias = at["text"][0] - vaddr["big_text"]
if int(o["load_bias"], 16) != bias:
    bad("load bias %s, nm and the program say 0x%x" % (o["load_bias"], bias))
for kind, (lo, n) in at.items():
    hi = lo + n
    parts = [p for s in o["segments"] for p in s["parts"]
             if int(p["start"], 16) < hi and int(p["end"], 16) > lo]
    covered = sum(min(hi, int(p["end"], 16)) - max(lo, int(p["start"], 16))
                  for p in parts)
    if covered != n or any(p["backing"] == "unmapped" for p in parts):
        bad("%s is not wholly mapped in the view: %s" % (kind, parts))
    got = "+".join(sorted(set(p["backing"] for p in parts)))
    if kind in want and got not in ["+".join(sorted(w.split("+")))
                                     for w in want[kind].split("|")]:
        bad("%s: backed by %s, expected %s" % (kind, got, want[kind]))
    if says[kind] == "thp":
        # The program saw AnonHugePages over the whole range.
        if got != "thp":
            bad("%s: the view says %s, the program thp" % (kind, got))
        continue
    kb = min(p["page_size"] // 1024 for p in parts)
    if str(kb) != says[kind]:
        bad("%s: the view says %d kB pages, the program %s" % (kind, kb, says[kind]))
    thp = [p for p in parts if p["mapping"]["anon_huge_pages"]]
    if any(p["backing"] != "thp" for p in thp):
        bad("%s: AnonHugePages but not called thp: %s" % (kind, thp))
for s in o["segments"]:
    if s["huge_bytes"] != sum(p["huge_bytes"] for p in s["parts"]):
        bad("segment %d: huge_bytes is not the sum of its parts" % s["phdr"])
print("%s: %s" % (prog, " ".join("%s=%s" % (k, says[k]) for k in at)))
E

# live CASE EXPECT... -- COMMAND...: run COMMAND (segcheck and its
# environment) until it has reported, and judge the inspector's view of
# it, text and JSON, while it waits.
live() {
	_case=$1; shift
	_want=
	while [ "$1" != -- ]; do _want="$_want $1"; shift; done
	shift
	echo "$_case"
	rm -f hold; mkfifo hold
	"$@" where backing wait <hold >"$_case.out" 2>"$_case.err" &
	_pid=$!
	exec 3>hold
	while ! grep -qx 'ok\|BAD' "$_case.out"; do
		kill -0 $_pid 2>/dev/null || fail "$_case: $(cat "$_case.out" "$_case.err")"
		sleep 0.05
	done
	grep -qx ok "$_case.out" || fail "$_case: $(cat "$_case.out")"
	"$INSPECT" --json --pid $_pid >"$_case.json" ||
		fail "$_case: hugelink-inspect --json --pid failed"
	"$INSPECT" --pid $_pid >"$_case.txt" ||
		fail "$_case: hugelink-inspect --pid failed"
	exec 3>&-
	wait $_pid || fail "$_case: the program failed: $(cat "$_case.err")"
	python3 -m json.tool "$_case.json" >/dev/null || fail "$_case: not JSON"
	_prog=$(for _a; do case $_a in ./*) echo "$_a" ;; esac; done | tail -n 1)
	python3 judge.py "$_case.json" "$_case.out" "$_prog" $_want ||
		{ cat "$_case.txt"; fail "$_case: the view disagrees"; }
	python3 - "$_case.json" "$_case.txt" <<'E' || fail "$_case: text and JSON disagree"
import json, sys
o = json.load(open(sys.argv[1]))["objects"][0]
text = open(sys.argv[2]).read()
whole = sum(s["huge_bytes"] == s["size"] for s in o["segments"])
line = "%d segments: %d wholly on huge pages" % (len(o["segments"]), whole)
sys.exit(0 if line in text and "program: " + o["path"] in text else 1)
E
}

live base text=base rodata=base data=base bss=base -- ./sc
live relinked-R text=hugetlb rodata=hugetlb data=base bss=base \
	-- env HUGETLB_ELFMAP=R ./sc
live relinked-RW text=hugetlb rodata=hugetlb data=thp bss=thp \
	-- env HUGETLB_ELFMAP=RW ./sc
grep -q '^   [0-9]  0x.*  RW--  mixed, 2 parts$' relinked-RW.txt ||
	fail "RW: the data segment is not shown in parts (RELRO, data): $(cat relinked-RW.txt)"
live static-RW text=hugetlb rodata=hugetlb data=thp bss=thp \
	-- env HUGETLB_ELFMAP=RW ./sc-static
# A program not relinked has its text at file offsets congruent to its
# addresses, as most links lay it out: when the page cache holds that
# file in huge folios (a file just written may), the kernel maps them
# with PMDs by itself, which the view calls page_cache.
live not-relinked text='base|page_cache' data=base -- ./plain
# Forced, the text and rodata are copied onto hugetlb pages only where
# the page cache cannot serve them, so the program's file is first put
# in small folios (the linker's output in huge folios would be served
# wherever the text's addresses agree with its file offsets).  Each kind
# is in parts only where it does not start on a 2 MiB boundary, so the
# program runs at the one address setarch -R gives it.
small_folios plain
live forced text=hugetlb+base rodata=hugetlb+base data=thp+base \
	-- setarch "$(uname -m)" -R env LD_PRELOAD="$HLLIB/libhugelink.so" \
	HUGETLB_FORCE_ELFMAP=yes ./plain
ldso=$(readelf -lW sc | sed -n 's/.*Requesting program interpreter: \(.*\)]/\1/p')
live ldso-RW text=hugetlb data=thp -- env HUGETLB_ELFMAP=RW "$ldso" ./sc
grep -q "^started by the dynamic loader run as a command: " ldso-RW.txt ||
	fail "not said: started through $ldso: $(cat ldso-RW.txt)"

# Shared text: the read-only segments map files on a hugetlbfs mount.
mount_hugetlbfs mnt
mkdir -m 700 mnt/share
live shared text=hugetlb rodata=hugetlb data=base -- env HUGETLB_SHARE=1 \
	HUGETLB_SHARE_PATH="$PWD/mnt/share" HUGETLB_ELFMAP=R ./sc
backing=$(sed -n 's/^backing //p' shared.out)
case $backing in "$PWD/mnt/share/"*) ;; *) fail "not shared: $backing" ;; esac
python3 - shared.json "$backing" <<'E' || fail "shared: the text's mapping is not named"
import json, sys
o = json.load(open(sys.argv[1]))["objects"][0]
sys.exit(0 if any(p["mapping"] and p["mapping"]["path"] == sys.argv[2]
                  for s in o["segments"] for p in s["parts"]) else 1)
E
ok "base, R, RW, static, not relinked, forced, ld.so, shared: as the programs say"

# Every segment on THP (HUGELINK_BACKING=thp).
live thp text=thp rodata=thp data=thp bss=thp -- \
	env HUGELINK_BACKING=thp HUGETLB_ELFMAP=RW ./sc
grep -q '"backing": "thp"' thp.json || fail "thp: no part on THP: $(cat thp.txt)"
ok "THP"

echo "a process that does not exist"
sleep 0 & gone=$!
wait $gone
rc=0
"$INSPECT" --pid $gone >out 2>err || rc=$?
[ $rc -eq 1 ] || fail "missing process: exit status $rc"
grep -qx "hugelink-inspect: process $gone: no such process" err || fail "said: $(cat err)"

echo "another user's process, and one's own, as a user who is not root"
add_user hlinspect
as_user() { setpriv --reuid="$uid" --regid="$gid" --clear-groups "$@"; }
sleep 600 & mine=$!
kill_at_exit $mine
rc=0
as_user "$INSPECT" --pid $mine >out 2>err || rc=$?
[ $rc -eq 1 ] || fail "$user reading root's process: exit status $rc"
grep -q "^hugelink-inspect: process $mine: /proc/$mine/smaps: Permission denied" err ||
	fail "said: $(cat err)"
setpriv --reuid="$user" --regid="$(id -g "$user")" --clear-groups sleep 600 &
theirs=$!
kill_at_exit $theirs
sleep_exe=$(readlink -f "$(command -v sleep)")
while [ "$(readlink /proc/$theirs/exe)" != "$sleep_exe" ]; do
	kill -0 $theirs || fail "$user's sleep is gone"
	sleep 0.05
done
as_user "$INSPECT" --json --pid $theirs >own.json 2>err || fail "$user: $(cat err)"
python3 -c 'import json,sys; o=json.load(open(sys.argv[1]))["objects"][0]; sys.exit(0 if o["segments"] and o["segments"][0]["backing"] == "base" else 1)' own.json ||
	fail "$user's own process: $(cat own.json)"

echo "usage errors"
for bad in "--pid" "--pid abc" "--pid 0" "--pid -1" "--pid 1 ./sc"; do
	rc=0
	"$INSPECT" $bad >out 2>err || rc=$?
	[ $rc -eq 2 ] || fail "$bad: exit status $rc, not a usage error"
done
ok "hugelink-inspect --pid"
