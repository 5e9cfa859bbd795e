#!/bin/sh
# SPDX-License-Identifier: MIT
# The runtime inside a program takes no name from it, and gives it none:
# libhugelink.a is one object whose global symbols are ldr_ctor and a
# weak __dso_handle (for links without crtbegin.o), both hidden;
# a program linked through the wrapper exports exactly what the same
# program linked plainly exports, -rdynamic included, with every linker;
# and a program that defines functions named like the runtime's own, or
# a libc function the runtime calls, keeps its own, while the runtime
# keeps its and still works (HUGETLB_ELFMAP=R=2M has it parse a size).
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/link.sh"
pool_reserve 8

a=$HLLIB/libhugelink.a
[ "$(ar t "$a")" = hugelink.o ] || fail "$a holds: $(ar t "$a")"
nm -g --defined-only "$a" | awk 'NF == 3 { print $3 }' | sort >globals
[ "$(cat globals | tr '\n' ' ')" = "__dso_handle ldr_ctor " ] ||
	fail "$a defines globals: $(cat globals)"
readelf -sW "$a" | grep ' ldr_ctor$' | grep -q ' HIDDEN ' || fail "ldr_ctor is not hidden"
readelf -sW "$a" | grep ' __dso_handle$' | grep ' WEAK ' | grep -q ' HIDDEN ' ||
	fail "__dso_handle is not weak and hidden"
nm -D --defined-only "$HLLIB/libhugelink.so" >exported
[ ! -s exported ] || fail "libhugelink.so exports: $(cat exported)"
ok "libhugelink.a: one object, two hidden globals; libhugelink.so exports nothing"

cat >p.c <<'E'
#include <stdio.h>
int main(void) { puts("p"); return 0; }
E
for l in bfd lld mold gold; do
	need_cmd "ld.$l"
	for kind in pie no-pie; do
		$CC -fuse-ld=$l -$kind -rdynamic -o "plain-$l-$kind" p.c
		hl_cc -fuse-ld=$l -$kind -rdynamic -Wl,--hugetlbfs-align -o "p-$l-$kind" p.c
		check_embedded_runtime "p-$l-$kind"
		nm -D --defined-only "plain-$l-$kind" | awk '{ print $NF }' | sort >want
		nm -D --defined-only "p-$l-$kind" | awk '{ print $NF }' | sort >got
		diff -u want got || fail "p-$l-$kind exports more than a plain link"
	done
done
ok "-rdynamic exports nothing of the runtime's, with every linker"

# The program's own hl_parse_size and mach_env_get, names of the
# runtime's: the runtime must not use them, and the program must.
cat >own.c <<'E'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hugecheck.h"
int hl_parse_size(const char *s, size_t *out) { (void)s; *out = 1; return 7; }
const char *mach_env_get(const char *name, void *ctx) { (void)name; (void)ctx; return "own"; }
int main(void)
{
	size_t n = 0;
	int rc = hl_parse_size("2M", &n);

	hc_report("text", (const void *)main, 1);
	printf("own %d %zu %s\n", rc, n, mach_env_get("X", NULL));
	return 0;
}
E
for kind in pie static; do
	hl_cc $HC_CFLAGS -$kind -Wl,--hugetlbfs-align -o "own-$kind" own.c ||
		fail "own-$kind does not link"
	HUGETLB_ELFMAP=R=2M "./own-$kind" >out 2>err || fail "own-$kind: $(cat out err)"
	expect_lines out "text 2048" "own 7 1 own"
	[ ! -s err ] || fail "own-$kind said: $(cat err)"
done
ok "a program's names stay its own, and the runtime's its own"
