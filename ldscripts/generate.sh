#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: generate.sh MKSCRIPT OUTDIR LIST LD CROSS EMULATION...
#        generate.sh --names EMULATION...
#
# Write OUTDIR/<emulation>.<variant><B|BDT> for each EMULATION that LD
# (GNU ld) supports and, when CROSS is yes, for each that LD lacks and an
# installed cross GNU ld supports; any other is skipped, and said.  The
# scripts of an earlier run are removed first, and LIST is written last:
# the names of the scripts made, one a line, which are what "make
# install" installs.  --names prints the names of every script the
# EMULATIONs could have, made or not, which "make uninstall" removes.  The
# variants follow GNU ld's own script names, and the wrapper picks one the
# way GNU ld picks its default: x (executables), xd (PIE, static-pie), xs
# (shared objects), each also with w (-z relro -z now, where .got.plt
# belongs to RELRO).  x<B|BDT> are the names libhugetlbfs used.
set -eu

# variants: each variant's name and the GNU ld options of its default
# script, "name:option,option", one a line.
variants() {
	printf '%s\n' x: xd:-pie xs:-shared xw:now xdw:-pie,now xsw:-shared,now
}

# names EMULATION...: the names of every script of those emulations.
names() {
	for _e; do
		for _v in $(variants); do
			echo "$_e.${_v%%:*}B"
			echo "$_e.${_v%%:*}BDT"
		done
	done
}

if [ "${1:-}" = --names ]; then
	shift
	names "$@"
	exit 0
fi
mk=$1 out=$2 list=$3 ld=$4 cross=$5
shift 5

# cross_name EMU: the name of the cross GNU ld that produces EMU.
cross_name() {
	case $1 in
	elf_x86_64 | elf32_x86_64) echo x86_64-linux-gnu-ld ;;
	elf_i386) echo i686-linux-gnu-ld ;;
	aarch64linux) echo aarch64-linux-gnu-ld ;;
	esac
}

# emulations LD: those LD supports, from the list under a heading that
# other locales translate.
emulations() {
	LC_ALL=C "$1" -V 2>/dev/null |
		awk '/Supported emulations/ { on = 1; next } on && NF == 1 { print $1 }'
}

# linker_for EMU: the GNU ld that can produce EMU, or nothing.
linker_for() {
	if [ -n "$ld" ] && emulations "$ld" | grep -qx "$1"; then
		echo "$ld"
		return
	fi
	[ "$cross" = yes ] || return 0
	_c=$(cross_name "$1")
	[ -n "$_c" ] || return 0
	if _c=$(command -v "$_c.bfd" || command -v "$_c") &&
	   emulations "$_c" | grep -qx "$1"; then
		echo "$_c"
	fi
}

mkdir -p "$out"
rm -f "$list" "$out"/*.x*B "$out"/*.x*BDT
made=
for emu; do
	tool=$(linker_for "$emu")
	[ -n "$tool" ] || { echo "ldscripts: no GNU ld for $emu, skipped"; continue; }
	for v in $(variants); do
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
	made="$made $emu"
done
names $made >"$list.tmp"
mv "$list.tmp" "$list"
