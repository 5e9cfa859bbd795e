#!/bin/sh
# SPDX-License-Identifier: MIT
# With a -T script of the user's, the wrapper makes no script of its own:
# GNU ld gets -z max-page-size and -z common-page-size instead, which
# still gives every segment its own huge pages (at the cost of a padded
# file), and larger pages are refused.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/link.sh"

P=$((2 * MIB))
write_prog
REAL=$(CC=$CC sh "$HL_SRC/ldscripts/find-ld.sh" ld)
"$REAL" --verbose -pie | sed -n '/^=====/,/^=====/p' | sed '1d;$d' >user.ld
grep -q SECTIONS user.ld || fail "no default script from $REAL --verbose"

hl_cc -Wl,-T,user.ld -Wl,--hugetlbfs-align -o prog prog.c
check_pages prog $P $P
check_p_align prog $P
check_wx prog
check_run prog $P pie
check_embedded_runtime prog
ok "user script: $(stat -c %s prog) bytes"

refused any "with a -T script" big hl_cc -Wl,-T,user.ld \
	-Wl,--hugetlbfs-align,--hugetlbfs-page-size=1G -o big prog.c
