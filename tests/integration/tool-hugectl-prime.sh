#!/bin/sh
# SPDX-License-Identifier: MIT
# hugectl --prime FILE...: a program just written (cp) holds small folios
# in the page cache, which a run cannot map with PMDs; after --prime, a
# run's text is FilePmdMapped (its own smaps).  A file with no congruent
# whole huge page, a file that is not ELF, a FIFO (no writer is waited
# for), or one that is missing makes it exit non-zero naming the file.
# Pages a running process maps are never dropped: that process runs on,
# unharmed, and where it maps one page, every other huge page is primed.
# Priming a primed file again keeps its huge folios and reads nothing
# back.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/filetext.sh"

need_thp
write_bigtext 8
hl_cc -O2 -Wl,--hugetlbfs-align -o built bigtext.c || fail "cannot link"
cp built prog
whole=$(text_whole prog)

# Held by a running process, its pages stay: nothing can be primed.
cp built held
start_holds 1 ./held
if "$HUGECTL" --prime held >held.out 2>held.err; then
	set -- $(text_smaps $holds "$PWD/held")
	[ "$2" -gt 0 ] || fail "--prime held says it primed, the process has no PMD"
else
	grep -q "held: " held.err || fail "--prime held gave no reason: $(cat held.err)"
fi
kill -0 $holds || fail "the process that maps held died"
stop_holds
ok "a file a process maps: $(cat held.out held.err)"

# pmd_mapped PROG: set pmd to the bytes of PROG's text a run of it maps
# with PMDs, from its own smaps.
pmd_mapped() {
	start_holds 1 env HUGETLB_ELFMAP=no "./$1"
	set -- $(text_smaps $holds "$PWD/$1")
	stop_holds
	pmd=$2
}

# expect_primed PROG: a run of PROG maps 90% of its text or more with
# PMDs (pmd_mapped).
expect_primed() {
	pmd_mapped "$1"
	[ $((pmd * 100)) -ge $((whole * 90)) ] ||
		fail "$1: $pmd of $whole bytes of text FilePmdMapped after --prime"
}

pmd_mapped prog
before=$pmd
"$HUGECTL" --prime prog >prime.out || fail "--prime prog failed: $(cat prime.out)"
grep -q "^prog: [0-9]* of [0-9]* MiB in huge folios" prime.out ||
	fail "--prime prog said: $(cat prime.out)"
expect_primed prog
ok "prog: $before bytes PMD-mapped before --prime, $pmd of $whole after: $(cat prime.out)"

# Priming it again reads nothing back: each huge folio stays the same
# folio (the frame /proc/self/pagemap gives root for its first page),
# and the priming process reads a few blocks at most (its getrusage
# ru_inblock, through wait4), where dropping the text and reading it
# back would read all of it.  (Only root with CAP_SYS_ADMIN sees
# frames; elsewhere the blocks tell alone.)
cat >again.c <<'EOF2'
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
/* again frames FILE OFF LEN: the frame of each huge page's first page.
 * again blocks OUT CMD...: run CMD, its output to OUT, then print the
 * blocks it read. */
