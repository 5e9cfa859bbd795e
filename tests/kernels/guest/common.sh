# SPDX-License-Identifier: MIT
# Sourced by every guest test (/kt/*.sh), which runs in an empty
# directory of its own, as root, on the kernel under test (x86_64 or
# aarch64), with the test programs in /t (tests/kernels/programs.sh) and
# the staged runtime in /hl/lib (and on x86_64 the tools in /hl/bin).  A test checks one feature in a few cases, and ends
# each with one result line:
#   PASS KERNEL CASE
#   FAIL KERNEL CASE: what was wrong, then the case's output, indented
#   SKIP KERNEL CASE: why this kernel cannot run it
# KERNEL is what uname -r says.  The oracle is what the programs read
# from their own /proc/self/smaps and /proc/self/maps, and the pool's
# counters in /proc/meminfo; the runtime's messages only where a message
# is the feature tested (cgroup.sh), and then beside those.
set -u
KVER=$(uname -r)
T=/t
why=
for _v in $(env | sed -n 's/^\(HUGETLB_[A-Z_]*\|HUGELINK_[A-Z_]*\|LD_PRELOAD\)=.*/\1/p'); do
	unset "$_v"
done

# kernel_at_least MAJOR MINOR: the running kernel is MAJOR.MINOR or later.
kernel_at_least() {
	_maj=${KVER%%.*} _rest=${KVER#*.}
	_min=${_rest%%[!0-9]*}
	[ "$_maj" -gt "$1" ] || { [ "$_maj" -eq "$1" ] && [ "$_min" -ge "$2" ]; }
}

# Whether this kernel moves hugetlb mappings with mremap (Linux 5.16).
hugetlb_mremap() { kernel_at_least 5 16; }

# note WHAT: record something wrong with the current case.
note() { why="${why:+$why; }$*"; }

meminfo() { awk -v k="$1:" '$1 == k { print $2 }' /proc/meminfo; }

# pool N: a pool of exactly N free 2 MiB pages, with no overcommit.
pool() {
	echo 0 >/proc/sys/vm/nr_overcommit_hugepages
	echo "$1" >/proc/sys/vm/nr_hugepages
	[ "$(meminfo HugePages_Free)" -eq "$1" ] ||
		{ echo "cannot make a pool of $1 free pages: $(grep Huge /proc/meminfo)"; exit 1; }
}

# pool_of KB N: a pool of exactly N free huge pages of KB kB, with no
# overcommit; false when the kernel has no pages of that size.
pool_of() {
	_d=/sys/kernel/mm/hugepages/hugepages-${1}kB
	[ -d "$_d" ] || return 1
	echo 0 >"$_d/nr_overcommit_hugepages"
	echo "$2" >"$_d/nr_hugepages"
	[ "$(cat "$_d/free_hugepages")" -eq "$2" ] ||
		{ echo "cannot make a pool of $2 free ${1} kB pages"; exit 1; }
}

# pages KIND CLASSES: the pool's pages a remap of CLASSES (R, W or RW)
# of sc-KIND takes, from readelf on the host.
pages() { awk -v c="$2" '$1 == c { print $2 }' "$T/sc-$1.pages"; }

# run CMD...: run CMD with its output in out and err; an exit status
# other than 0 is wrong.
run() {
	"$@" >out 2>err || note "exit status $? from $*"
}

# want LINE...: every LINE is a whole line of out.
want() {
	for _l; do
		grep -qxF "$_l" out || note "no line \"$_l\""
	done
	! grep -q '^BAD' out || note "$(grep '^BAD' out | tr '\n' ' ')"
}

# used BEFORE: the pool's pages the program that wrote out took, from
# the free count BEFORE it ran and the one it printed ("pool-free N").
used() { echo $(($1 - $(sed -n 's/^pool-free //p' out))); }

# want_used BEFORE N: the program took N pages of the pool.
want_used() {
	_u=$(used "$1")
	[ "$_u" -eq "$2" ] || note "took $_u pages of the pool, not $2"
}

# aligned KIND: the program that wrote out ("where") was loaded at an
# address aligned to 2 MiB.
aligned() {
	_at=$(sed -n 's/^text-at \(0x[0-9a-f]*\) .*/\1/p' out)
	[ -n "$_at" ] && [ $((_at % 2097152)) -eq "$(cat "$T/sc-$1.align")" ]
}

# result CASE: PASS when nothing was noted since the last result, else
# FAIL with the notes and the case's output.
result() {
	if [ -z "$why" ]; then
		echo "PASS $KVER $1"
	else
		echo "FAIL $KVER $1: $why"
		for _f in out err; do
			[ -s "$_f" ] && sed "s/^/    $_f| /" "$_f"
		done
	fi
	why=
	rm -f out err
}

# skip CASE REASON: the case cannot run on this kernel.
skip() {
	echo "SKIP $KVER $1: $2"
	why=
}
