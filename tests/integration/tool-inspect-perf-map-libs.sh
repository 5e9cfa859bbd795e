#!/bin/sh
# SPDX-License-Identifier: MIT
# hugelink-inspect --perf-map on a program that was not relinked, whose
# relinked library's text moved: the program's text needs no map, and
# the tool says so and exits 1, and it names the library whose moved
# text no map names (perf attached later gives its raw addresses), by
# the library's own smaps.
. "$HL_SRC/tests/integration/common.sh"
need_thp
build_libcheck libcheck.so -Wl,--hugetlbfs-align
build_libuse use-plain

mkfifo hold
HUGETLB_ELFMAP=R HUGELINK_BACKING=thp ./use-plain open ./libcheck.so wait <hold >out 2>err &
pid=$!
exec 3>hold
at_exit "exec 3>&-; kill $pid 2>/dev/null"
n=0
until grep -qx ready out; do
	kill -0 $pid 2>/dev/null || fail "use-plain ended: $(cat out err)"
	[ $n -lt 100 ] || fail "use-plain is not ready: $(cat out err)"
	sleep 0.1
	n=$((n + 1))
done
# The library's text on THP: an executable mapping with AnonHugePages.
awk '$1 ~ /^[0-9a-f]+-[0-9a-f]+$/ { head = $2 }
     $1 == "AnonHugePages:" && $2 > 0 && head ~ /x/ { found = 1 }
     END { exit !found }' "/proc/$pid/smaps" ||
	fail "the library's text did not move: $(cat out)"

"$HLBIN/hugelink-inspect" --perf-map $pid >tool.out 2>tool.err &&
	fail "a map was written for text mapped from its file: $(cat tool.out)"
grep -q "the text of .*use-plain is mapped from its file" tool.err ||
	fail "the program's text: $(cat tool.err)"
grep -q "the moved text of the library .*libcheck.so is in no map" tool.err ||
	fail "the library is not named: $(cat tool.err)"
[ ! -e "/tmp/perf-$pid.map" ] || fail "a map was written"
ok "the library whose moved text no map names is named"
