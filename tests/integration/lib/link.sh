# SPDX-License-Identifier: MIT
# Sourced by the linker tests (link-*.sh) after common.sh.  The oracles
# are readelf, nm, od and eu-elflint, and the programs themselves, which
# report their TLS value and load base.

MIB=1048576
GIB=1073741824

# write_prog: prog.c, with initialised TLS, data and bss, reporting the
# TLS value and the load base (the ELF header's address).
write_prog() {
	cat >prog.c <<'EOF'
#include <stdint.h>
#include <stdio.h>
extern const char __ehdr_start[];
__thread int tls = 42;
int data = 7;
static char bss[1 << 16];
int main(void)
{
	bss[1] = 1;
	printf("tls %d\n", tls);
	printf("base %#lx\n", (unsigned long)(uintptr_t)__ehdr_start);
	return tls == 42 && data == 7 && bss[1] == 1 ? 0 : 1;
}
EOF
}

# write_lib: lib.c (a shared library with TLS, reporting its own base)
# and use.c (a program using it).
write_lib() {
	cat >lib.c <<'EOF'
#include <stdint.h>
extern const char __ehdr_start[];
__thread int lib_tls = 42;
int lib_data = 7;
int lib_value(void) { return lib_tls + lib_data; }
uintptr_t lib_base(void) { return (uintptr_t)__ehdr_start; }
EOF
	cat >use.c <<'EOF'
#include <stdint.h>
#include <stdio.h>
int lib_value(void);
uintptr_t lib_base(void);
int main(void)
{
	printf("tls %d\n", lib_value() - 7);
	printf("base %#lx\n", (unsigned long)lib_base());
	return lib_value() == 49 ? 0 : 1;
}
EOF
}

# kind_flags KIND: the compiler flags for an output kind.
kind_flags() {
	case $1 in
	pie) echo "-pie" ;;
	no-pie) echo "-no-pie" ;;
	static) echo "-static" ;;
	static-pie) echo "-static-pie" ;;
	esac
}

# segs FILE: one line per program header, numbers in decimal:
#   TYPE VADDR FILESZ MEMSZ FLAGS ALIGN
segs() {
	readelf -lW "$1" | while read -r _t _off _va _pa _fs _ms _rest; do
		case $_t$_off in [A-Z]*0x*) ;; *) continue ;; esac
		_al=${_rest##* }
		_fl=$(echo "${_rest% *}" | tr -d ' ')
		echo "$_t $((_va)) $((_fs)) $((_ms)) $_fl $((_al))"
	done
}

# relro_start FILE: GNU_RELRO's address, or nothing.
relro_start() { segs "$1" | awk '$1 == "GNU_RELRO" { print $2 }'; }
relro_end() { segs "$1" | awk '$1 == "GNU_RELRO" { print $2 + $4 }'; }

# loads FILE: FILE's PT_LOADs, as segs prints them, in loads.txt; a file
# with none fails, so that no check below passes on an empty list.
loads() {
	segs "$1" | awk '$1 == "LOAD"' >loads.txt
	[ -s loads.txt ] || fail "$1: readelf -lW shows no PT_LOAD"
}

# page_of FLAGS VADDR RELRO TEXT_PAGE DATA_PAGE: the huge page a segment
# is meant for: DATA_PAGE for writable segments except the one that holds
# RELRO, TEXT_PAGE for the others.
page_of() {
	case $1 in
	*W*) [ "$2" = "$3" ] && echo "$4" || echo "$5" ;;
	*) echo "$4" ;;
	esac
}

# check_pages FILE TEXT_PAGE DATA_PAGE: no two PT_LOADs share a huge page.
check_pages() {
	_relro=$(relro_start "$1")
	loads "$1"
	_prev_end= _prev_page=
	while read -r _t _va _fs _ms _fl _al; do
		_page=$(page_of "$_fl" "$_va" "$_relro" "$2" "$3")
		if [ -n "$_prev_end" ]; then
			_pg=$((_page > _prev_page ? _page : _prev_page))
			[ $(((_prev_end + _pg - 1) / _pg)) -le $((_va / _pg)) ] ||
				fail "$1: PT_LOAD at $(printf %#x "$_va") shares a huge page with the one before"
		fi
		_prev_end=$((_va + _ms)) _prev_page=$_page
	done <loads.txt
}

