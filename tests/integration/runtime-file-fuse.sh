#!/bin/sh
# SPDX-License-Identifier: MIT
# A relinked program's text on FUSE (bindfs over a directory of the
# tests' own file system): lib/filetext.sh's remote_text runs it with
# HUGELINK_BACKING=file and auto, and judges from its smaps what the
# kernel did.  On Linux 6.18 with bindfs, the page cache of a FUSE file
# holds small folios even when read with MADV_HUGEPAGE through a mapping
# aligned to 2 MiB (hugectl --prime gets none): the file backing leaves
# the text on base pages, naming FUSE, and auto copies it onto THP.
# Both outcomes of the kernel pass, each said.
# The mount namespace needs root's powers: asked before entering it.
. "$HL_SRC/tests/integration/lib/root.sh"
need_root
[ -n "${HL_FT_NS:-}" ] || HL_FT_NS=1 exec unshare -m sh "$0"
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/filetext.sh"

need_thp
need_cmd bindfs
grep -qw fuse /proc/filesystems || skip "this kernel has no FUSE (/proc/filesystems)"
[ -c /dev/fuse ] || skip "no /dev/fuse"
pool_set_free 0
relink_bigtext 8
mkdir dir fuse
cp prog dir/prog
bindfs dir fuse 2>bindfs.err || skip "bindfs cannot mount here: $(cat bindfs.err)"
at_exit "umount $PWD/fuse"
[ "$(stat -f -c %t fuse)" = 65735546 ] || fail "fuse: not FUSE: $(stat -f -c %T fuse)"
remote_text FUSE "$PWD/fuse/prog"
