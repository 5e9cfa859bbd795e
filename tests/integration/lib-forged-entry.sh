# SPDX-License-Identifier: MIT
# A library that carries only hugelink's notes, the runtime's and an
# entry note whose distance leads into its own data, is the first
# carrier of the runtime in a program that is not relinked (preloaded,
# it comes right after the program): the copy of
# the runtime in a relinked library loaded after it must not call into
# that data.  An entry is called only inside an executable PT_LOAD of
# the object that holds the note, and only for an ABI this runtime
# knows; otherwise the object has no entry point, and the program runs
# on as with an older hugelink acting, which leaves the relinked library
# on base pages.  The same for an entry note of an unknown ABI that
# leads into the library's text.  The code there ends the process with
# status 99, so that a call would be seen: an entry note of the known
# ABI leading to it is followed, and the program ends so.  gdb shows
# which copy of the runtime acts: none reads the configuration when the
# notes library is the first carrier, and libcheck's does without it.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 24

build_libcheck libcheck.so -Wl,--hugetlbfs-align
build_use_plain use

# notes ABI TARGET: a library with the two notes, the entry note of ABI
# leading to TARGET (a symbol of the library: "victim" in its data,
# "code" in its text, which calls exit_group(99)), as
# libnotes-TARGET-ABI.so.
notes() {
	cat >notes.S <<EOF
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
code:
#if defined(__x86_64__)
	mov \$231, %eax
	mov \$99, %edi
	syscall
#elif defined(__aarch64__)
	mov x8, #94
	mov x0, #99
	svc #0
#else
#error "no exit_group for this target"
#endif
	.section .note.GNU-stack,"",@progbits
EOF
	"$CC" -shared -o "libnotes-$2-$1.so" notes.S || fail "cannot build the notes library"
	readelf -nW "libnotes-$2-$1.so" | grep -q 'hugelink' ||
		fail "no hugelink note in a PT_NOTE: $(readelf -nW "libnotes-$2-$1.so")"
}

# The ABI this runtime knows, so that the note into the data is one it
# would otherwise follow.
abi=$(sed -n 's/^#define HL_ENTRY_ABI \([0-9][0-9]*\).*/\1/p' "$HL_SRC/core/note.h")
[ -n "$abi" ] || fail "no HL_ENTRY_ABI in core/note.h"

# The library alone: its own copy acts, and moves it.
HUGETLB_ELFMAP=RW ./use open ./libcheck.so >out 2>err || fail "use: $(cat out err)"
expect_lines out "lib-text 2048" "ok"
acts libcheck.so "" ./use open ./libcheck.so

# An entry the runtime follows: the code's exit is seen.
notes "$abi" code
rc=0
HUGETLB_ELFMAP=RW LD_PRELOAD=./libnotes-code-$abi.so ./use open ./libcheck.so >out 2>err || rc=$?
[ $rc = 99 ] || fail "entry note of ABI $abi into the code: status $rc, not the code's 99: $(cat out err)"
ok "an entry note of ABI $abi leading into the library's code is called"

for forged in "$abi victim" "7 code"; do
	set -- $forged
	notes "$1" "$2"
	lib=./libnotes-$2-$1.so
	rc=0
	HUGETLB_ELFMAP=RW LD_PRELOAD=$lib ./use open ./libcheck.so >out 2>err || rc=$?
	[ $rc = 0 ] || fail "entry note of ABI $1 into $2: status $rc: $(cat out err)"
	expect_lines out "lib-text 4" "ok"
	# No copy of the runtime reads the configuration (acts), and
	# libcheck's copy did run its constructor.
	gdb_hits hits.gdb hl_config_read ldr_ctor
	gdb -q -batch -ex "set environment HUGETLB_ELFMAP=no" \
		-ex "set environment LD_PRELOAD=$lib" -x hits.gdb \
		--args ./use open ./libcheck.so >gdb.out 2>&1 || fail "gdb: $(cat gdb.out)"
	grep -q '^hl_config_read' gdb.out &&
		fail "entry note of ABI $1 into $2: a copy acted: $(grep '^hl_config_read' gdb.out)"
	grep -q '^ldr_ctor.* of .*/libcheck\.so$' gdb.out ||
		fail "entry note of ABI $1 into $2: libcheck's runtime never started: $(cat gdb.out)"
	ok "an entry note of ABI $1 leading into the library's $2: not called, no copy acts, the program runs"
done