# check_starts FILE TEXT_PAGE DATA_PAGE: every PT_LOAD starts on its huge
# page, except the one holding RELRO, where RELRO ends on a TEXT_PAGE one.
check_starts() {
	_relro=$(relro_start "$1")
	loads "$1"
	while read -r _t _va _fs _ms _fl _al; do
		_page=$(page_of "$_fl" "$_va" "$_relro" "$2" "$3")
		if [ "$_va" = "$_relro" ]; then
			[ $(($(relro_end "$1") % $2)) -eq 0 ] ||
				fail "$1: GNU_RELRO does not end on a huge page"
		else
			[ $((_va % _page)) -eq 0 ] ||
				fail "$1: PT_LOAD at $(printf %#x "$_va") is not on a huge page"
		fi
	done <loads.txt
}

# check_wx FILE: no segment is both writable and executable.
check_wx() {
	loads "$1"
	! awk '$5 ~ /W/ && $5 ~ /E/' loads.txt | grep -q . ||
		fail "$1: a PT_LOAD is writable and executable"
}

# check_types PLAIN FILE: FILE has every kind of program header PLAIN (the
# same input linked without the wrapper) has, besides PT_LOAD.
check_types() {
	segs "$1" | awk '$1 != "LOAD" { print $1 }' | sort >types.plain
	segs "$2" | awk '$1 != "LOAD" { print $1 }' | sort >types.ours
	[ -s types.plain ] || fail "$1: readelf -lW shows no program headers"
	diff -u types.plain types.ours || fail "$2: program headers lost or added"
}

# check_run FILE PAGE [PIE]: FILE runs, reads TLS right and, when PIE is
# given, was loaded at a base aligned to PAGE.  Runs with no
# LD_LIBRARY_PATH: a shared runtime must be found by the run path.
check_run() {
	env -u LD_LIBRARY_PATH "./$1" >run.out || fail "$1 failed"
	grep -qx 'tls 42' run.out || fail "$1: TLS does not read 42"
	if [ -n "${3:-}" ]; then
		_base=$(awk '/^base / { print $2 }' run.out)
		[ $((_base % $2)) -eq 0 ] || fail "$1: loaded at $_base, not aligned to $2"
	fi
}

# check_p_align FILE PAGE: the first PT_LOAD carries the load alignment.
check_p_align() {
	_al=$(segs "$1" | awk '$1 == "LOAD" { print $6; exit }')
	[ "$_al" -eq "$2" ] || fail "$1: first PT_LOAD p_align is $_al, not $2"
}

# check_shared_runtime FILE: needs the shared runtime, by its soname,
# found by RUNPATH, and carries none of it itself.
check_shared_runtime() {
	readelf -d "$1" >dyn.txt
	grep -q 'NEEDED.*\[libhugelink\.so\.[0-9]*\]' dyn.txt ||
		fail "$1: no NEEDED libhugelink.so.N"
	grep RUNPATH dyn.txt | tr '[]:' '\n\n\n' | grep -qx "$HLLIB" ||
		fail "$1: no RUNPATH $HLLIB"
	! readelf -nW "$1" | grep -q '^ *hugelink ' ||
		fail "$1: carries the runtime's note besides"
}

# check_embedded_runtime FILE: the runtime is inside FILE: its note in a
# PT_NOTE (readelf -n reads notes through the program headers too, and
# this one survives strip), its constructor ldr_ctor in the symbol table,
# no NEEDED libhugelink and no run path into the install tree; and of the
# runtime's objects only those it needs (machine/dirs.c finds the install
# tree for the tools and the wrapper, and no part of the runtime calls it).
check_embedded_runtime() {
	readelf -nW "$1" | grep -q '^ *hugelink  *0x' ||
		fail "$1: no note of the runtime"
	nm -a "$1" >nm.txt
	grep -q ' ldr_ctor$' nm.txt || fail "$1: no ldr_ctor: the runtime's constructor is not linked"
	grep -q ' a ctor\.c$' nm.txt || fail "$1: loader/ctor.c is not linked"
	! grep -q ' a dirs\.c$' nm.txt || fail "$1: machine/dirs.c came along with the runtime"
	readelf -dW "$1" >dyn.txt 2>&1
	! grep -q 'NEEDED.*libhugelink' dyn.txt || fail "$1: needs libhugelink.so besides"
	! grep -q 'R.*PATH.*'"$HLLIB" dyn.txt || fail "$1: has a run path to $HLLIB"
}

