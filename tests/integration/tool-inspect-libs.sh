# SPDX-License-Identifier: MIT
# hugelink-inspect explains what each library of a program would get,
# finding them as glibc's loader does (DT_RUNPATH and DT_RPATH with
# $ORIGIN, LD_LIBRARY_PATH, /etc/ld.so.cache, the default directories)
# without running the program: the loader itself (LD_TRACE_LOADED_OBJECTS,
# what ldd runs) is the oracle for the paths.  A library that cannot be
# found is said to be.  --pid shows the libraries of a running process,
# each segment backed as the library's own smaps says.
. "$HL_SRC/tests/integration/common.sh"
need_cmd python3
need_thp
pool_reserve 24
inspect=$HLBIN/hugelink-inspect

mkdir lib ld gone
build_libcheck lib/libcheck.so -Wl,--hugetlbfs-align
build_libcheck ld/libplain.so
echo 'int gone(void) { return 0; }' >gone.c
"$CC" -fPIC -shared -o gone/libgone.so gone.c
# libcheck through the program's RUNPATH ($ORIGIN), libplain through
# LD_LIBRARY_PATH, libgone through an RPATH into a directory emptied later.
hl_cc $HC_CFLAGS -o prog "$HLINC/libuse.c" -Wl,--hugetlbfs-align \
	-Wl,--no-as-needed -Llib -lcheck -Lld -lplain -Wl,-rpath,'$ORIGIN/lib'
"$CC" -shared -fPIC -o lib/libold.so gone.c -Wl,--disable-new-dtags \
	-Wl,-rpath,"$PWD/gone" -Lgone -Wl,--no-as-needed -lgone
echo 'int main(void) { return 0; }' >user.c
"$CC" -o user user.c -Wl,--no-as-needed -Llib -lold -Wl,-rpath,"$PWD/lib"

# The loader's answers, for the libraries it finds.
LD_LIBRARY_PATH=$PWD/ld LD_TRACE_LOADED_OBJECTS=1 ./prog >ldd.txt ||
	fail "the loader cannot load prog: $(cat ldd.txt)"
LD_LIBRARY_PATH=$PWD/ld HUGETLB_ELFMAP=RW "$inspect" --json prog >r.json ||
	fail "inspect: $(cat r.json)"
LD_LIBRARY_PATH=$PWD/ld HUGETLB_ELFMAP=RW "$inspect" prog >r.txt ||
	fail "inspect: $(cat r.txt)"
python3 - r.json ldd.txt <<'EOF2' || fail "$(cat r.txt)"
import json, os, sys
r = json.load(open(sys.argv[1]))
libs = {l["name"]: l for l in r["libraries"]}
ldd = {}
for line in open(sys.argv[2]):
    w = line.split()
    if len(w) >= 3 and w[1] == "=>":
        ldd[w[0]] = os.path.realpath(w[2])
for name, path in ldd.items():
    assert name in libs, "inspect does not list " + name
    assert os.path.realpath(libs[name]["path"]) == path, (name, libs[name]["path"], path)
c = libs["libcheck.so"]
assert c["found_by"] == "RUNPATH" and c["kind"] == "carrier" and c["moves"], c
assert c["relinked"] and c["carries_runtime"], c
assert [s["backing"] for s in c["segments"]] == [None] + ["hugetlb"] * 2 + ["thp"], c
assert c["segments"][0]["why"] == "sparse", c
p = libs["libplain.so"]
assert p["found_by"] == "LD_LIBRARY_PATH" and p["kind"] == "none", p
assert not p["moves"] and not p["relinked"], p
assert libs["libc.so.6"]["found_by"] == "ld.so.cache", libs["libc.so.6"]
assert r["library_runtime"] == "the program's" and r["library_runtime_moves"]
EOF2
grep -q "^  libcheck.so => $PWD/lib/libcheck.so (RUNPATH): relinked, carries the runtime" r.txt ||
	fail "text: $(cat r.txt)"
ok "the libraries the loader finds, found where it finds them, judged"

# Advice for a library that was not relinked: forcing where a segment of
# it spans a whole huge page (libplain, readelf), relinking where none
# does (libold, a few KiB).
# spans FILE: how many of FILE's PT_LOADs span 2 MiB (readelf's MemSiz).
spans() {
	_n=0
	for _m in $(readelf -lW "$1" | awk '$1 == "LOAD" { print $6 }'); do
		[ $((_m)) -lt $((2 * 1048576)) ] || _n=$((_n + 1))
	done
	echo "$_n"
}
[ "$(spans ld/libplain.so)" -gt 0 ] ||
	fail "readelf: no PT_LOAD of libplain.so spans 2 MiB"
grep -q "^  libplain.so => .*: not relinked: name it in HUGELINK_LIBS, with HUGETLB_FORCE_ELFMAP=yes" r.txt ||
	fail "libplain: $(cat r.txt)"
