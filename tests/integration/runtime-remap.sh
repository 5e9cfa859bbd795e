# The whole remap: a program with megabytes of text, rodata, data and
# bss, relinked and run with HUGETLB_ELFMAP=RW, has every one of those
# ranges on huge pages, takes exactly the huge pages readelf says they
# need, keeps all its contents (including data, bss and heap written
# before any constructor), forks correctly, leaks no descriptors and
# keeps RELRO read-only; for PIE, no-pie, static and static-pie, with and
# without ASLR ("setarch -R").  Run without it, it stays on base pages
# and says nothing.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 24

for kind in pie no-pie static static-pie; do
	build_segcheck "sc-$kind" "-$kind"
	for run in "" "setarch -R"; do
		free=$(pool_free)
		HUGETLB_ELFMAP=RW $run "./sc-$kind" fork fds relro pool >out 2>err ||
			fail "$kind ${run:+($run) }failed: $(cat out err)"
		expect_lines out "text 2048" "rodata 2048" "data 2048" "bss 2048" \
			"fork ok" "hugefds 0" "relro r--p" "ok"
		[ ! -s err ] || fail "$kind ${run:+($run) }said: $(cat err)"
		used=$((free - $(sed -n 's/^pool-free //p' out)))
		need=$(huge_pages_needed "sc-$kind")
		[ "$used" -eq "$need" ] ||
			fail "$kind took $used huge pages, its ranges need $need"
		ok "$kind ${run:+($run) }on huge pages, $used of them"
	done
	# Nobody asked: base pages, no word said.
	"./sc-$kind" >out 2>err || fail "$kind failed without HUGETLB_ELFMAP"
	expect_lines out "text 4" "data 4" "ok"
	[ ! -s err ] || fail "$kind said, unasked: $(cat err)"
done
