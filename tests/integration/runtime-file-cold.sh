#!/bin/sh
# SPDX-License-Identifier: MIT
# A relinked, primed program whose file the page cache has since dropped,
# as after a reboot.  exec reads the pages about the entry point before
# the runtime can advise the text, in small folios, which the page cache
# keeps; the probes read their pages in huge ones, and the start is
# served.  Without HUGELINK_PRIME the small folios stay: a copy started
# the same way says so (the message judged, being the point), and has
# part of its text on base pages at the next start, unless khugepaged
# collapsed pages meanwhile (its counter), which leaves nothing to show:
# it skips, at its end.  With
# HUGELINK_PRIME=1 the start has the file primed, and the first start
# after has every whole huge page of its text FilePmdMapped and primes
# nothing more; so does a later start not dropped again, whose probes
# read nothing, but whose own huge page exec mapped from small folios (priming clears the read-ahead marks that would make its
# probes look like reads).  A start that also copies its rodata, held in
# small folios (smallread), primes once it has ended as well, not at once
# while it maps exec's small folios, and the first start after has all
# of its text on 2 MiB pages.  Judged from the programs' smaps; the page
# cache drops each file by POSIX_FADV_DONTNEED (dd iflag=nocache), and
# fincore shows it held none.  The text is 32 MiB, more than exec's
# read-ahead reaches here.  Where exec's read-ahead reached a probed
# page, or left no small folios, there is nothing to show: it skips.
# The first is told from the start's text copied (no longer the file's
# mapping), its reason naming the probed pages' small folios, and a start
# that keeps the file's mapping (HUGELINK_BACKING=file) finding part of
# the text not PMD-mappable; a start not served otherwise fails.
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

# not_served_why LABEL PROG: the start held, of PROG, was not served
# (hold1.err is its report): skip where the probed pages were in small
# folios, as exec's read-ahead leaves them, else fail.
not_served_why() {
	stop_holds
	_why=$(grep ' r-x not from the page cache: the page cache holds [0-9]* of the [0-9]* MiB probed in huge folios' hold1.err) ||
		fail "$1: not served, and not for small folios: $(cat hold1.err)"
	_kept=$(text_pmd "$2")
	[ "$_kept" -lt "$whole" ] ||
		fail "$1: not served for small folios, yet the next start has all $whole bytes PMD-mapped: $_why"
	skip "$1: not served, exec's read-ahead reached a probed page here: $_kept of $whole bytes PMD-mappable after it; $_why"
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
	[ "${1:-}" = "$PWD/$_cp" ] || not_served_why "$_cl" "$_cp"
	if [ "$pmd" -ge "$whole" ]; then
		stop_holds
		skip "$_cl: exec left no small folios: $pmd of $whole bytes PMD-mapped"
	fi
}

# collapsed: the pages khugepaged has collapsed since boot (0 where it
# does not say).
collapsed() {
	cat /sys/kernel/mm/transparent_hugepage/khugepaged/pages_collapsed 2>/dev/null || echo 0
}

col0=$(collapsed)
cold_start "without HUGELINK_PRIME" control
grep -q ' r-x page cache: .*; the probe read the file in, .* until the file is primed' hold1.err ||
	fail "without HUGELINK_PRIME: the start did not say its text stays part small: $(cat hold1.err)"
ok "without HUGELINK_PRIME, dropped: served, $pmd of $whole bytes PMD-mapped, and said why not all"
stop_holds
next=$(text_pmd control)
late=
if [ "$next" -lt "$whole" ]; then
	ok "without HUGELINK_PRIME, the next start: $next of $whole bytes PMD-mapped"
elif [ "$(collapsed)" -gt "$col0" ]; then
	late="without HUGELINK_PRIME, the next start: all $whole bytes PMD-mapped, khugepaged having collapsed $(( $(collapsed) - col0 )) pages meanwhile"
else
	fail "without HUGELINK_PRIME, the next start: all $whole bytes PMD-mapped, and khugepaged collapsed nothing"
fi

# The next start with HUGELINK_PRIME=1, the file not dropped again: its
# probes find huge folios and read nothing, but the huge page the runtime
# runs in is mapped from exec's small folios still, as for a start that
# ran while another process primed the file.  It says so, and has the
# file primed once it has ended; the first start after has every whole
# huge page of its text FilePmdMapped.
if [ -z "$late" ]; then
	start_holds 1 env HUGETLB_ELFMAP=R HUGELINK_PRIME=1 HUGETLB_VERBOSE=3 "$PWD/control"
	grep -q ' r-x page cache: .*; the huge page the runtime runs in is mapped from small folios' hold1.err ||
		fail "HUGELINK_PRIME=1, not dropped: the start did not say its own huge page is small: $(cat hold1.err)"
	grep -q 'HUGELINK_PRIME=1: a detached process .* once this process has ended' hold1.err ||
		fail "HUGELINK_PRIME=1, not dropped: the start did not say it primes once ended: $(cat hold1.err)"
	stop_holds
	wait_unheld control
	got=$(text_pmd control)
	[ "$got" -ge "$whole" ] ||
		fail "HUGELINK_PRIME=1, not dropped, the first start after priming: $got of $whole bytes PMD-mapped"
	ok "HUGELINK_PRIME=1, its own huge page small: primed once ended, the next start has $got of $whole bytes PMD-mapped"
fi

cold_start "HUGELINK_PRIME=1" prog HUGELINK_PRIME=1
grep -q 'HUGELINK_PRIME=1: a detached process .* once this process has ended' hold1.err ||
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
rosize=$(printf '%d' "$2")
start_holds 1 env HUGETLB_ELFMAP=R HUGELINK_PRIME=1 HUGETLB_VERBOSE=3 "$PWD/mixed"
set -- $(text_smaps $holds "$PWD/mixed")
[ "${1:-}" = "$PWD/mixed" ] || not_served_why mixed mixed
if [ "${2:-0}" -ge "$whole" ]; then
	stop_holds
	skip "mixed: exec left no small folios: $2 of $whole bytes PMD-mapped"
fi
# The rodata in smallread's small folios is copied: no read-only
# mapping of the file as large as half of it is left (the headers'
# segment, of a few pages, stays one).
ro=$(awk -v want="$PWD/mixed" -v half=$((rosize / 2048)) '
	/^[0-9a-f]+-[0-9a-f]+ / { cur = ($2 ~ /^r--/) ? $6 : ""; next }
	cur != "" && $1 == "Size:" { size = $2 }
	cur != "" && $1 == "FilePmdMapped:" && cur == want && size >= half {
		print $2 * 1024; exit }' /proc/${holds# }/smaps)
if [ -n "$ro" ]; then
	stop_holds
	[ "$ro" -gt 0 ] ||
		fail "mixed: the rodata is still the file's mapping, not PMD-mapped: not copied: $(cat hold1.err)"
	skip "mixed: smallread's small folios did not stay: $ro bytes of the rodata PMD-mapped from the page cache"
fi
grep -q ' r-- not from the page cache: .*; copied$' hold1.err ||
	fail "mixed: the rodata was copied, and the start did not say why: $(cat hold1.err)"
grep -q 'HUGELINK_PRIME=1: a detached process .* once this process has ended' hold1.err ||
	fail "mixed: the start did not say it primes once ended: $(cat hold1.err)"
stop_holds
wait_unheld mixed
got=$(text_pmd mixed)
[ "$got" -ge "$whole" ] ||
	fail "mixed, the first start after priming: $got of $whole bytes PMD-mapped"
ok "copied rodata, text read in: primed once ended, the next start has $got of $whole bytes PMD-mapped"
[ -z "$late" ] || skip "$late"
