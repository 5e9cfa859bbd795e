#!/bin/sh
# make install PREFIX=<dir>, then gcc -B <dir>/share/hugelink
# -Wl,--hugetlbfs-align gives working programs laid out for huge pages;
# the installed tree still works after it is moved.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/link.sh"

env -u MAKEFLAGS -u MAKELEVEL make -s -C "$HL_SRC" B="$HL_BUILD" \
	install PREFIX="$PWD/p" DESTDIR= >make.log 2>&1 ||
	{ cat make.log; fail "make install failed"; }
for f in bin/hugetlbfs-ld bin/ld.hugetlbfs share/hugelink/ld \
	 share/hugelink/ld.lld share/hugelink/ldscripts/elf_x86_64.xBDT \
	 share/man/man1/hugetlbfs-ld.1 lib/libhugelink.so lib/libhugelink.a; do
	[ -e "p/$f" ] || fail "not installed: $f"
done
[ "$(readlink p/share/hugelink/ld)" = ../../bin/hugetlbfs-ld ] ||
	fail "share/hugelink/ld is not a relative link"

write_prog
write_lib
# use_tree DIR: run the checks against the tree installed in DIR.
use_tree() {
	HLDIR=$1/share/hugelink HLLIB=$1/lib HLBIN=$1/bin
	for mode in align B; do
		for kind in pie static; do
			check_program "$mode" "$kind"
		done
	done
	check_shared align
}
use_tree "$PWD/p"
mv p q
use_tree "$PWD/q"
ok "moved install tree"
