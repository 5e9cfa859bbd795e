#!/bin/sh
# SPDX-License-Identifier: MIT
# Make the fuzzers' seed corpora: DIR/elf gets small programs of every
# kind the tools meet, built now (PIE, fixed-address, static, static-pie,
# without separate code, relinked for huge pages, stripped, without
# section headers, an object file, a shared library) and one from the
# system; DIR/ctl gets hugectl command lines, NUL-separated; DIR/share
# gets shared-file names, good and bad.
#
# Usage: fuzz/seeds.sh DIR STAGE    (STAGE: the staged install tree)
set -eu
dir=$1 stage=$2
cc=${CC:-gcc}
mkdir -p "$dir/elf" "$dir/ctl" "$dir/share"
cd "$dir/elf"

cat > seed.c <<'E'
char data[4096] = { 1 };
char bss[1 << 16];
int main(void) { return data[0] + bss[0]; }
E
$cc -O1 -o pie seed.c
$cc -O1 -no-pie -o nopie seed.c
$cc -O1 -Wl,-z,noseparate-code -o noseparate seed.c
$cc -O1 -static -o static seed.c 2>/dev/null || true
$cc -O1 -static-pie -o static-pie seed.c 2>/dev/null || true
$cc -O1 -Wl,-zmax-page-size=0x200000,-zcommon-page-size=0x200000 \
	-L"$stage/lib" -Wl,--no-as-needed -lhugelink -o relinked seed.c
if [ -e "$stage/share/hugelink/ld" ]; then
	$cc -O1 -B"$stage/share/hugelink" -Wl,--hugetlbfs-align -o wrapped seed.c
fi
$cc -O1 -c -o object.o seed.c
strip -o stripped pie
# No section headers at all: e_shoff, e_shnum and e_shstrndx cleared.
cp stripped nosections
printf '\0\0\0\0\0\0\0\0' | dd of=nosections bs=1 seek=40 conv=notrunc 2>/dev/null
printf '\0\0\0\0' | dd of=nosections bs=1 seek=60 conv=notrunc 2>/dev/null
cp "$stage/lib/libhugelink.so" .
cp /bin/true .
rm seed.c

cd "$dir/ctl"
printf -- '--text\0--data=2M\0--bss\0prog' > segments
printf -- '--dry-run\0--disable\0-v\0-q\0--verbose\00099' > dry-run
printf -- '--heap=1G\0--thp\0--share-text\0--no-reserve\0prog\0arg' > heap
printf -- '--library-path\0/opt/x\0--force-preload\0--no-preload\0p' > library
printf -- '--library-use-path\0--text=0x40000000\0--\0--prog' > use-path

cd "$dir/share"
printf '%s' '%2fusr%2fbin%2fprog#0123456789abcdef#2#2048k' > text
printf '%s' '%2fopt%2fa%25b%2fmy%23prog#abcdef0123456789#65535#1048576k' > escaped
printf '%s' '%2fp#0123456789abcdef#0#64k' > smallest
printf '%s' '%2fbin%2ftrue#0123456789abcdef#0#18014398509481984k' > overflow
printf '%s' '%2fbin%2ftrue#0123456789abcdef#-2147483648#2048k' > negative
printf '%%2ftmp%%2fx\ncurrent\033[2J\377#0123456789abcdef#0#2048k' > control
printf '%s' '%2fusr%2fbin%2fprog#lock' > lock
