/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the runtime's planner on its own, from program headers
 * made directly of the input, so that nearly every input reaches it.  The
 * input is a load bias (8 bytes), a configuration byte, then program
 * headers of 8 fields of 8 bytes each.  Every input is planned: headers
 * the planner refuses (overflowing sizes, PT_LOADs out of order or
 * overlapping, too many of them) must come back refused with a reason,
 * and every plan it builds must keep the promise in fuzz/plan-check.h.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/plan-check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FIELDS 8
#define MAX_PHDRS 24

static const struct hl_sizes sizes = {
	.base = 4096, .def = 2u << 20,
	.avail = { 2u << 20, 1u << 30 }, .navail = 2,
};

/* Eight configurations: flags, RW, R=1G:W, no; each with FORCE or not. */
static void configure(struct hl_config *cfg, uint8_t c)
{
	static const size_t r[] = { 0, HL_PAGE_DEFAULT, 1u << 30, 0 };
	static const size_t w[] = { 0, HL_PAGE_DEFAULT, HL_PAGE_DEFAULT, 0 };
	static const enum hl_elfmap map[] = {
		HL_ELFMAP_UNSET, HL_ELFMAP_SET, HL_ELFMAP_SET, HL_ELFMAP_NO,
	};

	memset(cfg, 0, sizeof(*cfg));
	cfg->elfmap = map[c & 3];
	cfg->r_page = r[c & 3];
	cfg->w_page = w[c & 3];
	cfg->force = c & 4;
}

static void to_phdr(const uint8_t *p, struct hl_phdr *ph)
{
	uint64_t f[FIELDS];

	memcpy(f, p, sizeof(f));
	ph->type = (uint32_t)(f[0] % 8 == 0 ? 0x6474e552 : f[0] % 3);
	ph->flags = (uint32_t)f[1];
	ph->offset = f[2];
	ph->vaddr = f[3];
	ph->filesz = f[4];
	ph->memsz = f[5];
	ph->align = f[6];
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct hl_phdr ph[MAX_PHDRS];
	struct hl_config cfg;
	struct hl_plan plan;
	uint64_t bias;
	size_t n = 0;

	if (size < 9)
		return 0;
	memcpy(&bias, data, sizeof(bias));
	configure(&cfg, data[8]);
	for (data += 9, size -= 9; size >= FIELDS * 8 && n < MAX_PHDRS;
	     data += FIELDS * 8, size -= FIELDS * 8)
		to_phdr(data, &ph[n++]);
	bias &= ~(uint64_t)(sizes.base - 1);
	if (hl_plan_build(&plan, &cfg, &sizes, ph, n, (uintptr_t)bias) == 0)
		pc_check_plan(&plan, sizes.base);
	else if (!plan.error[0])
		abort();
	return 0;
}
