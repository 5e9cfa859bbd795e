#!/bin/sh
# SPDX-License-Identifier: MIT
# hugelink-inspect FILE reports what the page cache holds of the text
# now, and reads none of it in: with the file's pages dropped, it must
# find none of them in huge folios, and the kernel must hold no more of
# the file after it than before (fincore).  Reading them through its
# mapping, advised MADV_HUGEPAGE, would put them in huge folios and
# report as held what it had just read.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/filetext.sh"

need_thp
need_cmd fincore
write_bigtext 8
hl_cc -O2 -Wl,--hugetlbfs-align -o built bigtext.c || fail "cannot link"
cp built prog
"$HUGECTL" --prime prog >/dev/null || fail "--prime prog"

# resident: the bytes of prog that the page cache holds, as the kernel
# counts them.
resident() { fincore --bytes --noheadings --output RES prog | tr -d ' '; }

whole=$(text_whole prog)
full=$(resident)
dd if=prog iflag=nocache count=0 status=none || fail "dd iflag=nocache"
before=$(resident)
[ $((full - before)) -ge "$whole" ] ||
	skip "POSIX_FADV_DONTNEED dropped $((full - before)) of prog's $full bytes here, less than its text's $whole"

"$HLBIN/hugelink-inspect" prog >dropped.out || fail "inspect prog failed"
after=$(resident)
line=$(grep -m1 'congruent;' dropped.out)
[ $((after - before)) -lt 2097152 ] ||
	fail "inspect read $((after - before)) bytes of prog into the page cache ($before before, $after after): $line"
case $line in
*"congruent; 0 MiB in huge folios"*) ;;
*) fail "inspect, pages dropped: $line" ;;
esac
ok "pages dropped: inspect added $((after - before)) bytes to the page cache; ${line#*congruent; }"
