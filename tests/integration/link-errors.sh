#!/bin/sh
# SPDX-License-Identifier: MIT
# Bad input: each case exits non-zero with the documented status (2: bad
# option or combination, 3: real linker or runtime unusable, 4: our own
# step failed), a message naming the problem, and no output file.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/link.sh"

LD=$HLBIN/hugetlbfs-ld
make_start
write_prog
mkdir empty

refused 2 "--hugetlbfs-bogus: unknown option" out "$LD" --hugetlbfs-bogus -o out start.o
refused 2 "--hugetlbfs-align=yes: unknown option" out "$LD" --hugetlbfs-align=yes -o out start.o
refused 2 "-hugetlbfs-align: .*two dashes: --hugetlbfs-align" out \
	"$LD" -hugetlbfs-align -shared -o out start.o
refused 2 "page-size=3M: not a page size" out "$LD" --hugetlbfs-align --hugetlbfs-page-size=3M -o out start.o
refused 2 "page-size=1K: not a page size" out "$LD" --hugetlbfs-align --hugetlbfs-page-size=1K -o out start.o
refused 2 "page-size=big: not a page size" out "$LD" --hugetlbfs-align --hugetlbfs-page-size=big -o out start.o
for s in 4K 64K 8M 2G; do
	refused 2 "elf_x86_64 has no huge page of $s (2M, 1G)" out \
		"$LD" --hugetlbfs-align --hugetlbfs-page-size=$s -shared -o out start.o
done
refused 2 "page-size needs" out "$LD" --hugetlbfs-page-size=2M -o out start.o
refused 2 "link=BD: bad value" out "$LD" --hugetlbfs-link=BD -o out start.o
refused 2 "no --hugetlbfs-link script for emulation elf_x86_64" out \
	"$LD" --hugetlbfs-link=B --hugetlbfs-script-path="$PWD/empty" -shared -o out start.o
refused 2 "no huge page size known for emulation elf_iamcu" out \
	"$LD" -m elf_iamcu --hugetlbfs-align -o out start.o
refused 2 "cannot be combined with a -T script" out \
	"$LD" --hugetlbfs-link=BDT -T /dev/null -o out start.o
refused 2 "cannot change them" out \
	"$LD" --hugetlbfs-link=BDT --hugetlbfs-page-size=1G -shared -o out start.o

refused 3 "HUGELINK_LD=ld: must be an absolute path" out \
	env HUGELINK_LD=ld "$LD" --hugetlbfs-align -o out start.o
refused 3 "is hugetlbfs-ld itself" out \
	env HUGELINK_LD="$HLDIR/ld" "$LD" -o out start.o
refused 3 "/nonexistent/ld" out \
	env HUGELINK_LD=/nonexistent/ld "$LD" -o out start.o
refused 3 "not GNU ld, gold, lld or mold" out \
	env HUGELINK_LD=/bin/true "$LD" --hugetlbfs-align -shared -o out start.o
ln -s "$LD" ld.unknown
refused 3 "no real linker for that name" out ./ld.unknown -o out start.o

# The post-link edit cannot work on a raw binary: the output goes.  (A
# shared object for i386, which the runtime is not built for, gets the
# layout alone: a raw binary cannot carry the runtime's references to
# libc.)
as --32 -o start32.o start.S || fail "as --32 cannot assemble start.S"
refused 4 "not an ELF file" out \
	"$LD" -m elf_i386 --hugetlbfs-align --oformat=binary -shared -o out start32.o
# An executable for a target the runtime is not built for (i386, x32)
# is refused before the link, which would fail on the wrong runtime.
as --x32 -o startx32.o start.S || fail "as --x32 cannot assemble start.S"
refused 3 "no runtime for emulation elf_i386" out \
	"$LD" -m elf_i386 --hugetlbfs-align -o out start32.o
refused 3 "no runtime for emulation elf32_x86_64" out \
	"$LD" -m elf32_x86_64 --hugetlbfs-link=BDT -o out startx32.o
# The real linker's own failure keeps its status (GNU ld: 1).
refused 1 "nowhere" out \
	"$LD" --hugetlbfs-align -shared -o out start.o --require-defined=nowhere
# Through gcc, the message still comes from the wrapper.
refused any "--hugetlbfs-bogus: unknown option" prog hl_cc -Wl,--hugetlbfs-bogus -o prog prog.c
refused any "two dashes: --hugetlbfs-align" prog hl_cc -Wl,-hugetlbfs-align -o prog prog.c
refused any "lld aligns every segment" prog hl_cc -fuse-ld=lld \
	-Wl,--hugetlbfs-align,--hugetlbfs-page-size=1G -o prog prog.c
