# SPDX-License-Identifier: MIT
# hugeedit stopped half-way never leaves a copy of a set-uid program, or
# of one with file capabilities, that has those powers: until its data
# are synced the copy is mode 0600 without capabilities, in a directory
# of its own that only root may open, and SIGTERM, SIGHUP or SIGINT
# remove both.  The copy is caught in its first fsync by an
# LD_PRELOAD shim of the test's own, which says so and waits there until
# told to go on: hugeedit's own code runs around it.
. "$HL_SRC/tests/integration/common.sh"
need_root
need_cmd setcap

cat >shim.c <<'C'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

/* The first fsync: create $HL_IN_FSYNC, wait for $HL_GO, then sync. */
int fsync(int fd)
{
	static int calls;
	const char *in = getenv("HL_IN_FSYNC"), *go = getenv("HL_GO");

	if (!calls++ && in && go) {
		close(open(in, O_CREAT | O_WRONLY, 0600));
		while (access(go, F_OK))
			usleep(10000);
	}
	return ((int (*)(int))dlsym(RTLD_NEXT, "fsync"))(fd);
}
C
"$CC" -O1 -shared -fPIC -o shim.so shim.c -ldl
cat >prog.c <<'C'
int main(void) { return 0; }
C
"$CC" -O1 -o prog prog.c
chown nobody:nogroup prog
chmod 4755 prog
setcap cap_net_raw+ep prog || fail "setcap cannot give prog a capability"
chmod 4755 prog	# setcap may drop the set-uid bit
cp -p prog orig
pid=
at_exit 'touch "$PWD/go"; [ -z "$pid" ] || kill -KILL $pid 2>/dev/null'

# edit_until_fsync: start hugeedit --text on prog, held in its first
# fsync; $copy is the copy it is writing, in $copydir, $pid hugeedit.
edit_until_fsync() {
	rm -f in-fsync go
	# A job started with & ignores SIGINT unless told otherwise.
	HL_IN_FSYNC=$PWD/in-fsync HL_GO=$PWD/go LD_PRELOAD=$PWD/shim.so \
		env --default-signal=INT "$HUGEEDIT" --text prog >out 2>err &
	pid=$!
	until [ -e in-fsync ]; do
		kill -0 $pid 2>/dev/null || fail "hugeedit ended: $(cat err)"
		sleep 0.05
	done
	copydir=$(ls -A | grep '^\.prog\.hugeedit-') || fail "no copy while in fsync"
	copy=$copydir/prog
	[ "$(stat -c '%U %a' "$copydir")" = "root 700" ] ||
		fail "$copydir is $(stat -c '%U %a' "$copydir"), not root's and 700"
}

# powerless FILE: neither set-id bits nor file capabilities.
powerless() {
	mode=$(stat -c %a "$1")
	[ "$mode" = 600 ] || fail "$1 is mode $mode while its data are synced"
	[ -z "$(getcap "$1")" ] || fail "$1 has capabilities: $(getcap "$1")"
}

for sig in TERM HUP INT; do
	edit_until_fsync
	powerless "$copy"
	kill -$sig $pid
	touch go
	set +e
	wait $pid
	rc=$?
	set -e
	[ "$rc" -gt 128 ] || fail "SIG$sig: hugeedit exited $rc, not by the signal"
	[ -z "$(ls -A | grep '^\.prog\.hugeedit-')" ] || fail "SIG$sig left the copy $copy"
	cmp orig prog || fail "SIG$sig: prog changed"
	ok "SIG$sig in fsync: the copy was 0600 without capabilities, and is gone"
done

# SIGKILL cannot be caught: what it leaves has no powers.
edit_until_fsync
kill -KILL $pid
set +e
wait $pid
set -e
[ -e "$copy" ] || fail "SIGKILL left no copy: the test proves nothing"
powerless "$copy"
rm -rf "$copydir"
cmp orig prog || fail "SIGKILL: prog changed"
ok "SIGKILL in fsync leaves a copy without set-id bits or capabilities"

# Let through, the edit gives the result every power of the original.
edit_until_fsync
touch go
wait $pid || fail "hugeedit failed: $(cat err)"
[ "$(stat -c '%U:%G %a' prog)" = "$(stat -c '%U:%G %a' orig)" ] ||
	fail "owner or mode not kept: $(stat -c '%U:%G %a' prog orig)"
getcap prog | grep -q cap_net_raw || fail "capabilities lost"
cmp -s orig prog && fail "the edit changed nothing"
[ -z "$(ls -A | grep '^\.prog\.hugeedit-')" ] || fail "a copy was left"
ok "the finished edit keeps owner, mode $(stat -c %a prog) and capabilities"
