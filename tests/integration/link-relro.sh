#!/bin/sh
# SPDX-License-Identifier: MIT
# GNU_RELRO ends inside the PT_LOAD that holds it, with -z now and
# without, for every linker, output kind and page size the wrapper
# supports.  The RELRO data here is aligned to 4 KiB, so GNU ld cannot
# move RELRO up to end exactly where it rounds GNU_RELRO's end to; with
# -z now no .got.plt follows RELRO to cover the rest, and with 1 GiB
# pages (or the B layout, when .data is empty) nothing else does in that
# segment; the installed B scripts are linked with input that has no
# .data.  readelf -lW and eu-elflint --gnu-ld judge (lld's output against
# a plain lld link's, see relro_inside); the programs run.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/link.sh"

need_cmd eu-elflint

write_prog
write_lib
cat >table.c <<'EOF2'
const char *const relro_table[] __attribute__((aligned(4096))) = { "relro", "table" };
EOF2
$CC -O1 -fPIC -c table.c

# relro_past FILE: nothing when GNU_RELRO ends at or before the end
# (p_vaddr + p_memsz) of the writable PT_LOAD it starts in, as readelf
# -lW shows; otherwise what is wrong.
relro_past() {
	segs "$1" >segs.txt
	_r=$(awk '$1 == "GNU_RELRO" { print $2, $2 + $4 }' segs.txt)
	[ -n "$_r" ] || { echo "$1: readelf -lW shows no GNU_RELRO"; return; }
	set -- "$1" $_r
	_end=$(awk -v r="$2" '$1 == "LOAD" && $5 ~ /W/ && $2 <= r && r < $2 + $4 {
		print $2 + $4 }' segs.txt)
	if [ -z "$_end" ]; then
		echo "$1: GNU_RELRO at $(printf %#x "$2") starts in no writable PT_LOAD"
	elif [ "$3" -gt "$_end" ]; then
		echo "$1: GNU_RELRO ends at $(printf %#x "$3"), past its PT_LOAD's end $(printf %#x "$_end")"
	fi
}

# relro_inside PLAIN FILE: FILE's GNU_RELRO ends inside its PT_LOAD.
# lld 14 rounds GNU_RELRO's end up to a page past its own PT_LOAD in
# plain links too (lld 18 pads that PT_LOAD with .relro_padding); when
# PLAIN, the same input linked without the wrapper, has it so, FILE is
# not judged, and the test says so.
relro_inside() {
	_bad=$(relro_past "$2")
	[ -n "$_bad" ] || return 0
	[ -z "$(relro_past "$1")" ] || {
		echo "note: $_bad, as in the plain link"
		return 0
	}
	fail "$_bad"
}

# relro_lint LINKER MODE PLAIN FILE: eu-elflint --gnu-ld says nothing
# about GNU_RELRO (unless PLAIN's is past its PT_LOAD, as relro_inside
# allows).  GNU ld's output it accepts outright, and gold's with nothing
# it does not say about PLAIN (the same input linked without the
# wrapper: it rejects static gold output); plain lld and mold output it
# rejects for much else.
relro_lint() {
	eu-elflint --gnu-ld -q "$4" >relro-lint.txt 2>&1 || true
	[ -n "$(relro_past "$3")" ] || ! grep GNU_RELRO relro-lint.txt ||
		fail "eu-elflint rejects $4's GNU_RELRO"
	case $1:$2 in
	bfd:B) elflint_bss "$4" ;;
	bfd:*) elflint "$4" "$EHDR_LINT" ;;
	gold:*) elflint_like "$3" "$4" ;;
	esac
}

# check_relro LINKER MODE BIND KIND: link prog.c and table.o as KIND
# (or lib.c, and use.c with it, for "shared") with -z BIND.
check_relro() {
	_l=$1 _m=$2 _out=$1-$2-$3-$4 _kind=$4
	set -- -fuse-ld="$1" -Wl,-z,"$3",-z,relro
	if [ "$_kind" = shared ]; then
		$CC -O1 -shared -fPIC "$@" -o "lib$_out.plain.so" lib.c table.o
		hl_cc -O1 -shared -fPIC "$@" $(mode_flags "$_m") -o "lib$_out.so" lib.c table.o
		relro_inside "lib$_out.plain.so" "lib$_out.so"
		relro_lint "$_l" "$_m" "lib$_out.plain.so" "lib$_out.so"
		hl_cc -O1 "$@" $(mode_flags "$_m") -o "use-$_out" use.c -L. "-l$_out" \
			-Wl,-rpath,"$PWD"
		check_run "use-$_out" $((2 * MIB))
	else
		$CC -O1 $(kind_flags "$_kind") "$@" -o "$_out.plain" prog.c table.o
		hl_cc -O1 $(kind_flags "$_kind") "$@" $(mode_flags "$_m") -o "$_out" \
			prog.c table.o
		relro_inside "$_out.plain" "$_out"
		relro_lint "$_l" "$_m" "$_out.plain" "$_out"
		check_run "$_out" $((2 * MIB))
	fi
	ok "$_out"
}

for l in bfd gold lld mold; do
	need_cmd "ld.$l"
	# Pages above the default and the B and BDT scripts are GNU ld's.
	modes=align
	[ "$l" != bfd ] || modes="align 1g B BDT"
	for mode in $modes; do
		for bind in now lazy; do
			for kind in pie no-pie static static-pie shared; do
				# gold itself cannot link static-pie.
				[ "$l:$kind" != gold:static-pie ] || continue
				check_relro "$l" "$mode" "$bind" "$kind"
			done
		done
	done
done

# The B scripts, as --hugetlbfs-link=B installs them, with input that has
# no .data (no C run-time files): .bss starts a segment of its own right
# after RELRO, and nothing else ends the segment that holds RELRO.  The
# input is make_start's, with its data in a 64-byte aligned .data.rel.ro.
make_start
sed 's/^\t\.data$/\t.section .data.rel.ro,"aw"\n\t.balign 64/' start.S >nodata.S
grep -q data.rel.ro nodata.S || fail "start.S has no .data to turn into .data.rel.ro"
$CC -c -o nodata.o nodata.S
for script in xdwB xdB; do
	ld.bfd -pie --no-dynamic-linker -z now -z relro -o "nodata-$script.plain" nodata.o
	ld.bfd -pie --no-dynamic-linker -z now -z relro -T "$HLDIR/ldscripts/elf_x86_64.$script" \
		-o "nodata-$script" nodata.o
	relro_inside "nodata-$script.plain" "nodata-$script"
	relro_lint bfd B "nodata-$script.plain" "nodata-$script"
	"./nodata-$script" || fail "nodata-$script failed"
	ok "nodata-$script"
done
