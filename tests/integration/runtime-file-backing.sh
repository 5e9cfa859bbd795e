#!/bin/sh
# SPDX-License-Identifier: MIT
# The file backing: a relinked program with 32 MiB of text, after
# hugectl --prime, runs with HUGETLB_ELFMAP=R and an empty pool, and its
# text stays a mapping of its own file that the kernel maps with PMDs
# from the page cache: at least 90% of its whole 2 MiB pages
# FilePmdMapped, no anonymous huge pages, and four copies running at once
# hold it once (the sum of their Pss about one copy's Rss), and the
# executable segment stays one mapping.  The file
# takes the disk blocks of a plain link (within 5%), and a hello world
# stays under 1 MiB.  An unprimed copy of the file (small folios) falls
# back to the copy, and its text is no longer the file's mapping;
# HUGELINK_BACKING=file leaves it on base pages.  With
# HUGETLB_SHARE=1, where the page cache serves, no shared file is made.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/filetext.sh"

need_thp
pool_set_free 0
relink_bigtext 32
"$CC" -O2 -o prog.plain bigtext.c || fail "cannot link prog.plain"
_b=$(stat -c %b prog) _p=$(stat -c %b prog.plain)
[ $((_b * 100)) -le $((_p * 105)) ] || fail "prog: $_b disk blocks against $_p plainly"
ok "prog: $_b disk blocks, $_p for a plain link"
echo 'int main(void) { return 0; }' >hello.c
hl_cc -Wl,--hugetlbfs-align -o hello hello.c
[ "$(stat -c %s hello)" -lt 1048576 ] || fail "hello: $(stat -c %s hello) bytes"
ok "hello: $(stat -c %s hello) bytes"

"$HUGECTL" --prime prog >prime.out || fail "hugectl --prime prog: $(cat prime.out)"
whole=$(text_whole prog)
[ "$whole" -ge $((16 * 2097152)) ] || fail "prog: only $whole bytes of whole text pages"

start_holds 4 env HUGETLB_ELFMAP=R ./prog
sum=0
for h in $holds; do
	set -- $(text_smaps "$h" "$PWD/prog")
	[ "$1" = "$PWD/prog" ] || fail "process $h: its text is not a mapping of $PWD/prog"
	[ $(($2 * 100)) -ge $((whole * 90)) ] ||
		fail "process $h: $2 of $whole bytes of text FilePmdMapped"
	[ "$3" -eq 0 ] || fail "process $h: $3 bytes of AnonHugePages in its text"
	_x=$(grep -c " r-xp .* $PWD/prog\$" "/proc/$h/maps")
	[ "$_x" -eq 1 ] || fail "process $h: its text is $_x mappings, not one"
	sum=$((sum + $4)) rss=$5
done
[ $((sum * 100)) -le $((rss * 110)) ] ||
	fail "four processes hold their text $sum bytes of Pss, one's Rss is $rss"
ok "4 processes: text from $PWD/prog, $2 of $whole bytes PMD-mapped, Pss summed $sum against $rss"
stop_holds
[ "$(pool_free)" -eq 0 ] || fail "the pool changed"

mount_hugetlbfs "$PWD/mnt"
mkdir mnt/d
start_holds 1 env HUGETLB_ELFMAP=R HUGETLB_SHARE=1 HUGETLB_SHARE_PATH="$PWD/mnt/d" ./prog
set -- $(text_smaps $holds "$PWD/prog")
stop_holds
[ "$1" = "$PWD/prog" ] || fail "HUGETLB_SHARE=1: the text is not the file's"
[ -z "$(ls mnt/d)" ] || fail "HUGETLB_SHARE=1 made shared files: $(ls mnt/d)"
ok "HUGETLB_SHARE=1: $2 bytes PMD-mapped from the page cache, no shared file"

