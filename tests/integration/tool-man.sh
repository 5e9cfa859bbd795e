# SPDX-License-Identifier: MIT
# Every staged manual page renders without a single groff warning,
# passes mandoc's lint with nothing of warning level or above, and
# man(1) shows it; a page for another name of a tool sources a staged
# page; each tool's page has an ENVIRONMENT section; hugelink(7) covers
# every HUGETLB_* and HUGELINK_*
# variable the runtime reads (as core/config.h lists them) and
# HUGELINK_LD; hugelink-inspect(1) every code its --json gives.
. "$HL_SRC/tests/integration/common.sh"
need_cmd groff
need_cmd man
need_cmd mandoc

pages=$(find "$HLMAN" -type f -name '*.[1-8]' | sort)
[ -n "$pages" ] || fail "no manual pages staged"
for p in $pages; do
	echo "${p#$HLMAN/}"
	if [ "$(sed -n '1s/^\.so .*/so/p' "$p")" = so ]; then
		[ "$(wc -l <"$p")" -eq 1 ] || fail "$p: more than its .so line"
		to=$(sed 's/^\.so //' "$p")
		[ -f "$HLMAN/$to" ] || fail "$p sources $to, which is not staged"
		continue
	fi
	mandoc -Tlint -W warning "$p" > warnings 2>&1 || true
	[ ! -s warnings ] || fail "mandoc -Tlint $p: $(cat warnings)"
	if ! grep -q '^\.SH ENVIRONMENT' "$p"; then
		case ${p##*/} in hugelink.7) ;; *) fail "$p has no ENVIRONMENT section" ;; esac
	fi
	groff -man -Tutf8 -ww -z "$p" > warnings 2>&1
	[ ! -s warnings ] || fail "$p: $(cat warnings)"
	MANWIDTH=80 man -l "$p" 2>&1 > page | head -n 5 > warnings
	[ ! -s warnings ] || fail "man -l $p: $(cat warnings)"
	grep -q '^NAME' page || fail "man -l $p: no NAME"
done
for name in hugelink-ctl.8 hugelink-edit.8 hugelink-inspect.1 hugelink.7 \
	hugetlbfs-ld.1 hugelink-ld.1 $(libhugetlbfs_names hugectl hugeedit |
	sed 's/$/.8/') $(libhugetlbfs_names ld.hugetlbfs | sed 's/$/.1/'); do
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
echo "hugelink-inspect(1) lists every code its --json gives"
page=$HLMAN/man1/hugelink-inspect.1
codes=$(sed -n 's/^\t\[\(HL_WHY\|HL_LIB\|INSPECT_RT\|INSPECT_SERVE\|INSPECT_PC\)_[A-Z_]*\] = "\([a-z_.]*\)",$/\2/p' \
	"$HL_SRC/tools/inspect/json-report.c")
codes="$codes $(sed -n 's/^\t\treturn "\([a-z_]*\)";$/\1/p' \
	"$HL_SRC/tools/inspect/cover.c")"
codes="$codes $(sed -n '/^static const char \*const obstacle_codes/,/^};/p' \
	"$HL_SRC/tools/inspect/json-report.c" | grep -o '"[a-z_]*"' | tr -d '"')"
[ "$(echo $codes | wc -w)" -ge 46 ] || fail "read only: $codes"
for c in $codes; do
	grep -Eq "^\.(BR?|RB \() $c( |\$)" "$page" ||
		fail "hugelink-inspect(1) lacks the code $c"
done
ok "manual pages"
