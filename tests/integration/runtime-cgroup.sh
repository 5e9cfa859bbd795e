# A hugetlb cgroup limit refuses huge pages the pool has free: the runtime
# counts it in (cgroup v2 hugetlb.2MB.max less .current, of the process's
# cgroup), puts what the limit allows on hugetlb pages and the rest on
# transparent huge pages, and names the limit in its message.  The test
# makes a cgroup of its own, enables the hugetlb controller for it if need
# be, and puts both back on exit.
. "$HL_SRC/tests/integration/common.sh"
need_thp
need_root
cg=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts)
[ -n "$cg" ] || skip "no cgroup v2 file system is mounted"
grep -qw hugetlb "$cg/cgroup.controllers" ||
	skip "the hugetlb controller is not available to cgroup v2 here ($cg/cgroup.controllers)"
pool_reserve 24
build_segcheck sc

if ! grep -qw hugetlb "$cg/cgroup.subtree_control"; then
	echo +hugetlb >"$cg/cgroup.subtree_control" ||
		fail "cannot enable the hugetlb controller in $cg"
	at_exit "echo -hugetlb >$cg/cgroup.subtree_control"
fi
dir=$cg/hugelink-test-$$
mkdir "$dir"
at_exit "rmdir $dir"
allowed=1
echo $((allowed * 2097152)) >"$dir/hugetlb.2MB.max"

free=$(pool_free)
sh -c 'echo $$ >"$1/cgroup.procs" && exec env HUGETLB_ELFMAP=RW ./sc thp pool' sh "$dir" \
	>out 2>err || fail "in the cgroup: $(cat out err)"
# One page, for the headers' segment; text and rodata on THP.
expect_lines out "text thp" "rodata thp" "data thp" "pool-free $((free - allowed))" "ok"
[ "$(wc -l <err)" -eq 1 ] || fail "expected one message, got: $(cat err)"
grep -q "the hugetlb cgroup allows $allowed ($dir/hugetlb.2MB.max)" err ||
	fail "the message does not name the limit: $(cat err)"
ok "a hugetlb cgroup limit of $allowed page: $(cat err)"
