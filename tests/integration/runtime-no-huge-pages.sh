# SPDX-License-Identifier: MIT
# A kernel that offers no huge pages (no /sys/kernel/mm/hugepages, hidden
# here in a mount namespace of the test's own): a program and a library
# that both ask run on base pages, every byte kept, and the reason is
# given once for the process, not once per object, and nothing else is
# said of either.
. "$HL_SRC/tests/integration/common.sh"
need_root
need_cmd unshare

build_libcheck libcheck.so -Wl,--hugetlbfs-align
build_libuse use-hl -L. -lcheck -Wl,--hugetlbfs-align

unshare -m sh -c 'mount -t tmpfs none /sys/kernel/mm/hugepages &&
	HUGETLB_ELFMAP=R exec ./use-hl linked' >out 2>err ||
	fail "use-hl failed without huge pages: $(cat out err)"
expect_lines out "lib-text 4" "lib-rodata 4" "ok"
grep -q '^BAD' out && fail "$(grep '^BAD' out)"
[ "$(grep -c 'offers no huge pages' err)" -eq 1 ] ||
	fail "the reason not given once: $(cat err)"
[ "$(wc -l <err)" -eq 1 ] || fail "more was said than the reason: $(cat err)"
ok "no huge pages: base pages, one reason for the program and its library"

# The same with every library named, relinked or not.
unshare -m sh -c 'mount -t tmpfs none /sys/kernel/mm/hugepages &&
	HUGETLB_ELFMAP=R HUGETLB_FORCE_ELFMAP=yes HUGELINK_LIBS=all \
	exec ./use-hl linked' >out 2>err ||
	fail "use-hl failed without huge pages: $(cat out err)"
expect_lines out "lib-text 4" "lib-rodata 4" "ok"
grep -q '^BAD' out && fail "$(grep '^BAD' out)"
[ "$(grep -c 'offers no huge pages' err)" -eq 1 ] ||
	fail "HUGELINK_LIBS=all: the reason not given once: $(cat err)"
[ "$(wc -l <err)" -eq 1 ] ||
	fail "HUGELINK_LIBS=all: more was said than the reason: $(cat err)"
ok "no huge pages, HUGELINK_LIBS=all: base pages, one reason"
