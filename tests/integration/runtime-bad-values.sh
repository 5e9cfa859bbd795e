#!/bin/sh
# SPDX-License-Identifier: MIT
# One rule for every variable: a value the runtime does not understand,
# hugelink's own variables' included, is ignored with one warning that
# names it, and the rest of the settings applies.  HUGELINK_BACKING=foo
# leaves auto (text on the pool, data on THP); HUGELINK_PERF_MAP=yes
# writes no map; HUGELINK_FAULT=reserv fails no step, with a warning of
# its own.  Judged from the program's smaps; hugectl's note names the
# same value.
. "$HL_SRC/tests/integration/common.sh"
need_thp
pool_reserve 16
build_segcheck sc

# one_warning VAR: err holds exactly one line, naming VAR.
one_warning() {
	[ "$(wc -l <err)" -eq 1 ] && grep -q "$1" err ||
		fail "$1: expected one warning naming it: $(cat err)"
}

for bad in foo THP ""; do
	env HUGETLB_ELFMAP=RW HUGELINK_BACKING="$bad" ./sc thp >out 2>err ||
		fail "HUGELINK_BACKING=$bad: sc failed: $(cat out err)"
	expect_lines out "text 2048" "data-thp yes" "ok"
	one_warning "HUGELINK_BACKING"
	ok "HUGELINK_BACKING=\"$bad\": ignored, auto applies: $(cat err)"
done

for bad in yes 2; do
	env HUGETLB_ELFMAP=RW HUGELINK_BACKING=hugetlb HUGELINK_PERF_MAP="$bad" \
		./sc >out 2>err || fail "HUGELINK_PERF_MAP=$bad: sc failed: $(cat out err)"
	expect_lines out "text 2048" "data 2048" "bss 2048" "ok"
	one_warning "HUGELINK_PERF_MAP"
	ok "HUGELINK_PERF_MAP=$bad: ignored, the rest applies"
done
ls /tmp/perf-*.map 2>/dev/null | while read -r m; do
	[ ! -O "$m" ] || [ "$(stat -c %Y "$m")" -lt "$(stat -c %Y sc)" ] ||
		fail "a perf map was written: $m"
done

# A fault the tests' hook does not know fails no step: the pool serves.
env HUGETLB_ELFMAP=RW HUGELINK_BACKING=hugetlb HUGELINK_FAULT=reserv ./sc \
	>out 2>err || fail "HUGELINK_FAULT=reserv: sc failed: $(cat out err)"
expect_lines out "text 2048" "data 2048" "bss 2048" "ok"
one_warning 'HUGELINK_FAULT="reserv"'
ok "HUGELINK_FAULT=reserv: ignored, the rest applies: $(cat err)"

# Below verbosity 2, nothing is said.
env HUGETLB_ELFMAP=RW HUGELINK_BACKING=foo HUGETLB_VERBOSE=1 ./sc >out 2>err
[ ! -s err ] || fail "HUGETLB_VERBOSE=1 said: $(cat err)"

# hugectl names the same value, and still runs the program.
HUGELINK_BACKING=foo "$HUGECTL" --text --data ./sc >out 2>err ||
	fail "hugectl failed: $(cat err)"
expect_lines out "text 2048" "ok"
grep -q "^$HUGECTL_NAME: .*HUGELINK_BACKING" err || fail "hugectl's note: $(cat err)"
ok "hugectl agrees"
