# SPDX-License-Identifier: MIT
# A set-uid program (AT_SECURE) prints no address.  A user can make its
# remap fail at will, since an address-space limit (ulimit -v) survives
# a set-uid exec; what the runtime would say then names the root
# process's own addresses, which that user may not read from
# /proc/PID/maps.  The control, an unprivileged copy under the same
# limit, shows that the limit makes the remap fail and that the message
# would hold addresses.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 24
need_cmd setpriv
build_segcheck sc
"$HUGEEDIT" --text --data sc >/dev/null
dir=$(mktemp -d /tmp/hl-secure-quiet.XXXXXX)
at_exit "rm -rf $dir"
chmod 755 "$dir"
cp sc "$dir/plain"
cp sc "$dir/suid"
chown 0:0 "$dir/suid"
chmod 4755 "$dir/suid"
as_user() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }

# limited KB PROG: run PROG as the user with KB kilobytes of address space.
limited() { (ulimit -v "$1" && as_user "$2" >out 2>err); }

# The smallest limit, in steps of 2 MiB, under which the plain copy runs
# to its verdict with something asked left on base pages: a limit that
# leaves no room for the huge-page copy of its text.
kb=4096
while [ $kb -le 262144 ]; do
	if limited $kb "$dir/plain" && grep -qx ok out && grep -q 0x err; then
		break
	fi
	kb=$((kb + 2048))
done
[ $kb -le 262144 ] || fail "no address-space limit made the remap fail and say so: $(cat out err)"
ok "the plain copy under ulimit -v $kb says: $(head -c 200 err)"

limited $kb "$dir/suid" || fail "set-uid run under ulimit -v $kb: $(cat out err)"
grep -qx ok out || fail "set-uid run: no verdict: $(cat out)"
! grep -q '0x[0-9a-f]' err || fail "the set-uid program printed an address: $(cat err)"
ok "set-uid, the same limit: no address printed ($(wc -c <err) bytes on stderr)"
