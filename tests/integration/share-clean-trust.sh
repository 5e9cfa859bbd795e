# SPDX-License-Identifier: MIT
# hugectl --share-list and --share-clean, often run as root, trust no
# directory they did not check: one another user made (elflink-uid-0
# squatted on a mount anyone may write to), one reached through a
# symbolic link (with or without a trailing '/'), and none that is
# swapped for another while they work: what they remove is what is in
# the directory they checked.
. "$HL_SRC/tests/integration/common.sh"
need_root
need_cmd setpriv
need_cmd unshare
hugectl=$HUGECTL
name() { printf '%%2f%s%%2fgone#0123456789abcdef#%s#2048k' "${PWD#/}" "$1" | sed 's|/|%2f|g'; }

# 1. Another user squats elflink-uid-0 on a mount anyone may write to.
add_user hlsquat
planted=$(name 0)
chmod 755 .	# the user must reach the mount
cat >inside.sh <<SH
set -eu
for m in \$(awk '\$3 == "hugetlbfs" { print \$2 }' /proc/mounts); do umount "\$m"; done
mkdir -p "$PWD/open"
mount -t hugetlbfs -o pagesize=2M,mode=1777 none "$PWD/open"
setpriv --reuid=$uid --regid=$gid --clear-groups sh -c \
	'mkdir -m 0700 "$PWD/open/elflink-uid-0" && touch "$PWD/open/elflink-uid-0/$planted"'
stat -c %U "$PWD/open/elflink-uid-0" >owner
rc=0; "$hugectl" --share-list >list 2>list.err || rc=\$?; echo \$rc >list.rc
rc=0; "$hugectl" --share-clean=all >clean 2>clean.err || rc=\$?; echo \$rc >clean.rc
rc=0; HUGETLB_SHARE_PATH="$PWD/open/elflink-uid-0" "$hugectl" --share-clean=all \
	>/dev/null 2>path.err || rc=\$?; echo \$rc >path.rc
ls "$PWD/open/elflink-uid-0" >left
umount "$PWD/open"
SH
unshare -m sh inside.sh || fail "the squatting set-up failed"
expect_lines owner "$user"
expect_lines left "$planted"
grep -q gone list && fail "--share-list listed a squatted directory: $(cat list)"
[ "$(cat list.rc)" -ne 0 ] && [ "$(cat clean.rc)" -ne 0 ] ||
	fail "a refused directory did not make hugectl fail"
grep -q "elflink-uid-0" clean.err || fail "no message names the directory: $(cat clean.err)"
[ "$(cat path.rc)" -ne 0 ] || fail "the user's directory was accepted as HUGETLB_SHARE_PATH"
ok "a squatted elflink-uid-0 is refused, found or named (sudo -E): $(cat clean.err)"

# 2. HUGETLB_SHARE_PATH through a symbolic link, however written.
mount_hugetlbfs "$PWD/mnt"
mkdir -m 0700 mnt/d
for i in 1 2 3; do touch "mnt/d/$(name $i)"; done
ln -s "$PWD/mnt/d" link
for p in link link/ link//; do
	if HUGETLB_SHARE_PATH=$PWD/$p "$hugectl" --share-clean=all >clean 2>clean.err; then
		fail "HUGETLB_SHARE_PATH=$p: a symlinked directory was accepted"
	fi
	[ "$(ls mnt/d | wc -l)" -eq 3 ] ||
		fail "HUGETLB_SHARE_PATH=$p: files were removed through a symlink: $(cat clean)"
done
ok "a symlinked directory is refused, trailing / or not: $(cat clean.err)"

# 3. The directory is swapped for another (a root-only one holding the
# same names) as the first file is removed: an LD_PRELOAD shim of the
# test's own runs the swap at hugectl's first unlink or unlinkat.
cat >shim.c <<'C'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>

static void swap_once(void)
{
	static int done;
	const char *cmd = getenv("HL_SWAP");

	if (done++ || !cmd)
		return;
	unsetenv("LD_PRELOAD");
	if (system(cmd) != 0)
		abort();
}

int unlink(const char *path)
{
	swap_once();
	return ((int (*)(const char *))dlsym(RTLD_NEXT, "unlink"))(path);
}

int unlinkat(int dirfd, const char *path, int flags)
{
	swap_once();
	return ((int (*)(int, const char *, int))dlsym(RTLD_NEXT, "unlinkat"))(dirfd, path, flags);
}
C
"$CC" -O1 -shared -fPIC -o shim.so shim.c -ldl
mkdir -m 0700 mnt/victim
for i in 1 2 3; do touch "mnt/victim/$(name $i)"; done
HL_SWAP="mv $PWD/mnt/d $PWD/mnt/d.old && mv $PWD/mnt/victim $PWD/mnt/d" \
	LD_PRELOAD=$PWD/shim.so HUGETLB_SHARE_PATH=$PWD/mnt/d \
	"$hugectl" --share-clean=all >clean 2>clean.err ||
	fail "--share-clean failed: $(cat clean.err)"
[ -d mnt/d.old ] || fail "the swap did not happen"
[ "$(ls mnt/d | wc -l)" -eq 3 ] ||
	fail "files of the directory swapped in were removed: left $(ls mnt/d)"
[ -z "$(ls mnt/d.old)" ] || fail "the directory checked was not cleaned: $(ls mnt/d.old)"
ok "a directory swapped in mid-scan is left alone; the one checked is cleaned"
