# SPDX-License-Identifier: MIT
# hugelink-profile turns perf record -e cpu-clock -g of a program built
# with -ffunction-sections into an order: the eight hot functions and no
# cold one, from perf.data and from perf script's output alike.  Bad command lines
# and files fail with the documented status.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/debug.sh"
. "$HL_SRC/tests/integration/lib/hot.sh"
need_perf
hot_profile

grep -q . hotprog.order || fail "empty order: $(cat profile.out)"
! grep -q '^cold_' hotprog.order || fail "a cold function is in the order: $(cat hotprog.order)"
grep '^hot_' hotprog.order | sort >hot.got
hot_names | diff -u - hot.got || fail "the order misses a hot function"
ok "the order names the eight hot functions and no cold one"

perf script -i hotprog.data >script.txt 2>/dev/null || fail "perf script"
"$HLBIN/hugelink-profile" -o pipe.order -x hotprog - <script.txt >pipe.out ||
	fail "hugelink-profile on standard input"
diff -u hotprog.order pipe.order || fail "perf script's output gives another order"
"$HLBIN/hugelink-profile" -o file.order -x ./hotprog script.txt >/dev/null ||
	fail "hugelink-profile on a perf script file"
diff -u hotprog.order file.order || fail "a perf script file gives another order"
ok "perf.data, perf script on standard input and in a file give one order"

# The order file: a new one takes the umask's mode; a link of one's own
# is followed, as fopen follows it; a link another user owns is not,
# and its target keeps its bytes, nor is a file another user owns
# written; a FIFO with no reader is refused; /dev/stdout, a pipe, is
# written.
(umask 027 && "$HLBIN/hugelink-profile" -o new.order -x hotprog - <script.txt >/dev/null) ||
	fail "hugelink-profile -o a new file"
[ "$(stat -c %a new.order)" = 640 ] || fail "mode $(stat -c %a new.order) under umask 027"
diff -u hotprog.order new.order || fail "the new order file differs"
echo kept >victim
ln -s victim own.order
"$HLBIN/hugelink-profile" -o own.order -x hotprog - <script.txt >/dev/null ||
	fail "hugelink-profile -o a link of one's own"
diff -u hotprog.order victim || fail "the order did not go through one's own link"
# Another user's link: made by chown, which needs root.
planted_link() {
	echo kept >victim
	ln -s victim planted.order
	chown -h nobody planted.order
	set +e
	"$HLBIN/hugelink-profile" -o planted.order -x hotprog - <script.txt >/dev/null 2>err
	rc=$?
	set -e
	[ $rc = 1 ] || fail "-o another user's link: status $rc"
	grep -q 'planted.order: a symbolic link of another user.s: not followed' err ||
		fail "-o another user's link: $(cat err)"
	[ "$(cat victim)" = kept ] || fail "another user's link was followed: $(cat victim)"
	# Another user's file is not written; a FIFO with no reader is
	# refused at once, not waited on.
	echo kept >planted.file
	chown nobody planted.file
	set +e
	"$HLBIN/hugelink-profile" -o planted.file -x hotprog - <script.txt >/dev/null 2>err
	rc=$?
	set -e
	[ $rc = 1 ] || fail "-o another user's file: status $rc"
	grep -q "planted.file: a file of another user.s: not written" err ||
		fail "-o another user's file: $(cat err)"
	[ "$(cat planted.file)" = kept ] || fail "another user's file was written"
	mkfifo planted.fifo
	set +e
	timeout 10 "$HLBIN/hugelink-profile" -o planted.fifo -x hotprog - \
		<script.txt >/dev/null 2>err
	rc=$?
	set -e
	[ $rc = 1 ] || fail "-o a FIFO with no reader: status $rc: $(cat err)"
	grep -q "planted.fifo: " err || fail "-o a FIFO: no reason: $(cat err)"
}
if [ "$(id -u)" = 0 ]; then
	planted_link
else
	planted="; another user's link not tried: chown needs root"
fi
{ "$HLBIN/hugelink-profile" -o /dev/stdout -x hotprog - <script.txt ||
	echo "status $?"; } | cat >stdout.order
! grep -q '^status' stdout.order || fail "hugelink-profile -o /dev/stdout: $(cat stdout.order)"
grep -q '^hot_' stdout.order || fail "no order on /dev/stdout: $(cat stdout.order)"
[ -L /dev/stdout ] || fail "/dev/stdout is no longer a link"
ok "-o: a new file, one's own link, another user's link and file and a FIFO refused, /dev/stdout${planted:-}"

set +e
"$HLBIN/hugelink-profile" hotprog.data >/dev/null 2>err; rc=$?
[ $rc = 2 ] || fail "no -o: status $rc"
"$HLBIN/hugelink-profile" -o x.order missing.data >/dev/null 2>err; rc=$?
[ $rc = 1 ] && grep -q 'missing.data' err || fail "a missing profile: status $rc, $(cat err)"
"$HLBIN/hugelink-profile" -o x.order -x nosuch hotprog.data >/dev/null 2>err; rc=$?
[ $rc = 1 ] || fail "a program with no samples: status $rc"
set -e
ok "usage errors exit 2, unreadable or foreign profiles 1"
