#!/bin/sh
# SPDX-License-Identifier: MIT
# programs.sh DIR: build the programs the guests run into DIR, which the
# initramfs holds as /t, from the integration tests' own sources
# (tests/integration/lib) and with their helpers (common.sh), linked
# through the staged wrapper by $CC, for the guest's architecture (a
# cross compiler, with HL_LIBDIR the staged runtime of its architecture
# and NM its nm, for another).  Run from DIR, with the environment of an
# integration test (HL_PREFIX, HL_SRC, CC, ...).  A program linked with
# a library of its own finds it in /t by its run path.
#
#   sc-KIND            segcheck relinked with --hugetlbfs-align, for KIND
#                      pie, no-pie, static and static-pie
#   sc-KIND.pages      "R N", "W N" and "RW N": the pool's pages a remap
#                      of those classes takes, from readelf; "R1 N": the
#                      pages of the first read-only range it moves
#   sc-KIND.align      big_text's address modulo 2 MiB in the file: the
#                      program was loaded at an address aligned to 2 MiB
#                      when its big_text still has it
#   sc-plain           segcheck with 6 MiB of each kind, linked plainly
#                      (not relinked), so that each segment has an
#                      interior of whole huge pages around its middle
#   sc-heap            segcheck not relinked, its segments on 2 MiB pages
#                      (-z max-page-size), so that without address
#                      randomisation its brk heap starts right after bss,
#                      in the last huge page of its writable range; it
#                      takes the runtime by LD_PRELOAD
#   sc-heap-static     the same, static, with libhugelink.a linked in
#   libcheck.so        libcheck relinked with --hugetlbfs-align
#   use-linked         libuse relinked, linked with libcheck.so
#   use                libuse linked plainly, as no PIE, to dlopen it
#   libreader.so       a library to preload whose thread reads the
#                      program's read-only segments (lib/readerlib.c)
#   nothp              runs a program with transparent huge pages off
#   readhuge           reads a file into the page cache in huge folios
#                      where the kernel has them (tests/kernels/readhuge.c)
set -eu
. "$HL_SRC/tests/integration/common.sh"
cd "$1"
# eu-elflint (0.188) takes the relocations of an aarch64 static
# program's .rela.plt for invalid: the integration tests' ELF check is
# made for the build machine's programs only.
case $("$CC" -dumpmachine) in x86_64*) ;; *) elf_check() { :; } ;; esac
RPATH=-Wl,-rpath,/t

for kind in pie no-pie static static-pie; do
	build_segcheck "sc-$kind" "-$kind"
	for c in R W RW; do
		echo "$c $(huge_pages_needed "sc-$kind" 2048 $c)"
	done >"sc-$kind.pages"
	echo "R1 $(huge_ranges "sc-$kind" 2048 R | head -n 1)" >>"sc-$kind.pages"
	${NM:-nm} "sc-$kind" | awk "$HL_AWK_LIB"'$3 == "big_text" { print hex($1) % 2097152 }' \
		>"sc-$kind.align"
	[ -s "sc-$kind.align" ] || fail "no big_text in sc-$kind"
done
"$CC" $HC_CFLAGS -DMB=6 -o sc-plain "$HLINC/segcheck.c"
big_pages="-Wl,-z,max-page-size=0x200000 -Wl,-z,common-page-size=0x200000"
"$CC" $HC_CFLAGS -o sc-heap "$HLINC/segcheck.c" $big_pages
"$CC" $HC_CFLAGS -static -o sc-heap-static "$HLINC/segcheck.c" $big_pages \
	-Wl,--whole-archive "$HLLIB/libhugelink.a" -Wl,--no-whole-archive

build_libcheck libcheck.so -Wl,--hugetlbfs-align
build_libuse use-linked -L. -lcheck -Wl,--hugetlbfs-align $RPATH
build_use_plain use
"$CC" -O1 -fPIC -shared -o libreader.so "$HLINC/readerlib.c"
build_helper nothp
"$CC" -O1 -o readhuge "$HL_SRC/tests/kernels/readhuge.c"
