#!/bin/sh
# SPDX-License-Identifier: MIT
# "make check-offline", which a package build runs (debian/rules), often
# as root in a container that shares the machine's kernel, changes
# nothing of the machine's: there, as root, a test that needs root's
# powers skips and says why, unless HL_ALLOW_ROOT=yes; "make check"
# (no HL_OFFLINE) lets it use them.  Judged from real tests of each
# kind, run as check-offline runs them: one that takes pages from the
# huge-page pool, one that mounts file systems from loop devices in a
# mount namespace of its own, one that adds users, one that sets the
# transparent huge pages to "never", one that makes a cgroup.  The
# pools, the THP setting, the users, the mounts and the loop devices
# are the same after them, and each skipped with that reason.
. "$HL_SRC/tests/integration/common.sh"
[ "$(id -u)" = 0 ] || skip "not root: a test that needs root's powers skips anyway"

# machine: what the tests below would change, one item a line.
machine() {
	cat /sys/kernel/mm/hugepages/hugepages-*/nr_hugepages
	cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null || true
	getent passwd | cut -d: -f1
	cut -d' ' -f2 /proc/mounts
	ls /sys/block | grep '^loop' || true
	ls /sys/fs/cgroup
}
machine >before
for t in runtime-flags runtime-file-image-fs share-clean-trust runtime-thp-off \
	 runtime-cgroup; do
	mkdir "$t"
	rc=0
	(cd "$t" && HL_OFFLINE=1 HL_ALLOW_ROOT= sh "$HL_SRC/tests/integration/$t.sh") \
		>"$t.out" 2>&1 || rc=$?
	[ "$rc" = 77 ] || fail "$t under check-offline as root: exit $rc, not a skip: $(tail -n 5 "$t.out")"
	grep -q "^SKIP: needs root's powers .*HL_ALLOW_ROOT=yes" "$t.out" ||
		fail "$t under check-offline as root skipped for another reason: $(cat "$t.out")"
done
machine >after
diff -u before after || fail "the machine changed under check-offline"
ok "check-offline as root: each skipped, $(sed 's/^SKIP: //' runtime-flags.out)"

# gate: what need_root does with the environment given.
gate() {
	(env "$@" sh -c '. "$HL_SRC/tests/integration/common.sh"; need_root; echo allowed') 2>&1
}
[ "$(gate HL_OFFLINE= HL_ALLOW_ROOT=)" = allowed ] ||
	fail "make check as root: $(gate HL_OFFLINE= HL_ALLOW_ROOT=)"
[ "$(gate HL_OFFLINE=1 HL_ALLOW_ROOT=yes)" = allowed ] ||
	fail "check-offline with HL_ALLOW_ROOT=yes: $(gate HL_OFFLINE=1 HL_ALLOW_ROOT=yes)"
ok "make check as root, and check-offline with HL_ALLOW_ROOT=yes, use root's powers"
