#!/bin/sh
# SPDX-License-Identifier: MIT
# hugeedit FILE, listing or editing, opens a regular file and nothing
# else: a FIFO, named directly or through a symbolic link (as another
# user could plant one), is refused as "not a regular file", exit 1,
# without being opened, which a writer waiting on it would see; a
# symbolic link to a program is still listed through.
. "$HL_SRC/tests/integration/common.sh"
need_cmd timeout

mkfifo fifo
ln -s fifo link
ln -s /bin/true prog

# try ARG...: run hugeedit ARG... while a writer waits to open the FIFO,
# and fail if that writer got through (the FIFO was opened to read).
try() {
	rm -f released
	(echo x >fifo && : >released) &
	_writer=$!
	set +e
	timeout 10 "$HUGEEDIT" "$@" >out 2>err
	_rc=$?
	set -e
	sleep 0.3
	if [ -e released ]; then fail "hugeedit $*: the FIFO was opened"; fi
	kill $_writer 2>/dev/null || :
	wait $_writer 2>/dev/null || :
	[ "$_rc" -eq 1 ] || fail "hugeedit $*: exit $_rc, not 1: $(cat err)"
	grep -q ": not a regular file" err || fail "hugeedit $*: $(cat err)"
	ok "hugeedit $*: $(cat err)"
}

try fifo
try link
try --text fifo
"$HUGEEDIT" prog >out 2>err || fail "hugeedit prog (a link to /bin/true): $(cat err)"
grep -q "^Segment " out || fail "hugeedit prog lists nothing: $(cat out)"
ok "a link to a program is listed through"
