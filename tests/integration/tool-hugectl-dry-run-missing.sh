# SPDX-License-Identifier: MIT
# hugectl --dry-run needs no program, as libhugetlbfs's did: one named
# that cannot be found or executed is no error.  hugectl says so once,
# prints the variables that do not depend on the program (LD_PRELOAD
# only with --force-preload, as for a program it cannot read), and exits
# 0; run for real, the same program still exits 127 or 126.
. "$HL_SRC/tests/integration/common.sh"

unset LD_LIBRARY_PATH
lib=$(cd "$HLLIB" && pwd -P)
so=$HL_RUNTIME_SO

# dry NAME CAUSE: hugectl --dry-run --text --data NAME prints the
# variables and one note, "NAME: CAUSE: nothing ... checked", exit 0.
dry() {
	"$HUGECTL" --dry-run --text --data "$@" >out 2>err ||
		fail "--dry-run $*: exit $?: $(cat err)"
}

echo "not on PATH"
dry no-such-command-hl
diff -u - out <<E
HUGETLB_VERBOSE=2
LD_LIBRARY_PATH=$lib
HUGETLB_ELFMAP=R:W
E
[ "$(wc -l <err)" -eq 1 ] || fail "more than one note: $(cat err)"
grep -qF "$HUGECTL_NAME: no-such-command-hl: command not found: nothing about the program was checked" err ||
	fail "no note about the program: $(cat err)"

echo "no such file, and one that cannot be executed"
dry ./no-such-prog
grep -qF "./no-such-prog: No such file or directory: nothing about" err ||
	fail "no note about ./no-such-prog: $(cat err)"
grep -qx 'HUGETLB_ELFMAP=R:W' out || fail "./no-such-prog: $(cat out)"
printf '#!/bin/sh\nexit 0\n' > script
chmod 644 script
dry ./script
grep -qF "./script: Permission denied: nothing about" err ||
	fail "no note about ./script: $(cat err)"
if grep -q '^LD_PRELOAD=' out; then fail "preloads into ./script: $(cat out)"; fi

echo "--force-preload does not depend on the program"
dry --force-preload no-such-command-hl
grep -qx "LD_PRELOAD=$lib/$so" out || fail "--force-preload: $(cat out)"

echo "-q silences the note"
"$HUGECTL" -q --dry-run --text no-such-command-hl >out 2>err
[ ! -s err ] || fail "-q still prints: $(cat err)"

echo "what it prints is what libhugetlbfs printed, when installed"
if [ -x /usr/bin/hugectl ] && ! /usr/bin/hugectl --version >/dev/null 2>&1; then
	/usr/bin/hugectl --dry-run --text --data no-such-command-hl \
		>theirs 2>/dev/null || fail "libhugetlbfs's hugectl failed"
	"$HUGECTL" --dry-run --text --data no-such-command-hl >ours 2>/dev/null
	for f in theirs ours; do
		(unset HUGETLB_VERBOSE HUGETLB_ELFMAP; eval "$(cat $f)"
		 echo "$HUGETLB_VERBOSE $HUGETLB_ELFMAP") >"$f.values"
	done
	diff -u theirs.values ours.values
else
	echo "(libhugetlbfs's hugectl is not installed)"
fi

echo "run for real, it is still not found"
set +e
"$HUGECTL" --text no-such-command-hl >out 2>err
rc=$?
set -e
[ "$rc" -eq 127 ] || fail "exit $rc, not 127: $(cat err)"
ok "hugectl --dry-run of a program it cannot find"
