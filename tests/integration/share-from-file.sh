# SPDX-License-Identifier: MIT
# Shared text is made from the program file alone, never from memory,
# where a debugger or a uprobe may have written a breakpoint that every
# later run would then execute.  A user's program that may be run but
# not read (mode 0711) makes no shared file: it runs on a private copy.
# The same program, readable, shares.  The program itself says what
# backs its text.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/debug.sh"
pool_reserve 8
need_cmd setpriv
add_user hlsharef
build_spin spin
# The program and the share directory must be reachable by the user.
dir=$(mktemp -d /tmp/hl-share-file.XXXXXX)
at_exit "rm -rf $dir"
chmod 755 "$dir"
mount_hugetlbfs "$dir/mnt"
chmod 755 "$dir/mnt"
mkdir -m 0700 "$dir/mnt/d"
chown "$uid:$gid" "$dir/mnt/d"
at_exit "rm -f $dir/mnt/d/*"
cp spin "$dir/spin"
as_user() {
	setpriv --reuid="$uid" --regid="$gid" --clear-groups env HUGETLB_SHARE=1 \
		HUGETLB_SHARE_PATH="$dir/mnt/d" HUGETLB_ELFMAP=R "$@"
}
shared_files() { ls "$dir/mnt/d" | grep '#2048k$' || true; }

chmod 0711 "$dir/spin"
as_user "$dir/spin" >unread.out 2>unread.err || fail "the unreadable program failed: $(cat unread.err)"
expect_lines unread.out "text 2048" done
[ -z "$(shared_files)" ] || fail "shared files made without reading the program: $(shared_files)"
grep -qx 'text-map /anon_hugepage (deleted)' unread.out ||
	fail "not on a private copy: $(cat unread.out)"
ok "a program that cannot be read makes no shared file, and runs on a private copy"

chmod 0755 "$dir/spin"
as_user "$dir/spin" >read.out 2>read.err || fail "the readable program failed: $(cat read.err)"
expect_lines read.out "text 2048" done
grep -q "^text-map $dir/mnt/d/" read.out || fail "the readable program did not share: $(cat read.out read.err)"
ok "readable, it shares"
