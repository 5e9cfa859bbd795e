# SPDX-License-Identifier: MIT
# A library's ranges take their backings by the program's rules, but for
# one: its writable ranges never take hugetlb pages (glibc's fork()
# writes libc's data in the child before any handler runs, and dlclose()
# unmaps a library).  With no pool, text, rodata, data and bss go on
# transparent huge pages and the pool is not touched; with
# HUGELINK_BACKING=hugetlb the text takes the pool and the data stays on
# base pages, saying why; with HUGELINK_BACKING=thp everything goes on
# THP; with THP off for the process, the text takes the pool and the data
# stays, saying why.
. "$HL_SRC/tests/integration/common.sh"
need_thp
build_helper nothp
build_libcheck libcheck.so -Wl,--hugetlbfs-align
build_use_plain use

# run NAME PREFIX...: run the library's user, opening libcheck, under
# HUGETLB_ELFMAP=RW and PREFIX (variables, nothp).
run() {
	_n=$1
	shift
	env HUGETLB_ELFMAP=RW "$@" ./use pool open ./libcheck.so pool >out 2>err ||
		fail "$_n: $(cat out err)"
	! grep -q '^BAD' out || fail "$_n: $(grep '^BAD' out)"
	expect_lines out ok
}
# pool_used: the pool pages the run took, from its two counts.
pool_used() {
	set -- $(sed -n 's/^pool-free //p' out)
	echo $(($1 - $2))
}

pool_set_free 0
run "no pool"
expect_lines out "lib-text thp" "lib-rodata thp" "lib-data thp" "lib-bss thp"
[ "$(pool_used)" -eq 0 ] || fail "no pool: the pool changed"
ok "no pool: all of the library on transparent huge pages"

pool_set_free 24
run "HUGELINK_BACKING=hugetlb" HUGELINK_BACKING=hugetlb
expect_lines out "lib-text 2048" "lib-rodata 2048" "lib-data 4" "lib-bss 4"
grep -q "libcheck.so: .*a shared library's writable data never goes on hugetlb" err ||
	fail "hugetlb: no reason for the data: $(cat err)"
[ "$(pool_used)" -eq "$(huge_pages_needed libcheck.so 2048 R)" ] ||
	fail "hugetlb: took $(pool_used) pool pages"
ok "HUGELINK_BACKING=hugetlb: text from the pool, data on base pages, with a reason"

run "HUGELINK_BACKING=thp" HUGELINK_BACKING=thp
expect_lines out "lib-text thp" "lib-rodata thp" "lib-data thp" "lib-bss thp"
[ "$(pool_used)" -eq 0 ] || fail "thp: took $(pool_used) pool pages"
ok "HUGELINK_BACKING=thp: all on transparent huge pages, none from the pool"

run "THP off" ./nothp
expect_lines out "lib-text 2048" "lib-rodata 2048" "lib-data 4" "lib-bss 4"
grep -q "libcheck.so: .*transparent huge pages are not usable" err ||
	fail "THP off: no reason for the data: $(cat err)"
ok "THP off: text from the pool, data on base pages, with a reason"
