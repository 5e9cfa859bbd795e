#!/bin/sh
# SPDX-License-Identifier: MIT
# A memory cgroup near its limit: a relinked program with 32 MiB of text
# started with HUGETLB_ELFMAP=R in a cgroup limited to 24 MiB, with an
# empty pool.
#
# With HUGELINK_BACKING=file and a file the page cache does not hold:
# reading the text back in huge folios is charged to the cgroup, which
# reclaims them as it goes.  The program runs, and its text stays the
# file's mapping, with no anonymous huge pages (its smaps): page cache
# can be reclaimed.  The start says whether it is served (a line "page
# cache: ...") or gives the reason; how much the kernel has PMD-mapped
# once the text is read, reclaim going on, is said.
#
# With HUGELINK_BACKING=auto and a copy of the file just written (small
# folios, which the page cache cannot serve), auto's next step would be
# a copy onto THP, anonymous memory the cgroup must hold and cannot: the
# runtime sees the cgroup's room first and leaves the text on base pages
# with the reason.  The program runs to its end, every page of its text
# read, and its text is still a mapping of its file, with no anonymous
# huge pages.  cgroup v2's memory.max, else v1's memory.limit_in_bytes.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/filetext.sh"
. "$HL_SRC/tests/integration/lib/cgroup.sh"

need_thp
need_root
cgroup_make memory
dir=$cg_dir procs=$cg_procs limit=memory.limit_in_bytes
[ -z "$cg_v2" ] || limit=memory.max
echo $((24 * 1048576)) >"$dir/$limit"

relink_bigtext 32
whole=$(text_whole prog)
sync prog
dd if=prog iflag=nocache count=0 status=none
# Held, every page of its text read: what its smaps say.
start_holds 1 sh -c 'echo $$ >"$1" && shift && exec "$@"' sh "$dir/$procs" \
	env HUGETLB_ELFMAP=R HUGELINK_BACKING=file HUGETLB_VERBOSE=3 ./prog
set -- $(text_smaps $holds "$PWD/prog")
[ "${1:-}" = "$PWD/prog" ] || fail "file in the cgroup: the text is not the file's mapping"
[ "$3" -eq 0 ] || fail "file in the cgroup: $3 bytes of AnonHugePages in its text"
pmd=$2
stop_holds
if grep -q " r-x page cache: " hold1.err; then
	ok "24 MiB cgroup, file: served, $pmd of $whole bytes PMD-mapped once read: $(sed -n 's/.* r-x page cache: //p' hold1.err)"
else
	grep -q "segment [0-9]*: the page cache cannot back it: the page cache holds" hold1.err ||
		fail "no reason: $(cat hold1.err)"
	ok "24 MiB cgroup, file: not served, $pmd of $whole bytes PMD-mapped: $(sed -n 's/.*\(the page cache holds [^(]*\).*/\1/p' hold1.err | head -n 1)"
fi
cgroup_run env HUGETLB_ELFMAP=R HUGELINK_BACKING=file HUGETLB_VERBOSE=3 \
	./prog >run.out 2>run.err ||
	fail "the program did not run in the cgroup (status $?): $(cat run.err)"
ok "24 MiB cgroup, file: the program ran to its end"

# auto, small folios: no THP copy the cgroup would have to kill for.
pool_set_free 0
cp prog fresh
sh -c 'echo $$ >"$1/$2" && exec env HUGETLB_ELFMAP=R HUGETLB_VERBOSE=3 \
	./fresh hold' sh "$dir" "$procs" >hold.out 2>hold.err &
pid=$!
kill_at_exit $pid
t=0
until grep -q ready hold.out; do
	kill -0 $pid 2>/dev/null ||
		fail "auto in the cgroup: the program died before it was ready (status $(wait $pid; echo $?)): $(cat hold.err)"
	[ $t -lt 600 ] || fail "auto in the cgroup: not ready: $(cat hold.err)"
	sleep 0.1; t=$((t + 1))
done
set -- $(text_smaps $pid "$PWD/fresh")
[ "${1:-}" = "$PWD/fresh" ] || fail "auto in the cgroup: the text is not the file's mapping"
[ "$3" -eq 0 ] || fail "auto in the cgroup: $3 bytes of AnonHugePages in its text"
grep -q "the memory cgroup leaves" hold.err ||
	fail "auto in the cgroup: no reason: $(cat hold.err)"
kill $pid
wait $pid 2>/dev/null || :
ok "24 MiB cgroup, auto: base pages, the text the file's; $(grep -o 'the memory cgroup leaves [^;]*' hold.err | head -n 1)"