# check_library_runtime PLAIN FILE: a shared object carries the runtime
# as a program does (check_embedded_runtime), and exports none of it: its
# global dynamic symbols are those of PLAIN, the same library linked
# without the wrapper by the same linker.
check_library_runtime() {
	check_embedded_runtime "$2"
	nm -D --defined-only --extern-only "$1" | awk '{ print $3 }' | sort >exports.want
	nm -D --defined-only --extern-only "$2" | awk '{ print $3 }' | sort >exports.txt
	grep -qx lib_value exports.want || fail "$1: nm -D finds no lib_value"
	diff -u exports.want exports.txt || fail "$2: exports more than $1 does"
}

# load_flags FILE: p_flags of each PT_LOAD of a 64-bit little-endian ELF
# file, in decimal (readelf does not print the OS-specific bits).
load_flags() {
	_phoff=$(od -An -t u8 -j 32 -N 8 "$1" | tr -d ' ')
	_phent=$(od -An -t u2 -j 54 -N 2 "$1" | tr -d ' ')
	_phnum=$(od -An -t u2 -j 56 -N 2 "$1" | tr -d ' ')
	_i=0
	while [ "$_i" -lt "$_phnum" ]; do
		od -An -t u4 -j $((_phoff + _i * _phent)) -N 8 "$1" |
			awk '$1 == 1 { print $2 }'
		_i=$((_i + 1))
	done
}

# check_hugetlb_flags FILE WHICH: PF_LINUX_HUGETLB (0x100000) is set on
# the PT_LOADs WHICH names (none, bss: the writable ones with nothing in
# the file, all) and on no other.
check_hugetlb_flags() {
	load_flags "$1" >flags.txt
	loads "$1"
	[ "$(wc -l <flags.txt)" -eq "$(wc -l <loads.txt)" ] ||
		fail "$1: od and readelf find different numbers of PT_LOADs"
	paste -d ' ' loads.txt flags.txt >both.txt
	while read -r _t _va _fs _ms _fl _al _pf; do
		case $2 in
		none) _want=0 ;;
		all) _want=1 ;;
		bss) case $_fl in *W*) _want=$((_fs == 0)) ;; *) _want=0 ;; esac ;;
		esac
		[ $((_pf / 1048576 % 2)) -eq "$_want" ] ||
			fail "$1: PT_LOAD at $(printf %#x "$_va"): PF_LINUX_HUGETLB should be $_want"
	done <both.txt
	[ "$2" != bss ] || awk '$5 ~ /W/ && $3 == 0' both.txt | grep -q . ||
		fail "$1: no bss-only PT_LOAD"
}

# check_bss_segment FILE PAGE: the B layout: a writable PT_LOAD with
# nothing in the file starts on a huge page after everything else.
check_bss_segment() {
	loads "$1"
	_bss=$(awk '$5 ~ /W/ && $3 == 0 { print $2 }' loads.txt)
	[ -n "$_bss" ] || fail "$1: no bss-only PT_LOAD"
	[ $((_bss % $2)) -eq 0 ] || fail "$1: the bss PT_LOAD is not on a huge page"
	_end=$(awk -v b="$_bss" '$2 < b && $2 + $4 > e { e = $2 + $4 } END { print e + 0 }' loads.txt)
	[ $(((_end + $2 - 1) / $2)) -le $((_bss / $2)) ] ||
		fail "$1: the bss PT_LOAD shares a huge page"
}

