# SPDX-License-Identifier: MIT
# Shared text (HUGETLB_SHARE=1) is swapped in while another thread of the
# program reads every page of it: the shared file is mapped over each
# read-only segment in one step, so no page is ever missing, on this
# kernel and with HUGELINK_FAULT=no-hugetlb-mremap, which fails every
# move of hugetlb pages as kernels before Linux 5.16 do (the target
# unmapped, then EINVAL).  A preloaded library's constructor starts the
# reader (lib/readerlib.c), which has read every page once before the
# runtime starts; a page found missing kills the process with SIGSEGV.
# Each case runs cold (the files made), then warm (the files mapped)
# three times, as one run may miss the moment a page is missing.  The
# oracle is the program's own smaps and maps; HUGELINK_BACKING=hugetlb keeps
# the page cache, which the default tries first, out of it.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 40
build_segcheck sc
"$CC" -O1 -fPIC -shared -o libreader.so "$HLINC/readerlib.c" ||
	fail "cannot build libreader.so"
mount_hugetlbfs "$PWD/mnt"

for fault in "" no-hugetlb-mremap; do
	dir=$PWD/mnt/${fault:-plain} case=${fault:-this kernel}
	mkdir -m 700 "$dir"
	for n in 1 2 3 4; do
		start=warm
		[ "$n" -gt 1 ] || start=cold
		env ${fault:+HUGELINK_FAULT=$fault} HUGELINK_BACKING=hugetlb \
			HUGETLB_SHARE=1 HUGETLB_SHARE_PATH="$dir" HUGETLB_ELFMAP=R \
			LD_PRELOAD="$PWD/libreader.so" ./sc backing >out 2>err ||
			fail "$case, run $n ($start): exit status $?: $(cat out err)"
		expect_lines out "text 2048" "rodata 2048" "ok"
		grep -q "^backing $dir/" out ||
			fail "$case, run $n ($start): the text is not the shared file: $(cat out)"
		ok "$case, run $n ($start): shared text swapped in under a thread reading it"
	done
done
