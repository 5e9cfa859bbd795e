# SPDX-License-Identifier: MIT
# HUGETLB_* are read once; a contradictory HUGETLB_ELFMAP gives one
# warning and no remap (runtime-old-settings.sh: what libhugetlbfs
# accepted never does; runtime-bad-values.sh: a bad HUGELINK_* value is
# ignored, and the rest applies); HUGETLB_RESTRICT_EXE gates all remapping;
# HUGETLB_VERBOSE=3 reports each range; HUGETLB_MINIMAL_COPY=no copies all
# of the writable range, the pages nothing touched included: the copy
# reads each of those, and the kernel counts a minor fault for each
# (perf stat), and the bytes said copied are the whole range's (readelf).
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

need_cmd perf
# copy_run NAME VAR=VALUE...: ./sc with the writable segments moved and
# the variables; its minor faults (perf stat) in NAME.faults, and the
# bytes the runtime says it copied in NAME.copied.
copy_run() {
	_n=$1; shift
	env HUGETLB_VERBOSE=3 HUGETLB_ELFMAP=W "$@" perf stat -x, -o "$_n.perf" \
		-e minor-faults ./sc fork >out 2>"$_n.err" ||
		fail "$_n: sc failed: $(cat out "$_n.err")"
	expect_lines out "data thp" "bss thp" "fork ok" "ok"
	awk -F, '$3 == "minor-faults" { print $1 }' "$_n.perf" >"$_n.faults"
	[ -s "$_n.faults" ] || fail "$_n: perf stat counted no minor faults: $(cat "$_n.perf")"
	sed -n 's/.* rw- thp x[0-9]*: copied \([0-9]*\) bytes.*/\1/p' "$_n.err" >"$_n.copied"
	[ -s "$_n.copied" ] || fail "$_n: no writable range reported: $(cat "$_n.err")"
}
copy_run minimal
copy_run whole HUGETLB_MINIMAL_COPY=no
span=$(( $(huge_ranges sc 2048 W) * 2097152 ))
[ "$(cat whole.copied)" -eq "$span" ] ||
	fail "HUGETLB_MINIMAL_COPY=no: copied $(cat whole.copied) bytes of the $span of the range"
[ "$(cat minimal.copied)" -lt "$span" ] ||
	fail "by default: copied $(cat minimal.copied) bytes, the whole range's"
# The bss is 3 MiB that start-up touches at three pages: the whole copy
# reads at least 2 MiB more, 512 pages the minimal one leaves alone.
# With THP "always" the kernel maps untouched bss with huge pages (one
# fault each), so there the bytes copied alone tell the two apart.
extra=$(( $(cat whole.faults) - $(cat minimal.faults) ))
grep -q '\[always\]' /sys/kernel/mm/transparent_hugepage/enabled ||
	[ "$extra" -ge 512 ] ||
	fail "HUGETLB_MINIMAL_COPY=no: $extra minor faults more than by default, not 512"
ok "HUGETLB_MINIMAL_COPY=no: $(cat whole.copied) bytes copied, not $(cat minimal.copied), $extra more minor faults"
