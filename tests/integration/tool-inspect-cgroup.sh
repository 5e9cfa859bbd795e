# SPDX-License-Identifier: MIT
# hugelink-inspect run in a hugetlb cgroup with a limit: its line for
# 2 MiB pages names the pages the limit still allows and its file, and
# says the pages cannot be had now though the pool has them, as the
# runtime then finds (its text on THP, not on the pool's pages, in its
# own output); JSON's hugetlb_cgroup says the same.  Without a limit the
# line names none.  Under cgroup v2, the limit on pages reserved
# (hugetlb.2MB.rsvd.max) is named the same way.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/cgroup.sh"

need_thp
pool_reserve 24
build_segcheck sc
cgroup_make hugetlb
if [ -n "$cg_v2" ]; then
	limits="hugetlb.2MB.max hugetlb.2MB.rsvd.max"
else
	limits=hugetlb.2MB.limit_in_bytes
fi

# in_cgroup CMD...: run CMD in the cgroup with HUGETLB_ELFMAP=R, its
# output in out.
in_cgroup() {
	sh -c 'f=$1; shift; echo $$ >"$f" && exec env HUGETLB_ELFMAP=R "$@"' \
		sh "$cg_dir/$cg_procs" "$@" >out 2>err ||
		fail "$*: exit status $? in the cgroup: $(cat out err)"
}

in_cgroup "$HLBIN/hugelink-inspect" ./sc
grep '^2M pages:' out | grep -q 'can serve now: yes$' ||
	fail "no limit: the pool does not serve: $(grep '^2M pages:' out)"
! grep '^2M pages:' out | grep -q 'hugetlb cgroup' ||
	fail "no limit: a limit is named: $(grep '^2M pages:' out)"
ok "no limit: $(grep '^2M pages:' out)"

for file in $limits; do
	echo $((2 * 2097152)) >"$cg_dir/$file"
	in_cgroup "$HLBIN/hugelink-inspect" ./sc
	line=$(grep '^2M pages:' out)
	case $line in
	*"; the hugetlb cgroup allows 2 ($cg_dir/$file); "*"can serve now: no") ;;
	*) fail "$file: the 2M line does not name the limit, or says it can serve: $line" ;;
	esac
	in_cgroup "$HLBIN/hugelink-inspect" --json ./sc
	grep -qF "\"page_size\": 2097152, \"default\": true, \"needed\": 4, " out ||
		fail "$file: JSON needs other than 4 2M pages: $(grep page_size out)"
	grep -qF "\"hugetlb_cgroup\": {\"allows\": 2, \"limit\": \"$cg_dir/$file\"}, \"mount\": null, \"mount_needed\": false, \"can_serve\": \"no\"" out ||
		fail "$file: JSON does not give the limit: $(grep '"page_size": 2097152' out)"
	free=$(pool_free)
	in_cgroup ./sc thp pool
	expect_lines out "text 2048" "rodata thp" "pool-free $((free - 2))" "ok"
	echo max >"$cg_dir/$file" 2>/dev/null || echo -1 >"$cg_dir/$file"
	ok "$file: $line; the runtime took the 2 pages it allows"
done
