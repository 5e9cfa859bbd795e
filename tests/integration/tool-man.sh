# SPDX-License-Identifier: MIT
# Every staged manual page renders without a single groff warning, and
# man(1) shows it; hugelink(7) covers every HUGETLB_* and HUGELINK_*
# variable the runtime reads (as core/config.h lists them) and
# HUGELINK_LD.
. "$HL_SRC/tests/integration/common.sh"
need_cmd groff
need_cmd man

pages=$(find "$HLMAN" -type f -name '*.[1-8]' | sort)
[ -n "$pages" ] || fail "no manual pages staged"
for p in $pages; do
	echo "${p#$HLMAN/}"
	groff -man -Tutf8 -ww -z "$p" > warnings 2>&1
	[ ! -s warnings ] || fail "$p: $(cat warnings)"
	MANWIDTH=80 man -l "$p" 2>&1 > page | head -n 5 > warnings
	[ ! -s warnings ] || fail "man -l $p: $(cat warnings)"
	grep -q '^NAME' page || fail "man -l $p: no NAME"
done
for name in hugectl.8 hugeedit.8 hugelink-inspect.1 hugelink.7; do
	echo "$pages" | grep -q "/$name\$" || fail "$name is not staged"
done

echo "hugelink(7) covers every variable"
page=$HLMAN/man7/hugelink.7
vars=$(sed -n 's/^ \*   \(HUGE\(TLB\|LINK\)_[A-Z_]*\).*/\1/p' "$HL_SRC/core/config.h")
vars="$vars $(sed -n 's/.*HUGETLB_VERBOSE.*; \(HUGETLB_[A-Z_]*\).*/\1/p' \
	"$HL_SRC/core/config.h")"
[ "$(echo $vars | wc -w)" -ge 14 ] || fail "read only: $vars"
for v in $vars HUGELINK_LD; do
	grep -q "^\.B $v\$" "$page" || fail "hugelink(7) lacks $v"
done
ok "manual pages"
