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

int main(void)
{
	uintptr_t end = 0, boundary = (uintptr_t)bss & ~((2ul << 20) - 1);

	dl_iterate_phdr(relro_end, &end);
	printf("bss-start-expected %s\n", end && boundary >= end ? "thp" : "4");
	hc_report("bss-middle", bss + (4 << 20), 2 << 20);
	hc_report("bss-start", bss, 1);
	bss[sizeof(bss) - 1] = 1;
	return 0;
}
E
"$CC" $HC_CFLAGS -o plain plain.c

echo "hugectl --data on a plain program"
"$HUGECTL" --data ./plain > out 2> err
start=$(sed -n 's/^bss-start-expected //p' out)
printf 'bss-middle thp\nbss-start %s\n' "$start" > expected
grep -v '^bss-start-expected ' out | diff -u expected -
grep -q "./plain was not relinked for huge pages" err ||
	fail "hugectl does not explain: $(cat err)"
grep -q "HUGETLB_FORCE_ELFMAP=yes puts the aligned interior of 1 segment" err ||
	fail "hugectl does not say what it forces: $(cat err)"

echo "--no-preload: the runtime is not there, nothing changes"
"$HUGECTL" --no-preload --data ./plain > out 2> err
grep -qx 'bss-middle 4' out || fail "on huge pages without the runtime?"
ok "hugectl makes a plain program use huge pages where it can"
