/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <elf.h>
#include <errno.h>

#include "tools/inspect/print.h"

#define MB (1ull << 20)
#define PAGE (2 * MB)

int __wrap_mach_pagecache_held(int fd, uint64_t off, size_t len, size_t page,
			       struct mach_held *h, const char **what);

/* The page cache as the test says: a return value, and what it holds. */
int __wrap_mach_pagecache_held(int fd, uint64_t off, size_t len, size_t page,
			       struct mach_held *h, const char **what)
{
	(void)fd, (void)off, (void)page;
	h->held = len;
	h->pmd = mock_type(uint64_t);
	*what = "madvise(MADV_POPULATE_READ)";
	return mock_type(int);
}

static void will_hold(uint64_t pmd, int rc)
{
	will_return(__wrap_mach_pagecache_held, pmd);
	will_return(__wrap_mach_pagecache_held, rc);
}

/*
 * A program with five read-only segments of whole 2 MiB pages, the
 * second of them not congruent, a writable one and one smaller than a
 * huge page, which have none; every p_align is 2 MiB.
 */
static const struct hl_phdr ph[] = {
	{ PT_LOAD, PF_R, 0, 0x400000, 4 * MB, 4 * MB, PAGE },
	{ PT_LOAD, PF_R | PF_X, 0x401000, 0x800000, 4 * MB, 4 * MB, PAGE },
	{ PT_LOAD, PF_R, 0xc00000, 0xc00000, 2 * MB, 2 * MB, PAGE },
	{ PT_LOAD, PF_R, 0xe00000, 0xe00000, 2 * MB, 2 * MB, PAGE },
	{ PT_LOAD, PF_R | PF_W, 0x1000000, 0x1000000, 4 * MB, 4 * MB, PAGE },
	{ PT_LOAD, PF_R, 0x1400000, 0x1400000, MB, MB, PAGE },
};

static struct el_file file(uint16_t type, int fd)
{
	struct el_file f = { .name = "prog", .fd = fd };

	f.eh.type = type;
	f.eh.phnum = sizeof(ph) / sizeof(ph[0]);
	f.ph = (struct hl_phdr *)ph;
	return f;
}

static void test_inspect_page_cache_read_each_state(void **state)
{
	struct el_file f = file(ET_EXEC, 3);
	struct inspect_page_cache pc;

	(void)state;
	will_hold(2 * MB, 0);
	will_hold(0, -EACCES);
	will_hold(0, -EINVAL);
	inspect_page_cache_read(&pc, &f, PAGE);
	assert_int_equal(pc.page, PAGE);
	assert_int_equal(pc.n, 4);
	assert_int_equal(pc.seg[0].phdr, 0);
	assert_int_equal(pc.seg[0].whole, 4 * MB);
	assert_int_equal(pc.seg[0].state, INSPECT_PC_MEASURED);
	assert_int_equal(pc.seg[0].held.held, 4 * MB);
	assert_int_equal(pc.seg[0].held.pmd, 2 * MB);
	assert_int_equal(pc.seg[1].phdr, 1);
	assert_int_equal(pc.seg[1].whole, 4 * MB);
	assert_int_equal(pc.seg[1].state, INSPECT_PC_NOT_CONGRUENT);
	assert_int_equal(pc.seg[2].state, INSPECT_PC_NOT_SHOWN);
	assert_int_equal(pc.seg[3].phdr, 3);
	assert_int_equal(pc.seg[3].state, INSPECT_PC_CANNOT_ASK);
	assert_int_equal(pc.seg[3].err, EINVAL);
	assert_string_equal(pc.seg[3].what, "madvise(MADV_POPULATE_READ)");
}

/* A position-independent file whose p_align leaves its base unaligned,
 * and an image in memory, are not asked. */
