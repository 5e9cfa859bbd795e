# SPDX-License-Identifier: MIT
# fork() in a multithreaded program whose other threads write to its data
# and bss all the time, with the pool exhausted: 50 children, none of
# which dies, each seeing every write made before its fork() call and
# keeping its own copy; the parent's data intact (lib/threadfork.c checks
# all that from the inside).  Data and bss on hugetlb pages
# (HUGELINK_BACKING=hugetlb), where a parent thread writing to a shared
# page with no free page would take it from the child: PIE and no-pie.
# Data and bss on transparent huge pages (the default): all four kinds.
. "$HL_SRC/tests/integration/common.sh"
need_thp
pool_reserve 48

build_threadfork() {
	hl_cc $HC_CFLAGS -pthread -o "$1" "$HLINC/threadfork.c" \
		-Wl,--hugetlbfs-align "-$2" || fail "cannot link $1"
	elf_check "$1"
}

for kind in pie no-pie; do
	build_threadfork "tf-$kind" "$kind"
	pool_set_free "$(huge_pages_needed "tf-$kind")"
	HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=RW "./tf-$kind" >out 2>err ||
		fail "$kind, hugetlb: $(cat out err)"
	expect_lines out "data 2048" "bss 2048" "pool-free 0" \
		"children 50 died 0 failed 0" "ok"
	expect_child_copy out
	[ ! -s err ] || fail "$kind, hugetlb: said $(cat err)"
	ok "$kind: data on hugetlb pages, no page free, threads writing: 50 children, none lost"
done

for kind in pie no-pie static static-pie; do
	[ -e "tf-$kind" ] || build_threadfork "tf-$kind" "$kind"
	pool_set_free "$(huge_pages_needed "tf-$kind" 2048 R)"
	HUGETLB_ELFMAP=RW "./tf-$kind" >out 2>err || fail "$kind, THP: $(cat out err)"
	expect_lines out "data thp" "bss thp" "pool-free 0" \
		"children 50 died 0 failed 0" "ok"
	[ ! -s err ] || fail "$kind, THP: said $(cat err)"
	ok "$kind: data on transparent huge pages, no page free, threads writing: 50 children, none lost"
done
