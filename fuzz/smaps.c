/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the live view of hugelink-inspect --pid on any smaps
 * text: the parser (core/smaps.c), the parts of each segment
 * (tools/inspect/cover.c) and both printers.
 *
 * Beyond not crashing, the parts of every segment must tile it: in
 * order, without a gap or an overlap, each inside it.
 */
#include <elf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/inspect/print.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A relinked PIE: headers, text, rodata, data and bss. */
static const struct hl_phdr ph[] = {
	{ PT_LOAD, PF_R, 0x000000, 0x000000, 0x000de8, 0x000de8, 0x200000 },
	{ PT_LOAD, PF_R | PF_X, 0x001000, 0x200000, 0x301089, 0x301089,
	  0x1000 },
	{ PT_LOAD, PF_R, 0x303000, 0x600000, 0x3005d0, 0x3005d0, 0x1000 },
	{ PT_LOAD, PF_R | PF_W, 0x603d74, 0xbffd74, 0x30038c, 0x80028c,
	  0x1000 },
};

static void check_tiles(const struct inspect_live *lv,
			const struct inspect_object *o)
{
	for (size_t i = 0; i < o->nseg; i++) {
		const struct inspect_lseg *s = &o->seg[i];
		uintptr_t at = s->start;

		for (size_t k = 0; k < s->nparts; k++) {
			const struct inspect_part *p = &lv->part[s->first + k];

			if (p->start != at || p->end <= p->start ||
			    p->end > s->end || p->huge > p->end - p->start)
				abort();
			at = p->end;
		}
		if (at != s->end)
			abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	FILE *out = fopen("/dev/null", "w");
	struct inspect_live lv;

	if (!text || !out)
		abort();
	memcpy(text, data, size);
	text[size] = '\0';
	memset(&lv, 0, sizeof(lv));
	lv.pid = 1;
	lv.base_page = 4096;
	lv.obj = calloc(1, sizeof(*lv.obj));
	if (!lv.obj)
		abort();
	lv.nobj = 1;
	lv.obj[0].main = true;
	lv.obj[0].path = strdup("fuzz");
	lv.obj[0].bias = 0x555555400000;
	lv.obj[0].inode = 7;
	if (!inspect_live_parse(&lv, text) &&
	    !inspect_cover(&lv, &lv.obj[0], ph, sizeof(ph) / sizeof(ph[0]))) {
		check_tiles(&lv, &lv.obj[0]);
		inspect_print_live_text(out, &lv);
		inspect_print_live_json(out, &lv);
	}
	inspect_live_free(&lv);
	fclose(out);
	return 0;
}
