# SPDX-License-Identifier: MIT
# A library that was not relinked moves when HUGELINK_LIBS names it (by
# file name, soname or path, or "all") and HUGETLB_FORCE_ELFMAP=yes:
# the huge-page-aligned interior of each segment, as for a program that
# was not relinked.  Not named, it stays and nothing is said of it;
# named but not forced, it stays and says that it shares huge pages;
# with "all", only where forcing would move it.
# hugectl --libs sets both.  Judged from the library's own smaps, in the
# middle of each kind, with every byte checked.
. "$HL_SRC/tests/integration/common.sh"
need_thp
pool_reserve 24

build_libcheck libplain.so.1.2 -DMB=5 -Wl,-soname,libplain.so.1
ln -s libplain.so.1.2 libplain.so.1
ln -s libplain.so.1.2 libplain.so
build_libuse use-hl -Wl,--hugetlbfs-align -L. -lplain
build_libuse use-plain -L. -lplain
build_use_plain use

# moved NAME: the library's middles on huge pages, its bytes intact.
moved() {
	expect_lines out "lib-text 2048" "lib-rodata 2048" "lib-data thp" \
		"lib-bss thp" "ok"
	ok "$1"
}

HUGELINK_LIBS=libplain.so.1 HUGETLB_FORCE_ELFMAP=yes ./use-hl mid linked \
	>out 2>err || fail "by name: $(cat out err)"
moved "named by the file name it was loaded as, forced"
HUGELINK_LIBS=x.so:libplain.so.1 HUGETLB_FORCE_ELFMAP=yes \
	./use-hl mid open "$PWD/libplain.so.1.2" >out 2>err ||
	fail "by soname: $(cat out err)"
moved "named by its soname"
HUGELINK_LIBS=$PWD/libplain.so.1 HUGETLB_FORCE_ELFMAP=yes ./use-hl mid linked \
	>out 2>err || fail "by path: $(cat out err)"
moved "named by its path"
HUGELINK_LIBS=$PWD/libplain.so.1.2 HUGETLB_FORCE_ELFMAP=yes ./use-hl mid linked \
	>out 2>err || fail "by the path its links lead to: $(cat out err)"
moved "named by the path its links lead to"
HUGELINK_LIBS=all HUGETLB_FORCE_ELFMAP=yes ./use-hl mid linked \
	>out 2>err || fail "all: $(cat out err)"
moved "HUGELINK_LIBS=all"
! grep -q "libc\.so" err || fail "all: libc was talked about: $(cat err)"

HUGETLB_FORCE_ELFMAP=yes ./use-hl mid linked >out 2>err ||
	fail "unnamed: $(cat out err)"
expect_lines out "lib-text 4" "lib-data 4" "ok"
! grep -q "libplain" err || fail "unnamed, it said: $(cat err)"
ok "not named: left alone, quietly"

HUGELINK_LIBS=libplain.so.1 HUGETLB_ELFMAP=RW ./use-hl mid linked >out 2>err ||
	fail "not forced: $(cat out err)"
expect_lines out "lib-text 4" "lib-data 4" "ok"
grep -q "libplain.so.1: .*shares a huge page" err ||
	fail "not forced: no reason: $(cat err)"
ok "named, not forced: left, with the reason"

# With "all", the libraries forcing would not move either, as the
# dynamic loader (far smaller than a huge page), go without a word.
HUGELINK_LIBS=all HUGETLB_ELFMAP=RW ./use-hl mid linked >out 2>err ||
	fail "all, not forced: $(cat out err)"
expect_lines out "lib-text 4" "lib-data 4" "ok"
grep -q "libplain.so.1: .*shares a huge page.*HUGETLB_FORCE_ELFMAP" err ||
	fail "all, not forced: no reason for libplain: $(cat err)"
! grep -q "ld-linux" err || fail "all, not forced: the loader was talked about: $(cat err)"
ok "all, not forced: libplain says why, the loader says nothing"

"$HUGECTL" --text --data --libs=libplain.so.1 ./use-plain mid linked \
	>out 2>err || fail "hugectl --libs: $(cat out err)"
moved "hugectl --libs, the runtime preloaded"
