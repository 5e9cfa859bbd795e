# SPDX-License-Identifier: MIT
# The commit code is copied into a private page and run from there, so
# its object file must hold nothing but the remap_text section's code, and
# that code must refer to nothing outside it (no relocations).
. "$HL_SRC/tests/integration/common.sh"
: "${HL_BUILD:?}"
o=$HL_BUILD/obj/remap/commit.o
[ -f "$o" ] || fail "$o was not built"

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
