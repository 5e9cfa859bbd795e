#!/bin/sh
# SPDX-License-Identifier: MIT
# Where the runtime sits in a relinked program, so that a start the page
# cache serves takes no page fault to run it (loader/build.mk,
# machine/bound.h).  In a program with 8 MiB of text, relinked by GNU
# ld: the runtime's constructor (ldr_ctor) and one of its read-only
# constants (hl_config_r_alone) lie in the first whole 2 MiB page of
# the executable segment, which the program's first instruction maps
# with a PMD, and not in the read-only data segment; and, where gcc
# built the runtime (clang has no noplt attribute), getauxval and
# dl_iterate_phdr are bound as the program is loaded (a GLOB_DAT
# relocation) and have no PLT slot (JUMP_SLOT).  The program, which
# does not use libc's stderr itself, has no relocation against it: the
# runtime writes its messages to fd 2, and the dynamic loader looks up
# no symbol of libc for it as it loads the program.  The oracles are nm
# and readelf.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/filetext.sh"

write_bigtext 8
hl_cc -O2 -fuse-ld=bfd -Wl,--hugetlbfs-align -o prog bigtext.c ||
	fail "cannot link prog"

# The executable PT_LOAD's first whole 2 MiB page: "FROM TO".
first=$(readelf -lW prog | awk -v P=2097152 "$HL_AWK_LIB"'
	$1 == "LOAD" && / R E / { print up(hex($3)), up(hex($3)) + P }')
[ -n "$first" ] || fail "no executable PT_LOAD in prog: $(readelf -lW prog)"
set -- $first
for sym in ldr_ctor hl_config_r_alone; do
	addr=$(nm prog | awk -v s="$sym" '$3 == s { print $1 }')
	[ -n "$addr" ] || fail "nm finds no $sym in prog"
	at=$(awk "$HL_AWK_LIB"' BEGIN { print hex("'"$addr"'") }')
	[ "$at" -ge "$1" ] && [ "$at" -lt "$2" ] ||
		fail "$sym at 0x$addr: not in the text's first whole huge page ($1 to $2)"
	ok "$sym at 0x$addr: in the text's first whole huge page"
done

relocs=$(readelf -rW prog)
if printf '%s\n' "$relocs" | grep -q ' stderr@'; then
	fail "a relocation against libc's stderr: $(printf '%s\n' "$relocs" | grep stderr)"
fi
ok "no relocation against libc's stderr"
if cc_is_clang; then
	ok "clang built the runtime: getauxval and dl_iterate_phdr keep their PLT slots"
	exit 0
fi
for fn in getauxval dl_iterate_phdr; do
	printf '%s\n' "$relocs" | grep -q "GLOB_DAT .* $fn@" ||
		fail "$fn: no GLOB_DAT relocation: $(printf '%s\n' "$relocs" | grep "$fn")"
	if printf '%s\n' "$relocs" | grep -q "JUMP_SLOT .* $fn@"; then
		fail "$fn: still bound lazily through the PLT"
	fi
	ok "$fn: bound as the program is loaded (GLOB_DAT, no PLT slot)"
done
