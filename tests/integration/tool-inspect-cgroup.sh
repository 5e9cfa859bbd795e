# SPDX-License-Identifier: MIT
# hugelink-inspect run in a hugetlb cgroup with a limit of 2 pages: its
# line for 2 MiB pages names the pages the limit still allows and its
# file, and says the 4 pages needed cannot be had now though the pool
# has them; it puts the text on hugetlb pages and rodata on THP; JSON's
# hugetlb_cgroup says the same.  The runtime then does what it said:
# its text on the 2 pages the limit allows, rodata on THP (its own
# output).  Without a limit the line names none, also where a new
# cgroup's limit file shows the kernel's "none" as a number.  Under
# cgroup v2, the limit on pages reserved (hugetlb.2MB.rsvd.max) is
# named the same way.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/cgroup.sh"

need_thp
need_cmd python3
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
	cgroup_run env HUGETLB_ELFMAP=R "$@" >out 2>err ||
		fail "$*: exit status $? in the cgroup: $(cat out err)"
}

first=$(head -n 1 "$cg_dir/${limits%% *}")
echo "the new cgroup's ${limits%% *} reads $first"
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
	allows="the hugetlb cgroup allows 2 ($cg_dir/$file)"
	case $line in
	"2M pages: 4 needed; "*"; $allows; "*"can serve now: no") ;;
	*) fail "$file: the 2M line does not say \"$allows\" and no: $line" ;;
	esac
	backings=$(sed -n '/^backing (/,/^$/p' out |
		awk 'NR > 1 && NF { sub(/:$/, "", $2); print $2 }' |
		tr '\n' ' ')
	[ "$backings" = "hugetlb thp " ] ||
		fail "$file: text and rodata on \"$backings\": $(cat out)"
	in_cgroup "$HLBIN/hugelink-inspect" --json ./sc
	json=$(grep -F '"page_size": 2097152, "default": true' out)
	limit="\"limit\": \"$cg_dir/$file\""
	for want in '"needed": 4, ' \
		"\"hugetlb_cgroup\": {\"allows\": 2, $limit}" \
		'"can_serve": "no"'; do
		case $json in
		*"$want"*) ;;
		*) fail "$file: JSON lacks $want: $json" ;;
		esac
	done
	python3 -m json.tool out >/dev/null || fail "$file: not JSON: $(cat out)"
	free=$(pool_free)
	in_cgroup ./sc thp pool
	expect_lines out "text 2048" "rodata thp" "pool-free $((free - 2))" "ok"
	echo max >"$cg_dir/$file" 2>/dev/null || echo -1 >"$cg_dir/$file"
	ok "$file: $line; the runtime took the 2 pages it allows"
done
