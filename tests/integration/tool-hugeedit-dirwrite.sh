# SPDX-License-Identifier: MIT
# hugeedit needs to write the directory, not the file: the edit is a
# copy renamed over the original.  As a user who is not root (root may
# write any directory), a read-only file of theirs in a directory they
# may write is edited, its mode kept, and a file they may write in a
# directory they may not is refused, saying it cannot create its copy
# there, and left as it was.  The oracle for the edit is
# PF_LINUX_HUGETLB read from the program headers in Python, and cmp.
. "$HL_SRC/tests/integration/common.sh"
need_cmd python3
need_cmd setpriv
add_user hledit
as_user() { setpriv --reuid="$uid" --regid="$gid" --clear-groups "$@"; }

cat >prog.c <<'E'
int main(void) { return 0; }
E
"$CC" -O1 -o prog prog.c || fail "cannot build prog"

# marked FILE: how many PT_LOADs of FILE (ELF64, little endian) carry
# PF_LINUX_HUGETLB.
marked() {
	python3 - "$1" <<'E'
import struct, sys
d = open(sys.argv[1], 'rb').read()
phoff, = struct.unpack_from('<Q', d, 32)
phentsize, phnum = struct.unpack_from('<HH', d, 54)
print(sum(1 for i in range(phnum)
          for typ, flags in [struct.unpack_from('<II', d, phoff + i * phentsize)]
          if typ == 1 and flags & 0x100000))
E
}
[ "$(marked prog)" -eq 0 ] || fail "prog is marked before any edit"

# The user's own directory, outside the test's, which only root may
# enter, holding a read-only file of theirs.
own=$(mktemp -d /tmp/hl-edit-own.XXXXXX)
at_exit "rm -rf $own"
chown "$uid:$gid" "$own"
chmod 755 "$own"
cp prog "$own/ro"
chown "$uid:$gid" "$own/ro"
chmod 555 "$own/ro"
as_user "$HUGEEDIT" --text "$own/ro" >out 2>err ||
	fail "a read-only file in a writable directory: $(cat err)"
[ "$(marked "$own/ro")" -gt 0 ] || fail "a read-only file in a writable directory: not marked"
[ "$(stat -c '%u %a' "$own/ro")" = "$uid 555" ] ||
	fail "a read-only file in a writable directory: now $(stat -c '%U %a' "$own/ro")"
[ -z "$(ls -A "$own" | grep -v '^ro$')" ] || fail "left behind: $(ls -A "$own")"
ok "a read-only file in a directory its user may write: edited, still mode 555"

# root's directory, which the user may enter but not write, holding a
# file the user may write.
locked=$(mktemp -d /tmp/hl-edit-locked.XXXXXX)
at_exit "rm -rf $locked"
chmod 755 "$locked"
cp prog "$locked/rw"
chown "$uid:$gid" "$locked/rw"
chmod 755 "$locked/rw"
cp "$locked/rw" before
rc=0
as_user "$HUGEEDIT" --text "$locked/rw" >out 2>err || rc=$?
[ $rc -eq 1 ] || fail "a writable file in a read-only directory: exit status $rc: $(cat err)"
grep -qF "$HUGEEDIT_NAME: $locked/rw: creating a temporary copy next to it" err ||
	fail "a writable file in a read-only directory: said $(cat err)"
cmp -s before "$locked/rw" || fail "a writable file in a read-only directory: it changed"
[ "$(marked "$locked/rw")" -eq 0 ] || fail "a writable file in a read-only directory: marked"
ok "a writable file in a directory its user may not write: refused, unchanged: $(cat err)"
