#!/bin/sh
# SPDX-License-Identifier: MIT
# A start asked only HUGETLB_ELFMAP=R, which the page cache serves, is
# served without a pass (loader/quick.h), and ends as the pass would
# have ended it.  A relinked program with 8 MiB of text, primed, run
# with HUGETLB_ELFMAP=R alone and with the same configuration spelt out
# (HUGETLB_VERBOSE=2, the default, beside it, which takes the pass):
#  - both keep the text their file's mapping, at least 90% of its whole
#    pages FilePmdMapped, with no anonymous huge pages (their smaps);
#  - only the second maps the pass's state and looks at /proc (strace:
#    MADV_POPULATE_WRITE, statfs("/proc"));
#  - the first does not probe the text's first huge page, which the
#    runtime runs in (strace: no MADV_POPULATE_READ there);
#  - the first, its standard error a regular file, has the dynamic loader
#    bind no function between the program's initialisation and its main
#    (LD_DEBUG=bindings): each binding at a first call costs a start.
#    Where clang built the runtime, which binds getauxval, memset and
#    others at their first call (no noplt attribute), only fcntl is
#    checked.
# After such a start, a library relinked with 4 MiB of text, just
# written (small folios), loaded with dlopen(), is copied onto
# transparent huge pages by the pass its runtime asks for (anonymous
# huge pages in an executable mapping of the process), silently, as
# they are there to serve where the pool is short.  With transparent
# huge pages turned off for the process before dlopen(), the library
# stays on base pages, and that is said on the standard error the
# program was started with; with fd 2 reopened on a database before
# that dlopen(), the database is unchanged.  Unprimed, the same program's text is copied, and the
# start says what the pass says with HUGETLB_VERBOSE=2 spelt out.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/filetext.sh"

need_thp
need_cmd strace
pool_set_free 0
cat >quick.c <<EOF2
#define MB 8
#include "$HLINC/bigsegs.h"
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

/* quick [nothp] [lib LIB] [db FILE] [hold]: with nothp, turn
 * transparent huge pages off for the process; with db, close fd 2 and
 * open FILE there; with lib, load LIB; with hold, say ready and wait. */
int main(int argc, char **argv)
{
	volatile unsigned sum = 0;

	for (size_t i = 0; i < SZ; i += 4096)
		sum += big_text[i];
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "nothp")) {
			if (prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0))
				return 5;
		} else if (!strcmp(argv[i], "db") && i + 1 < argc) {
			close(2);
			if (open(argv[++i], O_RDWR) != 2)
				return 3;
		} else if (!strcmp(argv[i], "lib") && i + 1 < argc) {
			if (!dlopen(argv[++i], RTLD_NOW))
				return 4;
		} else if (!strcmp(argv[i], "hold")) {
			printf("ready\n");
			fflush(stdout);
			pause();
		}
	}
	return sum ? 0 : 1;
}
EOF2
write_biglib 4
hl_cc -O2 -Wl,--hugetlbfs-align -o quick quick.c -ldl ||
	fail "cannot link quick"
hl_cc -O2 -shared -fPIC -Wl,--hugetlbfs-align -o libbig.so lib.c ||
	fail "cannot link libbig.so"
small_folios libbig.so
"$HUGECTL" --prime quick >prime.out || fail "hugectl --prime quick: $(cat prime.out)"
whole=$(text_whole quick)

# served WHAT PID: process PID's text is its file's mapping, at least
# 90% of its whole pages FilePmdMapped, with no anonymous huge pages.
served() {
	set -- "$1" $(text_smaps "$2" "$PWD/quick")
	[ "${2:-}" = "$PWD/quick" ] || fail "$1: the text is not a mapping of $PWD/quick"
	[ $(($3 * 100)) -ge $((whole * 90)) ] ||
		fail "$1: $3 of $whole bytes of text FilePmdMapped"
	[ "$4" -eq 0 ] || fail "$1: $4 bytes of anonymous huge pages in the text"
}

# asked HOW: the variables of a start, as "$@": HUGETLB_ELFMAP=R alone,
# or spelt out with the default verbosity beside it.
asked() {
	case $1 in
	alone) echo HUGETLB_ELFMAP=R ;;
	spelt) echo HUGETLB_ELFMAP=R HUGETLB_VERBOSE=2 ;;
	esac
}

# trace_start NAME VAR=VALUE...: the system calls of a start of ./quick
# with the variables, in trace.NAME.
trace_start() {
	_name=$1; shift
	env "$@" strace -f -o "trace.$_name" ./quick >run.out 2>&1 ||
		fail "$_name: ./quick failed: $(cat run.out)"
}

for how in alone spelt; do
	set -- $(asked $how)
	start_holds 1 env "$@" ./quick
	served "$how" $holds
	stop_holds
	trace_start "$how" "$@"
