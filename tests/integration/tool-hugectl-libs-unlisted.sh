#!/bin/sh
# SPDX-License-Identifier: MIT
# hugectl --dry-run --libs lists a program's libraries with the dynamic
# loader, which in list mode still loads and runs the audit modules a
# program names (DT_AUDIT): such a program is not listed, and its
# module, which would leave a file behind, never runs.  Nor is a program
# another user can change (as root: a file owned by nobody), so that the
# file checked is the one listed.  Each says why, and the run goes on.
# An entry naming a file that is no shared object (a non-PIE program)
# is said to stay.
. "$HL_SRC/tests/integration/common.sh"
need_cmd readelf

cat >audit.c <<'EOC'
#include <stdio.h>
__attribute__((constructor)) static void ran(void)
{
	FILE *f = fopen("RAN", "w");

	if (f)
		fclose(f);
}
unsigned la_version(unsigned v) { return v; }
EOC
"$CC" -fPIC -shared -o audit.so audit.c || fail "cannot link audit.so"
echo 'int main(void) { return 0; }' >prog.c
"$CC" -o audited prog.c -Wl,--audit="$PWD/audit.so" ||
	fail "cannot link audited"
readelf -dW audited | grep -q '(AUDIT)' || fail "audited names no audit module"
"$CC" -o plain prog.c || fail "cannot link plain"

"$HUGECTL" --dry-run --text --libs=libc.so.6 ./plain >out 2>err ||
	fail "plain: $(cat out err)"
grep -q "libc.so.6 (/.*) stays on base pages\|libc.so.6 (/.*) moves" err ||
	fail "plain: libc was not listed: $(cat err)"
ok "a plain program's libraries are listed"

"$HUGECTL" --dry-run --text --libs=libc.so.6 ./audited >out 2>err ||
	fail "audited: $(cat out err)"
[ ! -e RAN ] || fail "hugectl --dry-run ran the program's audit module"
grep -q "does not list the libraries ./audited loads (it names audit modules" err ||
	fail "audited: no reason: $(cat err)"
ok "a program naming an audit module is not listed, and its module never runs"

"$CC" -no-pie -o exe prog.c || fail "cannot link exe"
"$HUGECTL" --dry-run --text --libs="$PWD/exe" ./plain >out 2>err ||
	fail "--libs naming a program: exit $?: $(cat out err)"
grep -q "exe.* stays on base pages: .*not a shared object" err ||
	fail "--libs naming a program: $(cat err)"
ok "an entry naming a program that is no shared object stays"

if [ "$(id -u)" = 0 ]; then
	cp plain theirs && chown nobody theirs
	"$HUGECTL" --dry-run --text --libs=libc.so.6 ./theirs >out 2>err ||
		fail "theirs: $(cat out err)"
	grep -q "does not list the libraries ./theirs loads (another user can change it)" err ||
		fail "theirs: $(cat err)"
	ok "a program another user owns is not listed by root"
fi
