# SPDX-License-Identifier: MIT
# HUGELINK_FAULT, the runtime's fault injection for the tests, stays in
# the shipped runtime but cannot be reached in a privileged program: a
# program with file capabilities, or set-uid, ignores it (AT_SECURE) as
# it ignores every HUGETLB_* variable.  The program is flagged with
# hugeedit, so it goes on huge pages with no variable at all.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 24
need_cmd setpriv
need_cmd setcap
build_segcheck sc
"$HUGEEDIT" --text --data sc >/dev/null
dir=$(mktemp -d /tmp/hl-secure-fault.XXXXXX)
at_exit "rm -rf $dir"
chmod 755 "$dir"
as_user() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }

# The control: an unprivileged copy listens to the fault (a reservation
# that fails sends its text to transparent huge pages), so the checks
# below would see it if a privileged one did.
cp sc "$dir/plain"
as_user env HUGELINK_FAULT=reserve "$dir/plain" >out 2>err || fail "plain: $(cat out err)"
expect_lines out "text thp" "data thp" "ok"
as_user "$dir/plain" >out 2>err
expect_lines out "text 2048" "data thp" "ok"
ok "an unprivileged program obeys HUGELINK_FAULT=reserve"

cp sc "$dir/caps"
setcap cap_net_bind_service+ep "$dir/caps" || fail "setcap"
cp sc "$dir/suid"
chown 0:0 "$dir/suid"
chmod 4755 "$dir/suid"
for p in caps suid; do
	for fault in reserve recover swap-unmapped "wait:/nonexistent"; do
		# "wait:" would wait 60 s, "recover" abort: neither may happen.
		as_user env HUGELINK_FAULT=$fault "$dir/$p" >out 2>err ||
			fail "$p, HUGELINK_FAULT=$fault: status $?: $(cat out err)"
		expect_lines out "text 2048" "data thp" "ok"
		[ ! -s err ] || fail "$p, HUGELINK_FAULT=$fault: $(cat err)"
	done
	ok "$p: every HUGELINK_FAULT ignored, text and data on huge pages"
done