# What the report says is mapped with PMDs, the kernel's count holds.
start_holds 1 env HUGETLB_ELFMAP=R HUGETLB_VERBOSE=3 ./prog
set -- $(text_smaps $holds "$PWD/prog")
stop_holds
said=$(sed -n 's/.* r-x page cache: [0-9]* MiB of whole 2 MiB pages, \([0-9]*\) MiB of them mapped with PMDs now .*/\1/p' hold1.err)
[ -n "$said" ] && [ "$said" -gt 0 ] ||
	fail "HUGETLB_VERBOSE=3: no PMD count on the text's line: $(cat hold1.err)"
[ $((said * 1048576)) -le "$2" ] ||
	fail "the report says $said MiB mapped with PMDs, smaps $2 bytes"
ok "the report's $said MiB mapped with PMDs, smaps $2 bytes"
# ... and the bytes of the text outside its whole huge pages, which stay
# on base pages, as readelf gives the segment.
set -- $(readelf -lW prog | awk '$1 == "LOAD" && $7 == "R" && $8 == "E" { print $3, $5 }')
v=$(($1)) e=$(($1 + $2)) p=2097152
out=$(( ((v + p - 1) / p * p - v + e - e / p * p + 1023) / 1024 ))
grep -q " r-x page cache: .*; $out KiB of the segment outside its whole huge pages stay on base pages" hold1.err ||
	fail "HUGETLB_VERBOSE=3 does not say the text's $out KiB outside its whole huge pages: $(cat hold1.err)"
ok "the report names the text's $out KiB outside its whole huge pages"
# A program linked plainly at a fixed address, its text congruent as
# such links are, run through hugectl: its text's range is cut at both
# ends by the segments that share its first and last huge pages, and the
# report still counts every byte of it outside its whole huge pages.
"$CC" -O2 -no-pie -o fixed bigtext.c || fail "cannot link fixed"
"$HUGECTL" --prime fixed >prime.out || fail "hugectl --prime fixed: $(cat prime.out)"
start_holds 1 "$HUGECTL" -v --text ./fixed
stop_holds
set -- $(readelf -lW fixed | awk '$1 == "LOAD" && $7 == "R" && $8 == "E" { print $3, $5 }')
v=$(($1)) e=$(($1 + $2))
out=$(( ((v + p - 1) / p * p - v + e - e / p * p + 1023) / 1024 ))
grep -q " r-x page cache: .*; $out KiB of the segment outside its whole huge pages stay on base pages" hold1.err ||
	fail "fixed: HUGETLB_VERBOSE=3 does not say the text's $out KiB outside its whole huge pages: $(cat hold1.err)"
! grep -q " r-x page cache: .*a copy would put" hold1.err ||
	fail "fixed: a copy is said to help where the neighbours share those pages: $(cat hold1.err)"
ok "fixed: the report names the text's $out KiB outside its whole huge pages"

# A copy of the file just written holds small folios: the copy serves,
# and the text is no longer a mapping of the file (how much of the copy
# found THP is said: the kernel gives it what it has free).
cp prog fresh
start_holds 1 env HUGETLB_ELFMAP=R HUGETLB_VERBOSE=0 ./fresh
set -- $(text_smaps $holds "$PWD/fresh")
[ "${1:-}" != "$PWD/fresh" ] ||
	fail "fresh: the text is still the file's mapping, $2 bytes FilePmdMapped: not copied"
anon=$(exec_anon_huge $holds)
stop_holds
ok "fresh: copied, not from the page cache, $anon bytes on anonymous huge pages"
start_holds 1 env HUGETLB_ELFMAP=R HUGELINK_BACKING=file ./fresh
set -- $(text_smaps $holds "$PWD/fresh")
[ "$1" = "$PWD/fresh" ] || fail "fresh with HUGELINK_BACKING=file: its text moved"
[ "$3" -eq 0 ] || fail "fresh with HUGELINK_BACKING=file: anonymous huge pages"
grep -q 'page cache cannot back it' hold1.err ||
	fail "HUGELINK_BACKING=file gave no reason: $(cat hold1.err)"
stop_holds
ok "fresh with HUGELINK_BACKING=file: base pages, with a reason"
