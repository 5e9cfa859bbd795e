#!/bin/sh
# SPDX-License-Identifier: MIT
# On x86-64 the runtime is built for indirect branch tracking and shadow
# stacks, so that it keeps an output's IBT and SHSTK marks, which the
# linker keeps only where every input has them: the staged runtime
# archive carries both (the shared runtime is marked only where libc's
# start files are), and a shared object compiled with -fcf-protection and
# linked through the wrapper (with -nostdlib, so that no unmarked part
# of libc is linked in, while the runtime is) is marked as its plain
# link is, with the runtime's note in it (readelf -n).
. "$HL_SRC/tests/integration/common.sh"
need_cmd readelf
case "$("$CC" -dumpmachine)" in
x86_64-*) ;;
*) skip "$CC does not build for x86-64" ;;
esac

readelf -nW "$HLLIB/libhugelink.a" | grep -q "x86 feature: IBT, SHSTK" ||
	fail "libhugelink.a is not marked: $(readelf -nW "$HLLIB/libhugelink.a" | grep -i feature)"
ok "the runtime linked into programs is marked IBT and SHSTK"

echo 'int f(int x) { return x + 1; }' >lib.c
"$CC" -fcf-protection -fPIC -shared -nostdlib -o plain.so lib.c ||
	fail "cannot link plain.so"
readelf -nW plain.so | grep -q "x86 feature: IBT, SHSTK" ||
	skip "$CC's plain link of a -fcf-protection object is not marked"
hl_cc -fcf-protection -fPIC -shared -nostdlib -Wl,--hugetlbfs-align \
	-o relinked.so lib.c || fail "cannot relink"
readelf -nW relinked.so | grep -q '^ *hugelink ' ||
	fail "relinked.so does not carry the runtime"
readelf -nW relinked.so | grep -q "x86 feature: IBT, SHSTK" ||
	fail "relinked.so lost its marks: $(readelf -nW relinked.so | grep -i feature)"
ok "a relinked shared object keeps IBT and SHSTK"
