#!/bin/sh
# SPDX-License-Identifier: MIT
# A relinked, primed program whose file the page cache has since dropped,
# as after a reboot.  exec reads the pages about the entry point before
# the runtime can advise the text, in small folios, which the page cache
# keeps; the probes read their pages in huge ones, and the start is
# served.  Without HUGELINK_PRIME the small folios stay: a copy started
# the same way says so (the message judged, being the point), and has
# part of its text on base pages at the next start.  With
# HUGELINK_PRIME=1 the start has the file primed, and the first start
# after has every whole huge page of its text FilePmdMapped and primes
# nothing more (priming clears the read-ahead marks that would make its
# probes look like reads).  A start that also copies its rodata, held in
# small folios (smallread), primes once it has ended as well, not at once
# while it maps exec's small folios, and the first start after has all
# of its text on 2 MiB pages.  Judged from the programs' smaps; the page
# cache drops each file by POSIX_FADV_DONTNEED (dd iflag=nocache), and
# fincore shows it held none.  The text is 32 MiB, more than exec's
# read-ahead reaches here.  Where exec's read-ahead reached a probed
# page (the start is then not served), or left no small folios, there
# is nothing to show: it skips.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/filetext.sh"

need_thp
need_cmd fincore
relink_bigtext 32
whole=$(text_whole prog)
cp prog control
"$HUGECTL" --prime prog control >/dev/null || fail "hugectl --prime failed"

# drop FILE: the page cache holds none of FILE.  Folios still being
# read (a read-ahead that priming started) are not dropped: a while to
# let them come in.
drop() {
	for _t in $(seq 50); do
		dd if="$1" iflag=nocache count=0 status=none || fail "dd cannot drop $1"
		_held=$(fincore -n -b -o RES "$1") || fail "fincore $1"
		[ "$_held" -ne 0 ] || return 0
		sleep 0.1
	done
	fail "the page cache still holds $_held bytes of $1"
}

# cold_start LABEL PROG VAR=VALUE...: start PROG, dropped, with
# HUGETLB_ELFMAP=R and the variables, and hold it.  Its text stays the
# file's mapping (served), and exec's small folios keep part of it from
# being FilePmdMapped; sets pmd to the bytes that are.
cold_start() {
	_cl=$1 _cp=$2
	shift 2
	drop "$_cp"
	start_holds 1 env HUGETLB_ELFMAP=R HUGETLB_VERBOSE=3 "$@" "$PWD/$_cp"
	set -- $(text_smaps $holds "$PWD/$_cp")
	pmd=${2:-0}
	if [ "${1:-}" != "$PWD/$_cp" ]; then
		stop_holds
		skip "$_cl: not served (exec's read-ahead reached a probed page here): $(grep ' r-x ' hold1.err | head -n 1)"
	fi
	if [ "$pmd" -ge "$whole" ]; then
		stop_holds
		skip "$_cl: exec left no small folios: $pmd of $whole bytes PMD-mapped"
	fi
}

cold_start "without HUGELINK_PRIME" control
grep -q ' r-x page cache: .*; the probe read the file in, .* until the file is primed' hold1.err ||
	fail "without HUGELINK_PRIME: the start did not say its text stays part small: $(cat hold1.err)"
ok "without HUGELINK_PRIME, dropped: served, $pmd of $whole bytes PMD-mapped, and said why not all"
stop_holds
next=$(text_pmd control)
if [ "$next" -lt "$whole" ]; then
	ok "without HUGELINK_PRIME, the next start: $next of $whole bytes PMD-mapped"
else
	echo "without HUGELINK_PRIME, the next start: all $whole bytes PMD-mapped (the kernel collapsed the small folios)"
fi

cold_start "HUGELINK_PRIME=1" prog HUGELINK_PRIME=1
grep -q 'HUGELINK_PRIME=1: a detached process .* once the program has ended' hold1.err ||
	fail "HUGELINK_PRIME=1: the start did not say it primes once ended: $(cat hold1.err)"
stop_holds
ok "HUGELINK_PRIME=1, dropped: served, $pmd of $whole bytes PMD-mapped, primed once it ended"
# The first start after the priming: every whole huge page, and it
# primes nothing more.
wait_unheld prog
start_holds 1 env HUGETLB_ELFMAP=R HUGELINK_PRIME=1 HUGETLB_VERBOSE=3 "$PWD/prog"
set -- $(text_smaps $holds "$PWD/prog")
! grep -q 'HUGELINK_PRIME=1: ' hold1.err ||
	fail "the first start after priming primes again: $(cat hold1.err)"
stop_holds
[ "${1:-}" = "$PWD/prog" ] && [ "${2:-0}" -ge "$whole" ] ||
	fail "HUGELINK_PRIME=1, the first start after priming: ${2:-0} of $whole bytes PMD-mapped: $(cat hold1.err)"
ok "HUGELINK_PRIME=1, the first start after priming: $2 of $whole bytes PMD-mapped, and it primes nothing"

# A start that copies its rodata, which the page cache holds in small
# folios (smallread), and serves its text, which it reads in: it primes
# once it has ended, not at once, while it still maps the small folios
# exec read of its text; the first start after has every whole huge page
# of its text FilePmdMapped.
build_helper smallread
cp prog mixed
# The rodata: the largest read-only segment that is not executable.
set -- $(readelf -lW mixed | awk "$HL_AWK_LIB"'
	$1 == "LOAD" && $7 == "R" && $8 != "E" && hex($5) > n {
		n = hex($5); at = $2; size = $5
	}
	END { print at, size }')
drop mixed
./smallread mixed "$1" "$2" || fail "smallread mixed"
start_holds 1 env HUGETLB_ELFMAP=R HUGELINK_PRIME=1 HUGETLB_VERBOSE=3 "$PWD/mixed"
set -- $(text_smaps $holds "$PWD/mixed")
[ "${1:-}" = "$PWD/mixed" ] && [ "${2:-0}" -lt "$whole" ] ||
	skip "mixed: not served, or exec left no small folios: ${2:-0} of $whole bytes PMD-mapped"
grep -q ' r-- not from the page cache: .*; copied$' hold1.err ||
	skip "mixed: the rodata was not copied: $(cat hold1.err)"
grep -q 'HUGELINK_PRIME=1: a detached process .* once the program has ended' hold1.err ||
	fail "mixed: the start did not say it primes once ended: $(cat hold1.err)"
stop_holds
wait_unheld mixed
got=$(text_pmd mixed)
[ "$got" -ge "$whole" ] ||
	fail "mixed, the first start after priming: $got of $whole bytes PMD-mapped"
ok "copied rodata, text read in: primed once ended, the next start has $got of $whole bytes PMD-mapped"
