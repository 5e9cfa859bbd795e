#!/bin/sh
# SPDX-License-Identifier: MIT
# A relinked shared library's text from its own page cache: a library
# with 16 MiB of text, relinked and primed (hugectl --prime), loaded by a
# program run with HUGETLB_ELFMAP=R and an empty pool, keeps its text a
# mapping of the library file, at least 90% of its whole 2 MiB pages
# FilePmdMapped, with no anonymous huge pages; two processes hold it
# once.  The oracle is the processes' smaps.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/filetext.sh"

need_thp
pool_set_free 0
write_biglib 16
cat >use.c <<'EOF2'
#include <stdio.h>
#include <string.h>
#include <unistd.h>
int lib_sum(void);
int main(int argc, char **argv)
{
	int s = lib_sum();

	if (argc > 1 && !strcmp(argv[1], "hold")) {
		printf("ready\n");
		fflush(stdout);
		pause();
	}
	return s ? 0 : 1;
}
EOF2
hl_cc -O2 -shared -fPIC -Wl,--hugetlbfs-align -o libbigft.so lib.c ||
	fail "cannot link libbigft.so"
hl_cc -O2 -Wl,--hugetlbfs-align -o use use.c -L. -lbigft -Wl,-rpath,"$PWD" ||
	fail "cannot link use"
"$HUGECTL" --prime libbigft.so >prime.out || fail "--prime: $(cat prime.out)"
whole=$(text_whole libbigft.so)
start_holds 2 env HUGETLB_ELFMAP=R ./use
sum=0
for h in $holds; do
	set -- $(text_smaps "$h" "$PWD/libbigft.so")
	[ "$1" = "$PWD/libbigft.so" ] || fail "process $h: the library's text is not its file's"
	[ $(($2 * 100)) -ge $((whole * 90)) ] ||
		fail "process $h: $2 of $whole bytes of the library's text FilePmdMapped"
	[ "$3" -eq 0 ] || fail "process $h: anonymous huge pages in the library's text"
	sum=$((sum + $4)) rss=$5
done
stop_holds
[ $((sum * 100)) -le $((rss * 110)) ] ||
	fail "two processes hold the library's text $sum bytes of Pss, one's Rss $rss"
ok "libbigft.so: $2 of $whole bytes PMD-mapped, Pss of two summed $sum against $rss"
