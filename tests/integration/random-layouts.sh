# SPDX-License-Identifier: MIT
# Random layouts: programs whose text, rodata, data and bss have random
# sizes (16 bytes to about 5 MiB, exact and off-by-one-page multiples of
# 2 MiB, empty rodata or data, sometimes a large bss), with TLS, of a
# random kind (PIE, no-pie, static, static-pie), linked through the
# wrapper (lib/randlayout.py writes them, lib/randlayout.c checks them
# from the inside).  Each runs with HUGETLB_ELFMAP R, W and RW, the pool
# ample (exactly what a full remap takes: none left free after start),
# short and empty, HUGELINK_BACKING auto, hugetlb and thp, sometimes
# under "setarch -R": a random half of those runs, and always RW on
# hugetlb pages with the pool exhausted.  Every run must keep every byte
# and every forked child, and put each object on the pages the rules
# give it (worked out from readelf and nm by randlayout.py).
#
# RANDOM_SEED (default 1), RANDOM_COUNT (programs, default 32) and
# RANDOM_FIRST (the first program's number, default 0) choose what runs:
# "make check-random SEED=<n> COUNT=<n> [FIRST=<n>]".  A failure names
# the seed, the program's parameters and the run, and the command that
# runs that program alone.
. "$HL_SRC/tests/integration/common.sh"
need_cmd python3
seed=${RANDOM_SEED:-1}
count=${RANDOM_COUNT:-32}
first=${RANDOM_FIRST:-0}
gen="python3 $HLINC/randlayout.py"
pool_reserve 1

thp=0 always=
_t=/sys/kernel/mm/transparent_hugepage/enabled
if [ -f "$_t" ] && ! grep -q '\[never\]' "$_t"; then
	thp=1
	! grep -q '\[always\]' "$_t" || always=always
fi

# failed WHAT OUTPUT: say what failed and how to run it again.
failed() {
	echo "seed $seed, program $i: $params" >&2
	[ -z "${2:-}" ] || sed 's/^/    /' "$2" >&2
	fail "$1; again: make check-random SEED=$seed FIRST=$i COUNT=1"
}

programs=0 runs=0
i=$first
while [ "$i" -lt $((first + count)) ]; do
	mkdir "p$i"
	cd "p$i"
	params=$($gen gen "$seed" "$i" .) || failed "randlayout.py gen"
	kind=${params%% *} kind=${kind#kind=}
	hl_cc $HC_CFLAGS -I. -pthread "-$kind" -o prog "$HLINC/randlayout.c" \
		segs.S -Wl,--hugetlbfs-align >link.out 2>&1 || failed "cannot link" link.out
	# The runs' oracles are the copies': start where the page cache
	# cannot serve the text (common.sh).
	small_folios prog
	$gen runs "$seed" "$i" prog "$thp" >runs || failed "randlayout.py runs"
	while read -r sa free elfmap backing t r d b; do
		pool_set_free "$free"
		set -- env HUGETLB_ELFMAP="$elfmap" HUGELINK_BACKING="$backing" \
			./prog "text=$t" "rodata=$r" "data=$d" "bss=$b" $always
		[ "$sa" = 0 ] || set -- setarch -R "$@"
		"$@" >out 2>&1 </dev/null ||
			failed "$free pages free: $*" out
		grep -qx ok out || failed "no verdict: $*" out
		runs=$((runs + 1))
	done <runs
	cd ..
	rm -rf "p$i"
	programs=$((programs + 1))
	i=$((i + 1))
done
# A count that is no number, or 0, or a generator that gives no runs,
# would check nothing: that is no pass.
[ "$programs" -gt 0 ] && [ "$runs" -gt 0 ] ||
	fail "seed $seed: $programs programs and $runs runs from RANDOM_COUNT=$count RANDOM_FIRST=$first: nothing was checked"
ok "seed $seed: $programs programs from number $first, $runs runs, every byte and child kept, every object on the pages asked for"
