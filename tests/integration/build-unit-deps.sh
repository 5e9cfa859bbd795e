#!/bin/sh
# SPDX-License-Identifier: MIT
# A unit test is rebuilt when a header it includes changes, a header of
# the tests' own (tests/unit/support/) included, which no archive of the
# build reads.  The build is of a copy of the tree, whose header this
# test may touch.
. "$HL_SRC/tests/integration/common.sh"

mkdir src
tar -C "$HL_SRC" --exclude='./build*' --exclude=./.git -cf - . | tar -C src -xf -
t=$PWD/b/tests/unit/elf/file-test
grep -q '"tests/unit/support/elf-image.h"' src/tests/unit/elf/file-test.c ||
	fail "tests/unit/elf/file-test.c no longer includes support/elf-image.h"

# build: make the one unit test in the copy; its compile lines in build.log.
build() {
	env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -C src B="$PWD/b" CC="$CC" \
		"$t" >build.log 2>&1 || { tail -n 30 build.log >&2; fail "make $t failed"; }
}
build
[ -x "$t" ] || fail "$t was not built"
build
! grep -q -- "-o $t " build.log || fail "$t was rebuilt with nothing changed"
touch src/tests/unit/support/elf-image.h
build
grep -q -- "-o $t " build.log || fail "$t was not rebuilt after its header changed"
"$t" >/dev/null || fail "$t fails"
ok "a unit test follows the headers it includes"
