#!/bin/sh
# SPDX-License-Identifier: MIT
# Exactly one runtime acts in a process, whatever copies of it are there:
# embedded in the program, preloaded (LD_PRELOAD=libhugelink.so, as
# hugectl does for programs that were not relinked) and linked
# (libhugelink.so, --hugetlbfs-runtime=shared, or -lhugelink besides the
# embedded one).  The program's own copy acts when it has one, else the
# preloaded or linked library.
#
# The oracle is gdb: a breakpoint on hl_config_read, which the runtime
# that acts calls first, at every copy; gdb names the object of each hit.
# (Run with HUGETLB_ELFMAP=no, so that nothing is remapped under the
# breakpoints; with nothing asked at all, no copy reads the
# configuration.)  Then each combination runs with HUGETLB_ELFMAP=RW and
# must have its segments on huge pages, taking exactly the huge pages
# readelf says they need, judged from smaps and the pool.
. "$HL_SRC/tests/integration/common.sh"
# The checks read KernelPageSize and count the pool's pages: writable
# data goes on hugetlb pages here, not on the default transparent ones.
export HUGELINK_BACKING=hugetlb
. "$HL_SRC/tests/integration/lib/link.sh"
need_cmd gdb
pool_reserve 24

so=$HLLIB/libhugelink.so
rpath="-Wl,-rpath,$HLLIB"
build_segcheck emb -pie
build_segcheck nopie -no-pie
build_segcheck shared -Wl,--hugetlbfs-runtime=shared
build_segcheck both -L"$HLLIB" -Wl,--no-as-needed -lhugelink "$rpath"
build_segcheck static -static
# plain is not relinked, so nothing pads its bss to a huge page
# boundary as the wrapper does.  Under ASLR its brk heap may then start
# in the last huge page of its writable range, which the runtime rightly
# keeps on base pages (runtime-fork); a 2 MiB-aligned array of 2 MiB at
# the end of bss ends the range on the boundary, so the heap starts past
# it at any load address.
printf '__attribute__((aligned(2 << 20))) char bss_end_pad[2 << 20];\n' >pad.c
"$CC" $HC_CFLAGS -o plain "$HLINC/segcheck.c" pad.c \
	-Wl,-z,max-page-size=0x200000 -Wl,-z,common-page-size=0x200000
readelf -lW plain | awk "$HL_AWK_LIB"'
	$1 == "LOAD" && $7 ~ /W/ { e = hex($3) + hex($6) }
	END { exit e % 2097152 != 0 }' ||
	fail "plain's writable range does not end on a 2 MiB boundary"
check_embedded_runtime emb
check_shared_runtime shared
readelf -dW both | grep -q 'NEEDED.*libhugelink' || fail "both does not link libhugelink.so"
check_embedded_runtime_note() { readelf -nW "$1" | grep -q '^ *hugelink '; }
check_embedded_runtime_note both || fail "both does not embed the runtime"

# remaps PROGRAM PRELOAD: with HUGETLB_ELFMAP=RW, every kind of memory on
# huge pages, and just the huge pages the ranges need taken.  Asked for
# hugetlb pages only, a static program keeps its data on base pages (on
# hugetlb pages a forked child could die): its text only is checked.
remaps() {
	if [ "$1" = static ]; then
		HUGETLB_ELFMAP=RW "./$1" >out 2>err || fail "$1 failed: $(cat out err)"
		expect_lines out "text 2048" "rodata 2048" "data 4" "bss 4" "ok"
		return
	fi
	_free=$(pool_free)
	LD_PRELOAD=$2 HUGETLB_ELFMAP=RW "./$1" pool >out 2>err ||
		fail "$1 failed: $(cat out err)"
	expect_lines out "text 2048" "rodata 2048" "data 2048" "bss 2048" "ok"
	[ ! -s err ] || fail "$1 said: $(cat err)"
	_used=$((_free - $(sed -n 's/^pool-free //p' out)))
	[ "$_used" -eq "$(huge_pages_needed "$1")" ] ||
		fail "$1${2:+ with $2 preloaded} took $_used huge pages, not $(huge_pages_needed "$1")"
}

for case in "emb:" "emb:$so" "nopie:$so" "shared:" "shared:$so" "both:" \
	    "both:$so" "plain:$so" "static:"; do
	prog=${case%%:*} pre=${case#*:}
	case $prog in
	shared | plain) who=library ;;
	*) who=program ;;
	esac
	case $who in
	program) acts "$prog" "$pre" "./$prog" ;;
	library) acts "libhugelink\.so[.0-9]*" "$pre" "./$prog" ;;
	esac
	remaps "$prog" "$pre"
done

# A copy of the library elsewhere, under its own path, is one more copy
# of the runtime: the program's still acts.
mkdir other
cp "$HLLIB/libhugelink.so.$(cat "$HL_SRC/VERSION")" other/libhugelink.so.1
acts emb "$PWD/other/libhugelink.so.1" ./emb
acts both "$PWD/other/libhugelink.so.1" ./both
remaps both "$PWD/other/libhugelink.so.1"
