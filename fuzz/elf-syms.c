/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the symbol-table walker the runtime and hugelink-inspect
 * use for perf maps (core/elfsym.h), on any bytes.
 *
 * Beyond not crashing: every function the walk gives has a size and a
 * non-empty name that ends inside the buffer, and the walk ends.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/elfsym.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct hl_elf_syms s;
	struct hl_elf_func f;
	uint64_t n = 0;

	if (hl_elf_syms_open(&s, data, size))
		return 0;
	while (hl_elf_syms_next(&s, &f)) {
		const uint8_t *name = (const uint8_t *)f.name;

		if (!f.size || !*f.name || name < data || name >= data + size ||
		    !memchr(name, 0, (size_t)(data + size - name)) ||
		    ++n > s.nsyms)
			abort();
	}
	return 0;
}