# elflint FILE PATTERN...: eu-elflint --gnu-ld finds nothing but messages
# matching the PATTERNs (known false positives, named by the caller) and
# about the runtime's note (HL_NOTE_LINT).
elflint() {
	need_cmd eu-elflint
	_f=$1
	shift
	eu-elflint --gnu-ld -q "$_f" >lint.txt 2>&1 || true
	for _p in "$HL_NOTE_LINT" "$@"; do
		grep -v -e "$_p" lint.txt >lint.tmp || true
		mv lint.tmp lint.txt
	done
	[ ! -s lint.txt ] || { cat lint.txt; fail "eu-elflint rejects $_f"; }
}

# elflint_like PLAIN FILE: eu-elflint finds nothing wrong with FILE that
# it does not find with PLAIN, the same input linked without the wrapper
# (it rejects plain lld, mold and static gold output).
elflint_like() {
	need_cmd eu-elflint
	eu-elflint --gnu-ld -q "$1" 2>&1 | sed 's/[0-9][0-9]*/N/g' | sort -u >lint.plain || true
	eu-elflint --gnu-ld -q "$2" 2>&1 | grep -v -e "$HL_NOTE_LINT" |
		sed 's/[0-9][0-9]*/N/g' | sort -u >lint.ours || true
	comm -13 lint.plain lint.ours >lint.new
	[ ! -s lint.new ] || { cat lint.new; fail "eu-elflint: new complaints about $2"; }
}

# eu-elflint 0.188 rejects __ehdr_start (static glibc binaries, and our
# test programs, use it) even in plain links.
EHDR_LINT="__ehdr_start.*st_value out of bounds"

# elflint_bss FILE: elflint, where FILE has a PT_LOAD holding nothing but
# NOBITS sections (GNU ld gives it p_offset 0, and eu-elflint 0.188 then
# finds the sections in no segment, or calls the segment empty): the
# messages about NOBITS sections and that segment are the only ones
# allowed.
elflint_bss() {
	readelf -SW "$1" | awk '$3 == "NOBITS" || $4 == "NOBITS" {
		sub(/^.*\] */, ""); print $1 }' >nobits.txt
	_n=$(segs "$1" | awk '$1 != "" { n++ } $1 == "LOAD" && $5 ~ /W/ &&
		$3 == 0 { print n - 1 }')
	set -- "$1" "$EHDR_LINT" \
		"loadable segment \[$_n\] is writable but contains no writable"
	while read -r _s; do
		set -- "$@" "section \[ *[0-9]*\] '$_s'"
	done <nobits.txt
	elflint "$@"
}

# mode_flags MODE: the wrapper options for a test mode.
mode_flags() {
	case $1 in
	align) echo "-Wl,--hugetlbfs-align" ;;
	1g) echo "-Wl,--hugetlbfs-align,--hugetlbfs-page-size=1G" ;;
	B) echo "-Wl,--hugetlbfs-link=B" ;;
	BDT) echo "-Wl,--hugetlbfs-link=BDT" ;;
	esac
}

# mode_pages MODE: TEXT_PAGE DATA_PAGE for a mode.
mode_pages() {
	case $1 in
	1g) echo "$((2 * MIB)) $GIB" ;;
	*) echo "$((2 * MIB)) $((2 * MIB))" ;;
	esac
}

# check_layout MODE FILE: the layout MODE promises, and its flags.
check_layout() {
	set -- "$1" "$2" $(mode_pages "$1")
	case $1 in
	B)
		check_bss_segment "$2" "$4"
		check_hugetlb_flags "$2" bss ;;
	*)
		check_pages "$2" "$3" "$4"
		check_starts "$2" "$3" "$4"
		if [ "$1" = BDT ]; then
			check_hugetlb_flags "$2" all
		else
			check_hugetlb_flags "$2" none
		fi ;;
	esac
}

# check_program MODE KIND: link prog.c as KIND (pie, no-pie, static,
# static-pie) in MODE and check everything the layout promises.
check_program() {
	_flags=$(kind_flags "$2")
	_out=prog-$1-$2
	set -- "$1" "$2" $(mode_pages "$1")
	$CC -O1 $_flags -o "$_out.plain" prog.c
	hl_cc -O1 $_flags $(mode_flags "$1") -o "$_out" prog.c
	check_layout "$1" "$_out"
	check_wx "$_out"
	check_types "$_out.plain" "$_out"
	case $2 in
	pie | static-pie)
		check_p_align "$_out" "$4"
		check_run "$_out" "$4" pie ;;
	*)
		check_run "$_out" "$4" ;;
	esac
	case $1 in
	B) elflint_bss "$_out" ;;
	*) elflint "$_out" "$EHDR_LINT" ;;
	esac
	check_embedded_runtime "$_out"
	ok "$1 $2: $(stat -c %s "$_out") bytes"
}

