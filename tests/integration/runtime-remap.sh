# SPDX-License-Identifier: MIT
# The whole remap: a program with megabytes of text, rodata, data and
# bss, relinked and run with HUGETLB_ELFMAP=RW, has every one of those
# ranges on huge pages (text and rodata on hugetlb pages, data and bss on
# transparent huge pages), takes from the pool exactly the pages readelf
# says its read-only segments need, keeps all its contents (including
# data, bss and heap written before any constructor), forks correctly,
# leaks no descriptors and keeps RELRO read-only; for PIE, no-pie, static
# and static-pie, with and without ASLR ("setarch -R"), and linked with
# -z now.  Run without it, it stays on base pages, says nothing and reads
# nothing of the machine.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 24
need_cmd strace

for kind in pie no-pie static static-pie; do
	build_segcheck "sc-$kind" "-$kind"
	for run in "" "setarch -R"; do
		free=$(pool_free)
		HUGETLB_ELFMAP=RW $run "./sc-$kind" fork fds relro pool >out 2>err ||
			fail "$kind ${run:+($run) }failed: $(cat out err)"
		expect_lines out "text 2048" "rodata 2048" "data thp" "bss thp" \
			"fork ok" "hugefds 0" "relro r--p" "ok"
		[ ! -s err ] || fail "$kind ${run:+($run) }said: $(cat err)"
		used=$((free - $(sed -n 's/^pool-free //p' out)))
		need=$(huge_pages_needed "sc-$kind" 2048 R)
		[ "$used" -eq "$need" ] ||
			fail "$kind took $used huge pages, its read-only ranges need $need"
		ok "$kind ${run:+($run) }on huge pages, $used of them"
	done
	# Nobody asked: base pages, no word said, and nothing looked up:
	# the runtime opens no file under /sys or /proc.
	strace -f -e trace=open,openat -o trace "./sc-$kind" >out 2>err ||
		fail "$kind failed without HUGETLB_ELFMAP"
	expect_lines out "text 4" "data 4" "ok"
	[ ! -s err ] || fail "$kind said, unasked: $(cat err)"
	! grep -E '"/(sys|proc/self/(maps|status|pagemap))' trace ||
		fail "$kind looked the machine up, unasked"
done

# -z now: RELRO takes in the whole GOT and ends its segment (link-relro);
# data and bss still go on huge pages, and RELRO stays read-only.
build_segcheck sc-now -pie -Wl,-z,now
HUGETLB_ELFMAP=RW ./sc-now relro >out 2>err || fail "-z now failed: $(cat out err)"
expect_lines out "text 2048" "rodata 2048" "data thp" "bss thp" "relro r--p" "ok"
[ ! -s err ] || fail "-z now said: $(cat err)"
ok "-z now: on huge pages, RELRO read-only"
