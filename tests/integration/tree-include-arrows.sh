#!/bin/sh
# SPDX-License-Identifier: MIT
# "make check-tree" names an include that crosses the table of
# DEVELOPERS.md in every spelling the compiler takes: '#include "x/y.h"',
# with blanks after the '#', and with angle brackets, which -I. finds in
# the tree too; a system header in angle brackets is not judged.
. "$HL_SRC/tests/integration/common.sh"
need_cmd git
[ "$(git -C "$HL_SRC" rev-parse --show-toplevel 2>/dev/null)" = "$(cd "$HL_SRC" && pwd -P)" ] ||
	skip "$HL_SRC is not the top of a git checkout: no tree to copy from it"
mkdir tree
git -C "$HL_SRC" archive HEAD | tar -x -C tree || fail "git archive"
cp "$HL_SRC/mk/check-tree.sh" tree/mk/

cat >tree/core/crossing.c <<'E'
#include <sys/mman.h>
#include "core/size.h"
#include "loader/report.h"
#  include "machine/env.h"
#include <loader/pass.h>
	#include"remap/remap.h"
E
! make -s -C tree check-tree >out 2>&1 || fail "crossing includes passed: $(cat out)"
for line in 3:loader/report.h 4:machine/env.h 5:loader/pass.h 6:remap/remap.h; do
	grep -q "core/crossing.c:${line%%:*}: core/ may not include ${line#*:} " out ||
		fail "line ${line%%:*} not named: $(cat out)"
done
if grep -q -e "sys/mman.h" -e "core/size.h" out; then
	fail "an allowed include named: $(cat out)"
fi
ok "$(grep -c "may not include" out) crossing includes named, none other"
