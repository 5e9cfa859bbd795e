# SPDX-License-Identifier: MIT
# hugectl --share-list shows each shared file: state (current, stale),
# whether a process maps it, the huge pages it holds, the segment and the
# program; --share-clean removes the stale ones, --share-clean=all all of
# them, and the pool gets its pages back.  A HUGETLB_SHARE_PATH the
# runtime ignores is ignored here too, and said.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 24
mount_hugetlbfs "$PWD/mnt"
export HUGETLB_SHARE_PATH=$PWD/mnt
hugectl=$HUGECTL

version() {
	mkdir -p "$1"
	cat >"$1/prog.c" <<C
#include <stdio.h>
#include <unistd.h>
/* Prints its version, then waits until the file named by argv[1] exists. */
int main(int argc, char **argv)
{
	puts("$2");
	fflush(stdout);
	while (argc > 1 && access(argv[1], F_OK))
		usleep(10000);
	return 0;
}
C
	build_c "$1/prog" -Wl,--hugetlbfs-align
}
share() { HUGETLB_SHARE=1 HUGETLB_ELFMAP=R "$@"; }

version a v1
share a/prog >/dev/null
version b other
share b/prog >/dev/null
free_before=$(pool_free)
# a is rebuilt: its files become stale.  The runtime replaces them the
# next time a runs; here nobody runs it, so they stay until cleaned.
sleep 1.1
version a v2
# b is running while we look.
share b/prog "$PWD/stop" >out &
running=$!
while [ ! -s out ]; do sleep 0.1; done

"$hugectl" --share-list >list || fail "--share-list failed"
cat list
nfiles=$(ls mnt | grep -c '#[0-9]*k$')
[ "$(grep -c '^current \|^stale ' list)" -eq "$nfiles" ] ||
	fail "expected $nfiles files listed"
grep -q "^stale  *no .*$PWD/a/prog (the program was rebuilt or replaced, or the file is of another format)" list ||
	fail "a's files are not listed stale"
grep -q "^current  *yes .*$PWD/b/prog" list || fail "b's files are not current and in use"
grep -q "^current  *no .*$PWD/a/prog" list && fail "a is listed current"
ok "--share-list: a stale, b current and in use"

"$hugectl" --share-clean >cleaned || fail "--share-clean failed"
grep -q "a%2fprog" cleaned || fail "nothing of a removed: $(cat cleaned)"
grep -q "b%2fprog" cleaned && fail "b's current files were removed"
[ -z "$(ls mnt | grep 'a%2fprog')" ] || fail "a's files or lock remain: $(ls mnt)"
[ -n "$(ls mnt | grep 'b%2fprog#[0-9a-f]*#')" ] || fail "b's files are gone"
ok "--share-clean removed the stale files and their lock"

touch stop
wait $running
"$hugectl" --share-clean=all >cleaned || fail "--share-clean=all failed"
[ -z "$(ls mnt | grep '#[0-9]*k$')" ] || fail "files remain: $(ls mnt)"
[ "$(pool_free)" -gt "$free_before" ] || fail "the pool did not get its pages back"
"$hugectl" --share-list >list
[ "$(wc -l <list)" -eq 1 ] || fail "files still listed: $(cat list)"
ok "--share-clean=all removed everything; the pool has its pages back"

# A HUGETLB_SHARE_PATH the runtime ignores (relative) is said, and
# ignored here too: each hugetlbfs mount's elflink-uid-<uid> is looked in
# instead, and none holds a file.
(cd mnt && HUGETLB_SHARE_PATH=. "$hugectl" --share-list) >list 2>err ||
	fail "--share-list with a relative HUGETLB_SHARE_PATH failed: $(cat err)"
grep -q ': HUGETLB_SHARE_PATH=".": not an absolute path: ignored; the runtime ignores it too$' err ||
	fail "the relative path was not said: $(cat err)"
[ "$(wc -l <list)" -eq 1 ] || fail "a relative path was listed: $(cat list)"
ok "a relative HUGETLB_SHARE_PATH is said and ignored, as the runtime ignores it"
