# SPDX-License-Identifier: MIT
# A library that carries only hugelink's notes, the runtime's and an
# entry note whose distance leads into its own data, is the first
# carrier of the runtime in a program that is not relinked (preloaded,
# it comes right after the program): the copy of
# the runtime in a relinked library loaded after it must not call into
# that data.  An entry is called only inside an executable PT_LOAD of
# the object that holds the note, and only for an ABI this runtime
# knows; otherwise the object has no entry point, and the program runs
# on as with an older hugelink acting.  The same for an entry note of an
# unknown ABI that leads into the library's text.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 24

build_libcheck libcheck.so -Wl,--hugetlbfs-align
build_use_plain use

# notes ABI TARGET: a library with the two notes, the entry note of ABI
# leading to TARGET (a symbol of the library), as libnotes-TARGET-ABI.so.
notes() {
	cat >notes.s <<EOF
	.section .note.hugelink,"a",@note
	.balign 4
	.long 9, 8, 1
	.asciz "hugelink"
	.balign 4
	.asciz "0.0.1"
	.balign 4
	.balign 4
	.long 9, 16, 2
	.asciz "hugelink"
	.balign 4
1:	.long $1, 0
	.quad $2 - 1b
	.data
victim:	.quad 0x0b0b0b0b0b0b0b0b
	.text
code:	ret
	.section .note.GNU-stack,"",@progbits
EOF
	"$CC" -shared -o "libnotes-$2-$1.so" notes.s || fail "cannot build the notes library"
	readelf -nW "libnotes-$2-$1.so" | grep -q 'hugelink' ||
		fail "no hugelink note in a PT_NOTE: $(readelf -nW "libnotes-$2-$1.so")"
}

# The ABI this runtime knows, so that the note into the data is one it
# would otherwise follow.
abi=$(sed -n 's/^#define HL_ENTRY_ABI \([0-9][0-9]*\).*/\1/p' "$HL_SRC/core/note.h")
[ -n "$abi" ] || fail "no HL_ENTRY_ABI in core/note.h"
for forged in "$abi victim" "7 code"; do
	set -- $forged
	notes "$1" "$2"
	lib=./libnotes-$2-$1.so
	rc=0
	HUGETLB_ELFMAP=RW LD_PRELOAD=$lib ./use open ./libcheck.so >out 2>err || rc=$?
	[ $rc = 0 ] || fail "entry note of ABI $1 into $2: status $rc: $(cat out err)"
	grep -qx ok out || fail "entry note of ABI $1 into $2: $(cat out err)"
	ok "an entry note of ABI $1 leading into the library's $2: not called, the program runs"
done