done
grep -q 'MADV_POPULATE_READ' trace.alone ||
	fail "HUGETLB_ELFMAP=R alone: the text was not probed: $(cat trace.alone)"
# The huge page the runtime runs in, the text's first (its mapping is
# advised first), mapped before any advice, is not probed: no
# MADV_POPULATE_READ range meets it.
first=$(awk '/MADV_HUGEPAGE/ { sub(/.*madvise\(/, ""); sub(/,.*/, ""); print; exit }' trace.alone)
[ -n "$first" ] ||
	fail "HUGETLB_ELFMAP=R alone: no mapping advised MADV_HUGEPAGE: $(grep madvise trace.alone)"
probed=$(awk -v F="$first" -v P=2097152 "$HL_AWK_LIB"'
	/MADV_POPULATE_READ/ {
		s = $0; sub(/.*madvise\(/, "", s); split(s, a, /, */)
		lo = hex(a[1]); hi = lo + a[2]; f = up(hex(F))
		if (lo < f + P && hi > f) print
	}' trace.alone)
[ -z "$probed" ] ||
	fail "HUGETLB_ELFMAP=R alone: the text's first huge page, after $first, the runtime's, was probed: $probed"
if grep -E 'MADV_POPULATE_WRITE|statfs\("/proc"' trace.alone; then
	fail "HUGETLB_ELFMAP=R alone: the start made a pass's state or looked at /proc"
fi
grep -q 'MADV_POPULATE_WRITE' trace.spelt && grep -q 'statfs("/proc"' trace.spelt ||
	fail "HUGETLB_VERBOSE=2 beside it: no pass's state, no look at /proc: $(cat trace.spelt)"
ok "served without a pass, FilePmdMapped as with the pass: $(grep -c . trace.alone) system calls against $(grep -c . trace.spelt)"

env HUGETLB_ELFMAP=R LD_DEBUG=bindings LD_DEBUG_OUTPUT="$PWD/bind" ./quick \
	>run.out 2>run.err || fail "LD_DEBUG=bindings: ./quick failed: $(cat run.err)"
grep -q 'initialize program: ./quick' bind.* ||
	fail "LD_DEBUG=bindings: no initialisation of ./quick: $(cat bind.*)"
late=$(sed -n '/initialize program: .\/quick/,/transferring control/p' bind.* |
	grep 'binding file ./quick' || true)
if cc_is_clang; then
	late=$(printf '%s\n' "$late" | grep "\`fcntl'" || true)
fi
[ -z "$late" ] || fail "HUGETLB_ELFMAP=R alone, fd 2 a file: bound at a first call: $late"
ok "served without a pass, fd 2 a file: no function bound at its first call (under clang: not fcntl)"

start_holds 1 env HUGETLB_ELFMAP=R ./quick lib ./libbig.so
served "after dlopen()" $holds
anon=$(exec_anon_huge $holds)
stop_holds
[ "$anon" -gt 0 ] || fail "dlopen(): the library's text was not copied onto THP"
[ ! -s hold1.err ] || fail "dlopen(): copied onto THP, yet said: $(cat hold1.err)"
ok "dlopen() after it: the library's text copied ($anon bytes of THP), silently"

start_holds 1 env HUGETLB_ELFMAP=R ./quick nothp lib ./libbig.so
anon=$(exec_anon_huge $holds)
stop_holds
[ "$anon" -eq 0 ] || fail "dlopen(), THP off: $anon bytes of the text on THP"
grep -q '^hugelink: quick: libbig.so: staying on base pages.*pool is short' hold1.err ||
	fail "dlopen(), THP off: base pages not said on fd 2: $(cat hold1.err)"
ok "dlopen() after it, THP off: base pages, said on fd 2"

printf 'database contents\n' >db.orig
cp db.orig db
start_holds 1 env HUGETLB_ELFMAP=R ./quick nothp db db lib ./libbig.so
stop_holds
cmp -s db db.orig || fail "dlopen(), fd 2 a database: it changed: $(cat db)"
ok "dlopen() after it, THP off, fd 2 reopened on a database: database unchanged"

small_folios quick
for how in alone spelt; do
	set -- $(asked $how)
	start_holds 1 env "$@" ./quick
	anon=$(exec_anon_huge $holds)
	stop_holds
	[ "$anon" -gt 0 ] || fail "$how, unprimed: the text was not copied onto THP"
	mv hold1.err "unprimed.$how"
done
cmp -s unprimed.alone unprimed.spelt ||
	fail "unprimed: said $(cat unprimed.alone), where the pass says $(cat unprimed.spelt)"
ok "unprimed: copied, and said as the pass says it: $(cat unprimed.alone)"
