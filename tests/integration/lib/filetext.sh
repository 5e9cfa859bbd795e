# SPDX-License-Identifier: MIT
# Sourced by the tests of the page cache's huge pages (the file backing,
# hugectl --prime) after common.sh.  The oracles are the programs' own
# /proc/PID/smaps and readelf.

# write_bigtext MB: bigtext.c, a program with MB MiB each of text, rodata,
# data and bss (lib/bigsegs.h).  It touches every page of its text and
# rodata; with "hold" it then prints "ready" and waits to be killed, so
# that its smaps can be read while it runs.
write_bigtext() {
	cat >bigtext.c <<EOF2
#define MB $1
#include "$HLINC/bigsegs.h"
#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	volatile unsigned sum = 0;

	for (size_t i = 0; i < SZ; i += 4096)
		sum += big_text[i] + big_ro[i];
	if (argc > 1 && !strcmp(argv[1], "hold")) {
		printf("ready\n");
		fflush(stdout);
		pause();
	}
	return sum ? 0 : 1;
}
EOF2
}

# relink_bigtext MB: bigtext.c of MB MiB (write_bigtext), linked with
# --hugetlbfs-align as ./prog.
relink_bigtext() {
	write_bigtext "$1"
	hl_cc -O2 -Wl,--hugetlbfs-align -o prog bigtext.c || fail "cannot link prog"
}

# write_biglib MB: lib.c, a library with MB MiB each of text, rodata,
# data and bss (lib/bigsegs.h), whose lib_sum() touches every page of
# its text.
write_biglib() {
	cat >lib.c <<EOF2
#define MB $1
#include "$HLINC/bigsegs.h"
int lib_sum(void)
{
	volatile unsigned s = 0;

	for (size_t i = 0; i < SZ; i += 4096)
		s += big_text[i];
	return (int)s;
}
EOF2
}

# text_whole FILE: the bytes of whole 2 MiB pages in FILE's executable
# PT_LOAD (its file bytes).
text_whole() {
	readelf -lW "$1" | awk -v P=2097152 "$HL_AWK_LIB"'
		$1 == "LOAD" && / R E / { print down(hex($3) + hex($5)) - up(hex($3)) }'
}

# text_smaps PID FILE: "PATH FILEPMD ANONHUGE PSS RSS", in bytes, of the
# executable mapping of process PID that holds the most of FILE's text
# (the one of its whole pages), from /proc/PID/smaps.
text_smaps() {
	awk -v want="$2" '
		/^[0-9a-f]+-[0-9a-f]+ / { cur = ($2 ~ /x/) ? $6 : ""; next }
		cur != "" && $1 == "Rss:" { rss = $2 * 1024 }
		cur != "" && $1 == "Pss:" { pss = $2 * 1024 }
		cur != "" && $1 == "AnonHugePages:" { anon = $2 * 1024 }
		cur != "" && $1 == "FilePmdMapped:" { pmd = $2 * 1024 }
		cur != "" && $1 == "VmFlags:" {
			if (cur == want && rss > best) {
				best = rss; line = cur " " pmd " " anon " " pss " " rss
			}
		}
		END { print line }' "/proc/$1/smaps"
}

# start_holds N COMMAND...: start N copies of "COMMAND... hold" and wait
# until each says ready; their ids in $holds (of the last program the
# command executes).
start_holds() {
	_n=$1
	shift
	holds=
	# The last start's files go first: the background job truncates
	# them only once it runs, and the wait below must not find the
	# "ready" of the last one.
	for _i in $(seq "$_n"); do
		rm -f "hold$_i.out" "hold$_i.err"
	done
	for _i in $(seq "$_n"); do
		"$@" hold >"hold$_i.out" 2>"hold$_i.err" &
		holds="$holds $!"
		at_exit "kill $! 2>/dev/null"
	done
	for _i in $(seq "$_n"); do
		_t=0
		until grep -qs ready "hold$_i.out"; do
			[ $_t -lt 600 ] || fail "$* hold did not start: $(cat "hold$_i.err")"
			sleep 0.1; _t=$((_t + 1))
		done
	done
}

stop_holds() {
	for _h in $holds; do kill "$_h" 2>/dev/null; wait "$_h" 2>/dev/null || :; done
	holds=
}

# exec_anon_huge PID: the bytes of AnonHugePages in process PID's
# executable mappings that are no file's (a copy of the text on THP).
exec_anon_huge() {
	awk '
		/^[0-9a-f]+-[0-9a-f]+ / { anon = ($2 ~ /x/) && $6 == ""; next }
		anon && $1 == "AnonHugePages:" { sum += $2 * 1024 }
		END { print sum + 0 }' "/proc/$1/smaps"
}

# smaps_kb PID FIELDS: the kB of the smaps FIELDS (an awk alternation)
# summed over all of process PID's mappings.
smaps_kb() {
	awk -v f="^($2):\$" '$1 ~ f { sum += $2 } END { print sum + 0 }' \
		"/proc/$1/smaps"
}

