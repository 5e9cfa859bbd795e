#!/bin/sh
# SPDX-License-Identifier: MIT
# A program relinked with the default runtime carries it: linked through
# a copy of the install tree that is then deleted, it still starts, and
# goes on huge pages, with no run path or library of hugelink's.  One
# linked with the shared runtime (--hugetlbfs-runtime=shared) needs the
# tree: it remaps while the tree is there, and cannot start once it is
# gone.  The oracle is the program's own smaps.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/link.sh"
pool_reserve 24

cp -a "$HL_PREFIX" tree
HLDIR=$PWD/tree/${HLDIR#"$HL_PREFIX"/}
HLLIB=$PWD/tree/${HLLIB#"$HL_PREFIX"/}
for kind in pie no-pie static static-pie; do
	build_segcheck "sc-$kind" "-$kind"
	check_embedded_runtime "sc-$kind"
done
for kind in pie no-pie; do
	build_segcheck "shared-$kind" "-$kind" -Wl,--hugetlbfs-runtime=shared
	check_shared_runtime "shared-$kind"
	HUGETLB_ELFMAP=RW "./shared-$kind" >out 2>err ||
		fail "shared-$kind failed: $(cat out err)"
	expect_lines out "text 2048" "rodata 2048" "data thp" "bss thp" "ok"
done
ok "linked through a copy of the install tree, both runtimes remap"

rm -rf tree
for kind in pie no-pie static static-pie; do
	HUGETLB_ELFMAP=RW "./sc-$kind" fork >out 2>err ||
		fail "sc-$kind failed without the tree: $(cat out err)"
	expect_lines out "text 2048" "rodata 2048" "data thp" "bss thp" \
		"fork ok" "ok"
	[ ! -s err ] || fail "sc-$kind said: $(cat err)"
done
ok "the tree deleted, programs with the runtime inside still remap"
for kind in pie no-pie; do
	if "./shared-$kind" >out 2>err; then
		fail "shared-$kind started without its runtime"
	fi
	grep -q 'libhugelink\.so\.[0-9]*: cannot open shared object file' err ||
		fail "shared-$kind: $(cat err)"
done
ok "the tree deleted, programs linked with the shared runtime cannot start"
