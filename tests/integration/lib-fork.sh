# SPDX-License-Identifier: MIT
# fork() after libraries moved: the child sees the library's text, data
# and bss as its parent left them, writes to them without its parent
# seeing it, and the parent keeps its own; whether the library came with
# the program or through dlopen(), on every backing.
. "$HL_SRC/tests/integration/common.sh"
need_thp
pool_reserve 24

build_libcheck libcheck.so -Wl,--hugetlbfs-align
build_libuse use-linked -L. -lcheck
build_use_plain use

for backing in auto hugetlb thp; do
	case $backing in
	auto) text=2048 data=thp ;;
	hugetlb) text=2048 data=4 ;;
	thp) text=thp data=thp ;;
	esac
	for how in "./use-linked linked" "./use open ./libcheck.so"; do
		HUGELINK_BACKING=$backing HUGETLB_ELFMAP=RW $how fork >out 2>err ||
			fail "$backing, $how: $(cat out err)"
		expect_lines out "lib-text $text" "lib-data $data" \
			"child-text $text" "parent-text $text" "parent-data $data" \
			"parent-bss $data" "ok"
		grep -qxE "child-data (4|thp)" out && grep -qxE "child-bss (4|thp)" out ||
			fail "$backing, $how: the child's data: $(cat out)"
		ok "$backing, $how: fork() after the move"
	done
done
