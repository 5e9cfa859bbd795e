#!/bin/sh
# SPDX-License-Identifier: MIT
# HUGELINK_PRIME=1: a relinked program whose file was just written (the
# page cache holds it in small folios, which the file backing cannot
# serve) is copied at its first start, which then has a detached process
# read the file back in huge folios; a later start maps the page cache
# with PMDs and copies nothing.  Judged from the programs' smaps: the
# first start's text is not the file's mapping, and it has no child
# left; a later start's text is the file's, at least 90% of its whole
# pages FilePmdMapped, with no anonymous huge pages and the pool empty.
# A copy of the same file started without HUGELINK_PRIME stays as it
# was in the same time.  A copy started with SIGCHLD ignored (its
# launcher ignored it and exec'd it), where the kernel reaps the start's
# child itself, is primed all the same, and its start says so (the
# message judged, being the point).  A start with HUGELINK_BACKING=file
# (R or RW), which copies nothing and keeps mapping its small folios,
# has its file primed once it has ended, the huge page the runtime's
# code lies in too; a second start while that process waits makes none;
# without pidfd_open the start says so and runs on; and a text whose one
# huge page is the one the runtime's code lies in is primed as well.
# Where the page cache holds a file just written in huge folios already,
# there is nothing to show: it skips.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/filetext.sh"

need_thp
pool_set_free 0
relink_bigtext 8
whole=$(text_whole prog)
cp prog fresh
cp prog control
cp prog ignored
cp prog fileonly
cp prog twice
cp prog rwfile
cp prog nopidfd
cat >ignchld.c <<'EOF2'
#include <signal.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	signal(SIGCHLD, SIG_IGN);
	if (argc > 1)
		execvp(argv[1], argv + 1);
	return 127;
}
EOF2
"$CC" -o ignchld ignchld.c || fail "cannot build ignchld"

start_holds 1 env HUGETLB_ELFMAP=R HUGELINK_PRIME=1 HUGETLB_VERBOSE=3 ./fresh
set -- $(text_smaps $holds "$PWD/fresh")
if [ "${1:-}" = "$PWD/fresh" ] && [ $(($2 * 2)) -ge "$whole" ]; then
	stop_holds
	skip "the page cache holds a file just written (cp) in huge folios here: $2 of $whole bytes PMD-mapped at once"
