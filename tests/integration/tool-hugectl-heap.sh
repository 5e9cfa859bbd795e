# SPDX-License-Identifier: MIT
# --heap and --thp are not hugelink's: hugectl says so and hands them to
# glibc's malloc through GLIBC_TUNABLES (glibc.malloc.hugetlb), appending
# to what is there; with the tunable, a large allocation really is on
# huge pages.  --shm is refused with the reason.
. "$HL_SRC/tests/integration/common.sh"

pool_reserve 8

cat > heap.c <<'E'
#include <stdlib.h>
#include "hugecheck.h"

int main(void)
{
	const char *t = getenv("GLIBC_TUNABLES");
	char *p = malloc(6 << 20);	/* above the mmap threshold */

	p[0] = 1;
	printf("GLIBC_TUNABLES=%s\n", t ? t : "(unset)");
	hc_report("heap", p + (2 << 20), 2 << 20);
	return 0;
}
E
"$CC" $HC_CFLAGS -o heap heap.c
glibc=$(getconf GNU_LIBC_VERSION | sed -n 's/^glibc //p')
[ -n "$glibc" ] || fail "getconf GNU_LIBC_VERSION names no glibc version"
case $glibc in
2.3[5-9] | 2.[4-9]*) ;;
*) skip "glibc.malloc.hugetlb needs glibc 2.35 or later; this is $glibc" ;;
esac

echo "--heap: a message, and the tunable"
"$HUGECTL" --heap ./heap > out 2> err
diff -u - out <<'E'
GLIBC_TUNABLES=glibc.malloc.hugetlb=2
heap 2048
E
grep -q "$HUGECTL_NAME: --heap: hugelink does not place the heap; asking glibc's malloc" err ||
	fail "no message for --heap: $(cat err)"

echo "--heap=2M, after the tunables already set"
GLIBC_TUNABLES=glibc.malloc.check=0 "$HUGECTL" --heap=2M ./heap > out 2> err
diff -u - out <<'E'
GLIBC_TUNABLES=glibc.malloc.check=0:glibc.malloc.hugetlb=2097152
heap 2048
E

echo "--thp"
"$HUGECTL" --thp ./heap 2> err | head -n 1 > out
diff -u - out <<'E'
GLIBC_TUNABLES=glibc.malloc.hugetlb=1
E
grep -q "transparent huge pages" err || fail "no message for --thp: $(cat err)"

echo "--shm is refused, and nothing runs"
set +e
"$HUGECTL" --shm ./heap > out 2> err
rc=$?
set -e
[ "$rc" -eq 125 ] || fail "--shm: exit $rc"
[ ! -s out ] || fail "--shm ran the program"
grep -q "$HUGECTL_NAME: --shm is not supported: hugelink puts a program's own segments" err ||
	fail "no reason for --shm: $(cat err)"
ok "hugectl --heap, --thp and --shm"