# check_shared MODE: a shared library and a program using it, both linked
# in MODE; the library gets the layout and the runtime, as the program.
check_shared() {
	set -- "$1" $(mode_pages "$1")
	$CC -O1 -shared -fPIC -o "libplain-$1.so" lib.c
	hl_cc -O1 -shared -fPIC $(mode_flags "$1") -o "libhl-$1.so" lib.c
	check_layout "$1" "libhl-$1.so"
	check_wx "libhl-$1.so"
	check_types "libplain-$1.so" "libhl-$1.so"
	check_p_align "libhl-$1.so" "$3"
	check_library_runtime "libplain-$1.so" "libhl-$1.so"
	case $1 in
	B) elflint_bss "libhl-$1.so" ;;
	*) elflint "libhl-$1.so" "$EHDR_LINT" ;;
	esac
	cp "libhl-$1.so" "libhl$1.so"
	hl_cc -O1 $(mode_flags "$1") -o "use-$1" use.c -L. "-lhl$1" -Wl,-rpath,"$PWD"
	check_embedded_runtime "use-$1"
	check_run "use-$1" "$3" pie
	ok "$1 shared: $(stat -c %s "libhl-$1.so") bytes"
}

# linker_of FILE: which linker wrote FILE (bfd, gold, lld or mold).
linker_of() {
	if readelf -p .comment "$1" 2>/dev/null | grep -q 'LLD'; then
		echo lld
	elif readelf -p .comment "$1" 2>/dev/null | grep -q 'mold'; then
		echo mold
	elif readelf -n "$1" | grep -q 'GOLD_VERSION'; then
		echo gold
	else
		echo bfd
	fi
}

# make_start: start.o, from start.S, code of its own with data and bss
# (no libc): input for shared objects and relocatable links.
make_start() {
	cat >start.S <<'EOF2'
	.globl _start
	.text
_start:
	mov $60, %eax
	xor %edi, %edi
	syscall
	.data
	.quad 1
	.bss
	.zero 8192
	.section .note.GNU-stack,"",@progbits
EOF2
	$CC -c -o start.o start.S
}

# cc_link_args KIND OBJECT...: the arguments $CC gives the linker to
# link OBJECTs as KIND, one a line, without the program name: for
# running the wrapper directly with the C run-time files.  gcc runs
# collect2, clang the linker itself ("/usr/bin/ld", quoted).
cc_link_args() {
	_k=$1
	shift
	_line=$($CC $(kind_flags "$_k") -o prog-direct "$@" -### 2>&1 |
		grep -E '^ *"?[^" ]*/(collect2|ld(\.[a-z]+)?)"? ')
	[ -n "$_line" ] || fail "$CC -###: no link step for $_k"
	eval "set -- $_line"
	shift
	printf '%s\n' "$@"
}

# refused STATUS PATTERN OUTPUT COMMAND...: COMMAND fails with exit status
# STATUS (any non-zero one when STATUS is "any"), says something matching
# PATTERN on standard error, and leaves no OUTPUT behind.
refused() {
	_st=$1 _pat=$2 _o=$3
	shift 3
	rm -f "$_o"
	if "$@" 2>err.txt; then
		fail "accepted: $*"
	else
		_rc=$?
	fi
	[ "$_st" = any ] || [ "$_rc" -eq "$_st" ] ||
		{ cat err.txt; fail "exit status $_rc, not $_st: $*"; }
	grep -q -e "$_pat" err.txt || { cat err.txt; fail "no message '$_pat': $*"; }
	[ ! -e "$_o" ] || fail "$_o left behind by: $*"
	ok "refused ($_rc): $(head -n 1 err.txt)"
}
