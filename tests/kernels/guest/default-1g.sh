# SPDX-License-Identifier: MIT
# A kernel booted with default_hugepagesz=1G (tests/kernels/run boots
# the newest x86-64 kernel once more so): its default huge page size is
# 1 GiB, as /proc/meminfo says, with 2 MiB pages beside it.  A program
# laid out for 2 MiB pages, asked with no size named, has the same
# ranges moved onto the same 2 MiB pages as under a 2 MiB default: from
# the 2 MiB pool for hugetlb (every page it maps is one of them, as many
# as readelf counts; before Linux 5.16 the writable ranges stay on base
# pages), on transparent huge pages where THP is chosen.
# HUGETLB_FORCE_ELFMAP on a program that was not relinked puts the 2 MiB
# pages in the middle of each 6 MiB segment on 2 MiB pages, since no
# 1 GiB page fits.  No case asks the 1 GiB pool, which the runner
# empties before the test and checks after it.  hugectl --prime primes
# for the page cache's 2 MiB folios, not for the default size: a copy
# of the program on xfs, primed by hugectl alone, is served from its
# file with every 2 MiB page of its text PMD-mapped (its own smaps).
. /kt/common.sh
. /kt/lib/filetext.sh

if [ "$(meminfo Hugepagesize)" != 1048576 ]; then
	skip default-1g "the default huge page size is $(meminfo Hugepagesize) kB: only a boot with default_hugepagesz=1G runs this test"
	exit 0
fi

# want_kb N: the program that wrote out maps N 2 MiB hugetlb pages.
want_kb() {
	_kb=$(sed -n 's/^hugetlb-kb //p' out)
	[ "$_kb" = $(($1 * 2048)) ] ||
		note "maps ${_kb:-no} kB of hugetlb pages, not $1 pages of 2 MiB"
}

# Before Linux 5.16 writable ranges cannot go on hugetlb pages (no mremap
# of hugetlb mappings) and stay on base pages, as in kinds.sh.
need_r=$(pages pie R)
for classes in R RW; do
	c=default-1g-hugetlb-$classes-pie
	need=$(pages pie $classes)
	[ $classes = R ] || hugetlb_mremap || need=$need_r
	pool_of 2048 "$need"
	run env HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=$classes \
		"$T/sc-pie" where hugetlb
	aligned pie || note "loaded at an address not aligned to 2 MiB"
	want "text 2048" "rodata 2048" "ok"
	if [ $classes = RW ] && hugetlb_mremap; then
		want "data 2048" "bss 2048"
	elif [ $classes = RW ]; then
		want "data 4" "bss 4"
	fi
	want_kb "$need"
	result $c
done

pool_of 2048 "$need_r"
run env HUGETLB_ELFMAP=RW "$T/sc-pie" where hugetlb
aligned pie || note "loaded at an address not aligned to 2 MiB"
want "text 2048" "rodata 2048" "data thp" "bss thp" "ok"
want_kb "$need_r"
result default-1g-auto-RW-pie

pool_of 2048 24
run env LD_PRELOAD=/hl/lib/libhugelink.so HUGETLB_FORCE_ELFMAP=yes \
	HUGETLB_ELFMAP=R "$T/sc-plain" mid
want "text-mid 2048" "rodata-mid 2048" "ok"
result default-1g-force-preload-R
pool_of 2048 0

# prime_case: the copy on xfs, primed, then held and measured.
prime_case() {
	mkdir -p xfs
	if ! mount -o loop -t xfs /img/xfs.img "$PWD/xfs" 2>err; then
		note "cannot mount /img/xfs.img: $(cat err)"
		return
	fi
	cp "$T/sc-pie" xfs/sc-pie
	sync
	echo 3 >/proc/sys/vm/drop_caches
	hugectl --prime xfs/sc-pie >prime.out 2>&1 ||
		note "hugectl --prime: $(cat prime.out)"
	held file "$PWD/xfs/sc-pie"
	want "ok" "backing $PWD/xfs/sc-pie"
	served "$PWD/xfs/sc-pie"
	umount "$PWD/xfs"
}

lack=$(served_lack xfs)
if ! command -v hugectl >/dev/null; then
	skip default-1g-hugectl-prime "no hugectl for $(uname -m)"
elif [ -n "$lack" ]; then
	skip default-1g-hugectl-prime "$lack"
else
	prime_case
	result default-1g-hugectl-prime
fi
