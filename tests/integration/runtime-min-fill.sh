# SPDX-License-Identifier: MIT
# A segment that is neither text nor data moves only when its bytes fill
# at least half of its huge pages (HUGELINK_MIN_FILL, 50 by default).  A
# program relinked for 2 MiB pages with 3 MiB of text, a few KiB of
# headers and 20 KiB of rodata, each in a segment of its own, run with
# HUGETLB_ELFMAP=R: its smaps show the text on 2048 kB pages and the
# headers and rodata on 4 kB pages, and the pool gives exactly the text's
# pages, worked out from readelf.  With HUGELINK_MIN_FILL=0 all three
# move, and the pool gives the pages of all three.  Every byte of the
# headers and rodata reads as the file holds it, either way.
. "$HL_SRC/tests/integration/common.sh"
export HUGELINK_BACKING=hugetlb
pool_reserve 8

cat > mf.c <<'E'
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include "headers.h"
#include "hugecheck.h"

__asm__(".section .text.big,\"ax\",@progbits\n"
	".globl big_text\n.hidden big_text\nbig_text:\n"
	".fill 3 * 1048576, 1, 0xc3\n.text\n");
extern unsigned char big_text[];
/* 20 KiB of rodata, each byte its own value mod 251. */
#define RO_LEN 20480
#define B4(i) (i) % 251, (i + 1) % 251, (i + 2) % 251, (i + 3) % 251
#define B16(i) B4(i), B4(i + 4), B4(i + 8), B4(i + 12)
#define B64(i) B16(i), B16(i + 16), B16(i + 32), B16(i + 48)
#define B256(i) B64(i), B64(i + 64), B64(i + 128), B64(i + 192)
#define B1K(i) B256(i), B256(i + 256), B256(i + 512), B256(i + 768)
#define B4K(i) B1K(i), B1K(i + 1024), B1K(i + 2048), B1K(i + 3072)
const unsigned char small_ro[RO_LEN] = {
	B4K(0), B4K(4096), B4K(8192), B4K(12288), B4K(16384)
};

int main(void)
{
	static unsigned char file[1 << 16];
	size_t len = hc_headers_len();
	int fd = open("/proc/self/exe", O_RDONLY);
	int same = len && len <= sizeof(file) &&
		   pread(fd, file, len, 0) == (ssize_t)len &&
		   !memcmp(file, &__ehdr_start, len);

	for (int i = 0; i < RO_LEN; i++)
		same &= small_ro[i] == i % 251;
	hc_report("headers", &__ehdr_start, len);
	hc_report("rodata", small_ro, RO_LEN);
	hc_report("text", big_text, 3 << 20);
	hc_print_pool();
	printf("same %s\n", same ? "yes" : "no");
	return 0;
}
E
build_c mf -Wl,--hugetlbfs-align || fail "cannot link mf"
elf_check mf

# The layout this test needs, from readelf: the headers, the text and the
# rodata each in a PT_LOAD of its own, on 2 MiB boundaries, and what each
# range takes in 2 MiB pages.
readelf -lW mf | awk -v P=2097152 "$HL_AWK_LIB"'
	$1 == "LOAD" { n++
		f = index($0, " R E ") ? "text" : index($0, " RW ") ? "data" : "ro"
		if (f == "ro" && hex($2) == 0) f = "headers"
		printf "%s %d %d\n", f, hex($3) % P, (up(hex($3) + hex($6)) - down(hex($3))) / P }' >loads
grep -qx 'headers 0 1' loads && grep -qx 'ro 0 1' loads &&
	[ "$(grep -c '^ro ' loads)" -eq 1 ] ||
	fail "mf is not laid out as meant: $(cat loads)"
text=$(sed -n 's/^text 0 //p' loads)
[ "$text" -ge 2 ] || fail "mf's text is not laid out as meant: $(cat loads)"

free=$(pool_free)
HUGETLB_ELFMAP=R ./mf >out 2>err || fail "mf: $(cat out err)"
expect_lines out "headers 4" "rodata 4" "text 2048" "same yes"
[ ! -s err ] || fail "mf said: $(cat err)"
used=$((free - $(sed -n 's/^pool-free //p' out)))
[ "$used" -eq "$text" ] ||
	fail "mf took $used huge pages, its text needs $text"
ok "R: the text on $text huge pages, the headers and 20 KiB of rodata on base pages"

free=$(pool_free)
HUGETLB_ELFMAP=R HUGELINK_MIN_FILL=0 ./mf >out 2>err ||
	fail "mf with HUGELINK_MIN_FILL=0: $(cat out err)"
expect_lines out "headers 2048" "rodata 2048" "text 2048" "same yes"
[ ! -s err ] || fail "mf with HUGELINK_MIN_FILL=0 said: $(cat err)"
used=$((free - $(sed -n 's/^pool-free //p' out)))
[ "$used" -eq $((text + 2)) ] ||
	fail "with HUGELINK_MIN_FILL=0 mf took $used huge pages, not $((text + 2))"
ok "HUGELINK_MIN_FILL=0: the headers and the rodata on a huge page each too"

# The inspector gives the same plan, and says why.
HUGETLB_ELFMAP=R "$HLBIN/hugelink-inspect" mf >insp 2>&1 ||
	fail "hugelink-inspect mf: $(cat insp)"
[ "$(grep -c 'base pages  *neither text nor data' insp)" -eq 2 ] || {
	sed 's/^/    /' insp >&2
	fail "hugelink-inspect does not say why the headers and rodata stay"
}
ok "hugelink-inspect says why the headers and rodata stay on base pages"
