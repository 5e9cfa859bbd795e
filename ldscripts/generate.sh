#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: generate.sh MKSCRIPT OUTDIR LD
#
# Write OUTDIR/<emulation>.<variant><B|BDT> for every emulation below that
# LD (GNU ld) supports, or that an installed cross GNU ld supports.  The
# variants follow GNU ld's own script names, and the wrapper picks one the
# way GNU ld picks its default: x (executables), xd (PIE, static-pie), xs
# (shared objects), each also with w (-z relro -z now, where .got.plt
# belongs to RELRO).  x<B|BDT> are the names libhugetlbfs used.
set -eu
mk=$1 out=$2 ld=$3

# Emulation, then the cross linker to use when LD lacks it.
wanted='
elf_x86_64 x86_64-linux-gnu-ld
elf32_x86_64 x86_64-linux-gnu-ld
elf_i386 i686-linux-gnu-ld
aarch64linux aarch64-linux-gnu-ld
'

emulations() {
	"$1" -V 2>/dev/null |
		awk '/Supported emulations/ { on = 1; next } on && NF == 1 { print $1 }'
}

# linker_for EMU CROSS: the GNU ld that can produce EMU, or nothing.
linker_for() {
	if [ -n "$ld" ] && emulations "$ld" | grep -qx "$1"; then
		echo "$ld"
	elif c=$(command -v "$2.bfd" || command -v "$2") &&
	     emulations "$c" | grep -qx "$1"; then
		echo "$c"
	fi
}

mkdir -p "$out"
rm -f "$out"/*.x*B "$out"/*.x*BDT
printf '%s\n' "$wanted" | while read -r emu cross; do
	[ -n "$emu" ] || continue
	tool=$(linker_for "$emu" "$cross")
	[ -n "$tool" ] || { echo "ldscripts: no GNU ld for $emu, skipped"; continue; }
	for v in x: xd:-pie xs:-shared xw:now xdw:-pie,now xsw:-shared,now; do
		name=${v%%:*} opts=$(echo "${v#*:}" | tr , ' ')
		opts=$(echo "$opts" | sed 's/now/-z now/')
		for mode in B BDT; do
			# shellcheck disable=SC2086
			"$tool" --verbose -m "$emu" -z relro $opts |
				"$mk" "$mode" "$emu" >"$out/$emu.$name$mode.tmp"
			mv "$out/$emu.$name$mode.tmp" "$out/$emu.$name$mode"
		done
	done
	echo "ldscripts: $emu from $tool"
done
