# SPDX-License-Identifier: MIT
# A shared library that dlopen() loads goes on huge pages as it arrives,
# and so do the relinked libraries it needs.  Alone, the process gets
# the library's text, rodata, data and bss moved; while another thread
# runs, the text and rodata, and the data and bss stay on base pages with
# a reason.  A library HUGELINK_LIBS names carries no runtime: it moves
# when the next relinked library arrives, even while another thread runs
# in its text.  Every byte is kept (lib/libcheck.c checks itself from
# the inside, from smaps and the file).  One copy of the runtime acts:
# the program's, or, when the program has none, the library's.
. "$HL_SRC/tests/integration/common.sh"
need_thp
pool_reserve 24

build_libcheck libcheck.so -Wl,--hugetlbfs-align
build_libcheck libplain.so -DMB=5
build_use_plain use
build_libuse use-hl -Wl,--hugetlbfs-align
echo 'int top(void) { return 1; }' >top.c
hl_cc -O1 -fPIC -shared -o libtop.so top.c -Wl,--hugetlbfs-align \
	-L. -Wl,--no-as-needed -lcheck -Wl,-rpath,"$PWD"

for prog in use use-hl; do
	HUGETLB_ELFMAP=RW "./$prog" open ./libcheck.so >out 2>err ||
		fail "$prog: $(cat out err)"
	expect_lines out "lib-text 2048" "lib-rodata 2048" "lib-data thp" \
		"lib-bss thp" "ok"
	! grep -q "libcheck.so:" err || fail "$prog: $(cat err)"
	ok "$prog: dlopen, alone: the library on huge pages"

	HUGETLB_ELFMAP=RW "./$prog" thread open ./libcheck.so >out 2>err ||
		fail "$prog, thread: $(cat out err)"
	expect_lines out "lib-text 2048" "lib-rodata 2048" "lib-data 4" \
		"lib-bss 4" "ok"
	grep -q "libcheck.so: staying on base pages .*writable, and other threads run" err ||
		fail "$prog: no reason for the data: $(cat err)"
	ok "$prog: dlopen beside another thread: text moved, data stayed, with a reason"
done

# What a library loaded with dlopen needs comes along.
HUGETLB_ELFMAP=RW ./use open ./libtop.so >out 2>err ||
	fail "libtop: $(cat out err)"
expect_lines out "lib-text 2048" "lib-rodata 2048" "lib-data thp" \
	"lib-bss thp" "ok"
ok "a relinked library needed by the one dlopen loads"

# Not relinked, named: nothing moves it as it arrives; the next relinked
# library's pass does, while a thread runs through its text.
HUGELINK_LIBS=libplain.so HUGETLB_FORCE_ELFMAP=yes HUGETLB_ELFMAP=R \
	./use-hl mid open ./libplain.so spin open ./libcheck.so again 1 \
	>out 2>err || fail "named: $(cat out err)"
[ "$(grep -m1 '^lib-text ' out)" = "lib-text 4" ] ||
	fail "the named library moved before a relinked one came: $(cat out)"
expect_lines out "lib-text 2048" "lib1-text 2048" "lib1-rodata 2048" \
	"lib1-data 4" "ok"
ok "a named library moved by the next pass, under a thread running in it"

acts use-hl "" ./use-hl open ./libcheck.so
acts libcheck.so "" ./use open ./libcheck.so
