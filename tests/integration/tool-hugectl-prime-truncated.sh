#!/bin/sh
# SPDX-License-Identifier: MIT
# hugectl --prime on a file that another process keeps cutting short and
# growing back while it runs (a file in another user's hands): each run
# ends with a status of its own, 0 or 1 with a reason, and never dies of
# SIGBUS on a page past the file's end.  The race is run 150 times; a
# run that dies of a signal fails the test.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/filetext.sh"
need_cmd python3
need_thp
write_bigtext 8
hl_cc -O2 -Wl,--hugetlbfs-align -o victim bigtext.c || fail "cannot link"
size=$(stat -c %s victim)

# Cut the file to one page and grow it back, over and over, until
# stopped.
python3 - victim "$size" <<'PY' &
import os
import sys

fd = os.open(sys.argv[1], os.O_WRONLY)
size = int(sys.argv[2])
while True:
    os.ftruncate(fd, 4096)
    os.ftruncate(fd, size)
PY
cutter=$!
kill_at_exit $cutter

statuses=
for i in $(seq 150); do
	set +e
	"$HUGECTL" --prime victim >out 2>err
	rc=$?
	set -e
	[ "$rc" -le 1 ] || fail "run $i: hugectl --prime exits $rc: $(cat err)"
	[ "$rc" -eq 0 ] || grep -q "victim" err || fail "run $i: no reason: $(cat err)"
	statuses="$statuses$rc"
done
ok "150 runs, statuses $statuses"
