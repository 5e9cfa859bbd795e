#!/bin/sh
# SPDX-License-Identifier: MIT
# hugectl --libs plans each library it names as the runtime will, found
# where the dynamic loader finds it for the program, and never says that
# one moves that the runtime leaves: a library of a few KiB, and libc
# when readelf shows no segment of it spanning 2 MiB, stay on base pages,
# and hugectl says so at the default verbosity, naming the largest
# segment readelf shows; a library of 5 MiB of text moves, which it says
# at -v.  Run through hugectl, the program's own maps and smaps agree:
# the small library and libc are still mapped from their files, and the
# large library's text is on huge pages.  A name the program does not
# load at start is said to depend on a later dlopen, and one the loader
# cannot find is said to name nothing.  With "all", as the runtime,
# hugectl names only the libraries that move, and counts them.
. "$HL_SRC/tests/integration/common.sh"
need_cmd readelf
need_thp
export HUGELINK_BACKING=thp

build_libcheck libbig.so -DMB=5
echo 'int small(void) { return 1; }' >small.c
"$CC" -fPIC -shared -o libsmall.so small.c || fail "cannot link libsmall.so"
echo 'int unused(void) { return 2; }' >unused.c
"$CC" -fPIC -shared -o libunused.so unused.c || fail "cannot link libunused.so"
$CC $HC_CFLAGS -no-pie -o use "$HLINC/libuse.c" -Wl,--no-as-needed \
	-L. -lbig -lsmall -Wl,-rpath,"$PWD" || fail "cannot link use"

# largest FILE: "INDEX BYTES" of FILE's largest PT_LOAD by memory size
# (the index among the program headers).
largest() {
	readelf -lW "$1" | awk "$HL_AWK_LIB"'
		/^  [A-Z]/ && $1 != "Type" { n++ }
		$1 == "LOAD" && hex($6) > best { best = hex($6); at = n - 1 }
		END { print at, best }'
}

libc=$(ldd ./use | awk '$1 == "libc.so.6" { print $3 }')
[ -n "$libc" ] || fail "ldd finds no libc.so.6 for use: $(ldd ./use)"
names=libbig.so:libsmall.so:libunused.so:libnowhere.so
set -- $(largest "$libc")
if [ "$2" -lt 2097152 ]; then
	names=$names:libc.so.6
	libc_seg=$1
fi

"$HUGECTL" --dry-run --text --libs=$names ./use >out 2>err ||
	fail "hugectl failed: $(cat err)"
if grep -q "move as they load" err; then fail "promises a move: $(cat err)"; fi
if grep -q "libbig" err; then fail "libbig.so, which moves, at the default verbosity: $(cat err)"; fi
set -- $(largest libsmall.so)
grep -q "^$HUGECTL_NAME: libsmall.so ($PWD/libsmall.so) stays on base pages: none of its segments spans a whole 2M page (the largest, segment $1, is " err ||
	fail "does not say libsmall.so stays: $(cat err)"
if [ -n "${libc_seg:-}" ]; then
	grep -q "^$HUGECTL_NAME: libc.so.6 ($libc) stays on base pages: none of its segments spans a whole 2M page (the largest, segment $libc_seg, is " err ||
		fail "does not say libc.so.6 stays: $(cat err)"
fi
grep -q "^$HUGECTL_NAME: libunused.so ($PWD/libunused.so) is not loaded at start; if the program loads it later (dlopen), .* it then stays on base pages" err ||
	fail "libunused.so: $(cat err)"
grep -q "^$HUGECTL_NAME: HUGELINK_LIBS names libnowhere.so, which ./use does not load at start and the dynamic loader does not find" err ||
	fail "libnowhere.so: $(cat err)"
grep -qx "HUGELINK_LIBS=$names" out || fail "HUGELINK_LIBS: $(cat out)"
ok "$(cat err)"

"$HUGECTL" -v --dry-run --text --libs=$names ./use >out 2>err ||
	fail "hugectl -v failed: $(cat err)"
grep -q "^$HUGECTL_NAME: libbig.so ($PWD/libbig.so) moves [0-9]* segments* to huge pages" err ||
	fail "does not say libbig.so moves: $(cat err)"
ok "$(grep libbig err)"

"$HUGECTL" -v --dry-run --text --libs=all ./use >out 2>err ||
	fail "hugectl --libs=all failed: $(cat err)"
grep -q "^$HUGECTL_NAME: libbig.so ($PWD/libbig.so) moves" err ||
	fail "all: does not say libbig.so moves: $(cat err)"
if grep -q "libsmall" err; then fail "all: libsmall.so, which stays, is named: $(cat err)"; fi
grep -q "^$HUGECTL_NAME: HUGELINK_LIBS=all: of the [0-9]* libraries ./use loads at start that no other entry names, [1-9][0-9]* moves*" err ||
	fail "all: no count: $(cat err)"
ok "$(grep all: err)"

# The run: the program's own maps and smaps.
mkfifo in
"$HUGECTL" -q --text --libs=$names ./use mid linked wait <in >run.out 2>run.err &
pid=$!
kill_at_exit $pid
exec 3>in
t=0
until grep -qs ready run.out; do
	[ $t -lt 600 ] || fail "use did not start: $(cat run.err)"
	sleep 0.1; t=$((t + 1))
done
for lib in "$PWD/libsmall.so" ${libc_seg:+"$libc"}; do
	awk -v f="$(readlink -f "$lib")" '$2 ~ /^r-x/ && $6 == f { n++ } END { exit !n }' \
		/proc/$pid/maps || fail "$lib's text is not mapped from it: $(cat /proc/$pid/maps)"
done
exec 3>&-
wait $pid || fail "use failed: $(cat run.out run.err)"
grep -qxE "lib-text (thp|2048)" run.out || fail "libbig.so's text: $(cat run.out)"
ok "run: libsmall.so${libc_seg:+ and libc.so.6} mapped from their files, libbig.so's $(grep lib-text run.out)"
