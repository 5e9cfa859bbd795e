#!/bin/sh
# SPDX-License-Identifier: MIT
# hugelink-inspect --pid and --perf-map, refused a process's /proc files,
# say why truly: "needs root" only to a user who is not root; to root,
# that the kernel's ptrace check refuses root too.
. "$HL_SRC/tests/integration/common.sh"
need_root
need_cmd setpriv

sleep 60 &
pid=$!
at_exit "kill $pid"
set +e
setpriv --reuid=65534 --regid=65534 --clear-groups \
	"$HLBIN/hugelink-inspect" --perf-map "$pid" 2>err
rc=$?
set -e
[ "$rc" -eq 1 ] && grep -q "reading another user's process needs root" err ||
	fail "as nobody: exit $rc: $(cat err)"
ok "as nobody: $(cat err)"

# Root is refused by the ptrace check only where it lacks CAP_SYS_PTRACE
# over the process (a container's init): find such a process, if any.
for p in 1 $(ls /proc | grep -x '[0-9]*' | head -n 50); do
	cat "/proc/$p/smaps" >/dev/null 2>&1 && continue
	[ -d "/proc/$p" ] || continue
	set +e
	"$HLBIN/hugelink-inspect" --perf-map "$p" 2>err
	set -e
	if grep -q "needs root" err; then fail "as root: $(cat err)"; fi
	grep -q "refuses even root" err || fail "as root: $(cat err)"
	ok "as root: $(cat err)"
	exit 0
done
ok "as root: every process here is readable, nothing more to check"
