#!/bin/sh
# SPDX-License-Identifier: MIT
# hugetlbfs-ld run directly (and as ld.hugetlbfs): without an option of
# ours it is the real linker (same output, byte for byte); -r and
# --version pass through even with one; a program with its own _start
# links; i386 objects get the i386 layout; temporary files go away.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/link.sh"

LD=$HLBIN/hugetlbfs-ld
REAL=$(CC=$CC sh "$HL_SRC/ldscripts/find-ld.sh" ld)
P=$((2 * MIB))
mkdir tmp
export TMPDIR=$PWD/tmp

"$REAL" --version >v.real
"$LD" --version >v.ours
diff -u v.real v.ours || fail "--version differs"
"$LD" --hugetlbfs-align --version >v.align
diff -u v.real v.align || fail "--hugetlbfs-align --version differs"
# libhugetlbfs's name, or the one a build without it has.
LDH=$HLBIN/hugelink-ld
[ -z "$(libhugetlbfs_names ld.hugetlbfs)" ] || LDH=$HLBIN/ld.hugetlbfs
"$LDH" -v | grep -q 'GNU ld' || fail "${LDH##*/} -v"
# -v and -V with no input file are questions, as GNU ld takes them: with
# an option of ours too, they print and link nothing.
for v in -v -V; do
	"$LD" --hugetlbfs-align -shared $v >v.flag || fail "--hugetlbfs-align $v failed"
	grep -q 'GNU ld' v.flag || fail "--hugetlbfs-align $v printed no version"
	[ ! -e a.out ] || fail "--hugetlbfs-align -shared $v wrote a.out"
done
ok "--version, -v and -V"

write_prog
make_start
$CC -O1 -c -o prog.o prog.c
"$REAL" -r -o r.real prog.o start.o
"$LD" -r -o r.ours prog.o start.o
"$LD" --hugetlbfs-align -r -o r.align prog.o start.o
cmp r.real r.ours || fail "-r output differs"
cmp r.real r.align || fail "--hugetlbfs-align -r output differs"
ok "-r passes through"

$CC -O1 -o p.plain prog.o
hl_cc -O1 -o p.ours prog.o
cmp p.plain p.ours || fail "a link without our options differs"
ok "no option: the real linker's output"

# By hand, with the C run-time files $CC would use.
for kind in pie static; do
	args=$(cc_link_args $kind prog.o)
	"$LD" --hugetlbfs-align $args -o "direct-$kind"
	check_starts "direct-$kind" $P $P
	check_run "direct-$kind" $P
done
check_embedded_runtime direct-pie
check_embedded_runtime direct-static
ok "direct links"

# A program with its own _start, and GNU ld's B layout.  It replaces
# crt1.o, so it also stands in for crt1.o's _dl_relocate_static_pie.
cat >own.S <<'EOF2'
	.globl _start, _dl_relocate_static_pie
	.text
_start:
	mov $60, %eax
	xor %edi, %edi
	syscall
_dl_relocate_static_pie:
	ret
	.bss
	.zero 8192
	.section .note.GNU-stack,"",@progbits
EOF2
$CC -c -o own.o own.S
args=$(cc_link_args static own.o | grep -v '/crt1\.o$')
"$LDH" --hugetlbfs-link=B $args -o own
./own || fail "own failed"
check_bss_segment own $P
check_hugetlb_flags own bss
check_embedded_runtime own
ok "own _start, static, B"

# i386: the layout only (the runtime is built for this machine).  GNU as
# (binutils, which the build needs) assembles for it.
as --32 -o start32.o start.S || fail "as --32 cannot assemble start.S"
for mode in --hugetlbfs-align --hugetlbfs-link=BDT; do
	"$LD" -m elf_i386 -shared $mode -o l32.so start32.o
	readelf -h l32.so | grep -q 'ELF32' || fail "not ELF32"
	check_pages l32.so $P $P
	check_starts l32.so $P $P
	check_p_align l32.so $P
done
"$LD" -m elf_i386 -shared --hugetlbfs-link=B -o b32.so start32.o
check_bss_segment b32.so $P
ok "i386 layouts"

[ -z "$(ls -A tmp)" ] || fail "temporary files left: $(ls tmp)"
ok "no temporary files left"
