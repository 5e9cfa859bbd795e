#!/bin/sh
# SPDX-License-Identifier: MIT
# clang -B<prefix>/share/hugelink finds the wrapper as "ld" (and as ld.lld
# with -fuse-ld=lld), like gcc does.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/link.sh"

need_cmd clang
need_cmd ld.lld
CC=clang
write_prog
write_lib
for kind in pie no-pie static static-pie; do
	check_program align "$kind"
done
check_program BDT pie
check_shared align
hl_cc -fuse-ld=lld -Wl,--hugetlbfs-align -o prog-lld prog.c
[ "$(linker_of prog-lld)" = lld ] || fail "prog-lld was not linked by lld"
check_pages prog-lld $((2 * MIB)) $((2 * MIB))
check_run prog-lld $((2 * MIB)) pie
check_embedded_runtime prog-lld
ok "clang -fuse-ld=lld"