"$inspect" user >u.txt || fail "inspect user: $(cat u.txt)"
[ "$(spans lib/libold.so)" -eq 0 ] ||
	fail "readelf: a PT_LOAD of libold.so spans 2 MiB"
grep -q "^  libold.so => .*: not relinked, and none of its segments spans a whole huge page: only relinking it can move it" u.txt ||
	fail "libold: $(cat u.txt)"
# Only the classes asked for count: libbig's one large segment is its
# data, which HUGETLB_ELFMAP=R does not ask for.
cat >big.c <<'EOF'
char big_data[8 << 20] = { 1 };
int big(void) { return big_data[0]; }
EOF
"$CC" -fPIC -shared -o lib/libbig.so big.c
"$CC" -o bigger user.c -Wl,--no-as-needed -Llib -lbig -Wl,-rpath,"$PWD/lib"
HUGETLB_ELFMAP=R "$inspect" bigger >b.txt || fail "inspect bigger: $(cat b.txt)"
grep -q "^  libbig.so => .*: not relinked, and none of its segments spans a whole huge page" b.txt ||
	fail "libbig, R: $(cat b.txt)"
HUGETLB_ELFMAP=RW "$inspect" bigger >b.txt || fail "inspect bigger: $(cat b.txt)"
grep -q "^  libbig.so => .*: not relinked: name it in HUGELINK_LIBS, with HUGETLB_FORCE_ELFMAP=yes" b.txt ||
	fail "libbig, RW: $(cat b.txt)"
ok "a library that was not relinked: forcing where it can help, else relinking"

# Named, the library that was not relinked would move, forced.
LD_LIBRARY_PATH=$PWD/ld HUGELINK_LIBS=libplain.so HUGETLB_FORCE_ELFMAP=yes \
	"$inspect" --json prog >r.json || fail "named: $(cat r.json)"
python3 -c 'import json,sys
l = [l for l in json.load(open(sys.argv[1]))["libraries"] if l["name"] == "libplain.so"][0]
assert l["kind"] == "named" and l["moves"], l
assert any(s["remap"] and s["why"] == "partial" for s in l["segments"]), l' r.json ||
	fail "named: $(cat r.json)"
ok "HUGELINK_LIBS: the interiors of a named library"

# A library's DT_RPATH finds what it needs; then it leads nowhere: not
# found, and said so.
"$inspect" user >u.txt || fail "inspect user: $(cat u.txt)"
grep -q "^  libgone.so => $PWD/gone/libgone.so (RPATH)" u.txt || fail "$(cat u.txt)"
rm gone/libgone.so
"$inspect" user >u.txt || fail "inspect user: $(cat u.txt)"
grep -q "^  libold.so => $PWD/lib/libold.so (RUNPATH)" u.txt &&
	grep -q "^  libgone.so => not found" u.txt || fail "$(cat u.txt)"
grep -q "no copy of the runtime would act" u.txt || fail "$(cat u.txt)"
ok "a library that cannot be found is said to be"

# --pid: the libraries of a running process, as their own smaps say.
mkfifo hold
LD_LIBRARY_PATH=$PWD/ld HUGETLB_ELFMAP=RW ./prog linked wait <hold >run.txt 2>&1 &
pid=$!
exec 3>hold
n=0
while ! grep -q '^ready$' run.txt && [ $n -lt 300 ]; do
	sleep 0.1
	n=$((n + 1))
done
"$inspect" --json --pid "$pid" >live.json || fail "--pid: $(cat live.json)"
"$inspect" --pid "$pid" >live.txt || fail "--pid: $(cat live.txt)"
exec 3>&-
wait "$pid" || fail "prog: $(cat run.txt)"
expect_lines run.txt "lib-text 2048" "lib-data thp" "ok"
grep -q "^library: $PWD/lib/libcheck.so " live.txt || fail "$(cat live.txt)"
python3 - live.json <<'EOF2' || fail "$(cat live.txt)"
import json, sys
objs = json.load(open(sys.argv[1]))["objects"]
assert objs[0]["main"] and not any(o["main"] for o in objs[1:])
lib = [o for o in objs if o["path"].endswith("/lib/libcheck.so")][0]
segs = lib["segments"]
assert [s["flags"] for s in segs] == ["R--", "R-X", "R--", "RW-"], segs
assert segs[0]["backing"] == "base", segs[0]
for s in segs[1:3]:
    assert s["backing"] == "hugetlb", s
    assert all(p["page_size"] == 2097152 for p in s["parts"]), s
assert any(p["backing"] == "thp" for p in segs[3]["parts"]), segs[3]
assert any(o["path"].endswith("/libc.so.6") for o in objs)
EOF2
ok "--pid: the libraries of the process, backed as they say"
