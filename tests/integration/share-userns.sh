# SPDX-License-Identifier: MIT
# In a user namespace, the files of every user not mapped into it show as
# owned by the overflow uid (/proc/sys/kernel/overflowuid).  A process
# whose effective uid is the overflow uid cannot tell its own files from
# those of any unmapped user: it shares nothing, says why once, and never
# maps a file another user planted; hugectl refuses the directory too.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 24
need_cmd unshare
mount_hugetlbfs "$PWD/mnt"
build_segcheck sc
overflow=$(cat /proc/sys/kernel/overflowuid)
planter=4242
[ "$planter" != "$overflow" ] || fail "uid $planter is the overflow uid"
in_userns() { unshare --user --map-user="$overflow" "$@"; }
in_userns true 2>err ||
	skip "cannot make a user namespace mapped to uid $overflow: $(cat err)"

# A shared file of the text, as the runtime makes it, then handed to a
# host user the namespace does not map, readable by all (the process in
# the namespace has no capability over files outside it).
mkdir mnt/d
HUGETLB_SHARE=1 HUGETLB_SHARE_PATH=$PWD/mnt/d HUGETLB_ELFMAP=R ./sc backing >out
planted=$(sed -n "s|^backing $PWD/mnt/d/||p" out)
[ -n "$planted" ] || fail "no text was shared in mnt/d: $(ls mnt/d) $(cat out)"
ino=$(stat -c %i "mnt/d/$planted")
chown -R "$planter" mnt/d
chmod 755 mnt/d
chmod 644 mnt/d/*
owner=$(in_userns stat -c %u "mnt/d/$planted")
[ "$owner" = "$overflow" ] ||
	fail "uid $planter shows as $owner in the namespace, not as $overflow"
[ "$(in_userns id -u)" = "$overflow" ] || fail "the namespace's uid is not $overflow"

in_userns env HUGETLB_SHARE=1 HUGETLB_SHARE_PATH="$PWD/mnt/d" \
	HUGETLB_ELFMAP=R ./sc backing >out 2>err
expect_lines out "text 2048" "ok"
if grep -qxF "backing $PWD/mnt/d/$planted" out || grep -qx "inode $ino" out; then
	sed 's/^/    /' out err >&2
	fail "uid $overflow mapped the text uid $planter planted"
fi
grep -q "HUGETLB_SHARE: .*overflow uid" err ||
	fail "no reason given for not sharing: $(cat err)"
[ "$(grep -c 'overflow uid' err)" -eq 1 ] || fail "the reason is not said once: $(cat err)"
ok "uid $overflow in a user namespace does not map uid $planter's file: $(cat err)"

in_userns env HUGETLB_SHARE_PATH="$PWD/mnt/d" "$HUGECTL" --share-list >out 2>err &&
	fail "hugectl --share-list read another user's directory: $(cat out)"
grep -q "overflow uid" err || fail "hugectl gave no reason: $(cat err)"
ok "hugectl as uid $overflow refuses the directory: $(cat err)"
