#!/bin/sh
# SPDX-License-Identifier: MIT
# make bench: hugelink against base pages, transparent huge pages and
# libhugetlbfs, measured side by side in one run.  doc/bench.md says what
# each number means.
#
# Set by make: HL_PREFIX (the staged install tree), BENCH_BIN (the
# benchmark's programs), EX_BIN (the examples), BENCH_CSV (where the
# results go).  BENCH_ROUNDS sets the rounds of every timed part (by
# default 41 for start-up, 301 for start-up asked for nothing, 15 for
# shared text and for the page cache's text, 9 for the TLB-bound runs, 7
# for fork, 3 for the page counts; 3 is a quick look), BENCH_PARTS which
# parts run (default: "startup nothing share tlb concurrent instructions
# runtime-kinds fork libtext hottext filetext"; part P is bench/P.sh, whose function is
# bench_P with '-' as '_'), BENCH_SEED the seed of the order of the runs
# in each round (default: the time), BENCH_FORKS the forks of one fork
# run (default 50).
#
# Every timed part runs its variants in rounds, one run of each per round,
# in an order of its own for each round, so that a machine that slows
# down slows all of them; it reports medians with min and max, of the
# wall-clock time and of the CPU time of each run, and ratios taken round
# by round, with their 95% intervals (bench/lib.sh).  A variant that cannot
# run on this machine is reported as "fails: why".
#
# It needs root: it mounts a hugetlbfs of its own (the runs that need one,
# libhugetlbfs's and shared text, name it in HUGETLB_PATH, so that
# nothing lands in anyone else's mount) and grows the huge-page pool.  It
# takes the test runner's lock before it touches either, holds it to the
# end, and puts the pool back as it was on the way out, however it exits.
set -eu
: "${HL_PREFIX:?}" "${BENCH_BIN:?}" "${EX_BIN:?}" "${BENCH_CSV:?}"
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../mk/pool.sh"
. "$here/lib.sh"
export LC_ALL=C
# Each run says what it asks for: nothing from the caller's environment.
for _v in $(env | sed -n 's/^\(HUGETLB_[A-Z_]*\|HUGELINK_[A-Z_]*\)=.*/\1/p'); do
	unset "$_v"
done
RUNS=${BENCH_ROUNDS:-}
SEED=${BENCH_SEED:-$(date +%s)}
PARTS=${BENCH_PARTS:-startup nothing share tlb concurrent instructions runtime-kinds fork libtext hottext filetext}
POOL_2M=320

[ "$(id -u)" = 0 ] || {
	echo "make bench needs root: it mounts a hugetlbfs and sizes the huge-page pool" >&2
	exit 1
}

W=$(mktemp -d "${TMPDIR:-/tmp}/hugelink-bench.XXXXXX")
MNT=$W/mnt
MOUNTED=
HOLD_PIDS=
cleanup() {
	set +e
	[ -z "$HOLD_PIDS" ] || { kill $HOLD_PIDS; wait $HOLD_PIDS; } 2>/dev/null
	if [ -n "$MOUNTED" ]; then
		rm -rf "$MNT"/elflink-uid-* 2>/dev/null
		umount "$MNT"
	fi
	pool_restore
	rm -rf "$W"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
: >"$W/samples"
: >"$W/baselines"
: >"$W/listed"

# share_forget: remove the shared files; hugelink and libhugetlbfs both
# keep theirs in <mount>/elflink-uid-<uid>/.
share_forget() { rm -rf "$MNT"/elflink-uid-*; }

# progress TEXT: what the benchmark is doing now, on stderr.
progress() { printf 'bench: %s\n' "$*" >&2; }

# machine: what the numbers were measured on, and how busy it was.
machine() {
	echo "machine: Linux $(uname -r), $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo |
		head -n 1), $(nproc) CPUs, THP $(sed 's/.*\[\(.*\)\].*/\1/' \
		/sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null)"
}
load() { echo "load average $1: $(cut -d' ' -f1-3 /proc/loadavg)"; }
# pools WHEN: the size of each huge-page pool, to show it was given back.
pools() {
	printf 'huge-page pools %s:' "$1"
	for _d in /sys/kernel/mm/hugepages/hugepages-*; do
		printf ' %s %s (overcommit %s)' "${_d##*-}" "$(cat "$_d/nr_hugepages")" \
			"$(cat "$_d/nr_overcommit_hugepages")"
	done
	echo
}

LHF="libhugetlbfs $(dpkg-query -W -f '${Version}' libhugetlbfs0 2>/dev/null |
	sed 's/-[^-]*$//')"
[ "$LHF" != "libhugetlbfs " ] || LHF="libhugetlbfs (not installed)"

machine
load "at the start"
echo "rounds: ${RUNS:-each part's own}, order seed $SEED"
pool_lock
pools "as found"
pool_take "$POOL_2M" || { printf '%s\n' "$POOL_WHY" >&2; exit 1; }
mkdir -p "$MNT"
mount -t hugetlbfs -o pagesize=2M none "$MNT"
MOUNTED=yes
# libhugetlbfs needs a mount for every remap, hugelink only to share:
# the runs that need one name ours, and the others run as a user's would,
# without HUGETLB_PATH.
LHF_ENV="HUGETLB_PATH=$MNT"
SHARE_ENV="HUGETLB_SHARE=1 HUGETLB_PATH=$MNT"
# One 1 GiB page for the table of dtlb; without it that variant "fails".
POOL_1G_WHY=
pool_take 1 1048576 || POOL_1G_WHY=$(printf '%s\n' "$POOL_WHY" | head -n 1)

# Pages the pool has just been given may not be backed by the host yet (in
# a virtual machine the first touch of guest memory is slow): touch them
# all once, so that no variant pays for that.
"$BENCH_BIN/memcpy" $((POOL_2M * 2)) huge >/dev/null

for part in $PARTS; do
	. "$here/$part.sh"
	"bench_$(printf '%s' "$part" | tr - _)"
done

pool_restore
pools "as left"
load "at the end"
summary "$BENCH_CSV"
echo
echo "bench: wrote $BENCH_CSV"
