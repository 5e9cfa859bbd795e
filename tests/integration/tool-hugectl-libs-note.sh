#!/bin/sh
# SPDX-License-Identifier: MIT
# hugectl --text --libs=LIB on a program whose own segments stay on base
# pages says what moves: not "nothing of PROG goes on huge pages", but
# that the program itself stays and the libraries named move.
. "$HL_SRC/tests/integration/common.sh"

"$CC" -o plain -x c - <<'C'
int main(void) { return 0; }
C
"$HUGECTL" --dry-run --text --libs=libc.so.6 ./plain >out 2>err ||
	fail "hugectl failed: $(cat err)"
if grep -q "nothing of" err; then fail "says nothing moves: $(cat err)"; fi
grep -q "^$HUGECTL_NAME: ./plain itself stays on base pages .*HUGELINK_LIBS names (libc.so.6) move" err ||
	fail "does not say what moves: $(cat err)"
grep -qx "HUGELINK_LIBS=libc.so.6" out || fail "HUGELINK_LIBS: $(cat out)"
ok "$(grep itself err)"
