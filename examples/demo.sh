#!/bin/sh
# SPDX-License-Identifier: MIT
# make demo: relink the two examples through hugelink, run each on base
# pages, on transparent huge pages with no huge-page pool at all, and on
# huge pages from the pool, and say what moved and how much faster it
# ran.
#
# Set by make: HL_PREFIX (the staged install tree), HL_OUT (where the
# demo builds), CC.  First it runs with the 2 MiB pool empty, as on most
# machines: as root it empties a pool it finds (nr_hugepages=0), under
# the lock the tests take, so that the programs go where a machine with
# no pool sends them, onto transparent huge pages.  Then it reserves the
# huge pages the programs need from the pool.  It gives the pool back as
# it found it, even when interrupted.  When it cannot change the pool it
# says why and how to fix that, and runs anyway: the programs then go
# where the machine lets them, and say so.
#
# DEMO_ROUNDS (default 3) sets the runs of each kind, DEMO_CALLS and
# DEMO_PROBES (default 20 and 5) the millions of calls of itlb and probes
# of dtlb: the integration test runs the demo small.
set -eu
: "${HL_PREFIX:?HL_PREFIX must name the staged install tree}"
: "${HL_OUT:?HL_OUT must name a build directory}"
CC=${CC:-gcc}
src=$(cd "$(dirname "$0")" && pwd)
. "$src/../mk/pool.sh"
export LC_ALL=C
ROUNDS=${DEMO_ROUNDS:-3}
CALLS=${DEMO_CALLS:-20}
PROBES=${DEMO_PROBES:-5}
d=$(pool_dir 2048)

give_back() {
	[ -n "$POOL_SAVED" ] || return 0
	pool_restore
	say "== The huge-page pool is back as it was: $(cat "$d/nr_hugepages") pages of 2 MiB"
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

# no_pool: empty the 2 MiB pool for the first runs, or say why not.  The
# runs ask for transparent huge pages by name (HUGELINK_BACKING=thp):
# left to choose, the runtime would serve the text from the page cache
# whenever that holds the file in 2 MiB folios, which depends on how the
# file was last read.
no_pool() {
	BACKING="HUGELINK_BACKING=thp"
	pool_empty && return 0
	if [ "$LOCKED" = yes ] && [ "$(id -u)" = 0 ]; then
		pool_hold 2048
		echo 0 >"$d/nr_hugepages" 2>/dev/null || true
		pool_empty && return 0
	fi
	say "  The pool can give $(cat "$d/free_hugepages") free 2 MiB pages, and"
	say "  $(cat "$d/nr_overcommit_hugepages") more by overcommit; only root, holding $POOL_LOCK,"
	say "  may empty it for the demo.  These runs ask for transparent huge"
	say "  pages by name, $BACKING."
}

# pool_empty: whether the 2 MiB pool can give no page at all.
pool_empty() {
	[ "$(cat "$d/free_hugepages")" = 0 ] && [ "$(cat "$d/nr_overcommit_hugepages")" = 0 ]
}

# run_example NAME ELFMAP ARGS WHAT KIND [VAR=VALUE...]: ROUNDS runs on
# base pages, of NAME-base, a plain link (the relinked program's text
# may be mapped on huge pages by the kernel itself, where the file's
# page cache holds it in 2 MiB folios), and on huge pages of KIND, of
# the relinked NAME, with the variables given,
# alternating, so that a machine that slows down slows both; the first
# of each is shown in full.  Leaves the medians in base and huge.
run_example() {
	name=$1 elfmap=$2 args=$3 what=$4 kind=$5
	shift 5
	: >"$HL_OUT/$name.base-$kind" && : >"$HL_OUT/$name.$kind"
	for r in $(seq $ROUNDS); do
		"$HL_OUT/$name-base" $args >"$HL_OUT/out.base" 2>&1
		env "$@" HUGETLB_ELFMAP=$elfmap HUGETLB_VERBOSE=3 \
			"$HL_OUT/$name" $args >"$HL_OUT/out.huge" 2>"$HL_OUT/err.huge"
		sed -n 's/.*, \([0-9.]*\) ns each$/\1/p' "$HL_OUT/out.base" >>"$HL_OUT/$name.base-$kind"
		sed -n 's/.*, \([0-9.]*\) ns each$/\1/p' "$HL_OUT/out.huge" >>"$HL_OUT/$name.$kind"
		[ "$r" -gt 1 ] && continue
		say "  On base pages:   $HL_OUT/$name-base $args"
		grep -v ' ns each$' "$HL_OUT/out.base" | indent
		say "  On $kind:   ${*:+$* }HUGETLB_ELFMAP=$elfmap HUGETLB_VERBOSE=3 $HL_OUT/$name $args"
		indent <"$HL_OUT/err.huge"
		grep -v ' ns each$' "$HL_OUT/out.huge" | indent
	done
	base=$(median "$HL_OUT/$name.base-$kind") huge=$(median "$HL_OUT/$name.$kind")
	say "  Median of $ROUNDS runs each: $base ns per $what on base pages, $huge on $kind:"
	if grep -q ' on 4 kB pages$' "$HL_OUT/out.huge"; then
		say "    no faster: the runs on $kind stayed on base pages (see above)"
	else
		awk -v b="$base" -v h="$huge" 'BEGIN {
			if (h > 0) printf "    %.2fx as fast on huge pages\n", b / h }'
	fi
}

