#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: bench/link-size.sh [PREFIX]
#
# What --hugetlbfs-align costs: for a hello world and a program with
# 32 MiB of text, linked plainly, with hugelink's wrapper (PREFIX, by
# default the staged tree build/stage) and with libhugetlbfs 2.23's
# ld.hugetlbfs --hugetlbfs-align (the hello world also with the shared
# runtime), print a markdown table of the file size, as built and stripped,
# of the disk space it takes (stat's blocks, in KiB: padding written as a
# hole takes none), and of the 2 MiB huge pages a full HUGETLB_ELFMAP=RW
# remap would need:
# for each PT_LOAD, its span rounded out to huge pages, read-only (R) and
# writable (W) segments counted apart, and the pages data and bss need
# from RELRO's end on (W after RELRO: what stays on base pages in front of
# it is read-only after start-up).  A plain link's segments share
# huge pages, so it could not really be remapped: its count is what the
# same remap would ask for, overlaps counted twice.
#
# libhugetlbfs comes from Debian (libhugetlbfs-bin, libhugetlbfs-dev),
# installed here when missing and we are root; when its wrapper cannot be
# used, its documented flags (-zcommon-page-size=4M -zmax-page-size=4M)
# stand in for it, and the table says so.
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
prefix=${1:-$src/build/stage}
CC=${CC:-gcc}
H=2097152
[ -x "$prefix/bin/hugetlbfs-ld" ] || { echo "no $prefix/bin/hugetlbfs-ld: run make first" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/link-size.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"

cat >hello.c <<'EOF'
#include <stdio.h>
int main(void) { puts("hello"); return 0; }
EOF
# 32 MiB of text in one function's section, plus some data and bss.
cat >big.c <<'EOF'
#include <stdio.h>
__asm__(".text\n.globl pad\n.type pad,@function\npad:\n"
	".fill 33554432,1,0x90\nret\n");
void pad(void);
int data[1 << 18] = { 1 };
static char bss[4 << 20];
int main(int argc, char **argv)
{
	(void)argv;
	if (argc > 5)
		pad();
	bss[argc] = 1;
	printf("%d\n", data[0] + bss[1]);
	return 0;
}
EOF

# The libhugetlbfs wrapper, found by gcc -B as "ld", or nothing.
libhugetlbfs_dir() {
	if ! command -v ld.hugetlbfs >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
			--no-install-recommends libhugetlbfs-bin libhugetlbfs-dev \
			>apt.log 2>&1 || true
	fi
	w=$(command -v ld.hugetlbfs 2>/dev/null) || return 0
	mkdir -p lhb
	ln -sf "$w" lhb/ld
	$CC -B "$work/lhb" -Wl,--hugetlbfs-align -o probe hello.c >/dev/null 2>&1 &&
		echo "$work/lhb"
}

# span FROM TO: the huge pages [FROM, TO) touches.
span() { echo $((($2 + H - 1) / H - $1 / H)); }

# pages FILE: the R, W and W-after-RELRO huge-page counts of a full remap.
pages() {
	relro_end=$(readelf -lW "$1" | awk '$1 == "GNU_RELRO" { print $3 " " $6 }')
	relro_end=$(( ${relro_end% *} + ${relro_end#* } ))
	readelf -lW "$1" | awk '$1 == "LOAD"' | while read -r _t _o va _p _f ms rest; do
		end=$((va + ms))
		case $rest in
		*W*)
			echo "W $(span "$va" "$end")"
			from=$((va > relro_end ? va : relro_end))
			[ "$from" -ge "$end" ] || echo "D $(span "$from" "$end")" ;;
		*)
			echo "R $(span "$va" "$end")" ;;
		esac
	done | awk '{ n[$1] += $2 } END { printf "%d %d %d\n", n["R"], n["W"], n["D"] }'
}

# row PROGRAM LINK FILE: one line of the table; FILE.stripped is FILE
# without its symbols and debug information (strip).
row() {
	strip -o "$3.stripped" "$3"
	set -- "$1" "$2" "$3" $(pages "$3")
	printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$1" "$2" \
		"$(stat -c %s "$3")" "$(stat -c %s "$3.stripped")" \
		"$(( $(stat -c '%b * %B' "$3") / 1024 ))" "$4" "$5" "$6"
}

lhb=$(libhugetlbfs_dir)
if [ -n "$lhb" ]; then
	lhb_name="libhugetlbfs 2.23 \`ld.hugetlbfs --hugetlbfs-align\`"
	lhb_flags="-B $lhb -Wl,--hugetlbfs-align"
else
	lhb_name="libhugetlbfs flags \`-zcommon-page-size=4M -zmax-page-size=4M\` (emulated: its wrapper could not be used)"
	lhb_flags="-Wl,-zcommon-page-size=4194304,-zmax-page-size=4194304"
fi

echo "| program | link | file bytes | stripped | on disk (KiB) | R pages | W pages | W after RELRO |"
echo "|---|---|---:|---:|---:|---:|---:|---:|"
for p in hello big; do
	$CC -O2 -o "$p.plain" "$p.c"
	$CC -O2 -B "$prefix/share/hugelink" -Wl,--hugetlbfs-align -o "$p.ours" "$p.c"
	# shellcheck disable=SC2086
	$CC -O2 $lhb_flags -o "$p.lhb" "$p.c"
	for v in plain ours lhb; do
		./"$p.$v" >/dev/null || { echo "$p.$v does not run" >&2; exit 1; }
	done
	row "$p" "plain \`$CC\`" "$p.plain"
	row "$p" "hugelink \`-Wl,--hugetlbfs-align\`" "$p.ours"
	if [ "$p" = hello ]; then
		$CC -O2 -B "$prefix/share/hugelink" -Wl,--hugetlbfs-align \
			-Wl,--hugetlbfs-runtime=shared -o "$p.shared" "$p.c"
		row "$p" "hugelink \`-Wl,--hugetlbfs-runtime=shared\`" "$p.shared"
	fi
	row "$p" "$lhb_name" "$p.lhb"
done
echo
echo "Pages are ${H}-byte huge pages; $(uname -m), $(ld --version | head -n 1), $($CC --version | head -n 1)."
