#!/bin/sh
# SPDX-License-Identifier: MIT
# A relinked program run from overlayfs, as a container runs its image:
# the program file in the lower layer, a directory of the tests' own
# file system, merged under an empty upper layer.  Primed through the
# merged path with hugectl --prime and started with HUGETLB_ELFMAP=R
# alone, its text stays a mapping of the merged file with at least 90%
# of its whole 2 MiB pages FilePmdMapped and no anonymous huge pages
# (its own smaps), and the start makes no look into /proc (strace: the
# start without a pass, whose check asks overlayfs's type, as the file
# system has no block device of its own); the same with
# HUGELINK_BACKING=file and the pass.  After a chmod copies the file up
# into the upper layer (a file just written there), a start runs and
# either the page cache serves it or the runtime says why; once primed
# again, the page cache serves the copy.  The pool stays empty.
# The mount namespace needs root's powers: asked before entering it.
. "$HL_SRC/tests/integration/lib/root.sh"
need_root
[ -n "${HL_FT_NS:-}" ] || HL_FT_NS=1 exec unshare -m sh "$0"
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/filetext.sh"

need_thp
need_cmd strace
grep -qw overlay /proc/filesystems ||
	skip "this kernel has no overlayfs (/proc/filesystems)"
pool_set_free 0
relink_bigtext 8
whole=$(text_whole prog)

# The tests' file system must serve the program itself first: on tmpfs,
# say, no layer over it could.
"$HUGECTL" --prime prog >prime.out 2>&1 ||
	skip "the tests' file system cannot hold text in huge folios: $(cat prime.out)"
start_served "the program itself" "$PWD/prog" "$whole" HUGETLB_ELFMAP=R

mkdir lower upper work merged
cp prog lower/prog
mount -t overlay overlay \
	-o "lowerdir=$PWD/lower,upperdir=$PWD/upper,workdir=$PWD/work" merged \
	2>mount.err || skip "cannot mount overlayfs here: $(cat mount.err)"
at_exit "umount $PWD/merged"
[ "$(stat -f -c %T merged)" = overlayfs ] ||
	fail "merged: not overlayfs: $(stat -f -c %T merged)"
p=$PWD/merged/prog

"$HUGECTL" --prime "$p" >prime.out 2>&1 ||
	fail "$HUGECTL_NAME --prime $p: $(cat prime.out)"
ok "lower layer: $(cat prime.out)"
start_served "lower layer, R alone" "$p" "$whole" HUGETLB_ELFMAP=R
strace -f -e trace=open,openat,statfs -o trace.out env HUGETLB_ELFMAP=R "$p" ||
	fail "lower layer, under strace: the program failed"
if grep -q '"/proc/' trace.out; then
	fail "lower layer, R alone: the start looked into /proc: $(grep '"/proc/' trace.out | head -n 3)"
fi
grep -q "statfs(\"$p\"" trace.out ||
	fail "lower layer, R alone: the file system was not asked: $(cat trace.out)"
ok "lower layer, R alone: served without a pass"
start_served "lower layer, HUGELINK_BACKING=file" "$p" "$whole" \
	HUGETLB_ELFMAP=R HUGELINK_BACKING=file HUGETLB_VERBOSE=3

chmod 0700 "$p"
[ -f upper/prog ] || fail "chmod did not copy prog up into the upper layer"
start_served_or_why "copied up, before --prime" "$p" "$whole" \
	" not from the page cache: the page cache holds "
"$HUGECTL" --prime "$p" >prime.out 2>&1 ||
	fail "$HUGECTL_NAME --prime $p, copied up: $(cat prime.out)"
start_served "copied up, primed" "$p" "$whole" HUGETLB_ELFMAP=R
[ "$(pool_free)" -eq 0 ] || fail "the pool changed"