say "== Relinking the examples through hugelink's linker wrapper"
mkdir -p "$HL_OUT"
for p in itlb dtlb; do
	cmd="$CC -O2 -B$HL_PREFIX/share/hugelink -Wl,--hugetlbfs-align -o $HL_OUT/$p $src/$p.c"
	say "  $cmd"
	$cmd
done
say "  and, to run on base pages, plain links of the same sources:"
for p in itlb dtlb; do
	cmd="$CC -O2 -o $HL_OUT/$p-base $src/$p.c"
	say "  $cmd"
	$cmd
done
say "  The segments of itlb, laid out for 2 MiB pages (readelf -lW):"
readelf -lW "$HL_OUT/itlb" | while read -r type off va pa fsz msz flags; do
	if [ "$type" = LOAD ]; then
		printf '    0x%08x-0x%08x %s\n' $((va)) $((va + msz)) "$(echo ${flags%% 0x*})"
	fi
done

LOCKED=no
! pool_lock || LOCKED=yes

say ""
say "== Transparent huge pages, with no huge-page pool"
no_pool
say "  $(cat "$d/nr_hugepages") pages in the 2 MiB pool ($(cat "$d/free_hugepages") free); transparent huge pages: $(
	sed 's/.*\[\(.*\)\].*/\1/' /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null || echo none)."
say "  The text and the data go on transparent huge pages, which come from"
say "  ordinary memory; smaps shows them as AnonHugePages."
say ""
say "-- itlb: thousands of functions in 32 MiB of text, called in random order"
run_example itlb R $CALLS call THP $BACKING
itlb_thp=$huge
say ""
say "-- dtlb: a 512 MiB hash table in bss, probed in a chain of random keys"
run_example dtlb W $PROBES probe THP $BACKING
dtlb_thp=$huge

say ""
say "== Huge pages from the pool"
need=$(( $(pages_for "$HL_OUT/itlb") + $(pages_for "$HL_OUT/dtlb") ))
if [ "$LOCKED" = yes ] && pool_take "$need"; then
	say "  $(cat "$d/free_hugepages") free 2 MiB pages ($need needed); the pool is given back at the end."
else
	say "  The demo cannot have the $need huge pages of 2 MiB it needs:"
	say "  ${POOL_WHY:-the pool lock ${POOL_LOCK} cannot be opened}" | indent
	say "  It runs anyway; where pages are missing the programs go on transparent"
	say "  huge pages or base pages, and say so."
fi
say "  The text and the data ask for them (HUGELINK_BACKING=hugetlb): by"
say "  default the text is served from the file's page cache where that holds"
say "  it in 2 MiB folios, and the data goes on transparent huge pages, where"
say "  a fork()ed child can never die for want of a huge page."
say ""
say "-- itlb"
run_example itlb R $CALLS call hugetlb HUGELINK_BACKING=hugetlb
itlb_hugetlb=$huge
say ""
say "-- dtlb"
run_example dtlb W $PROBES probe hugetlb HUGELINK_BACKING=hugetlb
dtlb_hugetlb=$huge
say ""
give_back
say ""
say "== In short: ns per call or probe, medians of $ROUNDS runs ($((ROUNDS * 2)) on base"
say "   pages), and how many times as fast as on base pages"
printf '  %-5s %10s %18s %18s\n' "" "base pages" "THP, no pool" "hugetlb pool"
for p in itlb dtlb; do
	cat "$HL_OUT/$p.base-THP" "$HL_OUT/$p.base-hugetlb" >"$HL_OUT/$p.base"
	b=$(median "$HL_OUT/$p.base")
	eval "t=\$${p}_thp h=\$${p}_hugetlb"
	awk -v p="$p" -v b="$b" -v t="$t" -v h="$h" 'BEGIN {
		printf "  %-5s %10s %10s (%.2fx) %10s (%.2fx)\n", p, b, t,
			(t > 0 ? b / t : 0), h, (h > 0 ? b / h : 0) }'
done
say ""
say "The page sizes above come from each program's /proc/self/smaps; the"
say "\"hugelink:\" lines are the runtime's own report (HUGETLB_VERBOSE=3)."
say "See doc/examples.md, and doc/bench.md for the numbers of make bench."
