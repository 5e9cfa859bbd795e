#!/bin/sh
# SPDX-License-Identifier: MIT
# Where the page cache cannot serve a relinked, primed program's text, the
# runtime says why in one line (HUGETLB_VERBOSE=3) and the text goes on
# as before HUGELINK_BACKING=file existed: copied, or on base pages, and
# the program runs.  The cases: the file on tmpfs; a deleted file; a
# process with PR_SET_THP_DISABLE.  A start through a symbolic link is
# served.  Three cases depend on the kernel, and either outcome passes as
# long as a range not served says why: a file on ext2 (a loop device),
# whose page cache Linux 6.18 fills with huge folios for most of it; one
# on btrfs, whose page cache Linux 6.18 fills with small folios only, so
# that hugectl --prime gets none of it and must say why; and
# THP "never" (set here under the test runner's lock, and restored),
# which on 6.18 does not keep the page cache's huge folios from being
# mapped with PMDs.  The oracle for "not served" is the text
# mapping's FilePmdMapped in the program's smaps (or the text no longer
# being the file's mapping).
# The mount namespace needs root's powers: asked before entering it.
. "$HL_SRC/tests/integration/lib/root.sh"
need_root
[ -n "${HL_FT_NS:-}" ] || HL_FT_NS=1 exec unshare -m sh "$0"
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/filetext.sh"

need_thp
relink_bigtext 8
build_helper nothp
whole=$(text_whole prog)

# not_served NAME REASON PROG [WRAPPER...]: PROG, started (through
# WRAPPER) with HUGETLB_ELFMAP=R, runs; its text is not PMD-mapped from
# its file, and its report says REASON (a grep -E pattern).
not_served() {
	_name=$1 _why=$2 _p=$3
	shift 3
	start_holds 1 "$@" env HUGETLB_ELFMAP=R HUGETLB_VERBOSE=3 "$_p"
	set -- $(text_smaps $holds "$(readlink -f "$_p" 2>/dev/null || echo "$_p")")
	[ "${2:-0}" -eq 0 ] || fail "$_name: ${2:-0} bytes FilePmdMapped from the page cache"
	grep -Eq " r-x not from the page cache: .*$_why" hold1.err ||
		fail "$_name: no reason \"$_why\": $(cat hold1.err)"
	stop_holds
	ok "$_name: $(sed -n 's/.* r-x not from the page cache: //p' hold1.err)"
}


# The baseline: primed, from a symbolic link too, it is served.
"$HUGECTL" --prime prog >/dev/null || fail "--prime prog"
ln -s prog link
start_holds 1 env HUGETLB_ELFMAP=R ./link
set -- $(text_smaps $holds "$PWD/prog")
[ $(($2 * 2)) -ge "$whole" ] || fail "through a link: $2 of $whole bytes PMD-mapped"
stop_holds
ok "through a symbolic link: $2 of $whole bytes PMD-mapped"

not_served "PR_SET_THP_DISABLE" "the process turned transparent huge pages off" \
	./prog ./nothp

mkdir tmp
mount -t tmpfs none tmp
at_exit "umount $PWD/tmp"
cp prog tmp/prog
"$HUGECTL" --prime tmp/prog >prime.out 2>&1 || true
not_served tmpfs "the file is on tmpfs" "$PWD/tmp/prog"

cp prog gone
"$HUGECTL" --prime gone >/dev/null || fail "--prime gone"
exec 3<gone
rm gone
start_holds 1 env HUGETLB_ELFMAP=R HUGETLB_VERBOSE=3 /proc/self/fd/3
exec 3<&-
# The maps name the deleted file "PATH (deleted)": text_smaps finds it
# by PATH.  Primed, it would be PMD-mapped, were it served.
set -- $(text_smaps $holds "$PWD/gone")
[ "${2:-0}" -eq 0 ] || fail "deleted: $2 bytes FilePmdMapped from the page cache"
anon=$(exec_anon_huge $holds)
grep -q " r-x not from the page cache: its file was deleted" hold1.err ||
	fail "deleted: no reason: $(cat hold1.err)"
stop_holds
ok "a deleted file: not PMD-mapped ($anon bytes of a copy on THP): its file was deleted"

# on_loop FS MKFS...: prog on a new FS on a loop device (MKFS makes it),
# primed as far as hugectl --prime can: where --prime got nothing it said
# why, and the start is served or says why not.  Where the file system
# cannot be made or mounted, the test skips at its end, saying why.
late=
on_loop() {
	_fs=$1
	shift
	if ! { truncate -s 256M "$_fs.img" && "$@" "$_fs.img" >mkfs.out 2>&1 &&
	       mkdir "$_fs" && mount -o loop "$_fs.img" "$_fs" 2>mount.err; }; then
		late="$late${late:+; }no $_fs on a loop device here: $(cat mkfs.out mount.err 2>/dev/null)"
		return 0
	fi
	at_exit "umount $PWD/$_fs"
	cp prog "$_fs/prog"
	"$HUGECTL" --prime "$_fs/prog" >prime.out 2>&1 ||
		grep -q "without large folios" prime.out ||
		fail "$_fs: --prime got nothing, and did not say why: $(cat prime.out)"
	# The whole reason, not cut: the three ways small folios come.
	start_served_or_why "$_fs" "$PWD/$_fs/prog" "$whole" \
		" r-x not from the page cache: the page cache holds .* file just written, .* pages were dropped, .* without large folios: .* where it can\); copied$"
}
need_cmd mkfs.ext2
on_loop ext2 mkfs.ext2 -q
need_cmd mkfs.btrfs
on_loop btrfs mkfs.btrfs -q

t=/sys/kernel/mm/transparent_hugepage/enabled
was=$(sed 's/.*\[\(.*\)\].*/\1/' $t)
at_exit "echo $was >$t"
echo never >$t
start_holds 1 env HUGETLB_ELFMAP=R HUGETLB_VERBOSE=3 ./prog
set -- $(text_smaps $holds "$PWD/prog")
stop_holds
echo $was >$t
served_or_why "THP never" "$2" "$whole" " r-x not from the page cache"
[ -z "$late" ] || skip "$late"
