#!/bin/sh
# SPDX-License-Identifier: MIT
# The runtime every executable links in carries no debugging information
# (RUNTIME_DEBUG=no, the default), even where the runtime was compiled
# with -g: a program built without -g has no .debug_ section, and one
# built with -g has the compile units of a plain link, its own.  The
# shared runtime, compiled the same way, keeps its own.  The oracle is
# readelf.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/link.sh"

readelf -SW "$HLLIB/$HL_RUNTIME_SO" | grep -q ' \.debug_info ' ||
	skip "the runtime was compiled without -g (CFLAGS): it has no debugging information to leave out"

# units FILE: the compile units of FILE's debugging information.
units() { readelf --debug-dump=info "$1" | grep -c 'DW_TAG_compile_unit'; }

echo 'int main(void) { return 0; }' >hello.c
for l in bfd lld; do
	need_cmd "ld.$l"
	for kind in pie no-pie static; do
		_o=hello-$l-$kind
		hl_cc -O2 -fuse-ld=$l $(kind_flags $kind) \
			-Wl,--hugetlbfs-align -o "$_o" hello.c ||
			fail "cannot link $_o"
		"./$_o" || fail "$_o does not run"
		_d=$(readelf -SW "$_o" | grep -o ' \.debug_[a-z_]*' | tr -d '\n')
		[ -z "$_d" ] || fail "$_o, built without -g, has$_d"
		hl_cc -O2 -g -fuse-ld=$l $(kind_flags $kind) \
			-Wl,--hugetlbfs-align -o "$_o-g" hello.c ||
			fail "cannot link $_o-g"
		"$CC" -O2 -g -fuse-ld=$l $(kind_flags $kind) -o "$_o-plain" hello.c
		_u=$(units "$_o-g") _p=$(units "$_o-plain")
		[ "$_u" = "$_p" ] ||
			fail "$_o-g: $_u compile units against $_p in a plain link"
		ok "$_o: no debugging information of the runtime ($(stat -c %s "$_o") bytes; with -g, $_u units, as plain)"
	done
done
