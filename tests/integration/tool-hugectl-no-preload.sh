# SPDX-License-Identifier: MIT
# hugectl --no-preload with a program that was not relinked: no runtime
# is in its process, so nothing moves.  hugectl says so once and
# promises nothing: no HUGETLB_FORCE_ELFMAP, no segment "on 2M pages",
# and the program's own smaps agrees.  With the runtime in LD_PRELOAD
# already, the program is planned as before.
. "$HL_SRC/tests/integration/common.sh"

unset LD_LIBRARY_PATH
lib=$(cd "$HLLIB" && pwd -P)
so=$HL_RUNTIME_SO

cat > plain.c <<'E'
#include "hugecheck.h"

char bss[12 << 20];

int main(void)
{
	hc_report("bss-middle", bss + (4 << 20), 2 << 20);
	bss[sizeof(bss) - 1] = 1;
	return 0;
}
E
"$CC" $HC_CFLAGS -o plain plain.c
note="$HUGECTL_NAME: nothing moves to huge pages: ./plain does not carry the runtime, and --no-preload keeps the shared one out"

echo "run: one note, and nothing on huge pages"
"$HUGECTL" -v --text --data --no-preload ./plain >out 2>err
grep -qx 'bss-middle 4' out || fail "on huge pages without the runtime? $(cat out)"
printf '%s\n' "$note" | diff -u - err

echo "--dry-run: no HUGETLB_FORCE_ELFMAP"
"$HUGECTL" -v --dry-run --data --no-preload ./plain >out 2>err
diff -u - out <<E
HUGETLB_VERBOSE=3
LD_LIBRARY_PATH=$lib
HUGETLB_ELFMAP=W
E
printf '%s\n' "$note" | diff -u - err

echo "the runtime in LD_PRELOAD already: planned and forced"
LD_PRELOAD=$lib/$so "$HUGECTL" --dry-run --data --no-preload ./plain \
	>out 2>err
grep -qx 'HUGETLB_FORCE_ELFMAP=yes' out || fail "not forced: $(cat out)"
if grep -q "nothing moves" err; then fail "says nothing moves: $(cat err)"; fi
ok "hugectl --no-preload promises nothing to a program without the runtime"
