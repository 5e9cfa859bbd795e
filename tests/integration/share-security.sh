# SPDX-License-Identifier: MIT
# Shared files must not let one user plant code in another user's process:
# files and directories of another owner, writable by others, or symlinks
# are refused with a warning, and the program goes on with a private copy.
# A set-uid program ignores HUGETLB_SHARE altogether.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 24
need_cmd setpriv
mount_hugetlbfs "$PWD/mnt"
build_segcheck sc
share() { HUGETLB_SHARE=1 HUGETLB_SHARE_PATH=$PWD/mnt/d HUGETLB_ELFMAP=R "$@"; }

# not_mapped WHAT PATH INODE: the program's own report in out ("backing",
# "inode", from /proc/self/maps) shows its text on huge pages that are
# not those of the file PATH (INODE): WHAT was refused.
not_mapped() {
	expect_lines out "text 2048" "ok"
	if grep -qxF "backing $2" out || grep -qx "inode $3" out; then
		sed 's/^/    /' out >&2
		fail "$1: its text is still mapped from it"
	fi
}

# Make the real files, then hand the text's to another user.
mkdir mnt/d
share ./sc backing >out
victim=$(sed -n "s|^backing $PWD/mnt/d/||p" out)
[ -n "$victim" ] || fail "the first run shared no text in mnt/d: $(ls mnt/d) $(cat out)"
ino=$(stat -c %i "mnt/d/$victim")
chown 65534 "mnt/d/$victim"
share ./sc backing >out 2>err
not_mapped "a file owned by another user" "$PWD/mnt/d/$victim" "$ino"
grep -q "refusing shared file" err || fail "a foreign file was not refused: $(cat err)"
ok "a file owned by another user: $(cat err)"
chown 0 "mnt/d/$victim"

chmod 666 "mnt/d/$victim"
share ./sc backing >out 2>err
not_mapped "a file others can write" "$PWD/mnt/d/$victim" "$ino"
grep -q "refusing shared file" err || fail "a writable file was not refused"
chmod 600 "mnt/d/$victim"
ok "a file others can write is refused"
# The same file, put right, is shared again: the runs above would have
# mapped it.
share ./sc backing >out 2>err
expect_lines out "backing $PWD/mnt/d/$victim"

# A file of ours with a page taken out of it (a hole): mapped without
# being populated, it would show zeros there, or take a page from the
# pool; it is refused, by st_blocks, and the text copied privately.
need_cmd fallocate
share ./sc backing >out 2>err
text=$(sed -n 's|^backing ||p' out)
case $text in "$PWD/mnt/d/"*) ;; *) fail "the text is not shared: $(cat out err)" ;; esac
fallocate --punch-hole --offset 0 --length 2097152 "$text" ||
	fail "cannot punch a hole in $text"
share ./sc backing >out 2>err
expect_lines out "text 2048" "ok"
grep -q "^backing $PWD/mnt/d/" out && fail "the text's file with a hole was mapped"
grep -q "refusing shared file" err || fail "a file with a hole was not refused: $(cat err)"
ok "a file with a page missing is refused: $(cat err)"
# Removed, it is made anew by the next run (VICTIM may be this file).
rm "$text"
share ./sc >out 2>&1 || fail "sc failed: $(cat out)"
[ -e "$text" ] || fail "the text's file was not made again: $(ls mnt/d)"

# A symlink in place of a file.  Linux refuses symlinks in hugetlbfs
# (EINVAL), which rules this attack out by itself; where one can be made, the
# runtime must not follow it.
mv "mnt/d/$victim" mnt/elsewhere
mkdir real
if ln -s "$PWD/real/x" "mnt/d/$victim" 2>err; then
	share ./sc backing >out 2>err
	expect_lines out "text 2048" "ok"
	grep -q "^backing $PWD/real" out && fail "a symlink was followed to $(cat out)"
	grep -q "refusing\|Too many levels" err || fail "a symlink was followed"
	ok "symlinks are not followed"
else
	grep -q "Invalid argument" err || fail "ln -s in hugetlbfs: $(cat err)"
	ok "hugetlbfs holds no symlinks: no shared file can be one"
fi
# A symlink named as the directory is not followed either, nor through
# a trailing '/' or "/." (open("dlink/", O_NOFOLLOW) follows dlink).
mv mnt/elsewhere "mnt/d/$victim"
ln -s "$PWD/mnt/d" dlink
for p in dlink dlink/ dlink// dlink/. ; do
	HUGETLB_SHARE=1 HUGETLB_SHARE_PATH=$PWD/$p HUGETLB_ELFMAP=R ./sc backing >out 2>err
	expect_lines out "text 2048" "ok"
	grep -q "^backing $PWD/mnt/d/" out &&
		fail "HUGETLB_SHARE_PATH=$p: the directory behind the symlink was used"
	grep -q "HUGETLB_SHARE: .*dlink" err || fail "HUGETLB_SHARE_PATH=$p: no reason given"
done
ok "a symlink to the directory is not followed, with or without a trailing /"

# Directories: another owner's, or one anyone may write to.
# Anything the program maps from them would be named in its "backing".
mkdir mnt/theirs && chown 65534 mnt/theirs
HUGETLB_SHARE=1 HUGETLB_SHARE_PATH=$PWD/mnt/theirs HUGETLB_ELFMAP=R ./sc backing >out 2>err
expect_lines out "text 2048" "ok"
grep -q "^backing $PWD/mnt/theirs/" out && fail "another user's directory holds the text"
grep -q "refusing .*theirs" err || fail "another user's directory was used: $(cat err)"
[ -z "$(ls mnt/theirs)" ] || fail "files were made in another user's directory"
mkdir mnt/open && chmod 777 mnt/open
HUGETLB_SHARE=1 HUGETLB_SHARE_PATH=$PWD/mnt/open HUGETLB_ELFMAP=R ./sc backing >out 2>err
expect_lines out "text 2048" "ok"
grep -q "^backing $PWD/mnt/open/" out && fail "a world-writable directory holds the text"
grep -q "refusing .*open" err || fail "a world-writable directory was used"
[ -z "$(ls mnt/open)" ] || fail "files were made in a world-writable directory"
ok "unsafe directories are refused"

# AT_SECURE: a set-uid program ignores HUGETLB_SHARE*.
dir=$(mktemp -d /tmp/hl-share-secure.XXXXXX)
at_exit "rm -rf $dir"
cp sc "$dir/sc" && chmod 755 "$dir" && chmod 4755 "$dir/sc"
mkdir mnt/s && chmod 777 mnt/s
setpriv --reuid=65534 --regid=65534 --clear-groups env HUGETLB_SHARE=1 \
	HUGETLB_SHARE_PATH=$PWD/mnt/s HUGETLB_ELFMAP=R "$dir/sc" >out 2>err
expect_lines out "text 4" "ok"
[ -z "$(ls mnt/s)" ] && [ ! -s err ] || fail "a set-uid program shared: $(ls mnt/s) $(cat err)"
ok "set-uid programs ignore HUGETLB_SHARE"
