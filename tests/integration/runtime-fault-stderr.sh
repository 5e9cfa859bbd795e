# SPDX-License-Identifier: MIT
# The messages given inside the swap and inside fork() go only to the
# standard error the program was started with, as every other message
# of the runtime does.  A program started with a data file on fd 2, open
# for reading and writing (2<>), or open for reading only, gets nothing
# written into it when the swap cannot be undone (HUGELINK_FAULT=recover:
# the program still ends with SIGABRT).  A program that puts its data
# file on fd 2 after start-up, then forks with no memory for the fork
# guard's copy (segcheck's aslimit), gets nothing written into it by
# fork().  The controls: the same runs with fd 2 left as it was say it.
. "$HL_SRC/tests/integration/common.sh"
need_thp
pool_reserve 24
build_segcheck sc

printf 'database contents\n' >db.orig

# abort_run REDIRECTION: run sc with the unrecoverable fault and fd 2 as
# the shell's redirection says; its exit status in $rc.  The redirection
# is made in a subshell that execs sc, so that what this shell says of
# the signal goes to its own standard error.
abort_run() {
	set +e
	(eval "exec $1"; HUGELINK_FAULT=recover HUGETLB_ELFMAP=RW exec ./sc >out)
	rc=$?
	set -e
	[ "$rc" -eq 134 ] || fail "recover, fd 2 $*: exit status $rc, not SIGABRT (134)"
	[ ! -s out ] || fail "recover, fd 2 $*: the program went on: $(cat out)"
}

abort_run '2>err'
grep -q "^hugelink: fatal: .*aborting" err || fail "control: no message: $(cat err)"
ok "control: an unrecoverable swap says so on the standard error"

cp db.orig db
abort_run '2<>db'
cmp -s db db.orig || fail "recover: the data file on fd 2 changed: $(cat db)"
ok "an unrecoverable swap, a file open for reading and writing on fd 2: unchanged"

cp db.orig db
abort_run '2<db'
cmp -s db db.orig || fail "recover, read-only: the data file on fd 2 changed: $(cat db)"
ok "an unrecoverable swap, a file open for reading only on fd 2: unchanged"

# fork() with no memory for a copy: the parent says so once (the
# control), but not into the data file put on fd 2 after start-up.
HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=RW ./sc aslimit fork >out 2>err ||
	fail "fork control: $(cat out err)"
expect_lines out "data 2048" "fork ok" "ok"
grep -q "no memory for a copy" err || fail "fork control: not said: $(cat err)"
ok "control: fork() with no memory for a copy says so on the standard error"

cp db.orig db
HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=RW ./sc stderr=db aslimit fork >out 2>err ||
	fail "fork, data file on fd 2: $(cat out err)"
expect_lines out "data 2048" "fork ok" "ok"
cmp -s db db.orig || fail "fork: the data file on fd 2 changed: $(cat db)"
[ ! -s err ] || fail "fork: the first standard error got: $(cat err)"
ok "fork() with no memory for a copy, a data file put on fd 2 after start-up: unchanged"
