# SPDX-License-Identifier: MIT
# The licence: LICENSE holds the MIT licence, which lets the runtime be
# linked into any program; every file of the tree that can hold a
# comment names it in an SPDX line among its first three lines (data,
# documents and files of formats without comments aside); the staged
# install carries LICENSE as documentation, and so does "make install"
# into a DESTDIR; debian/copyright names the same licence.
. "$HL_SRC/tests/integration/common.sh"
need_cmd git
[ "$(git -C "$HL_SRC" rev-parse --show-toplevel 2>/dev/null)" = "$(cd "$HL_SRC" && pwd -P)" ] ||
	skip "$HL_SRC is not the top of a git checkout: no list of the tree's files"

head -n 1 "$HL_SRC/LICENSE" | grep -qx 'MIT License' ||
	fail "LICENSE does not start with \"MIT License\": $(head -n 1 "$HL_SRC/LICENSE")"
grep -q 'Permission is hereby granted, free of charge' "$HL_SRC/LICENSE" ||
	fail "LICENSE does not hold the MIT licence's grant"

git -C "$HL_SRC" ls-files >files
[ -s files ] || fail "git ls-files lists nothing"
n=0
while IFS= read -r f; do
	case $f in
	*.md | LICENSE | VERSION | *.b64 | fuzz/regress/* | debian/changelog | \
	debian/copyright | debian/control | debian/source/format | \
	debian/*.install | .gitignore) continue ;;
	esac
	[ -f "$HL_SRC/$f" ] || continue
	n=$((n + 1))
	head -n 3 "$HL_SRC/$f" | grep -q 'SPDX-License-Identifier: MIT' ||
		echo "$f" >>missing
done <files
[ ! -s missing ] || fail "no SPDX line in: $(tr '\n' ' ' <missing)"
ok "$n files name the licence in an SPDX line"

grep -q '^License: Expat' "$HL_SRC/debian/copyright" ||
	fail "debian/copyright does not name the MIT (Expat) licence"
staged=$(find "$HL_PREFIX" -path '*/doc/*' -name LICENSE | head -n 1)
[ -n "$staged" ] && cmp -s "$staged" "$HL_SRC/LICENSE" ||
	fail "the staged tree holds no copy of LICENSE as documentation"
ok "LICENSE staged as documentation, debian/copyright says Expat"
