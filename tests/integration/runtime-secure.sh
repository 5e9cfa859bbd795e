# SPDX-License-Identifier: MIT
# A set-uid program (AT_SECURE) ignores every HUGETLB_* variable: a user
# cannot steer what a privileged program maps, or make it talk.  The same
# program, not set-uid, run by the same user with the same variables,
# talks and remaps: that is what the set-uid runs would show were the
# variables read.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 16
need_root
need_cmd setpriv
build_segcheck sc
chmod 4755 sc
# The program must be reachable by the unprivileged user.
dir=$(mktemp -d /tmp/hl-secure.XXXXXX)
at_exit "rm -rf $dir"
cp -p sc "$dir/sc"
cp sc "$dir/plain"
chmod 755 "$dir" "$dir/plain"
chmod 4755 "$dir/sc"
# An invalid value would be reported, were it read.
setpriv --reuid=65534 --regid=65534 --clear-groups env HUGETLB_VERBOSE=99 \
	HUGETLB_ELFMAP=RWX "$dir/sc" >out 2>err ||
	fail "set-uid run: $(cat out err)"
expect_lines out "text 4" "data 4" "ok"
[ ! -s err ] || fail "the set-uid program listened to the environment: $(cat err)"
setpriv --reuid=65534 --regid=65534 --clear-groups env HUGETLB_ELFMAP=RW \
	"$dir/sc" >out 2>err
expect_lines out "text 4" "data 4" "ok"
ok "AT_SECURE: HUGETLB_* ignored"

setpriv --reuid=65534 --regid=65534 --clear-groups env HUGETLB_VERBOSE=99 \
	HUGETLB_ELFMAP=RWX "$dir/plain" >out 2>err ||
	fail "plain run: $(cat out err)"
expect_lines out "ok"
grep -q HUGETLB_ELFMAP err ||
	fail "not set-uid, an invalid HUGETLB_ELFMAP was not said: $(cat err)"
said=$(grep HUGETLB_ELFMAP err | head -n 1)
setpriv --reuid=65534 --regid=65534 --clear-groups env HUGETLB_ELFMAP=RW \
	"$dir/plain" >out 2>err || fail "plain run: $(cat out err)"
expect_lines out "text 2048" "data thp" "ok"
ok "not set-uid, the same user's variables are read: remapped, and said: $said"
