# SPDX-License-Identifier: MIT
# The four kinds of program (PIE, no-pie, static, static-pie) with
# HUGETLB_ELFMAP=R, W and RW, on hugetlb pages (HUGELINK_BACKING=hugetlb,
# from a pool), on transparent huge pages (with no pool), and as the
# default chooses (read-only ranges from the pool, writable ones on
# THP): each range asked for on the pages expected, the pool's pages
# taken as readelf counts them, fork() working, every byte kept.
#
# Where this kernel lacks a feature, what the program must do instead:
# before Linux 5.16, writable ranges cannot go on hugetlb pages (no
# mremap of hugetlb mappings) and stay on base pages; a static program's
# writable ranges never go on hugetlb pages.  A static-pie program is
# loaded at an address aligned to 2 MiB only from Linux 6.10: earlier,
# when it is not, the case is skipped, and the program must still run.
. /kt/common.sh

# case_run KIND CLASSES BACKING: run sc-KIND with HUGETLB_ELFMAP=CLASSES
# and HUGELINK_BACKING=BACKING, with the pool's free pages before it in
# _free; the caller adds its expectations, and gives the result.
case_run() {
	_kind=$1 _classes=$2 _backing=$3
	_free=$(meminfo HugePages_Free)
	run env HUGELINK_BACKING=$_backing HUGETLB_ELFMAP=$_classes \
		"$T/sc-$_kind" fork where pool
	want "fork ok" "ok"
}

# unaligned CASE KIND: when the program was not loaded at an aligned
# address, say whether that is this kernel's lack (a skip, true) or a
# failure (noted, false).
unaligned() {
	aligned "$2" && return 1
	if [ "$2" = static-pie ] && ! kernel_at_least 6 10 && [ -z "$why" ]; then
		skip "$1" "the kernel loads static-pie programs at any address, aligned to 2 MiB only from Linux 6.10"
		return 0
	fi
	note "loaded at an address not aligned to 2 MiB"
	return 1
}

for kind in pie no-pie static static-pie; do
	static=no
	case $kind in static*) static=yes ;; esac
	need_r=$(pages $kind R) need_w=$(pages $kind W)

	pool 24
	c=hugetlb-R-$kind
	case_run $kind R hugetlb
	if ! unaligned $c $kind; then
		want "text 2048" "rodata 2048"
		want_used "$_free" "$need_r"
		result $c
	fi

	for classes in W RW; do
		c=hugetlb-$classes-$kind
		case_run $kind $classes hugetlb
		unaligned $c $kind && continue
		take=$need_w
		if hugetlb_mremap && [ $static = no ]; then
			want "data 2048" "bss 2048"
		else
			want "data 4" "bss 4"
			take=0
		fi
		if [ $classes = RW ]; then
			want "text 2048" "rodata 2048"
			take=$((take + need_r))
		else
			want "text 4" "rodata 4"
		fi
		want_used "$_free" "$take"
		result $c
	done

	c=auto-RW-$kind
	case_run $kind RW auto
	if ! unaligned $c $kind; then
		want "text 2048" "rodata 2048" "data thp" "bss thp"
		want_used "$_free" "$need_r"
		result $c
	fi

	pool 0
	for classes in R W RW; do
		c=thp-$classes-$kind
		case_run $kind $classes auto
		unaligned $c $kind && continue
		case $classes in
		R) want "text thp" "rodata thp" ;;
		W) want "text 4" "data thp" "bss thp" ;;
		RW) want "text thp" "rodata thp" "data thp" "bss thp" ;;
		esac
		want "pool-free 0"
		result $c
	done
done
