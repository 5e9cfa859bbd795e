# SPDX-License-Identifier: MIT
# Read-only segments on different huge page sizes: the share directory is
# the one for the largest read-only segment's size (the text's), and a
# segment on another size is not shared, with one reason, rather than
# made into a file on a mount of the wrong size (refused as planted at
# every start, or refused by ftruncate).  The program is laid out so that
# its headers' segment lies alone below its text at 1 GiB: with
# HUGETLB_ELFMAP=R=1G and HUGELINK_MIN_FILL=0 it takes a 1 GiB page,
# and the text and rodata 2 MiB ones (hugelink-inspect says the plan);
# the text is shared from a 2 MiB mount, the headers' segment is not.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 8
pool_reserve 1 1048576
mount_hugetlbfs "$PWD/mnt" 2048
hl_cc $HC_CFLAGS -no-pie -o sc "$HLINC/segcheck.c" -Wl,--hugetlbfs-align \
	-Wl,--section-start=.init=0x40000000 || fail "cannot link sc"
export HUGETLB_ELFMAP=R=1G HUGELINK_MIN_FILL=0
"$HLBIN/hugelink-inspect" ./sc >plan || fail "hugelink-inspect: $(cat plan)"
grep -q "1 x 1G at 0x0-0x40000000" plan && grep -q "2 x 2M at 0x40000000" plan ||
	fail "the plan is not 1 GiB for the headers, 2 MiB for the text: $(cat plan)"

mkdir mnt/d
for run in 1 2; do
	HUGETLB_SHARE=1 HUGETLB_SHARE_PATH=$PWD/mnt/d ./sc backing >out 2>err ||
		fail "run $run: $(cat out err)"
	expect_lines out "text 2048" "rodata 2048" "ok"
	grep -q "^backing $PWD/mnt/d/" out ||
		fail "run $run: the text was not mapped from its shared file: $(cat out err)"
	grep -q "refusing\|making a shared file" err &&
		fail "run $run: a file was made on the wrong mount: $(cat err)"
	grep -q "HUGETLB_SHARE: .*1048576 kB pages are not shared" err ||
		fail "run $run: no reason given: $(cat err)"
	[ "$(grep -c 'are not shared' err)" -eq 1 ] ||
		fail "run $run: the reason is not said once: $(cat err)"
done
ls mnt/d | grep -q '#1048576k' && fail "files of 1 GiB pages made on a 2 MiB mount: $(ls mnt/d)"
ls mnt/d | grep -q '#2048k$' || fail "the text was not shared: $(ls mnt/d)"
ok "the text on 2 MiB pages is shared beside a 1 GiB segment, which is not, and says why: $(cat err)"
