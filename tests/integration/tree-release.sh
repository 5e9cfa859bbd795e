# SPDX-License-Identifier: MIT
# "make check-tree" judges an unpacked release as it judges a checkout
# (a package build runs it there): it finds the tree's files without
# git, passes on the tree as it is, names a header whose guard is not
# its path, leaves build*/ and debian/ alone, and fails where there is
# no source file at all.
. "$HL_SRC/tests/integration/common.sh"
need_cmd git
[ "$(git -C "$HL_SRC" rev-parse --show-toplevel 2>/dev/null)" = "$(cd "$HL_SRC" && pwd -P)" ] ||
	skip "$HL_SRC is not the top of a git checkout: no release to unpack from it"
mkdir tree
git -C "$HL_SRC" archive HEAD | tar -x -C tree || fail "git archive"
make -s -C tree check-tree >out 2>&1 || fail "the release: $(cat out)"
ok "the unpacked release: $(tail -n 1 out)"

mkdir -p tree/build/x tree/debian/x
printf '#ifndef WRONG\n#endif\n' >tree/build/x/a.h
cp tree/build/x/a.h tree/debian/x/a.h
make -s -C tree check-tree >out 2>&1 || fail "build/ or debian/ judged: $(cat out)"
mkdir tree/core/x
cp tree/build/x/a.h tree/core/x/a.h
! make -s -C tree check-tree >out 2>&1 || fail "a wrong guard passed: $(cat out)"
grep -q "core/x/a.h: include guard WRONG, expected CORE_X_A_H" out ||
	fail "the wrong guard not named: $(cat out)"
ok "a wrong guard named: $(grep core/x out)"

mkdir empty
cp "$HL_SRC/mk/check-tree.sh" empty/
(cd empty && sh check-tree.sh 'core:') >out 2>&1 && fail "no source passed: $(cat out)"
grep -q "holds no \*.c or \*.h file" out || fail "no reason: $(cat out)"
ok "nothing to judge fails: $(cat out)"
