#!/bin/sh
# SPDX-License-Identifier: MIT
# A shared library given where a program belongs: hugectl refuses it
# with a message and exit 126 (it never runs, so never dies of a
# signal), with or without a soname; hugelink-inspect calls it a
# library.  A static-pie program is still a program.
. "$HL_SRC/tests/integration/common.sh"

echo 'int big(void) { return 42; }' >big.c
hl_cc -Wl,--hugetlbfs-align -shared -fPIC -o libbig.so big.c
hl_cc -Wl,--hugetlbfs-align -shared -fPIC -Wl,-soname,libbig.so.1 -o libbig.so.1 big.c
for lib in ./libbig.so ./libbig.so.1; do
	set +e
	"$HUGECTL" --text "$lib" >out 2>err
	rc=$?
	set -e
	[ "$rc" -eq 126 ] || fail "hugectl --text $lib: exit $rc: $(cat err)"
	grep -q "^$HUGECTL_NAME: $lib: a shared library, not a program" err ||
		fail "hugectl --text $lib said: $(cat err)"
	"$HLBIN/hugelink-inspect" "$lib" >out || fail "hugelink-inspect $lib failed"
	grep -q "^library: $lib (ELF64" out || fail "hugelink-inspect $lib: $(head -n 1 out)"
	ok "$lib: $(head -n 1 err)"
done

echo 'int main(void) { return 0; }' >p.c
hl_cc -Wl,--hugetlbfs-align -static-pie -o spie p.c
"$HLBIN/hugelink-inspect" ./spie | grep -q '^program: ./spie' ||
	fail "static-pie: $("$HLBIN/hugelink-inspect" ./spie | head -n 1)"
"$HUGECTL" --dry-run ./spie >/dev/null 2>err || fail "hugectl ./spie: $(cat err)"
ok "a static-pie program is a program"
