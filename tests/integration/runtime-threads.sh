# SPDX-License-Identifier: MIT
# A program whose threads already run when the runtime starts (here a
# preloaded library's constructor started one) gets its read-only
# segments on huge pages, which the swap replaces by identical pages in
# one step, while its writable ones, which another thread could write
# between their copy and the swap, stay on base pages with a reason.
# Every byte is kept, on every backing; alone, it gets everything.
. "$HL_SRC/tests/integration/common.sh"
need_thp
pool_reserve 24

"$CC" -O1 -fPIC -shared -o libthread.so "$HLINC/threadlib.c" ||
	fail "cannot build libthread.so"
build_segcheck sc
for backing in auto hugetlb thp; do
	LD_PRELOAD=$PWD/libthread.so HUGELINK_BACKING=$backing HUGETLB_ELFMAP=RW \
		./sc fork >out 2>err || fail "$backing: $(cat out err)"
	case $backing in
	thp) expect_lines out "text thp" "rodata thp" ;;
	*) expect_lines out "text 2048" "rodata 2048" ;;
	esac
	expect_lines out "data 4" "bss 4" "fork ok" "ok"
	grep -q "writable, and other threads run" err ||
		fail "$backing: no reason for the data: $(cat err)"
	ok "$backing: text moved beside another thread, data stayed, with a reason"
done
HUGETLB_ELFMAP=RW ./sc >out 2>err || fail "alone: $(cat out err)"
expect_lines out "text 2048" "data thp" "ok"
[ ! -s err ] || fail "alone, it said: $(cat err)"
ok "alone: text and data moved"
