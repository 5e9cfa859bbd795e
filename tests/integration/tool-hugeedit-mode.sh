# hugeedit keeps the file's owner, group, mode (set-id bits included) and
# file capabilities, and leaves no temporary copy behind.  It refuses to
# replace a symbolic link or split hard links, and leaves them as they
# were.
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
"$HLBIN/hugeedit" --text prog > /dev/null
after=$(stat -c '%U:%G %a' prog)
[ "$before" = "$after" ] || fail "was $before, now $after"
ls -a | grep hugeedit && fail "a temporary copy was left behind"

if command -v setcap >/dev/null 2>&1 && setcap cap_net_raw+ep prog 2>/dev/null; then
	echo "file capabilities survive an edit"
	"$HLBIN/hugeedit" --data prog > /dev/null
	getcap prog | grep -q cap_net_raw || fail "capabilities lost"
fi

echo "a symbolic link is refused and left alone"
ln -s prog link
cp prog before
set +e
"$HLBIN/hugeedit" --disable link 2> err
rc=$?
set -e
[ "$rc" -eq 1 ] || fail "symlink: exit $rc"
grep -q "hugeedit: link: a symbolic link" err || fail "symlink: $(cat err)"
[ -L link ] && cmp before prog || fail "symlink or target changed"
"$HLBIN/hugeedit" link > /dev/null || fail "listing through a link fails"

echo "a file with two names is refused and left alone"
ln prog hard
set +e
"$HLBIN/hugeedit" --disable hard 2> err
rc=$?
set -e
[ "$rc" -eq 1 ] || fail "hard link: exit $rc"
grep -q "hugeedit: hard: has 2 hard links" err || fail "hard link: $(cat err)"
cmp before hard
ok "hugeedit keeps metadata and links"
