# SPDX-License-Identifier: MIT
# Kernels that cannot move hugetlb mappings (before Linux 5.16, where
# mremap of one fails with EINVAL), played on this one in two ways:
# HUGELINK_FAULT=no-hugetlb-mremap, and nomremap, a seccomp filter that
# fails every mremap, anonymous ones too, whatever hugelink's own code
# does.  Either way the program ends with every range asked for on huge
# pages and nothing lost: read-only ranges on hugetlb pages, mapped over
# the segment from a hugetlb file (seen in /proc/self/maps as
# /memfd:hugelink), writable ones on transparent huge pages (restored
# from their copy when their own mremap fails too), shared text mapped
# from its shared file; for PIE, no-pie,
# static and static-pie, R, W and RW, with fork(), and with the brk heap
# carried over under "setarch -R".  HUGELINK_BACKING=hugetlb leaves
# writable ranges on base pages there, and says why.
. "$HL_SRC/tests/integration/common.sh"
need_thp
pool_reserve 24
need_cmd setarch
build_helper nomremap

# run WAY KIND CLASSES [ARGUMENTS...]: run ./sc-KIND with HUGETLB_ELFMAP
# set to CLASSES, the old kernel played WAY (fault or seccomp).
run() {
	_way=$1 _kind=$2 _classes=$3
	shift 3
	case $_way in
	fault) HUGELINK_FAULT=no-hugetlb-mremap HUGETLB_ELFMAP=$_classes \
		"./sc-$_kind" "$@" >out 2>err ;;
	seccomp) HUGETLB_ELFMAP=$_classes ./nomremap "./sc-$_kind" "$@" >out 2>err ;;
	esac || fail "$_way $_kind $_classes: $(cat out err)"
}

for kind in pie no-pie static static-pie; do
	build_segcheck "sc-$kind" "-$kind"
	need=$(huge_pages_needed "sc-$kind" 2048 R)
	for way in fault seccomp; do
		free=$(pool_free)
		run $way $kind RW fork fds pool backing
		expect_lines out "text 2048" "rodata 2048" "data thp" "bss thp" \
			"fork ok" "hugefds 0" "ok"
		grep -q '^backing /memfd:hugelink' out ||
			fail "$way $kind: the text is not the hugetlb file mapped over it: $(cat out)"
		used=$((free - $(sed -n 's/^pool-free //p' out)))
		[ "$used" -eq "$need" ] ||
			fail "$way $kind took $used huge pages, its read-only ranges need $need"
		run $way $kind R fork
		expect_lines out "text 2048" "rodata 2048" "data 4" "bss 4" "fork ok" "ok"
		run $way $kind W fork
		expect_lines out "text 4" "rodata 4" "data thp" "bss thp" "fork ok" "ok"
		ok "$way, $kind: text on hugetlb pages, data on transparent huge pages, for RW, R and W"
	done
done

# Asked for hugetlb pages only, writable ranges cannot have them here.
HUGELINK_BACKING=hugetlb HUGELINK_FAULT=no-hugetlb-mremap HUGETLB_ELFMAP=RW \
	./sc-pie fork >out 2>err || fail "hugetlb only: $(cat out err)"
expect_lines out "text 2048" "data 4" "bss 4" "fork ok" "ok"
[ "$(wc -l <err)" -eq 1 ] && grep -q "cannot move hugetlb mappings" err ||
	fail "hugetlb only: expected one message saying why, got: $(cat err)"
ok "HUGELINK_BACKING=hugetlb: data on base pages, $(cat err)"

# Shared text: the shared file itself is mapped over the segment, made
# by the first run and only mapped by the second.
mount_hugetlbfs "$PWD/mnt"
for i in 1 2; do
	HUGETLB_SHARE=1 HUGETLB_SHARE_PATH=$PWD/mnt HUGETLB_ELFMAP=R \
		./nomremap ./sc-pie fork fds backing >out 2>err || fail "shared, run $i: $(cat out err)"
	expect_lines out "text 2048" "rodata 2048" "fork ok" "hugefds 0" "ok"
	grep -q "^backing $PWD/mnt/" out || fail "shared, run $i: not the shared file: $(cat out)"
	[ ! -s err ] || fail "shared, run $i: said $(cat err)"
done
ok "seccomp: shared text mapped over the segments from the shared files"

# With no pool at all, every mremap failing: all restored onto THP.
pool_set_free 0
run seccomp static RW fork
expect_lines out "text thp" "rodata thp" "data thp" "bss thp" "fork ok" "ok"
ok "seccomp, no pool: everything restored onto transparent huge pages"
pool_reserve 24

# The brk heap: programs not padded by the wrapper, whose heap starts
# right after bss under "setarch -R", so that the writable range takes
# its start in: a dynamic one given the runtime by LD_PRELOAD, and a
# static one given libhugelink.a.
"$CC" $HC_CFLAGS -o sc-heap "$HLINC/segcheck.c" \
	-Wl,-z,max-page-size=0x200000 -Wl,-z,common-page-size=0x200000
"$CC" $HC_CFLAGS -static -o sc-heap-static "$HLINC/segcheck.c" \
	-Wl,-z,max-page-size=0x200000 -Wl,-z,common-page-size=0x200000 \
	-Wl,--whole-archive "$HLLIB/libhugelink.a" -Wl,--no-whole-archive
for way in fault seccomp; do
	for prog in sc-heap sc-heap-static; do
		case $prog in
		sc-heap-static) pre= ;;
		*) pre=LD_PRELOAD=$HLLIB/libhugelink.so ;;
		esac
		case $way in
		fault) setarch -R env $pre HUGELINK_FAULT=no-hugetlb-mremap \
			HUGETLB_ELFMAP=RW "./$prog" fork >out 2>err ;;
		seccomp) setarch -R ./nomremap env $pre HUGETLB_ELFMAP=RW \
			"./$prog" fork >out 2>err ;;
		esac || fail "$way $prog: $(cat out err)"
		expect_lines out "text 2048" "data thp" "bss thp" "brk thp" "fork ok" "ok"
		ok "$way, $prog under setarch -R: the start of the brk heap carried onto transparent huge pages"
	done
done
