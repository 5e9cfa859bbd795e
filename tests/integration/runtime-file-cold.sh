#!/bin/sh
# SPDX-License-Identifier: MIT
# A relinked, primed program whose file the page cache has since dropped,
# as after a reboot.  exec reads the pages about the entry point before
# the runtime can advise the text, in small folios, which the page cache
# keeps; the probes read their pages in huge ones, and the start is
# served.  Without HUGELINK_PRIME the small folios stay: a copy started
# the same way says so (the message judged, being the point), and has
# part of its text on base pages at the next start.
# With HUGELINK_PRIME=1 the start has the file primed once it has ended,
# the next start has every whole huge page of its text FilePmdMapped,
# and it primes nothing more.  Judged from the programs' smaps; the page
# cache drops each file by POSIX_FADV_DONTNEED (dd iflag=nocache), and
# fincore shows it held none.  The text is 32 MiB, more than exec's
# read-ahead reaches here.  Where exec left no small folios in a served
# start, there is nothing to show: it skips.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/filetext.sh"

need_thp
need_cmd fincore
relink_bigtext 32
whole=$(text_whole prog)
cp prog control
"$HUGECTL" --prime prog control >/dev/null || fail "hugectl --prime failed"

# drop FILE: the page cache holds none of FILE.
drop() {
	dd if="$1" iflag=nocache count=0 status=none || fail "dd cannot drop $1"
	_held=$(fincore -n -b -o RES "$1") || fail "fincore $1"
	[ "$_held" -eq 0 ] || fail "the page cache still holds $_held bytes of $1"
}

# cold_start LABEL PROG VAR=VALUE...: start PROG, dropped, with
# HUGETLB_ELFMAP=R and the variables, and hold it.  Its text is served,
# and exec left part of it in small folios; sets pmd to the bytes
# FilePmdMapped.
cold_start() {
	_cl=$1 _cp=$2
	shift 2
	drop "$_cp"
	start_holds 1 env HUGETLB_ELFMAP=R HUGETLB_VERBOSE=3 "$@" "$PWD/$_cp"
	set -- $(text_smaps $holds "$PWD/$_cp")
	[ "${1:-}" = "$PWD/$_cp" ] ||
		fail "$_cl: the text is not the file's mapping: $(cat hold1.err)"
	pmd=$2
	if [ "$pmd" -ge "$whole" ]; then
		stop_holds
		skip "$_cl: exec left no small folios: $pmd of $whole bytes PMD-mapped"
	fi
	[ $((pmd * 2)) -ge "$whole" ] ||
		fail "$_cl: not served, $pmd of $whole bytes PMD-mapped: $(cat hold1.err)"
}

cold_start "without HUGELINK_PRIME" control
grep -q ' r-x page cache: .*; the probe read the file in, .* until the file is primed' hold1.err ||
	fail "without HUGELINK_PRIME: the start did not say its text stays part small: $(cat hold1.err)"
stop_holds
ok "without HUGELINK_PRIME, dropped: $pmd of $whole bytes PMD-mapped"
next=$(text_pmd control)
[ "$next" -lt "$whole" ] ||
	fail "without HUGELINK_PRIME: the next start has all $whole bytes PMD-mapped"
ok "without HUGELINK_PRIME, the next start: $next of $whole bytes PMD-mapped"

cold_start "HUGELINK_PRIME=1" prog HUGELINK_PRIME=1
grep -q 'HUGELINK_PRIME=1: a detached process .* once the program has ended' hold1.err ||
	fail "HUGELINK_PRIME=1: the start did not say it primes after its end: $(cat hold1.err)"
stop_holds
ok "HUGELINK_PRIME=1, dropped: served, $pmd of $whole bytes PMD-mapped"
got=$(wait_primed prog "$whole")
[ "$got" -ge "$whole" ] ||
	fail "HUGELINK_PRIME=1, after priming: $got of $whole bytes PMD-mapped"
start_holds 1 env HUGETLB_ELFMAP=R HUGELINK_PRIME=1 HUGETLB_VERBOSE=3 "$PWD/prog"
set -- $(text_smaps $holds "$PWD/prog")
! grep -q 'HUGELINK_PRIME=1: ' hold1.err ||
	fail "a start after priming primes again: $(cat hold1.err)"
stop_holds
[ "${2:-0}" -ge "$whole" ] ||
	fail "HUGELINK_PRIME=1, the start after priming: ${2:-0} of $whole bytes PMD-mapped"
ok "HUGELINK_PRIME=1, the next start: $2 of $whole bytes PMD-mapped, primed once"
