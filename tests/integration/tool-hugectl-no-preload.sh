#!/bin/sh
# SPDX-License-Identifier: MIT
# hugectl --no-preload with a program that was not relinked: the
# runtime is in its process only where a library it loads carries it.
# hugectl says so, first, and plans as the runtime will where it is
# there.  A plain program alone: its bss stays on base pages (its own
# smaps).  The same program linked with a relinked library, whose copy
# of the runtime acts for every object: its bss moves, as planned and
# forced.  With the runtime in LD_PRELOAD already, nothing is said.
. "$HL_SRC/tests/integration/common.sh"
need_thp
export HUGELINK_BACKING=thp

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
echo 'int carried(int x) { return x + 1; }' >carrier.c
hl_cc $HC_CFLAGS -fPIC -shared -Wl,--hugetlbfs-align -o libcarrier.so \
	carrier.c || fail "cannot relink libcarrier.so"
"$CC" $HC_CFLAGS -o linked plain.c -Wl,--no-as-needed -L. -lcarrier \
	-Wl,-rpath,"$PWD" || fail "cannot link linked"
note="does not carry the runtime, and --no-preload keeps the shared one out: nothing moves unless a library it loads carries the runtime"

"$HUGECTL" --text --data --no-preload ./plain >out 2>err
grep -qx 'bss-middle 4' out || fail "plain: on huge pages without the runtime? $(cat out)"
[ "$(head -n 1 err)" = "$HUGECTL_NAME: ./plain $note" ] ||
	fail "plain: the first line: $(cat err)"
ok "plain: said, and its bss on base pages"

"$HUGECTL" --text --data --no-preload ./linked >out 2>err ||
	fail "linked: $(cat err)"
grep -qxE 'bss-middle (thp|2048)' out ||
	fail "linked: the library's runtime moved nothing: $(cat out err)"
grep -q "^$HUGECTL_NAME: ./linked $note" err || fail "linked: $(cat err)"
ok "linked: said, and its bss moved by the library's runtime"

LD_PRELOAD=$lib/$so "$HUGECTL" --dry-run --data --no-preload ./plain \
	>out 2>err
grep -qx 'HUGETLB_FORCE_ELFMAP=yes' out || fail "not forced: $(cat out)"
if grep -q "nothing moves unless" err; then fail "said with LD_PRELOAD: $(cat err)"; fi
ok "the runtime in LD_PRELOAD already: planned and forced, nothing said"
