# SPDX-License-Identifier: MIT
# HUGETLB_* are read once; a contradictory HUGETLB_ELFMAP gives one
# warning and no remap (runtime-old-settings.sh: what libhugetlbfs
# accepted never does; runtime-bad-values.sh: a bad HUGELINK_* value is
# ignored, and the rest applies); HUGETLB_RESTRICT_EXE gates all remapping;
# HUGETLB_VERBOSE=3 reports each range; HUGETLB_MINIMAL_COPY=no copies all
# of bss.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 16
build_segcheck sc

for bad in "HUGETLB_ELFMAP=R=2M:R=1G" "HUGETLB_ELFMAP=W=2M:w=1G"; do
	env HUGETLB_ELFMAP=RW "$bad" ./sc >out 2>err || fail "$bad: failed"
	expect_lines out "text 4" "data 4" "ok"
	[ "$(wc -l <err)" -eq 1 ] && grep -q "${bad%%=*}" err ||
		fail "$bad: expected one warning naming it, got: $(cat err)"
done
ok "a contradictory HUGETLB_ELFMAP: one warning, no remap"

HUGETLB_ELFMAP=RW HUGETLB_RESTRICT_EXE=other:names ./sc >out 2>err
expect_lines out "text 4" "data 4" "ok"
[ ! -s err ] || fail "restricted: said $(cat err)"
HUGETLB_ELFMAP=RW HUGETLB_RESTRICT_EXE=other:sc ./sc >out 2>err
expect_lines out "text 2048" "data thp" "ok"
ok "HUGETLB_RESTRICT_EXE gates the remap"

HUGETLB_ELFMAP=R ./sc >out 2>err
expect_lines out "text 2048" "rodata 2048" "data 4" "bss 4" "ok"
HUGETLB_ELFMAP=W ./sc >out 2>err
expect_lines out "text 4" "rodata 4" "data thp" "bss thp" "ok"
HUGETLB_ELFMAP=no ./sc >out 2>err
expect_lines out "text 4" "data 4" "ok"
ok "R, W and no select what is remapped"

HUGETLB_VERBOSE=3 HUGETLB_ELFMAP=RW ./sc >out 2>err
ranges=$(huge_ranges sc | wc -l)
[ "$(grep -cE ' (hugetlb 2M|thp) x[0-9]+: copied' err)" -eq "$ranges" ] ||
	fail "HUGETLB_VERBOSE=3: expected $ranges range lines: $(cat err)"
ok "HUGETLB_VERBOSE=3 reports each range"

HUGETLB_DEBUG=1 HUGETLB_ELFMAP=RW ./sc >out 2>err
loads=$(readelf -lW sc | grep -c '^ *LOAD') || fail "readelf finds no PT_LOAD in sc"
[ "$(grep -c ': segment [0-9]* ' err)" -eq "$loads" ] ||
	fail "HUGETLB_DEBUG: expected the plan of $loads segments: $(cat err)"
ok "HUGETLB_DEBUG prints the plan"

HUGETLB_MINIMAL_COPY=no HUGETLB_ELFMAP=RW ./sc fork >out 2>err
expect_lines out "data thp" "bss thp" "fork ok" "ok"
ok "HUGETLB_MINIMAL_COPY=no"
