# SPDX-License-Identifier: MIT
# A program that was not relinked, run through hugectl: hugectl preloads
# the runtime and, since the segments would share huge pages with their
# neighbours, sets HUGETLB_FORCE_ELFMAP=yes and says so; the huge-page
# aligned middle of a large bss then goes on huge pages.  The start of
# bss stays on base pages unless address randomisation put a huge-page
# boundary between the end of RELRO and it (one start in 512): the
# interior then begins at that boundary and takes bss's first page too.
. "$HL_SRC/tests/integration/common.sh"

pool_reserve 8

cat > plain.c <<'E'
#define _GNU_SOURCE
#include <link.h>
#include "hugecheck.h"

char bss[12 << 20];

/* The end of the program's RELRO, rounded up to a base page. */
static int relro_end(struct dl_phdr_info *info, size_t size, void *end)
{
	(void)size;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];

		if (ph->p_type == PT_GNU_RELRO)
			*(uintptr_t *)end = (info->dlpi_addr + ph->p_vaddr +
					     ph->p_memsz + 4095) & ~4095ul;
	}
	return 1;
}

/* The huge pages the process holds: hugetlb mappings and THP. */
static long huge_pages(void)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	char line[256];
	long v, size = 0, kb = 0;

	while (f && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "Size: %ld kB", &v) == 1)
			size = v;
		else if (sscanf(line, "KernelPageSize: %ld kB", &v) == 1 &&
			 v == 2048)
			kb += size;
		else if (sscanf(line, "AnonHugePages: %ld kB", &v) == 1)
			kb += v;
	}
	if (f)
		fclose(f);
	return kb / 2048;
}

int main(void)
{
	uintptr_t end = 0, boundary = (uintptr_t)bss & ~((2ul << 20) - 1);

	dl_iterate_phdr(relro_end, &end);
	printf("bss-start-expected %s\n", end && boundary >= end ? "thp" : "4");
	hc_report("bss-middle", bss + (4 << 20), 2 << 20);
	hc_report("bss-start", bss, 1);
	bss[sizeof(bss) - 1] = 1;
	printf("huge-pages %ld\n", huge_pages());
	return 0;
}
E
"$CC" $HC_CFLAGS -o plain plain.c

echo "hugectl --data on a plain program"
"$HUGECTL" --data ./plain > out 2> err
start=$(sed -n 's/^bss-start-expected //p' out)
printf 'bss-middle thp\nbss-start %s\n' "$start" > expected
grep -v '^bss-start-expected \|^huge-pages ' out | diff -u expected -
grep -q "./plain was not relinked for huge pages" err ||
	fail "hugectl does not explain: $(cat err)"
grep -q "hugectl sets HUGETLB_FORCE_ELFMAP=yes, which puts the aligned interior" err ||
	fail "hugectl does not say what it forces: $(cat err)"
# What it says it gives, the least and the most where the load address
# decides, holds at each start.
least=$(sed -n 's/.* \([0-9][0-9]*\) to [0-9][0-9]* pages of 2M, as where it loads decides.*/\1/p;s/.*(\([0-9][0-9]*\) pages\{0,1\} of 2M).*/\1/p' err)
most=$(sed -n 's/.* to \([0-9][0-9]*\) pages of 2M, as where it loads decides.*/\1/p;s/.*(\([0-9][0-9]*\) pages\{0,1\} of 2M).*/\1/p' err)
[ -n "$least" ] && [ -n "$most" ] || fail "hugectl gives no count: $(cat err)"
for i in 1 2 3 4 5 6 7 8; do
	"$HUGECTL" --data ./plain > out 2> err || fail "start $i: $(cat out err)"
	n=$(sed -n 's/^huge-pages //p' out)
	[ "$n" -ge "$least" ] && [ "$n" -le "$most" ] ||
		fail "start $i: $n huge pages, where hugectl said $least to $most"
done

echo "--no-preload: the runtime is not there, nothing changes"
"$HUGECTL" --no-preload --data ./plain > out 2> err
grep -qx 'bss-middle 4' out || fail "on huge pages without the runtime?"
ok "hugectl makes a plain program use huge pages where it can"

# Read-only data of 3.9 MiB holds a whole huge page at most load
# addresses, though not at the one hugectl assumes: it forces, and says
# that where it loads decides.
cat > rodata.c <<'E'
const char d[(2 << 20) + 30 * 65536] = { 1 };
int main(void) { return d[0] - 1; }
E
"$CC" $HC_CFLAGS -o rodata rodata.c
"$HUGECTL" --dry-run --text ./rodata >out 2>err || fail "rodata: $(cat out err)"
grep -qx "HUGETLB_FORCE_ELFMAP=yes" out ||
	fail "rodata: hugectl does not force what moves at most addresses: $(cat out err)"
grep -q "0 to 1 pages of 2M, as where it loads decides (none at [0-9]* of the 512 load addresses tried)" err ||
	fail "rodata: $(cat err)"
ok "forced where most load addresses gain: $(cat err)"
