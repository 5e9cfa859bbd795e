#!/bin/sh
# SPDX-License-Identifier: MIT
# The real linker is found when linking, where the compiler that ran the
# wrapper would have found it: a linker installed after hugelink was
# built, in a directory the compiler searches (gcc -B, clang -B), is the
# one that runs.  The wrapper passes over itself wherever it turns up,
# refuses another copy of itself that would run it in turn, and says so
# when there is no linker at all.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/link.sh"

P=$((2 * MIB))
write_prog
need_cmd ld.mold
need_cmd ld.lld
need_cmd clang

# late NAME REAL: late/NAME, a linker "installed" now: it notes that it
# ran, then is REAL.
mkdir late
late() {
	cat >"late/$1" <<EOF2
#!/bin/sh
echo "\$0" >>"$PWD/ran.$1"
exec "$2" "\$@"
EOF2
	chmod +x "late/$1"
}
late ld "$(command -v ld.bfd)"
late ld.mold "$(command -v ld.mold)"
late ld.lld "$(command -v ld.lld)"

# ran NAME OUT: late/NAME linked OUT, laid out for huge pages.
ran() {
	[ -s "ran.$1" ] || fail "late/$1 did not run for $2"
	rm -f "ran.$1"
	check_pages "$2" $P $P
	check_run "$2" $P pie
}

hl_cc -B"$PWD/late" -Wl,--hugetlbfs-align -o p-gcc prog.c
ran ld p-gcc
hl_cc -B"$PWD/late" -fuse-ld=mold -Wl,--hugetlbfs-align -o p-gcc-mold prog.c
ran ld.mold p-gcc-mold
[ "$(linker_of p-gcc-mold)" = mold ] || fail "p-gcc-mold was not linked by mold"
# Without an option of ours the wrapper becomes that linker.
hl_cc -B"$PWD/late" -fuse-ld=mold -o p-gcc-plain prog.c
[ -s ran.ld.mold ] || fail "late/ld.mold did not run without an option of ours"
rm -f ran.ld.mold
ok "gcc -B: late/ld, late/ld.mold"

CC=clang
hl_cc -B"$PWD/late" -fuse-ld=lld -Wl,--hugetlbfs-align -o p-clang-lld prog.c
ran ld.lld p-clang-lld
[ "$(linker_of p-clang-lld)" = lld ] || fail "p-clang-lld was not linked by lld"
hl_cc --prefix "$PWD/late" -Wl,--hugetlbfs-align -o p-clang prog.c
ran ld p-clang
ok "clang -B, --prefix: late/ld.lld, late/ld"
# clang reads its options from response files too (as Ninja, CMake and
# Bazel pass them): the -B there counts, the nested file's as well.
printf -- '-B"%s" @inner.rsp\n' "$HLDIR" >cl.rsp
printf -- '-B "%s" -Wl,--hugetlbfs-align\n' "$PWD/late" >inner.rsp
clang @cl.rsp -o p-clang-rsp prog.c
ran ld p-clang-rsp
ok "clang @file: late/ld"
CC=gcc

# Run directly, the wrapper runs the ld a shell would.
$CC -O1 -c -o prog.o prog.c
args=$(cc_link_args pie prog.o)
PATH=$PWD/late:$PATH "$HLBIN/hugetlbfs-ld" --hugetlbfs-align $args -o p-direct
ran ld p-direct
ok "run directly: late/ld from PATH"

# Another copy of the wrapper found as the real linker would run this one
# in turn: it refuses, whether it was exec'd or spawned.
mkdir copy
cp "$HLBIN/hugetlbfs-ld" copy/ld
refused any "another hugetlbfs-ld ran this one" p-copy timeout 60 \
	"$CC" -B"$HLDIR" -B"$PWD/copy" -o p-copy prog.o
refused any "another hugetlbfs-ld ran this one" p-copy timeout 60 \
	"$CC" -B"$HLDIR" -B"$PWD/copy" -Wl,--hugetlbfs-align -o p-copy prog.o

# No linker anywhere: the message says where the wrapper looked.
mkdir empty
make_start
refused 3 "no real linker ld: not found in PATH" out \
	env PATH="$PWD/empty" "$HLBIN/hugetlbfs-ld" --hugetlbfs-align -o out start.o
mkdir gcconly
ln -s "$(command -v "$CC")" "gcconly/$CC"
refused any "no real linker ld.mold: not found in gcc's COMPILER_PATH nor in PATH" \
	p-none env PATH="$PWD/gcconly" \
	"$CC" -B"$HLDIR" -fuse-ld=mold -Wl,--hugetlbfs-align -o p-none prog.o
