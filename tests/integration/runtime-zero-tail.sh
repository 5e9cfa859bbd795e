# SPDX-License-Identifier: MIT
# A read-only segment whose memory runs past its file part (p_memsz >
# p_filesz) holds zeros there, as the kernel maps it, on huge pages too.
# A relinked program with 6 MiB of rodata has its rodata segment's
# p_filesz cut to end 3 pages before its rodata array does, on a page
# boundary, so that the file still holds the array's bytes (0xab) where
# the memory must be zero.  Run on base pages, on a hugetlb copy (with and without
# HUGETLB_MINIMAL_COPY) and on a THP copy, the program finds the cut
# pages zero and the rest of its rodata whole, on huge pages as its
# smaps say.
. "$HL_SRC/tests/integration/common.sh"
need_cmd python3
need_thp
pool_reserve 8

# The array lies in a file of its own, linked after the program's: its
# rodata then follows the program's own constants (printf's formats,
# which clang puts after a file's arrays), and the cut past it takes
# none of them.
cat > zt-ro.c <<'E'
#define LEN (6 << 20)
const unsigned char ro[LEN] __attribute__((aligned(4096))) = {
	[0 ... LEN - 1] = 0xab
};
E
cat > zt.c <<'E'
#define _GNU_SOURCE
#include <link.h>
#include "hugecheck.h"

#define LEN (6 << 20)
extern const unsigned char ro[LEN];

/* Print the bytes of the program's read-only segment that lie past its
 * file part, and how many of them are not zero. */
static int tail(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	(void)data;
	if (info->dlpi_name[0])
		return 0;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *p = &info->dlpi_phdr[i];
		const unsigned char *at;
		size_t n, set = 0;

		if (p->p_type != PT_LOAD || p->p_flags != PF_R ||
		    p->p_memsz <= p->p_filesz)
			continue;
		at = (const void *)(info->dlpi_addr + p->p_vaddr + p->p_filesz);
		n = p->p_memsz - p->p_filesz;
		for (size_t j = 0; j < n; j++)
			set += at[j] != 0;
		printf("tail %zu set %zu\n", n, set);
	}
	return 1;
}

int main(void)
{
	size_t whole = 0;
	const unsigned char *end;

	dl_iterate_phdr(tail, NULL);
	/* rodata up to the cut, 3 pages before its end, reads as it was
	 * written. */
	end = ro + LEN - 3 * 4096;
	for (const unsigned char *p = ro; p < end; p++)
		whole += *p == 0xab;
	printf("whole %s\n", whole == (size_t)(end - ro) ? "yes" : "no");
	hc_report("rodata", ro, LEN - 3 * 4096);
	return 0;
}
E
build_c zt zt-ro.c -Wl,--hugetlbfs-align || fail "cannot link zt"
elf_check zt

# Cut the rodata segment's file part to end 3 pages before the end of
# ro[], on a page boundary: the memory past it is then zero, whole pages
# of it, where the file holds 0xab.
at=$(nm zt | awk '$2 == "R" && $3 == "ro" { print $1 }')
[ -n "$at" ] || fail "nm finds no ro in zt"
python3 "$HLINC/setphdr.py" zt "$(printf %x $((0x$at + (6 << 20) - 3 * 4096)))" \
	filesz to-addr >cut || fail "cannot cut zt's rodata segment"
small_folios zt
read -r _ _ _ fsz _ msz <cut
n=$((0x$msz - 0x$fsz))
[ "$n" -gt $((3 * 4096)) ] || fail "the cut leaves $n bytes past the file part"
readelf -lW zt | awk '$1 == "LOAD" && $7 == "R" && $5 != $6 { f = 1 } END { exit !f }' ||
	fail "readelf shows no read-only segment with memory past its file: $(readelf -lW zt)"

run_zt() {
	_want=$1; shift
	env "$@" ./zt >out 2>err || fail "zt $*: $(cat out err)"
	expect_lines out "tail $n set 0" "whole yes" "rodata $_want"
}

run_zt 4
ok "base pages: the $n bytes past the file part are zero"
run_zt 2048 HUGETLB_ELFMAP=R HUGELINK_BACKING=hugetlb
run_zt 2048 HUGETLB_ELFMAP=R HUGELINK_BACKING=hugetlb HUGETLB_MINIMAL_COPY=no
ok "hugetlb copy: zero past the file part, the rodata whole"
run_zt thp HUGETLB_ELFMAP=R HUGELINK_BACKING=thp
ok "THP copy: zero past the file part, the rodata whole"