fi
kids=$(cat /proc/${holds# }/task/*/children) || fail "cannot read the children of ${holds# }"
[ -z "$kids" ] || fail "the first start has children: $kids"
grep -q 'HUGELINK_PRIME=1: a detached process' hold1.err ||
	fail "the first start did not say it primes: $(cat hold1.err)"
stop_holds
ok "first start: copied, no child left, priming said"
HUGETLB_ELFMAP=R HUGELINK_PRIME=1 ./fresh >out 2>&1 || fail "fresh failed: $(cat out)"

got=$(wait_primed fresh $((whole * 9 / 10)))
[ $((got * 100)) -ge $((whole * 90)) ] ||
	fail "after priming: $got of $whole bytes PMD-mapped"
start_holds 1 env HUGETLB_ELFMAP=R HUGELINK_PRIME=1 HUGETLB_VERBOSE=3 ./fresh
set -- $(text_smaps $holds "$PWD/fresh")
[ "${1:-}" = "$PWD/fresh" ] || fail "the start after priming: its text is not the file's"
[ "$3" -eq 0 ] || fail "the start after priming: $3 bytes of AnonHugePages in the text"
! grep -q 'HUGELINK_PRIME=1: a detached' hold1.err ||
	fail "a start the page cache served primed again"
stop_holds
[ "$(pool_free)" -eq 0 ] || fail "the pool changed"
ok "next start: $2 of $whole bytes PMD-mapped from the page cache, no copy"

start_holds 1 env HUGETLB_ELFMAP=R ./control
stop_holds
c=$(text_pmd control)
[ $((c * 2)) -lt "$whole" ] ||
	fail "control, never primed: $c of $whole bytes PMD-mapped"
ok "control, never primed: $c of $whole bytes PMD-mapped"

start_holds 1 ./ignchld env HUGETLB_ELFMAP=R HUGELINK_PRIME=1 HUGETLB_VERBOSE=3 ./ignored
ign=$(awk '$1 == "SigIgn:" { print $2 }' /proc/${holds# }/status)
[ $((0x$ign >> 16 & 1)) -eq 1 ] || fail "SIGCHLD is not ignored in the start (SigIgn $ign)"
grep -q 'HUGELINK_PRIME=1: a detached process' hold1.err &&
	! grep -q 'no process could be made' hold1.err ||
	fail "SIGCHLD ignored: the start did not say it primes: $(cat hold1.err)"
stop_holds
got=$(wait_primed ignored $((whole * 9 / 10)))
[ $((got * 100)) -ge $((whole * 90)) ] ||
	fail "SIGCHLD ignored, after priming: $got of $whole bytes PMD-mapped"
ok "SIGCHLD ignored: priming said, and the next start has $got of $whole bytes PMD-mapped"

# With HUGELINK_BACKING=file nothing is copied: the start keeps mapping
# its small folios, and its detached process primes once it has ended.
primed_after_end "HUGELINK_BACKING=file" "$PWD/fileonly" "$whole" \
	env HUGETLB_ELFMAP=R HUGELINK_BACKING=file HUGELINK_PRIME=1 HUGETLB_VERBOSE=3 ./fileonly
# With RW, the writable segment is planned too, and cannot be copied
# there either.
primed_after_end "HUGETLB_ELFMAP=RW HUGELINK_BACKING=file" "$PWD/rwfile" "$whole" \
	env HUGETLB_ELFMAP=RW HUGELINK_BACKING=file HUGELINK_PRIME=1 HUGETLB_VERBOSE=3 ./rwfile

# A second start while the first's process waits makes no process: it
# finds the file's lock taken, and says so.  The first's then primes once
# the first has ended, the second having ended before.
run="env HUGETLB_ELFMAP=R HUGELINK_BACKING=file HUGELINK_PRIME=1 HUGETLB_VERBOSE=3 ./twice"
start_holds 1 $run
first=$holds
grep -q 'HUGELINK_PRIME=1: a detached process' hold1.err ||
	fail "the first start of twice did not say it primes: $(cat hold1.err)"
start_holds 1 $run
grep -q 'HUGELINK_PRIME=1: another process primes the program file, or waits to' hold1.err ||
	fail "the second start of twice did not find the lock taken: $(cat hold1.err)"
waiting=$(holders twice)
[ "$waiting" -eq 1 ] || fail "two starts: $waiting processes hold twice open to prime it"
stop_holds
holds=$first
stop_holds
got=$(wait_primed twice "$whole")
[ "$got" -ge "$whole" ] ||
	fail "two starts, after priming: $got of $whole bytes PMD-mapped"
ok "two starts: one process waited to prime, and the next start has $got of $whole bytes PMD-mapped"

# Where pidfd_open fails (before Linux 5.3; here a seccomp filter), a
# start that copies nothing says why it cannot prime, makes no process,
# and runs on.
cat >nopidfd.c <<'EOF2'
#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <unistd.h>

/* nopidfd COMMAND...: run COMMAND where pidfd_open fails with ENOSYS. */
int main(int argc, char **argv)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 434 /* pidfd_open */, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { sizeof(f) / sizeof(f[0]), f };

	if (argc < 2 || prctl(PR_SET_NO_NEW_PRIVS, 1L, 0L, 0L, 0L) ||
	    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog)) {
		perror("nopidfd");
		return 77;
	}
	execvp(argv[1], argv + 1);
	return 127;
}
EOF2
"$CC" -O2 -o nopidfd-run nopidfd.c || fail "cannot build nopidfd-run"
start_holds 1 ./nopidfd-run env HUGETLB_ELFMAP=R HUGELINK_BACKING=file HUGELINK_PRIME=1 ./nopidfd
grep -q 'HUGELINK_PRIME=1: no process could be made to prime the page cache: .*pidfd_open, Linux 5.3' hold1.err ||
	fail "without pidfd_open, the start did not say why it cannot prime: $(cat hold1.err)"
held=$(holders nopidfd)
[ "$held" -eq 0 ] || fail "without pidfd_open, $held processes hold nopidfd open"
stop_holds
ok "without pidfd_open: $(grep -o 'HUGELINK_PRIME=1: no process.*' hold1.err)"

# A text whose one whole huge page holds the runtime's code, beside no
# other: the process that primes runs that code from a copy of the page
# once the program has ended, and the page cache then holds the page in
# a huge folio.
cat >onepage.c <<'EOF2'
#include <stdio.h>
#include <string.h>
#include <unistd.h>
__asm__(".text\n.globl filler\nfiller:\n.fill 2400000,1,0xc3\n");
int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "hold")) {
		printf("ready\n");
		fflush(stdout);
		pause();
	}
	return 0;
}
EOF2
hl_cc -O2 -Wl,--hugetlbfs-align -o onepage.built onepage.c || fail "cannot link onepage"
[ "$(text_whole onepage.built)" -eq 2097152 ] ||
	fail "onepage has $(text_whole onepage.built) bytes of whole huge pages of text, not 2 MiB"
cp onepage.built onepage
primed_after_end "onepage, its one huge page the runtime's" "$PWD/onepage" 2097152 \
	env HUGETLB_ELFMAP=R HUGELINK_BACKING=file HUGELINK_PRIME=1 HUGETLB_VERBOSE=3 ./onepage
