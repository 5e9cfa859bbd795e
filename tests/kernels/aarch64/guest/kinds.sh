# SPDX-License-Identifier: MIT
# The four kinds of program (PIE, no-pie, static, static-pie) with
# HUGETLB_ELFMAP=R, W and RW on hugetlb pages of 2 MiB: each range asked
# for on 2 MiB pages, fork() working, every byte kept.  A static
# program's writable ranges stay on base pages (the runtime never puts
# them on hugetlb pages).  Linux before 6.10 loads a static-pie program
# at any address: when it is not aligned to 2 MiB the case is skipped,
# and the program must still run.
. /kt/common.sh
pool 2048 24
for kind in pie no-pie static static-pie; do
	for classes in R W RW; do
		c=$classes-$kind
		run env HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=$classes "$T/sc-$kind" fork where
		want "fork ok" "ok"
		if ! aligned $kind; then
			if [ $kind = static-pie ]; then
				[ -n "$why" ] || { skip $c "the kernel loaded the static-pie program at an address not aligned to 2 MiB (aligned from Linux 6.10)"; continue; }
			else
				note "loaded at an address not aligned to 2 MiB"
			fi
		fi
		case $classes in
		R) want "text 2048" "rodata 2048" ;;
		W|RW)
			[ $classes = W ] && want "text 4" || want "text 2048" "rodata 2048"
			case $kind in
			static*) want "data 4" "bss 4" ;;
			*) want "data 2048" "bss 2048" ;;
			esac ;;
		esac
		result $c
	done
done
