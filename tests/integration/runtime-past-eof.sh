# SPDX-License-Identifier: MIT
# A segment whose file part runs past the end of its file (headers that
# claim more than the file holds) has pages that raise SIGBUS when
# touched; the runtime leaves it on base pages, says why, and never
# touches them.  A relinked program whose 6 MiB rodata segment's
# p_offset is moved 512 MiB past the end of its file (and which never
# reads its rodata: its one message lives in .data) runs with
# HUGETLB_ELFMAP=R and RW, on each backing: it ends well, and its smaps,
# read while it waits, show the rodata mapping on base pages and the text
# on huge pages.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/filetext.sh"
need_cmd python3
need_thp
pool_reserve 4

cat > pe.c <<'E'
#include <unistd.h>

#define LEN (6 << 20)
const unsigned char ro[LEN] __attribute__((aligned(4096))) = {
	[0 ... LEN - 1] = 0xab
};
static char ran[] = "ran\n";

/* Wait for standard input to end, then say so: nothing here reads the
 * rodata, whose pages lie past the end of the file. */
int main(void)
{
	char c;

	while (read(0, &c, 1) > 0)
		;
	write(1, ran, sizeof(ran) - 1);
	return 0;
}
E
build_c pe -Wl,--hugetlbfs-align || fail "cannot link pe"
elf_check pe
# Move the rodata segment's file part 512 MiB on, past the file's end.
at=$(nm pe | awk '$2 == "R" && $3 == "ro" { print $1 }')
[ -n "$at" ] || fail "nm finds no ro in pe"
python3 "$HLINC/setphdr.py" pe "$at" offset +$((512 << 20)) >moved ||
	fail "cannot move pe's rodata segment"
read -r _ off _ <moved
size=$(stat -c %s pe)
[ $((0x$off)) -gt "$size" ] || fail "the rodata segment's offset 0x$off is inside the file ($size bytes)"

# run_pe WHAT VARIABLE...: run pe with the VARIABLEs and, once the
# runtime has said why it leaves the segment and has moved the rest (or
# 5 seconds have passed), judge pe's smaps while it waits: the mapping
# at file offset $off on base pages, with nothing PMD-mapped; huge pages
# elsewhere in the process.
run_pe() {
	_what=$1; shift
	rm -f in
	mkfifo in
	env "$@" ./pe <in >out 2>err & _pid=$!
	kill_at_exit $_pid
	exec 3>in
	_tries=0
	until grep -q 'past the end' err &&
		[ "$(huge_kb $_pid 2>/dev/null)" -ge 2048 ] ||
		[ $_tries -ge 100 ]; do
		_tries=$((_tries + 1))
		sleep 0.05
	done
	if ! kill -0 $_pid 2>/dev/null; then
		wait $_pid
		fail "$_what: pe ended (status $?) before it could be looked at: $(cat err)"
	fi
	awk -v off="$off" "$HL_AWK_LIB"'
		/^[0-9a-f]+-[0-9a-f]+ / { ro = hex($3) == hex(off); next }
		ro && /^(KernelPageSize|AnonHugePages|FilePmdMapped|Private_Hugetlb):/ {
			kb[$1] += $2 }
		END { printf "ro %d %d\n", kb["KernelPageSize:"],
			kb["AnonHugePages:"] + kb["FilePmdMapped:"] + kb["Private_Hugetlb:"] }
		' "/proc/$_pid/smaps" >smaps
	_huge=$(huge_kb $_pid)
	exec 3>&-
	wait $_pid || fail "$_what: pe exited $?: $(cat out err)"
	[ "$(cat out)" = ran ] || fail "$_what: pe said $(cat out)"
	grep -qx 'ro 4 0' smaps ||
		fail "$_what: the rodata past the end of its file: $(cat smaps)"
	[ "$_huge" -ge 2048 ] || fail "$_what: nothing moved to huge pages"
	[ "$(grep -c 'segment [0-9]*: its file part runs past the end of its file' err)" -eq 1 ] ||
		fail "$_what: the reason was not said, once: $(cat err)"
}

run_pe "R on THP" HUGETLB_ELFMAP=R HUGELINK_BACKING=thp
run_pe "R on hugetlb" HUGETLB_ELFMAP=R HUGELINK_BACKING=hugetlb
run_pe "RW, the default backing" HUGETLB_ELFMAP=RW
ok "the segment past the end of its file stays on base pages, said once; the text moves"
