#!/bin/sh
# make demo: relink the two examples through hugelink, run each on base
# pages and then on huge pages, and say what moved and how much faster it
# ran.
#
# Set by make: HL_PREFIX (the staged install tree), HL_OUT (where the
# demo builds), CC.  As root the demo reserves the huge pages it needs
# and gives the pool back as it found it, even when interrupted.  When it
# cannot have them it says why and how to fix that, and runs anyway: the
# programs then stay on base pages, which is what they are built to do.
set -eu
: "${HL_PREFIX:?HL_PREFIX must name the staged install tree}"
: "${HL_OUT:?HL_OUT must name a build directory}"
CC=${CC:-gcc}
src=$(cd "$(dirname "$0")" && pwd)
. "$src/../mk/pool.sh"
export LC_ALL=C
ROUNDS=3

give_back() {
	[ -n "$POOL_SAVED" ] || return 0
	pool_restore
	say "== The huge-page pool is back as it was: $(cat "$(pool_dir 2048)/nr_hugepages") pages of 2 MiB"
}
trap give_back EXIT
trap 'exit 130' INT TERM

say() { printf '%s\n' "$*"; }
indent() { sed 's/^/    /'; }

# pages_for PROG: 2 MiB pages that cover all of PROG's segments, rounded
# out to huge pages: a little more than any HUGETLB_ELFMAP needs.
pages_for() {
	readelf -lW "$1" | while read -r type off va pa fsz msz rest; do
		[ "$type" = LOAD ] || continue
		lo=$((va / 2097152)) hi=$(((va + msz + 2097151) / 2097152))
		echo $((hi - lo))
	done | awk '{ n += $1 } END { print n }'
}

# median FILE: the middle of the numbers in FILE.
median() { sort -n "$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

say "== Relinking the examples through hugelink's linker wrapper"
mkdir -p "$HL_OUT"
for p in itlb dtlb; do
	cmd="$CC -O2 -B$HL_PREFIX/share/hugelink -Wl,--hugetlbfs-align -o $HL_OUT/$p $src/$p.c"
	say "  $cmd"
	$cmd
done
say "  The segments of itlb, laid out for 2 MiB pages (readelf -lW):"
readelf -lW "$HL_OUT/itlb" | while read -r type off va pa fsz msz flags; do
	if [ "$type" = LOAD ]; then
		printf '    0x%08x-0x%08x %s\n' $((va)) $((va + msz)) "$(echo ${flags%% 0x*})"
	fi
done

say ""
say "== Huge pages"
need=$(( $(pages_for "$HL_OUT/itlb") + $(pages_for "$HL_OUT/dtlb") ))
d=$(pool_dir 2048)
if pool_lock && pool_take "$need"; then
	say "  $(cat "$d/free_hugepages") free 2 MiB pages ($need needed); the pool is given back at the end."
else
	say "  The demo cannot have the $need huge pages of 2 MiB it needs:"
	say "  ${POOL_WHY:-the pool lock ${POOL_LOCK} cannot be opened}" | indent
	say "  It runs anyway; where pages are missing the programs stay on base pages."
fi

# run_example NAME ELFMAP ARGS WHAT: ROUNDS runs on base pages and on huge
# pages, alternating, so that a machine that slows down slows both.
run_example() {
	name=$1 elfmap=$2 args=$3 what=$4
	: >"$HL_OUT/$name.base" && : >"$HL_OUT/$name.huge"
	for r in $(seq $ROUNDS); do
		"$HL_OUT/$name" $args >"$HL_OUT/out.base" 2>&1
		HUGETLB_ELFMAP=$elfmap HUGETLB_VERBOSE=3 \
			"$HL_OUT/$name" $args >"$HL_OUT/out.huge" 2>"$HL_OUT/err.huge"
		for v in base huge; do
			sed -n 's/.*, \([0-9.]*\) ns each$/\1/p' "$HL_OUT/out.$v" >>"$HL_OUT/$name.$v"
		done
		[ "$r" -gt 1 ] && continue
		say "  On base pages:   $HL_OUT/$name $args"
		grep -v ' ns each$' "$HL_OUT/out.base" | indent
		say "  On huge pages:   HUGETLB_ELFMAP=$elfmap HUGETLB_VERBOSE=3 $HL_OUT/$name $args"
		say "  (hugectl $(case $elfmap in R) echo --text ;; *) echo --data ;; esac) sets the same variable)"
		indent <"$HL_OUT/err.huge"
		grep -v ' ns each$' "$HL_OUT/out.huge" | indent
	done
	base=$(median "$HL_OUT/$name.base") huge=$(median "$HL_OUT/$name.huge")
	say "  Median of $ROUNDS runs each: $base ns per $what on base pages, $huge on huge pages:"
	if grep -q ' on 4 kB pages$' "$HL_OUT/out.huge"; then
		say "    no faster: the \"huge\" runs stayed on base pages (see above)"
	else
		awk -v b="$base" -v h="$huge" 'BEGIN {
			if (h > 0) printf "    %.2fx as fast on huge pages\n", b / h }'
	fi
}

say ""
say "== itlb: thousands of functions in 32 MiB of text, called in random order"
run_example itlb R 20 call
say ""
say "== dtlb: a 512 MiB hash table in bss, probed in a chain of random keys"
run_example dtlb W 5 probe
say ""
give_back
say "The page sizes above come from each program's /proc/self/smaps; the"
say "\"hugelink:\" lines are the runtime's own report (HUGETLB_VERBOSE=3)."
say "See doc/examples.md, and doc/bench.md for the numbers of make bench."
