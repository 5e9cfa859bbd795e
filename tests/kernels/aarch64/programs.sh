#!/bin/sh
# SPDX-License-Identifier: MIT
# programs.sh DIR: cross-build into DIR (the guest's /t) the programs
# only the aarch64 guest runs, beside those of tests/kernels/programs.sh,
# through the staged wrapper with aarch64-linux-gnu-gcc, from small.c
# and start.c here.  Run with the environment of an integration test
# (HL_PREFIX, HL_SRC, HL_DATADIR).
#
#   small          small.c relinked for 64 KiB pages
#                  (--hugetlbfs-page-size=64K), as PIE
#   small-2m       small.c relinked for the default 2 MiB pages
#   small-32m      small.c relinked for 32 MiB (contiguous-PMD) pages
#   big-32m        small.c with 34 MiB of text, relinked for 32 MiB
#                  pages, so that its text holds a whole one
#   bti            small.c built for BTI (-mbranch-protection=standard),
#                  as PIE, with start.c for Debian's unmarked Scrt1.o
#   pac            small.c built with -mbranch-protection=pac-ret (return
#                  addresses signed), relinked for 64 KiB pages
#   bti-static.unmarked
#                  the start files a static program is linked with that
#                  carry no BTI mark (readelf -n), one a line: while
#                  there is one, no static program can be BTI-guarded
set -eu
: "${HL_SRC:?}" "${HL_PREFIX:?}"
cd "$1"
XCC=aarch64-linux-gnu-gcc
HLDIR=${HL_DATADIR:-$HL_PREFIX/share}/hugelink
LIB=$HL_SRC/tests/integration/lib
here=$HL_SRC/tests/kernels/aarch64
X() { $XCC -O1 -g -I"$LIB" -B"$HLDIR" "$@"; }

small=$here/small.c
X -o small "$small" -Wl,--hugetlbfs-align,--hugetlbfs-page-size=64K
X -o small-2m "$small" -Wl,--hugetlbfs-align
X -o small-32m "$small" -Wl,--hugetlbfs-align,--hugetlbfs-page-size=32M
X -o big-32m -DTEXT_WORDS=$((34 << 18)) "$small" -Wl,--hugetlbfs-align,--hugetlbfs-page-size=32M
X -o bti -nostartfiles -mbranch-protection=standard -mno-outline-atomics \
	"$here/start.c" "$small" \
	-Wl,--hugetlbfs-align,--hugetlbfs-page-size=64K -Wl,-z,force-bti 2>/dev/null
X -o pac -mbranch-protection=pac-ret "$small" -Wl,--hugetlbfs-align,--hugetlbfs-page-size=64K
aarch64-linux-gnu-objdump -d pac | grep -qw paciasp ||
	{ echo "pac: no paciasp in its code: return addresses are not signed" >&2; exit 1; }

: >bti-static.unmarked
for f in crt1.o crti.o crtbeginT.o crtend.o crtn.o; do
	path=$(readlink -f "$($XCC -print-file-name=$f)")
	readelf -n "$path" | grep -q 'AArch64 feature: .*BTI' || echo "$path" >>bti-static.unmarked
done
