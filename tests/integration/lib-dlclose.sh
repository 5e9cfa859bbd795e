# SPDX-License-Identifier: MIT
# dlclose() of a library that moved to huge pages leaves nothing behind:
# no mapping where it was, its huge pages included, and every page of the
# pool back; opened again, it moves again.  Whichever copy of the
# runtime acts: the program's, or the library's own (which goes with it).
# Laid out by lld, the library's bss does not end on a huge page: its
# huge pages end before the library does, or dlclose() would leave the
# last one behind.
. "$HL_SRC/tests/integration/common.sh"
need_thp
pool_reserve 24

build_libcheck libcheck.so -Wl,--hugetlbfs-align
build_use_plain use
build_libuse use-hl -Wl,--hugetlbfs-align

mkdir lld
build_libcheck lld/libcheck.so -fuse-ld=lld -Wl,--hugetlbfs-align

for prog in use use-hl lld; do
	lib=./libcheck.so mid=
	if [ "$prog" = lld ]; then
		lib=./lld/libcheck.so mid=mid prog=use
	fi
	# lld lays the headers out with the rodata: its pages differ.
	lib_r=$(huge_pages_needed "$lib" 2048 R)
	HUGETLB_ELFMAP=RW "./$prog" $mid pool open "$lib" pool close pool \
		open "$lib" pool >out 2>err || fail "$prog: $(cat out err)"
	[ "$(grep -c '^lib-text 2048$' out)" -eq 2 ] &&
		[ "$(grep -c '^lib-bss thp$' out)" -eq 2 ] ||
		fail "$prog $lib: not moved both times: $(cat out)"
	expect_lines out "gone yes" "ok"
	set -- $(sed -n 's/^pool-free //p' out)
	[ $# -eq 4 ] || fail "$prog: $(cat out)"
	[ $(($1 - $2)) -eq "$lib_r" ] ||
		fail "$prog: the library took $(($1 - $2)) pool pages, not $lib_r"
	[ "$3" -eq "$1" ] || fail "$prog: dlclose left $(($1 - $3)) pool pages taken"
	[ "$4" -eq "$2" ] || fail "$prog: opened again, it took $(($1 - $4)) pages"
	! grep -q "staying on base pages.*libcheck" err || fail "$prog: $(cat err)"
	ok "$prog $lib: dlclose leaves nothing, dlopen again moves it again"
done
