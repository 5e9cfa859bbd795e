#!/bin/sh
# SPDX-License-Identifier: MIT
# <prefix>/share/libhugetlbfs works as a -B directory, as existing
# Makefiles written for libhugetlbfs use it (gcc -B
# /usr/share/libhugetlbfs -Wl,--hugetlbfs-align): the same layouts and
# the runtime, -fuse-ld included, and ld.hugetlbfs is there too.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/link.sh"

P=$((2 * MIB))
HLDIR=$HLDATA/libhugetlbfs
if [ ! -d "$HLDIR" ]; then
	[ -n "$(libhugetlbfs_names hugectl)" ] && fail "$HLDIR is not staged"
	skip "the build left libhugetlbfs's names out (LIBHUGETLBFS_NAMES=no), and $HLDIR with them"
fi
write_prog
check_program align pie
check_program align no-pie
check_program B no-pie
check_program BDT static
ok "gcc -B $HLDIR"

hl_cc -fuse-ld=lld -Wl,--hugetlbfs-align -o p-lld prog.c
[ "$(linker_of p-lld)" = lld ] || fail "p-lld was not linked by lld"
check_pages p-lld $P $P
check_embedded_runtime p-lld
check_run p-lld $P pie
ok "-fuse-ld=lld through $HLDIR"

$CC -O1 -c -o prog.o prog.c
args=$(cc_link_args pie prog.o)
"$HLDIR/ld.hugetlbfs" --hugetlbfs-align $args -o p-direct
check_starts p-direct $P $P
check_embedded_runtime p-direct
ok "$HLDIR/ld.hugetlbfs"