static void test_inspect_page_cache_read_unasked(void **state)
{
	struct hl_phdr small[sizeof(ph) / sizeof(ph[0])];
	struct el_file f = file(ET_DYN, 3);
	struct inspect_page_cache pc;

	(void)state;
	memcpy(small, ph, sizeof(ph));
	for (size_t i = 0; i < sizeof(ph) / sizeof(ph[0]); i++)
		small[i].align = 0x1000;
	f.ph = small;
	inspect_page_cache_read(&pc, &f, PAGE);
	assert_int_equal(pc.n, 4);
	assert_int_equal(pc.seg[0].state, INSPECT_PC_BASE_UNALIGNED);
	assert_int_equal(pc.seg[1].state, INSPECT_PC_NOT_CONGRUENT);

	f = file(ET_EXEC, -1);
	inspect_page_cache_read(&pc, &f, PAGE);
	assert_int_equal(pc.seg[0].state, INSPECT_PC_CONGRUENT);
	inspect_page_cache_read(&pc, &f, 0);
	assert_int_equal(pc.n, 0);
}

/* What PRINT writes for R. */
static char *printed(void (*print)(FILE *, const struct inspect_report *),
		     const struct inspect_report *r)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	assert_non_null(out);
	print(out, r);
	fclose(out);
	return text;
}

static void expect_in(const char *text, const char *want)
{
	if (!strstr(text, want))
		fail_msg("\"%s\" not in:\n%s", want, text);
}

/* The text and the JSON print the same measure. */
static void test_inspect_page_cache_text_and_json(void **state)
{
	struct el_file f = file(ET_EXEC, 3);
	struct inspect_report *r = calloc(1, sizeof(*r));
	char *text, *json;

	(void)state;
	assert_non_null(r);
	r->elf = &f;
	r->path = "prog";
	will_hold(2 * MB, 0);
	will_hold(0, -EACCES);
	will_hold(0, -EINVAL);
	inspect_page_cache_read(&r->page_cache, &f, PAGE);
	text = printed(inspect_print_page_cache, r);
	json = printed(inspect_print_json, r);

	expect_in(text, "  segment 0: 4 MiB of whole 2 MiB pages, congruent; "
		  "2 MiB in huge folios in the page cache now, of the 4 MiB "
		  "it holds whole (hugectl --prime FILE");
	expect_in(json, "{\"phdr\": 0, \"page_size\": 2097152, "
		  "\"whole_bytes\": 4194304, \"state\": \"measured\", "
		  "\"held_bytes\": 4194304, \"huge_folio_bytes\": 2097152, "
		  "\"error\": null}");
	expect_in(text, "  segment 1: 4 MiB of whole 2 MiB pages, file offset "
		  "not congruent");
	expect_in(json, "{\"phdr\": 1, \"page_size\": 2097152, "
		  "\"whole_bytes\": 4194304, \"state\": \"not_congruent\", "
		  "\"held_bytes\": null, \"huge_folio_bytes\": null, "
		  "\"error\": null}");
	expect_in(text, "  segment 2: 2 MiB of whole 2 MiB pages, congruent; "
		  "what the page cache holds is not shown");
	expect_in(json, "\"phdr\": 2, \"page_size\": 2097152, \"whole_bytes\": "
		  "2097152, \"state\": \"not_shown\"");
	expect_in(text, "  segment 3: 2 MiB of whole 2 MiB pages, congruent; "
		  "the page cache cannot be asked: "
		  "madvise(MADV_POPULATE_READ): Invalid argument\n");
	expect_in(json, "\"state\": \"cannot_ask\", \"held_bytes\": null, "
		  "\"huge_folio_bytes\": null, \"error\": "
		  "\"madvise(MADV_POPULATE_READ): Invalid argument\"}\n  ],");
	free(text);
	free(json);
	free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_inspect_page_cache_read_each_state),
		cmocka_unit_test(test_inspect_page_cache_read_unasked),
		cmocka_unit_test(test_inspect_page_cache_text_and_json),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
