#!/bin/sh
# SPDX-License-Identifier: MIT
# A relinked program's text on NFS: a directory of the tests' own file
# system exported over the loopback (NFSv4, the kernel's server started
# here with nfs-kernel-server's rpc.nfsd and rpc.mountd, and stopped
# again), mounted, and run by lib/filetext.sh's remote_text with
# HUGELINK_BACKING=file and auto, which judges from the program's smaps
# what the kernel did with the page cache and says it.  It needs an NFS
# client and server in the kernel (built in, or modules modprobe loads)
# and the server's programs; where any is missing it skips, naming it.
# The mount namespace needs root's powers: asked before entering it.
. "$HL_SRC/tests/integration/lib/root.sh"
need_root
[ -n "${HL_FT_NS:-}" ] || HL_FT_NS=1 exec unshare -m sh "$0"
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/filetext.sh"

need_thp
! command -v modprobe >/dev/null 2>&1 || modprobe -q nfsd 2>/dev/null || :
! command -v modprobe >/dev/null 2>&1 || modprobe -q nfs 2>/dev/null || :
grep -qw nfs4 /proc/filesystems || grep -qw nfs /proc/filesystems ||
	skip "this kernel has no NFS client (no nfs in /proc/filesystems, and no module loaded)"
grep -qw nfsd /proc/filesystems ||
	skip "this kernel has no NFS server (no nfsd in /proc/filesystems, and no module loaded)"
for c in exportfs rpc.nfsd rpc.mountd mount.nfs; do
	command -v "$c" >/dev/null 2>&1 ||
		skip "no $c: the NFS server's programs (nfs-kernel-server) are not installed"
done
pgrep -x nfsd >/dev/null 2>&1 && skip "an NFS server runs here already"

pool_set_free 0
relink_bigtext 8
mkdir export nfs
cp prog export/prog
if ! grep -q ' /proc/fs/nfsd nfsd ' /proc/mounts; then
	mount -t nfsd nfsd /proc/fs/nfsd || fail "cannot mount nfsd on /proc/fs/nfsd"
fi
exportfs -o rw,no_root_squash,no_subtree_check,insecure "127.0.0.1:$PWD/export" ||
	fail "exportfs $PWD/export"
at_exit "exportfs -u 127.0.0.1:$PWD/export"
rpc.mountd -F -N 2 -N 3 >mountd.out 2>&1 &
kill_at_exit $!
rpc.nfsd -N 2 -N 3 1 >nfsd.out 2>&1 || fail "rpc.nfsd: $(cat nfsd.out)"
at_exit "rpc.nfsd 0"
mount -t nfs4 "127.0.0.1:$PWD/export" nfs 2>mount.err ||
	fail "cannot mount the loopback export: $(cat mount.err)"
at_exit "umount -f $PWD/nfs"
remote_text NFS "$PWD/nfs/prog"
