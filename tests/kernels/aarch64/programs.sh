#!/bin/sh
# SPDX-License-Identifier: MIT
# programs.sh DIR: cross-build the programs the aarch64 guest runs into
# DIR, which the initramfs holds as /t, through the staged wrapper with
# aarch64-linux-gnu-gcc, from the integration tests' sources
# (tests/integration/lib) and small.c here.  None has a run path: glibc
# refuses one in a static-pie program, and "use" opens libcheck.so by
# its path.
#
#   sc-KIND        segcheck relinked with --hugetlbfs-align, KIND pie,
#                  no-pie, static and static-pie
#   sc-KIND.align  big_text's address modulo 2 MiB in the file
#   small          small.c relinked for 64 KiB pages
#                  (--hugetlbfs-page-size=64K), as PIE
#   small-2m       small.c relinked for the default 2 MiB pages
#   small-32m      small.c relinked for 32 MiB (contiguous-PMD) pages
#   bti            small.c built for BTI (-mbranch-protection=standard),
#                  as PIE, with start.c for Debian's unmarked crt1.o
#   libcheck.so    libcheck relinked with --hugetlbfs-align
#   use            libuse linked plainly, to dlopen libcheck.so
#   sc-plain       segcheck with 6 MiB of each kind, linked plainly
#   nothp          runs a program with transparent huge pages off
#   sc-pie.pages   the 2 MiB pages of the pool HUGETLB_ELFMAP=RW of
#                  sc-pie takes
set -eu
: "${HL_SRC:?}" "${HL_PREFIX:?}"
cd "$1"
XCC=aarch64-linux-gnu-gcc
HLDIR=${HL_DATADIR:-$HL_PREFIX/share}/hugelink
LIB=$HL_SRC/tests/integration/lib
CF="-O1 -g -I$LIB"
X() { $XCC $CF -B"$HLDIR" "$@"; }

for kind in pie no-pie static static-pie; do
	X -o "sc-$kind" "$LIB/segcheck.c" -Wl,--hugetlbfs-align "-$kind"
	at=$(aarch64-linux-gnu-nm "sc-$kind" | awk '$3 == "big_text" { print $1 }')
	echo $((0x$at % 2097152)) >"sc-$kind.align"
done
small=$HL_SRC/tests/kernels/aarch64/small.c
X -o small "$small" -Wl,--hugetlbfs-align,--hugetlbfs-page-size=64K
X -o small-2m "$small" -Wl,--hugetlbfs-align
X -o small-32m "$small" -Wl,--hugetlbfs-align,--hugetlbfs-page-size=32M
X -o bti -nostartfiles -mbranch-protection=standard -mno-outline-atomics \
	"$HL_SRC/tests/kernels/aarch64/start.c" "$small" \
	-Wl,--hugetlbfs-align,--hugetlbfs-page-size=64K -Wl,-z,force-bti 2>/dev/null
X -Wno-prio-ctor-dtor -fPIC -shared -o libcheck.so "$LIB/libcheck.c" -Wl,--hugetlbfs-align
$XCC $CF -no-pie -o use "$LIB/libuse.c"
$XCC $CF -DMB=6 -o sc-plain "$LIB/segcheck.c"
$XCC $CF -o nothp "$LIB/nothp.c"
# The pool's 2 MiB pages RW takes of sc-pie, from readelf (common.sh).
(. "$HL_SRC/tests/integration/common.sh" && huge_pages_needed sc-pie 2048 RW) >sc-pie.pages
