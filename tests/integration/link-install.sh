#!/bin/sh
# SPDX-License-Identifier: MIT
# make install PREFIX=<dir>, then gcc -B <dir>/share/hugelink
# -Wl,--hugetlbfs-align gives working programs laid out for huge pages;
# the installed tree still works after it is moved.  The shared runtime
# is installed under its versioned soname, with the usual links.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/link.sh"

hl_make "$PWD/b" install PREFIX="$PWD/p" DESTDIR=
version=$(cat "$HL_SRC/VERSION")
major=${version%%.*}
for f in bin/hugetlbfs-ld bin/ld.hugetlbfs share/hugelink/ld \
	 share/hugelink/ld.lld share/hugelink/ldscripts/elf_x86_64.xBDT \
	 share/libhugetlbfs/ld share/libhugetlbfs/ld.hugetlbfs \
	 share/man/man1/hugetlbfs-ld.1 lib/libhugelink.so lib/libhugelink.a \
	 "lib/libhugelink.so.$major" "lib/libhugelink.so.$version" \
	 lib/pkgconfig/hugelink.pc; do
	[ -e "p/$f" ] || fail "not installed: $f"
done
[ "$(readlink p/share/hugelink/ld)" = ../../bin/hugetlbfs-ld ] ||
	fail "share/hugelink/ld is not a relative link"
[ "$(readlink p/lib/libhugelink.so)" = "libhugelink.so.$major" ] &&
	[ "$(readlink "p/lib/libhugelink.so.$major")" = "libhugelink.so.$version" ] &&
	[ -f "p/lib/libhugelink.so.$version" ] && [ ! -L "p/lib/libhugelink.so.$version" ] ||
	fail "the runtime's links: $(ls -l p/lib)"
readelf -dW "p/lib/libhugelink.so.$version" |
	grep -q "SONAME.*\[libhugelink\.so\.$major\]" || fail "no soname libhugelink.so.$major"
ok "installed; libhugelink.so -> .so.$major -> .so.$version"

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
	hl_cc -Wl,--hugetlbfs-align,--hugetlbfs-runtime=shared -o shared prog.c
	check_shared_runtime shared
	check_run shared $((2 * MIB)) pie
}
use_tree "$PWD/p"
mv p q
use_tree "$PWD/q"
ok "moved install tree"
