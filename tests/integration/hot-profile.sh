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

set +e
"$HLBIN/hugelink-profile" hotprog.data >/dev/null 2>err; rc=$?
[ $rc = 2 ] || fail "no -o: status $rc"
"$HLBIN/hugelink-profile" -o x.order missing.data >/dev/null 2>err; rc=$?
[ $rc = 1 ] && grep -q 'missing.data' err || fail "a missing profile: status $rc, $(cat err)"
"$HLBIN/hugelink-profile" -o x.order -x nosuch hotprog.data >/dev/null 2>err; rc=$?
[ $rc = 1 ] || fail "a program with no samples: status $rc"
set -e
ok "usage errors exit 2, unreadable or foreign profiles 1"
