# SPDX-License-Identifier: MIT
# Shared libraries relinked with the wrapper, loaded with the program
# (DT_NEEDED, or LD_PRELOAD), go on huge pages like the program: text
# and rodata from the pool, data and bss on transparent huge pages, every
# byte kept (lib/libcheck.c checks itself from the inside), whether the
# program carries the runtime or not, and with the huge pages readelf
# says they need.  Exactly one copy of the runtime acts in each process:
# gdb stops at hl_config_read, which only the copy that acts calls, in
# one object, and in the one the claim names (loader/acting.h), though
# a library's constructor runs before the program's.
. "$HL_SRC/tests/integration/common.sh"
need_thp
pool_reserve 24

build_libcheck libcheck.so -Wl,--hugetlbfs-align
elf_check libcheck.so
build_libuse use-plain -L. -lcheck
build_libuse use-hl -L. -lcheck -Wl,--hugetlbfs-align
build_use_plain use-bare

# used FILE: the pool's pages the program that wrote FILE took.
used() {
	echo $((_free0 - $(sed -n 's/^pool-free //p' "$1") +
		$(sed -n 's/^pool-rsvd //p' "$1") - _rsvd0))
}

# moves NAME PAGES CMD...: CMD's libcheck is on huge pages, whole (with
# "mid" among its arguments, in its middle), and the program took PAGES
# pages of the pool.
moves() {
	_name=$1 _pages=$2
	shift 2
	_free0=$(pool_free)
	_rsvd0=$(awk '$1 == "HugePages_Rsvd:" { print $2 }' /proc/meminfo)
	HUGETLB_ELFMAP=RW "$@" pool >out 2>err || fail "$_name: $(cat out err)"
	expect_lines out "lib-text 2048" "lib-rodata 2048" "lib-data thp" \
		"lib-bss thp" "ok"
	grep -q '^BAD' out && fail "$_name: $(grep '^BAD' out)"
	[ "$(used out)" -eq "$_pages" ] ||
		fail "$_name took $(used out) huge pages, not $_pages"
	ok "$_name: the library on huge pages, $_pages pool pages"
}

lib_r=$(huge_pages_needed libcheck.so 2048 R)
moves "DT_NEEDED, a program without the runtime" "$lib_r" ./use-plain linked
grep -q "libcheck.so:" err &&
	fail "the library was reported on: $(cat err)"
moves "DT_NEEDED, a relinked program" \
	$((lib_r + $(huge_pages_needed use-hl 2048 R))) ./use-hl linked
[ ! -s err ] || fail "a relinked program and library said: $(cat err)"
moves "LD_PRELOAD" "$lib_r" env LD_PRELOAD="$PWD/libcheck.so" ./use-bare linked

# Laid out by lld, whose RELRO has a PT_LOAD of its own, and which does
# not end the bss on a huge page: the huge pages of the data and bss stop
# where the library does.
mkdir lld
build_libcheck lld/libcheck.so -fuse-ld=lld -Wl,--hugetlbfs-align
moves "DT_NEEDED, linked by lld" "$(huge_pages_needed lld/libcheck.so 2048 R)" \
	env LD_LIBRARY_PATH="$PWD/lld" ./use-plain mid linked

# Nothing asked, nothing moves: no HUGETLB_ELFMAP, no flagged segment.
./use-plain linked >out 2>err || fail "unasked: $(cat out err)"
expect_lines out "lib-text 4" "lib-data 4" "ok"
[ ! -s err ] || fail "unasked, it said: $(cat err)"

acts libcheck.so "" ./use-plain linked
acts use-hl "" ./use-hl linked
acts "libhugelink.so[.0-9]*" "$HLLIB/libhugelink.so" ./use-plain linked
acts libcheck.so "$PWD/libcheck.so" ./use-bare linked