# huge_kb PID, hugetlb_kb PID: the kB of huge pages in all of process
# PID's mappings: THP and hugetlb; hugetlb alone.
huge_kb() { smaps_kb "$1" 'AnonHugePages|Private_Hugetlb|Shared_Hugetlb'; }
hugetlb_kb() { smaps_kb "$1" 'Private_Hugetlb|Shared_Hugetlb'; }

# nothing_copied PID PROG LABEL: process PID's text is still PROG's
# mapping, and nothing of it is on huge pages a copy took: none of its
# memory under THP "madvise", where only a copy advises it; under
# "always", which may give its anonymous memory huge pages by itself,
# no hugetlb page and none of its executable anonymous memory.
nothing_copied() {
	set -- "$@" $(text_smaps "$1" "$2")
	[ "${4:-}" = "$2" ] || fail "$3: the text is no longer $2's mapping"
	if grep -q '\[always\]' /sys/kernel/mm/transparent_hugepage/enabled; then
		[ "$(exec_anon_huge "$1")" -eq 0 ] ||
			fail "$3: the text was copied onto THP"
		[ "$(hugetlb_kb "$1")" -eq 0 ] ||
			fail "$3: $(hugetlb_kb "$1") kB are on hugetlb pages"
	else
		[ "$(huge_kb "$1")" -eq 0 ] ||
			fail "$3: $(huge_kb "$1") kB are on huge pages"
	fi
}

# text_pmd PROG [ENV...]: the bytes of PROG's text FilePmdMapped in a
# start with HUGELINK_BACKING=file (0 when the text is not the file's).
text_pmd() {
	_p=$1
	shift
	start_holds 1 env "$@" HUGETLB_ELFMAP=R HUGELINK_BACKING=file "$PWD/$_p"
	set -- $(text_smaps $holds "$PWD/$_p")
	stop_holds
	echo "${2:-0}"
}

# holders PROG: how many processes hold PROG (in this directory) open, as
# the process that primes it does from its fork to its end.
holders() {
	find /proc/[0-9]*/fd -lname "$PWD/$1" 2>/dev/null | cut -d/ -f3 |
		sort -u | wc -l
}

# wait_unheld PROG: wait until no process holds PROG open: the detached
# process a start with HUGELINK_PRIME=1 made, which runs at the lowest
# priority, has primed it and ended.
wait_unheld() {
	for _t in $(seq 300); do
		[ "$(holders "$1")" -gt 0 ] || return 0
		sleep 0.1
	done
	fail "a process still holds $1 open after 30 s"
}

# wait_primed PROG WANT: the bytes of PROG's text FilePmdMapped once
# PROG is primed (wait_unheld): measured until they reach WANT, for a
# while.  No start is made before, as one that maps PROG's small folios
# while it evicts them keeps them small.
wait_primed() {
	wait_unheld "$1"
	_got=0
	for _t in $(seq 100); do
		_got=$(text_pmd "$1")
		[ "$_got" -lt "$2" ] || break
		sleep 0.2
	done
	echo "$_got"
}

# primed_after_end LABEL PROG WHOLE COMMAND...: start "COMMAND... hold",
# which runs PROG (in this directory, just written) with
# HUGELINK_PRIME=1 where nothing is copied.  Its text stays PROG's
# mapping, and it says it primes once it has ended.  After its end and
# the priming, every whole huge page of its text (WHOLE bytes) is
# FilePmdMapped, the one the runtime's code lies in too: the process
# that primes runs that code from a copy by then.  Skips where the page
# cache holds a file just written in huge folios.
primed_after_end() {
	_al=$1 _ap=$2 _aw=$3
	shift 3
	start_holds 1 "$@"
	set -- $(text_smaps $holds "$_ap")
	[ "${1:-}" = "$_ap" ] ||
		fail "$_al: the text is not $_ap's mapping: $(cat hold1.err)"
	if [ $(($2 * 2)) -ge "$_aw" ]; then
		stop_holds
		skip "$_al: not checked: the page cache holds a file just written (cp) in huge folios here"
	fi
	grep -q 'HUGELINK_PRIME=1: a detached process .* once this process has ended' hold1.err ||
		fail "$_al: the start did not say it primes after its end: $(cat hold1.err)"
	stop_holds
	_got=$(wait_primed "${_ap##*/}" "$_aw")
	[ "$_got" -ge "$_aw" ] ||
		fail "$_al, after priming: $_got of $_aw bytes PMD-mapped"
	ok "$_al: primed once the start ended; the next start has $_got of $_aw bytes PMD-mapped"
}

