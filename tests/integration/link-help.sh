#!/bin/sh
# SPDX-License-Identifier: MIT
# hugetlbfs-ld --hugetlbfs-help lists every option of the wrapper's that
# its manual page describes, exits 0 and runs no linker; plain --help is
# still the real linker's.
. "$HL_SRC/tests/integration/common.sh"

HUGELINK_LD=/nonexistent/ld "$HLBIN/hugetlbfs-ld" --hugetlbfs-help >out 2>err ||
	fail "hugetlbfs-ld --hugetlbfs-help failed: $(cat err)"
[ ! -s err ] || fail "--hugetlbfs-help said on stderr: $(cat err)"
# The options are the tags of the .TP paragraphs.
awk 'tp && /^\.B[IR]* \\-\\-hugetlbfs/ { print $2 } { tp = $0 == ".TP" }' \
	"$HLMAN/man1/hugetlbfs-ld.1" | sed 's/\\//g; s/=.*//' | sort -u >documented
[ "$(wc -l <documented)" -ge 7 ] || fail "read from the page: $(cat documented)"
while read -r opt; do
	grep -q -- "^  $opt\([= ]\|\$\)" out || fail "--hugetlbfs-help lacks $opt: $(cat out)"
done <documented
ok "--hugetlbfs-help lists $(tr '\n' ' ' <documented)"

"$HLBIN/hugelink-ld" --hugetlbfs-help | cmp -s - out ||
	fail "hugelink-ld --hugetlbfs-help differs"
"$HLDIR/ld" --help >ldhelp 2>&1 || fail "ld --help failed: $(head -3 ldhelp)"
grep -q '^Usage: .*ld' ldhelp || fail "ld --help is not the real linker's: $(head -3 ldhelp)"
ok "--help is the real linker's"
