# SPDX-License-Identifier: MIT
# Sourced by examples/demo.sh, bench/run.sh and the integration tests
# (tests/integration/common.sh): borrow huge pages from the machine's
# pool, and give the pool back exactly as it was found.
#
# The pool is machine-wide, and the integration tests check that it is
# the same after each test as before it.  So whoever changes it first
# takes the lock the test runner takes (flock on
# ${TMPDIR:-/tmp}/hugelink-tests.lock), and calls pool_restore before
# letting go of it; the caller's EXIT trap should call pool_restore, so
# that an interrupted run gives the pages back too.  The integration
# tests run with the runner holding that lock for them, and must not
# take it again; a script they run that would (the demo) is told so by
# HL_POOL_LOCKED=yes in its environment.
#
#   pool_lock          wait for the lock, on file descriptor 9, unless
#                      HL_POOL_LOCKED=yes says the caller holds it
#   pool_take N [KB]   make N pages of KB kB (2048 by default) free, by
#                      growing the pool when we may; on failure POOL_WHY
#                      says why and how to fix it
#   pool_exists KB     whether this kernel has pages of KB kB; if not,
#                      POOL_WHY says so
#   pool_hold KB       record the pool of KB kB pages for pool_restore,
#                      and turn its overcommit off, so that its free
#                      pages are all it can give (as root; pool_take
#                      does it before it grows a pool)
#   pool_restore       put back every pool pool_hold recorded

POOL_LOCK=${TMPDIR:-/tmp}/hugelink-tests.lock
POOL_SAVED=
POOL_WHY=

pool_dir() { echo "/sys/kernel/mm/hugepages/hugepages-${1}kB"; }

pool_lock() {
	[ "${HL_POOL_LOCKED:-}" != yes ] || return 0
	# A user who may not write the lock file may still lock it.  The
	# shell gives up on a failed redirection of exec, so try it first.
	if (exec 9>>"$POOL_LOCK") 2>/dev/null; then
		exec 9>>"$POOL_LOCK"
	elif (exec 9<"$POOL_LOCK") 2>/dev/null; then
		exec 9<"$POOL_LOCK"
	else
		return 1
	fi
	flock -n 9 && return 0
	echo "waiting for the huge-page pool: another run holds $POOL_LOCK" >&2
	flock 9
}

pool_exists() {
	[ -d "$(pool_dir "$1")" ] && return 0
	POOL_WHY="this kernel offers no ${1} kB huge pages ($(pool_dir "$1") is missing):
  it needs CONFIG_HUGETLBFS, and a CPU with pages of that size"
	return 1
}

pool_hold() {
	_d=$(pool_dir "$1")
	case " $POOL_SAVED " in
	*" $_d="*) ;;
	*) POOL_SAVED="$POOL_SAVED $_d=$(cat "$_d/nr_hugepages")/$(cat "$_d/nr_overcommit_hugepages")" ;;
	esac
	# Surplus pages would make "free" mean "could be had"; 1 GiB pages
	# have no overcommit, and refuse the write.
	echo 0 >"$_d/nr_overcommit_hugepages" 2>/dev/null || true
}

pool_take() {
	_n=$1 _kb=${2:-2048}
	pool_exists "$_kb" || return 1
	_d=$(pool_dir "$_kb")
	_free=$(cat "$_d/free_hugepages")
	[ "$_free" -ge "$_n" ] && return 0
	_nr=$(cat "$_d/nr_hugepages")
	_want=$((_nr + _n - _free))
	if [ "$(id -u)" != 0 ]; then
		POOL_WHY="the pool has $_free free ${_kb} kB huge pages, $_n are needed,
  and only root may grow it.  Run as root, or first, as root:
    echo $_want > $_d/nr_hugepages"
		return 1
	fi
	pool_hold "$_kb"
	echo "$_want" >"$_d/nr_hugepages" 2>/dev/null || true
	_free=$(cat "$_d/free_hugepages")
	[ "$_free" -ge "$_n" ] && return 0
	POOL_WHY="the kernel found only $_free of the $_n free ${_kb} kB huge pages
  needed: memory is short or too fragmented.  Try, as root,
    echo 1 > /proc/sys/vm/compact_memory
  and run again, or reserve the pages at boot (hugepages=$_n, with
  hugepagesz=${_kb}K, on the kernel command line)"
	return 1
}

pool_restore() {
	for _s in $POOL_SAVED; do
		_d=${_s%%=*} _v=${_s#*=}
		echo "${_v#*/}" >"$_d/nr_overcommit_hugepages" 2>/dev/null || true
		echo "${_v%/*}" >"$_d/nr_hugepages"
	done
	POOL_SAVED=
}