# served_or_why NAME PMD WHOLE WHY: a range of WHOLE bytes of whole huge
# pages, PMD bytes of them FilePmdMapped, is served when PMD is at least
# half of WHOLE; otherwise the program's report, hold1.err, must give
# the reason WHY (a grep -E pattern).  Says which.
served_or_why() {
	if [ $(($2 * 2)) -ge "$3" ]; then
		ok "$1: served, $2 of $3 bytes PMD-mapped from the page cache"
		return
	fi
	grep -Eq "$4" hold1.err ||
		fail "$1: $2 of $3 bytes PMD-mapped, and no reason: $(cat hold1.err)"
	ok "$1: not served ($2 of $3 bytes PMD-mapped): $(sed -n \
		's/.* \(not from the page cache\|the page cache cannot back it\): //p' \
		hold1.err | head -n 1)"
}

# start_served LABEL PROG WHOLE [WORD...]: start "env WORD... PROG" and
# hold it: its text stays PROG's mapping, with at least 90% of its WHOLE
# bytes of whole huge pages FilePmdMapped and no anonymous huge pages.
start_served() {
	_sl=$1 _sp=$2 _sw=$3
	shift 3
	start_holds 1 env "$@" "$_sp"
	set -- $(text_smaps $holds "$_sp")
	[ "${1:-}" = "$_sp" ] ||
		fail "$_sl: the text is not a mapping of $_sp: $(cat hold1.err)"
	[ "$3" -eq 0 ] || fail "$_sl: $3 bytes of AnonHugePages in the text"
	[ $(($2 * 10)) -ge $((_sw * 9)) ] ||
		fail "$_sl: $2 of $_sw bytes PMD-mapped: $(cat hold1.err)"
	ok "$_sl: $2 of $_sw bytes of whole pages PMD-mapped from the page cache"
	stop_holds
}

# start_served_or_why NAME PROG WHOLE WHY [VAR=VALUE...]: start PROG,
# with the variables and HUGETLB_ELFMAP=R HUGETLB_VERBOSE=3, and hold it;
# served_or_why on its text, none of it served where the text is no
# longer PROG's mapping (a copy).
start_served_or_why() {
	_sn=$1 _sp=$2 _sw=$3 _sy=$4
	shift 4
	start_holds 1 env "$@" HUGETLB_ELFMAP=R HUGETLB_VERBOSE=3 "$_sp"
	set -- $(text_smaps $holds "$_sp")
	[ "${1:-}" = "$_sp" ] || set -- "" 0
	served_or_why "$_sn" "$2" "$_sw" "$_sy"
	stop_holds
}

# remote_text FS PROG: PROG, a relinked program with text of whole huge
# pages on file system FS (its name in the runtime's reasons: FUSE,
# NFS), primed as far as hugectl --prime can, runs to its end with
# HUGETLB_ELFMAP=R and an empty pool, with HUGELINK_BACKING=file and
# with auto; what the kernel did with its page cache is read from the
# program's own smaps and said.  With "file", the text stays the file's
# mapping with no anonymous huge pages: either the kernel maps it with
# PMDs from the page cache (at least half its whole pages) or it does
# not, and then the runtime says why, naming FS.  With "auto", where the
# page cache did not serve, the text is copied (no longer the file's
# mapping) or left on base pages with the
# reason (a copy finds its huge pages on THP only when the kernel has
# them free, so how many it got is said, not judged).  The pool stays
# empty throughout.
remote_text() {
	_fs=$1 _p=$2
	_whole=$(text_whole "$_p")
	"$HUGECTL" --prime "$_p" >prime.out 2>&1 || :
	ok "$_fs: hugectl --prime: $(cat prime.out)"
	for _b in file auto; do
		env HUGETLB_ELFMAP=R HUGELINK_BACKING=$_b "$_p" ||
			fail "$_fs, $_b: the program failed (exit status $?)"
	done

	start_holds 1 env HUGETLB_ELFMAP=R HUGELINK_BACKING=file HUGETLB_VERBOSE=3 "$_p"
	set -- $(text_smaps $holds "$_p")
	[ "${1:-}" = "$_p" ] || fail "$_fs, file: the text is not a mapping of $_p"
	[ "$3" -eq 0 ] || fail "$_fs, file: $3 bytes of AnonHugePages in the text"
	served_or_why "$_fs, file" "$2" "$_whole" \
		" the page cache cannot back it: the file is on $_fs"
	stop_holds

	start_holds 1 env HUGETLB_ELFMAP=R HUGELINK_BACKING=auto HUGETLB_VERBOSE=3 "$_p"
	set -- $(text_smaps $holds "$_p")
	[ "${1:-}" = "$_p" ] || set -- "" 0
	served_or_why "$_fs, auto" "$2" "$_whole" \
		" not from the page cache: the file is on $_fs"
	[ -n "$1" ] || ok "$_fs, auto: copied, $(exec_anon_huge $holds) bytes on anonymous huge pages"
	stop_holds
	[ "$(pool_free)" -eq 0 ] || fail "$_fs: the pool changed"
}
