/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: everything the tools read from a file, the way
 * hugelink-inspect reads it: the checks, the linkage (PT_INTERP,
 * PT_DYNAMIC, the symbol table), the runtime's plan under three
 * environments, and both reports.
 *
 * Beyond not crashing, every plan must keep the runtime's promise
 * (fuzz/plan-check.h).
 */
#include <elf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/plan-check.h"
#include "tools/inspect/print.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Three environments: flags decide; RW; RW forced. */
static const char *fake_get(const char *name, void *ctx)
{
	int env = *(const int *)ctx;

	if (!strcmp(name, "HUGETLB_ELFMAP"))
		return env ? "RW" : NULL;
	if (!strcmp(name, "HUGETLB_FORCE_ELFMAP"))
		return env == 2 ? "yes" : NULL;
	return NULL;
}

static void report(const struct el_file *f, FILE *out)
{
	static const struct inspect_host host = { ELFCLASS64, EM_X86_64 };
	struct inspect_report *r = malloc(sizeof(*r));

	for (int env = 0; r && env < 3; env++) {
		if (inspect_gather(r, f, &host, fake_get, &env, "/nonexistent"))
			break;
		if (r->plan_ok)
			pc_check_plan(&r->plan, r->sizes.base);
		inspect_print_text(out, r);
		inspect_print_json(out, r);
	}
	free(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	void *copy = malloc(size ? size : 1);
	FILE *out = fopen("/dev/null", "w");
	struct el_file f;

	if (!copy || !out)
		abort();
	memcpy(copy, data, size);
	if (!el_open_mem(&f, "fuzz", copy, size))
		report(&f, out);
	el_close(&f);
	fclose(out);
	free(copy);
	return 0;
}
