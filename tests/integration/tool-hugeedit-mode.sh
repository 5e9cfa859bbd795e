# SPDX-License-Identifier: MIT
# hugeedit keeps the file's owner, group, mode (set-id bits included) and
# file capabilities, and leaves no temporary copy behind.  It refuses to
# replace a symbolic link or split hard links, and leaves them as they
# were; a directory is no regular file.
. "$HL_SRC/tests/integration/common.sh"
need_root

cat > prog.c <<'E'
int main(void) { return 0; }
E
"$CC" -O1 -o prog prog.c

echo "owner, group and mode survive an edit"
chown nobody:nogroup prog
chmod 6751 prog
before=$(stat -c '%U:%G %a' prog)
"$HUGEEDIT" --text prog > /dev/null
after=$(stat -c '%U:%G %a' prog)
[ "$before" = "$after" ] || fail "was $before, now $after"
ls -a | grep hugeedit && fail "a temporary copy was left behind"

echo "file capabilities survive an edit"
need_cmd setcap
setcap cap_net_raw+ep prog || fail "setcap cannot give prog a capability"
getcap prog | grep -q cap_net_raw || fail "getcap does not show the capability setcap gave"
"$HUGEEDIT" --data prog > /dev/null
getcap prog | grep -q cap_net_raw || fail "capabilities lost"

# refused NAME TEXT: an edit of NAME fails saying TEXT, and changes nothing.
refused() {
	set +e
	"$HUGEEDIT" --disable "$1" 2> err
	_rc=$?
	set -e
	[ "$_rc" -eq 1 ] || fail "$1: exit $_rc"
	grep -qF "$HUGEEDIT_NAME: $1: $2" err || fail "$1: $(cat err)"
	cmp before prog || fail "$1: the file changed"
}

echo "a symbolic link is refused and left alone"
cp prog before
ln -s prog link
refused link "a symbolic link"
[ -L link ] || fail "the link was replaced"
"$HUGEEDIT" link > /dev/null || fail "listing through a link fails"

echo "a file with two names is refused and left alone"
ln prog hard
refused hard "has 2 hard links"

echo "a directory is refused as not a regular file"
mkdir dir
refused dir "not a regular file"
ok "hugeedit keeps metadata and links"
