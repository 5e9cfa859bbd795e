# SPDX-License-Identifier: MIT
# Everything in remap/ is built freestanding: it runs while the
# program's segments are being replaced (the commit, from a private copy
# of its own section, remap/run.c) or inside fork() (the snapshots), so
# no object of it may call into libc, the stack protector or a memcpy
# the compiler invented.  The commit's object must moreover hold nothing
# but the remap_text section's code, referring to nothing outside it (no
# relocations), since only that section is copied.  The objects checked
# are those of the compiler the build used ($CC), which must be the one
# named in their .comment.
. "$HL_SRC/tests/integration/common.sh"
: "${HL_BUILD:?}"
objdir=$HL_BUILD/obj/remap

if cc_is_clang; then
	made_by='clang version'
else
	made_by='GCC:'
fi

# Every remap/*.c has its object, built by $CC.
n=0
for c in "$HL_SRC"/remap/*.c; do
	o=$objdir/$(basename "$c" .c).o
	[ -f "$o" ] || fail "$o was not built"
	readelf -p .comment "$o" | grep -q "$made_by" ||
		fail "$o was not built by $CC: $(readelf -p .comment "$o" | tr -s '\n ' '  ')"
	n=$((n + 1))
done
[ "$n" -gt 0 ] || fail "no source in $HL_SRC/remap"
remap_outside_symbols "$HL_BUILD/obj" >outside
[ ! -s outside ] || fail "remap/ needs symbols from outside it: $(cat outside)"
ok "the $n objects of remap/, by $CC, need nothing outside remap/"

o=$objdir/commit.o
# Name, type, address, offset, size: one line per section.
readelf -SW "$o" | sed -n 's/^ *\[ *[0-9]*\] *//p' >sections
awk '$1 ~ /^\.(text|data|bss|rodata)/ && $5 !~ /^0+$/ { print }' \
	sections >nonempty
[ ! -s nonempty ] || fail "commit.o has other non-empty sections: $(cat nonempty)"
grep -q '^remap_text ' sections || fail "commit.o has no remap_text section"
if grep -q 'rela\.*remap_text' sections; then
	fail "the remap_text section has relocations: $(readelf -rW "$o" | grep -A5 remap_text)"
fi
nm -u "$o" >undefined
[ ! -s undefined ] || fail "commit.o needs outside symbols: $(cat undefined)"
ok "commit.o is self-contained"

# The runtime library needs nothing but libc, and binds everything now.
so=$HLLIB/libhugelink.so
readelf -dW "$so" >dynamic
[ "$(grep -c NEEDED dynamic)" = 1 ] && grep -q 'NEEDED.*libc\.so' dynamic ||
	fail "libhugelink.so needs more than libc: $(grep NEEDED dynamic)"
grep -q 'BIND_NOW\|FLAGS.*NOW' dynamic || fail "libhugelink.so is not -z now"
grep -q SYMBOLIC dynamic || fail "libhugelink.so is not -Bsymbolic"
ok "libhugelink.so links only libc, binds now"

# The aarch64 runtime, when the build made one (make stage does with
# aarch64-linux-gnu-gcc installed): the same rules, and no libgcc helper
# either (__clear_cache, the out-of-line atomics).
xobj=$HL_BUILD/aarch64/obj
if [ -d "$xobj/remap" ]; then
	remap_outside_symbols "$xobj" >outside
	[ ! -s outside ] || fail "the aarch64 remap/ needs symbols from outside it: $(cat outside)"
	o=$xobj/remap/commit.o
	readelf -SW "$o" | grep -q 'rela\.*remap_text' &&
		fail "the aarch64 remap_text section has relocations"
	nm -u "$o" >undefined
	[ ! -s undefined ] || fail "the aarch64 commit.o needs outside symbols: $(cat undefined)"
	nm -u "$xobj"/*/*.o | grep -E '__clear_cache|__aarch64_' >helpers || true
	[ ! -s helpers ] || fail "the aarch64 runtime calls libgcc helpers: $(sort -u helpers | tr '\n' ' ')"
	ok "the aarch64 remap/ is self-contained, and the runtime calls no libgcc helper"
fi
