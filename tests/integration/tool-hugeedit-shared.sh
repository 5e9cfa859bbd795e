# SPDX-License-Identifier: MIT
# hugeedit works on shared libraries as on programs: --text flags the
# read-only segments of a relinked library, which then go on huge pages
# with no HUGETLB_ELFMAP, its data staying where it was; --disable
# clears the flags again; nothing else in the file changes.  Judged from
# the library's own smaps and readelf.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/link.sh"
need_thp
pool_reserve 24

build_libcheck libcheck.so -Wl,--hugetlbfs-align
cp libcheck.so orig.so
build_use_plain use

"$HUGEEDIT" --text libcheck.so >out 2>&1 || fail "hugeedit --text: $(cat out)"
load_flags libcheck.so >flags.txt
loads libcheck.so
paste -d ' ' loads.txt flags.txt >both.txt
while read -r _t _va _fs _ms _fl _al _pf; do
	case $_fl in *W*) want=0 ;; *) want=1 ;; esac
	[ $((_pf / 1048576 % 2)) -eq "$want" ] ||
		fail "PT_LOAD at $_va: PF_LINUX_HUGETLB is not $want"
done <both.txt
cmp -l orig.so libcheck.so | wc -l >changed
[ "$(cat changed)" -le "$(wc -l <loads.txt)" ] ||
	fail "hugeedit changed $(cat changed) bytes"
readelf -lW orig.so | grep -v '^Elf\|^Entry' >a.txt
readelf -lW libcheck.so | grep -v '^Elf\|^Entry' >b.txt
diff -u a.txt b.txt || fail "readelf sees other changes"
ok "hugeedit --text flags the library's read-only segments, and nothing else"

./use open ./libcheck.so >out 2>err || fail "flagged: $(cat out err)"
expect_lines out "lib-text 2048" "lib-rodata 2048" "lib-data 4" "lib-bss 4" "ok"
ok "no HUGETLB_ELFMAP: the flagged segments of the library move"

"$HUGEEDIT" --disable libcheck.so >out 2>&1 || fail "hugeedit --disable: $(cat out)"
cmp orig.so libcheck.so || fail "--disable did not give the original back"
./use open ./libcheck.so >out 2>err || fail "cleared: $(cat out err)"
expect_lines out "lib-text 4" "ok"
ok "hugeedit --disable clears them"
