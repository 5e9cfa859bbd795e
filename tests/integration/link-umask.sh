#!/bin/sh
# SPDX-License-Identifier: MIT
# A umask that takes the owner's write permission (0277) leaves the link
# working: the wrapper's temporary directory is its own to write in, and
# the output, which the real linker makes read-only, is edited and keeps
# the mode it was made with, after the hot text's range is written in it
# too.  Run as nobody: root writes anywhere.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/link.sh"
need_root
need_cmd setpriv

make_start
printf 'int hot(int x) { return x + 1; }\n' >hot.c
$CC -O1 -fPIC -ffunction-sections -c -o hot.o hot.c
echo hot >order
# nobody reaches u/ through the test's own directory.
chmod 711 .
mkdir u
cp start.o hot.o order u/
chmod 644 u/*
chown 65534:65534 u
mkdir u/tmp
chown 65534:65534 u/tmp
(
	cd u
	umask 0277
	TMPDIR=$PWD/tmp setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$HLBIN/hugetlbfs-ld" --hugetlbfs-align -shared -o out.so start.o
) 2>err || fail "the link under umask 0277 failed: $(cat err)"
check_p_align u/out.so $((2 * MIB))
[ "$(stat -c %a u/out.so)" = 500 ] || fail "out.so has mode $(stat -c %a u/out.so), not 500"
[ -z "$(ls -A u/tmp)" ] || fail "the link left $(ls -A u/tmp)"
ok "umask 0277: linked, edited, mode 500"

(
	cd u
	umask 0277
	TMPDIR=$PWD/tmp setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$HLBIN/hugetlbfs-ld" --hugetlbfs-align --hugetlbfs-order=order \
		-shared -o hot.so hot.o
) 2>err || fail "the ordered link under umask 0277 failed: $(cat err)"
[ "$(stat -c %a u/hot.so)" = 500 ] || fail "hot.so has mode $(stat -c %a u/hot.so), not 500"
ok "umask 0277: the hot text's range written, mode 500"
