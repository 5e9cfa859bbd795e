# SPDX-License-Identifier: MIT
# The examples build as a user builds them, with examples/Makefile and
# HUGELINK pointing at the install, and run: on base pages, and on huge
# pages with the HUGETLB_ELFMAP their comments give, each reporting the
# page size the kernel gave it in smaps.  Built small (-DNFUNC, -DMIB) so
# that the test is quick and the pool it needs is small.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 16

cp "$HL_SRC"/examples/Makefile "$HL_SRC"/examples/*.c "$HL_SRC"/examples/*.h .
make -s HUGELINK="$HL_PREFIX" CC="$CC" CPPFLAGS="-DNFUNC=512 -DMIB=16" \
	itlb dtlb dtlb-1g >make.out 2>&1 || fail "make: $(cat make.out)"
[ ! -s make.out ] || fail "the build said: $(cat make.out)"
for p in itlb dtlb dtlb-1g; do
	elf_check $p
	readelf -nW $p | grep -q '^ *hugelink ' || fail "$p does not carry the runtime"
done
ok "examples/Makefile builds itlb, dtlb and dtlb-1g through the wrapper"

# run NAME ELFMAP LINE: run ./NAME briefly and expect LINE about its
# memory, and nothing on stderr.
run() {
	HUGETLB_ELFMAP=$2 ./$1 0.1 >out 2>err || fail "$1 with HUGETLB_ELFMAP=$2: $(cat out err)"
	expect_lines out "$3"
	[ ! -s err ] || fail "$1 with HUGETLB_ELFMAP=$2 said: $(cat err)"
}
run itlb no "text: 2 MiB on 4 kB pages"
run itlb R "text: 2 MiB on 2048 kB pages"
run dtlb no "table: 16 MiB on 4 kB pages"
run dtlb W "table: 16 MiB on transparent huge pages"
ok "itlb's text on 2 MiB pages and dtlb's table on transparent huge pages when asked, 4 kB otherwise"

# The Makefile's own run rule, as its comment tells a user to use it.
make -s HUGELINK="$HL_PREFIX" CC="$CC" CPPFLAGS="-DNFUNC=512 -DMIB=16" run \
	>run.out 2>&1 || fail "make run: $(cat run.out)"
expect_lines run.out "text: 2 MiB on 4 kB pages" "text: 2 MiB on 2048 kB pages" \
	"table: 16 MiB on 4 kB pages" "table: 16 MiB on transparent huge pages"
ok "make run shows both examples on base pages (plain links) and on huge pages"

sh -n "$HL_SRC/examples/demo.sh" || fail "examples/demo.sh does not parse"
