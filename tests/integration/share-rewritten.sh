# SPDX-License-Identifier: MIT
# A shared file is named after the library's identity as a stat found it
# when the process started to share, and filled from the library file
# afterwards.  A library rewritten in place meanwhile (a main program is
# kept from it by ETXTBSY, a library is not) would have new or
# half-written bytes published under the old identity's key: the file
# is not published, the reason is given, and the library runs on a
# private copy.  The next start shares the library as it now is.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 24
need_cmd flock
need_cmd dd
mount_hugetlbfs "$PWD/mnt"
mkdir mnt/d
build_libcheck libcheck.so -Wl,--hugetlbfs-align
build_use_plain use
cp libcheck.so libcheck.copy
share() { HUGETLB_SHARE=1 HUGETLB_SHARE_PATH=$PWD/mnt/d HUGETLB_ELFMAP=R "$@"; }
files() { ls mnt/d | grep libcheck | grep -v '#lock$' || true; }

# The preparer holds the lock once it has the library's identity, and
# waits before it publishes (wait-publish).
HUGELINK_FAULT=wait-publish:$PWD/go share ./use open ./libcheck.so backing \
	>prep.out 2>prep.err &
prep=$!
at_exit "touch $PWD/go; wait $prep 2>/dev/null"
share_await_maker mnt/d $prep prep.out prep.err
# The same bytes written over the library in place, a tenth of a second
# on (beyond the granularity of file times): its times change, and the
# running process, whose text it is, reads nothing new.
sleep 0.1
dd if=libcheck.copy of=libcheck.so conv=notrunc status=none ||
	fail "cannot rewrite libcheck.so"
touch go
wait $prep || fail "the preparer failed: $(cat prep.out prep.err)"
expect_lines prep.out "lib-text 2048" "lib-rodata 2048" "ok"
grep -q "^lib-backing $PWD/mnt/d/" prep.out &&
	fail "the library's text was mapped from a file made while it changed"
[ -z "$(files)" ] || fail "a file made while the library changed was published: $(files)"
grep -q "HUGETLB_SHARE: .*libcheck.so changed while" prep.err ||
	fail "no reason given: $(cat prep.err)"
ok "a library rewritten while its shared file is made is not published: $(cat prep.err)"

share ./use open ./libcheck.so backing >out 2>err || fail "$(cat out err)"
expect_lines out "lib-text 2048" "lib-rodata 2048" "ok"
grep -q "^lib-backing $PWD/mnt/d/" out || fail "the next start did not share: $(cat out err)"
ok "the next start shares the library as it now is"
