#!/bin/sh
# SPDX-License-Identifier: MIT
# hugectl --prime FILE...: a program just written (cp) holds small folios
# in the page cache, which a run cannot map with PMDs; after --prime, a
# run's text is FilePmdMapped (its own smaps).  A file with no congruent
# whole huge page, a file that is not ELF, or one that is missing makes
# it exit non-zero naming the file.  Pages a running process maps are
# never dropped: that process runs on, unharmed.
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
