# SPDX-License-Identifier: MIT
# The layout hugelink(7) recommends for HUGETLB_SHARE on a shared
# machine: a mount root owned by root and writable by root alone, and a
# directory elflink-uid-<uid> in it that the administrator made for each
# user and gave to that user.  A user's program shares its text there,
# without write access to the mount root; runs map the same file.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 24
need_cmd setpriv
need_cmd unshare
add_user hlshare
build_segcheck sc
# The program and the mount must be reachable by the user.
dir=$(mktemp -d /tmp/hl-share-user.XXXXXX)
at_exit "rm -rf $dir"
chmod 755 "$dir"
cp sc "$dir/sc"
mnt=$dir/mnt
mkdir "$mnt"

# A mount namespace of our own, holding only our hugetlbfs: the runtime
# finds the mount by itself.
cat >inside.sh <<SH
set -eu
for m in \$(awk '\$3 == "hugetlbfs" { print \$2 }' /proc/mounts); do umount "\$m"; done
mount -t hugetlbfs -o pagesize=2M,mode=0755 none "$mnt"
mkdir -m 0700 "$mnt/elflink-uid-$uid"
chown $uid:$gid "$mnt/elflink-uid-$uid"
as_user() { setpriv --reuid=$uid --regid=$gid --clear-groups "\$@"; }
as_user sh -c 'touch "$mnt/x"' 2>/dev/null && echo "the mount root is writable" >writable
as_user env HUGETLB_SHARE=1 HUGETLB_ELFMAP=R "$dir/sc" backing >first 2>first.err
as_user env HUGETLB_SHARE=1 HUGETLB_ELFMAP=R "$dir/sc" backing >second 2>second.err
ls -ln "$mnt/elflink-uid-$uid" >files
rm -f "$mnt/elflink-uid-$uid"/*
umount "$mnt"
SH
unshare -m sh inside.sh || fail "the runs failed: $(cat first.err second.err 2>/dev/null)"
[ ! -e writable ] || fail "the user could write in the mount root"
expect_lines first "text 2048" "rodata 2048" "ok"
expect_lines second "text 2048" "rodata 2048" "ok"
grep -q "^backing $mnt/elflink-uid-$uid/" first ||
	fail "the user's run did not share its text: $(cat first first.err)"
[ "$(grep -E '^(inode|device)' first)" = "$(grep -E '^(inode|device)' second)" ] ||
	fail "the second run mapped another file: $(grep -E '^(inode|device)' first second)"
awk -v u="$uid" '$NF ~ /#2048k$/ && $3 != u { bad = 1 } END { exit bad }' files ||
	fail "files not owned by the user: $(cat files)"
ok "a user shares text in the directory the administrator gave it: $(grep ^backing first)"