int main(int argc, char **argv)
{
	if (argv[1][0] == 'b') {
		struct rusage ru;
		int st;
		pid_t pid = fork();

		if (pid == 0) {
			int out = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);

			if (out < 0 || dup2(out, 1) < 0)
				_exit(127);
			execvp(argv[3], argv + 3);
			_exit(127);
		}
		if (pid < 0 || wait4(pid, &st, 0, &ru) != pid || st)
			return 1;
		printf("%ld\n", ru.ru_inblock);
		return 0;
	}
	int fd = open(argv[2], O_RDONLY), pm = open("/proc/self/pagemap", O_RDONLY);
	long off = strtol(argv[3], 0, 0), len = strtol(argv[4], 0, 0);
	long base = sysconf(_SC_PAGESIZE), huge = base / 8 * base;
	volatile char *p = mmap(NULL, len, PROT_READ, MAP_SHARED, fd, off);
	uint64_t e;

	if (fd < 0 || pm < 0 || p == MAP_FAILED ||
	    madvise((void *)p, len, MADV_RANDOM))
		return 1;
	for (long at = 0; at < len; at += huge) {
		(void)p[at];
		if (pread(pm, &e, 8, ((uintptr_t)p + at) / base * 8) != 8)
			return 1;
		printf("%llu\n", (unsigned long long)(e & ((1ULL << 55) - 1)));
	}
	return 0;
}
EOF2
"$CC" -O2 -o again again.c || fail "cannot build again"
first=$(readelf -lW prog | awk -v P=2097152 "$HL_AWK_LIB"'
	$1 == "LOAD" && / R E / { print hex($2) + up(hex($3)) - hex($3) }')
./again frames prog "$first" "$whole" >frames.before || fail "cannot read the frames"
blocks=$(./again blocks again.out "$HUGECTL" --prime prog) ||
	fail "--prime prog again failed: $(cat again.out)"
./again frames prog "$first" "$whole" >frames.after || fail "cannot read the frames"
if grep -qx 0 frames.before; then
	echo "pagemap shows no frames here (not root, or no CAP_SYS_ADMIN): the blocks tell alone"
else
	cmp -s frames.before frames.after ||
		fail "priming prog again made new folios: $(paste frames.before frames.after | tr '\n' ' ')"
fi
[ "$blocks" -lt $((whole / 512 / 4)) ] ||
	fail "priming prog again read $blocks blocks of 512 bytes, for $whole bytes of text"
ok "prog primed again: the same $(wc -l <frames.after) huge folios, $blocks blocks read: $(cat again.out)"

# The same for a user who neither owns the file nor is root, to whom
# mincore(2) shows every page as held.  Not root, the test skips at its
# end, the other cases checked.
late=
if [ "$(id -u)" -eq 0 ]; then
	need_cmd setpriv
	chmod a+rx .
	: >nobody.out
	chmod a+w nobody.out
	blocks=$(setpriv --reuid=65534 --regid=65534 --clear-groups \
		./again blocks nobody.out "$HUGECTL" --prime prog) ||
		fail "--prime prog as nobody failed: $(cat nobody.out)"
	./again frames prog "$first" "$whole" >frames.nobody ||
		fail "cannot read the frames"
	grep -qx 0 frames.before || cmp -s frames.after frames.nobody ||
		fail "priming prog as nobody made new folios: $(paste frames.after frames.nobody | tr '\n' ' ')"
	[ "$blocks" -lt $((whole / 512 / 4)) ] ||
		fail "priming prog as nobody read $blocks blocks of 512 bytes, for $whole bytes of text"
	ok "prog primed again as nobody: $blocks blocks read: $(cat nobody.out)"

	# And a file just written, primed by nobody: its small folios are
	# dropped and read back in huge ones.
	cp built fresh
	sync
	setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$HUGECTL" --prime fresh >fresh.out 2>&1 ||
		fail "--prime fresh as nobody failed: $(cat fresh.out)"
	expect_primed fresh
	ok "fresh, primed by nobody: $pmd of $whole bytes FilePmdMapped: $(cat fresh.out)"
else
	late="not root: prog is not primed again as another user"
fi

# A process that maps one page of the text's first huge page keeps that
# huge page in small folios, and that one only: the others are primed.
cat >mapone.c <<'EOF2'
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
/* mapone FILE OFFSET: map one page of FILE at OFFSET, read it, wait. */
int main(int argc, char **argv)
{
	int fd = open(argv[1], O_RDONLY);
	volatile char *p;

	p = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, strtol(argv[2], 0, 0));
	if (fd < 0 || p == MAP_FAILED)
		return 1;
	(void)*p;
	printf("ready\n");
	fflush(stdout);
	pause();
	return 0;
}
EOF2
"$CC" -O2 -o mapone mapone.c || fail "cannot build mapone"
cp built part
off=$(readelf -lW part | awk '$1 == "LOAD" && / R E / { print $2 }')
start_holds 1 ./mapone part "$off"
"$HUGECTL" --prime part >part.out 2>&1 || fail "--prime part failed: $(cat part.out)"
stop_holds
start_holds 1 env HUGETLB_ELFMAP=no ./part
set -- $(text_smaps $holds "$PWD/part")
stop_holds
[ "$2" -ge $((whole - 2097152)) ] ||
	fail "one page of part mapped: $2 of $whole bytes FilePmdMapped after --prime"
ok "one page of part mapped: $2 of $whole bytes FilePmdMapped after --prime: $(cat part.out)"

echo 'int main(void) { return 0; }' >hello.c
hl_cc -Wl,--hugetlbfs-align -o hello hello.c
echo text >notelf
mkfifo fifo
for f in hello notelf fifo missing; do
	rc=0
	timeout 60 "$HUGECTL" --prime "$f" >out 2>err || rc=$?
	[ $rc -ne 124 ] || fail "--prime $f still waited after 60 s"
	[ $rc -ne 0 ] || fail "--prime $f succeeded: $(cat out)"
	grep -q "$f: " err || fail "--prime $f did not name it: $(cat err)"
	ok "--prime $f: $(cat err)"
done
"$HUGECTL" --prime >out 2>err && fail "--prime with no file succeeded"
ok "--prime alone: $(head -n 1 err)"
[ -z "$late" ] || skip "$late"
