#!/bin/sh
# SPDX-License-Identifier: MIT
# Every tool answers --version with the build's one version (the file
# VERSION), and the wrapper answers --hugetlbfs-version itself, running
# no linker; plain --version still reaches the real linker, since
# compilers ask it.  The runtime's note, in the shared runtime and in
# every program that embeds it, carries the same version.
. "$HL_SRC/tests/integration/common.sh"

v=$(cat "$HL_SRC/VERSION")
for t in $(libhugetlbfs_names hugectl hugeedit) hugelink-inspect hugelink-ctl hugelink-edit; do
	"$HLBIN/$t" --version >out 2>err || fail "$t --version failed: $(cat err)"
	[ "$(cat out)" = "$t (hugelink) $v" ] || fail "$t --version: $(cat out)"
	[ ! -s err ] || fail "$t --version said: $(cat err)"
done
ok "the tools: $v"

# HUGELINK_LD names no linker at all: the answer cannot come from one.
HUGELINK_LD=/nonexistent/ld "$HLBIN/hugetlbfs-ld" --hugetlbfs-version >out ||
	fail "hugetlbfs-ld --hugetlbfs-version failed"
[ "$(cat out)" = "hugetlbfs-ld (hugelink) $v" ] || fail "the wrapper says: $(cat out)"
"$HLDIR/ld" --version | head -n 1 | grep -q '^GNU ld' ||
	fail "ld --version does not reach GNU ld: $("$HLDIR/ld" --version | head -n 1)"
echo 'int main(void) { return 0; }' >p.c
hl_cc -Wl,--version -o p p.c 2>&1 | grep -q '^GNU ld' ||
	fail "gcc -Wl,--version does not reach GNU ld"
ok "the wrapper: $v, and --version is the real linker's"

# The note's descriptor: the version's bytes, then NULs to a multiple of 4.
hex=$(printf '%s' "$v" | od -An -tx1 | tr -s ' \n' '  ' | sed 's/^ //; s/ $//')
hl_cc -Wl,--hugetlbfs-align -o p p.c
strip p
for f in "$HLLIB/libhugelink.so" p; do
	readelf -nW "$f" | grep -A 2 '^ *hugelink ' | grep -q "description data: $hex 00" ||
		fail "$f: the runtime's note does not carry $v: $(readelf -nW "$f")"
done
ok "the runtime's note, in the library and in a stripped program: $v"
