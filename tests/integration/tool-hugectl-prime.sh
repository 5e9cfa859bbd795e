#!/bin/sh
# SPDX-License-Identifier: MIT
# hugectl --prime FILE...: a program just written (cp) holds small folios
# in the page cache, which a run cannot map with PMDs; after --prime, a
# run's text is FilePmdMapped (its own smaps).  A file with no congruent
# whole huge page, a file that is not ELF, or one that is missing makes
# it exit non-zero naming the file.  Pages a running process maps are
# never dropped: that process runs on, unharmed, and where it maps one
# page, every other huge page is primed.
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

start_holds 1 env HUGETLB_ELFMAP=no ./prog
set -- $(text_smaps $holds "$PWD/prog")
before=$2
stop_holds
"$HUGECTL" --prime prog >prime.out || fail "--prime prog failed: $(cat prime.out)"
grep -q "^prog: [0-9]* of [0-9]* MiB in huge folios" prime.out ||
	fail "--prime prog said: $(cat prime.out)"
start_holds 1 env HUGETLB_ELFMAP=no ./prog
set -- $(text_smaps $holds "$PWD/prog")
stop_holds
[ $(($2 * 100)) -ge $((whole * 90)) ] ||
	fail "after --prime, $2 of $whole bytes of text FilePmdMapped (before: $before)"
ok "prog: $before bytes PMD-mapped before --prime, $2 of $whole after: $(cat prime.out)"

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
for f in hello notelf missing; do
	if "$HUGECTL" --prime "$f" >out 2>err; then
		fail "--prime $f succeeded: $(cat out)"
	fi
	grep -q "$f: " err || fail "--prime $f did not name it: $(cat err)"
	ok "--prime $f: $(cat err)"
done
"$HUGECTL" --prime >out 2>err && fail "--prime with no file succeeded"
ok "--prime alone: $(head -n 1 err)"
