#!/bin/sh
# SPDX-License-Identifier: MIT
# pkg-config gives a build system what it needs to link through hugelink:
# a program built with "pkg-config --libs hugelink" (or the ldflags
# variable) is laid out for huge pages, carries the runtime, and goes on
# huge pages when asked; --modversion is the build's version; a tree
# moved elsewhere is found with --define-variable=prefix.
. "$HL_SRC/tests/integration/common.sh"
# The checks read KernelPageSize and count the pool's pages: writable
# data goes on hugetlb pages here, not on the default transparent ones.
export HUGELINK_BACKING=hugetlb
. "$HL_SRC/tests/integration/lib/link.sh"
need_cmd pkg-config
pool_reserve 8

hl_make "$PWD/b" install PREFIX="$PWD/p" DESTDIR=
export PKG_CONFIG_PATH=$PWD/p/lib/pkgconfig
[ "$(pkg-config --modversion hugelink)" = "$(cat "$HL_SRC/VERSION")" ] ||
	fail "--modversion: $(pkg-config --modversion hugelink)"
[ "$(pkg-config --variable=prefix hugelink)" = "$PWD/p" ] ||
	fail "prefix: $(pkg-config --variable=prefix hugelink)"

cat >prog.c <<'E'
#include "hugecheck.h"
char bss[3 << 20];
int main(void)
{
	hc_report("text", (const void *)main, 1);
	hc_report("bss", bss, sizeof(bss));
	return 0;
}
E
# run PROG: on base pages unasked, on huge pages with HUGETLB_ELFMAP=RW.
run() {
	"./$1" >out || fail "$1 failed"
	expect_lines out "text 4" "bss 4"
	HUGETLB_ELFMAP=RW "./$1" >out || fail "$1 failed"
	expect_lines out "text 2048" "bss 2048"
}

"$CC" $HC_CFLAGS -o libs prog.c $(pkg-config --libs hugelink)
check_starts libs $((2 * MIB)) $((2 * MIB))
check_embedded_runtime libs
run libs
"$CC" $HC_CFLAGS $(pkg-config --variable=ldflags hugelink) -o vars prog.c
check_embedded_runtime vars
run vars
ok "built with pkg-config --libs hugelink, and with its ldflags"

mv p q
"$CC" $HC_CFLAGS -o moved prog.c \
	$(PKG_CONFIG_PATH=$PWD/q/lib/pkgconfig pkg-config \
		--define-variable=prefix="$PWD/q" --libs hugelink)
check_embedded_runtime moved
run moved
ok "a moved tree, with --define-variable=prefix"
