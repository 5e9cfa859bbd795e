/* SPDX-License-Identifier: MIT */
/*
 * inspect_moved_text: which parts of a running program's text no longer lie
 * in a mapping of its file, from a view built on smaps text.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <elf.h>

#include "tools/inspect/perfmap.h"

/*
 * A program that was not relinked, under HUGETLB_FORCE_ELFMAP=yes: the
 * head and tail of its text stay in the file, the aligned middle is on
 * hugetlb pages; its data moved to transparent huge pages.
 */
static const char smaps[] =
	"555555400000-555555600000 r-xp 00001000 fe:00 77  /tmp/prog\n"
	"KernelPageSize:        4 kB\n"
	"555555600000-555555a00000 r-xp 00000000 00:11 99  /anon_hugepage (deleted)\n"
	"KernelPageSize:     2048 kB\n"
	"555555a00000-555555a10000 r-xp 00601000 fe:00 77  /tmp/prog\n"
	"KernelPageSize:        4 kB\n"
	"555555c00000-555555e00000 rw-p 00000000 00:00 0 \n"
	"KernelPageSize:        4 kB\n"
	"AnonHugePages:      2048 kB\n";

static const struct hl_phdr ph[] = {
	{ PT_LOAD, PF_R | PF_X, 0x1000, 0x1000, 0x60f000, 0x60f000, 0x1000 },
	{ PT_LOAD, PF_R | PF_W, 0x800000, 0x801000, 0x1000, 0x200000, 0x1000 },
};

static void test_inspect_moved_text_takes_the_moved_part_of_text(void **state)
{
	struct mach_text_range r[4];
	struct inspect_live lv;
	struct inspect_object o = { .inode = 77, .major = 0xfe,
			       .bias = 0x555555400000 - 0x1000 };

	(void)state;
	memset(&lv, 0, sizeof(lv));
	lv.pid = 42;
	lv.base_page = 4096;
	assert_int_equal(inspect_live_parse(&lv, strdup(smaps)), 0);
	assert_int_equal(inspect_cover(&lv, &o, ph, 2), 0);
	assert_int_equal(inspect_moved_text(&lv, &o, r, 4), 1);
	assert_int_equal(r[0].lo, 0x555555600000);
	assert_int_equal(r[0].hi, 0x555555a00000);
	assert_int_equal(inspect_moved_text(&lv, &o, r, 0), 0);
	free(o.seg);
	inspect_live_free(&lv);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
			test_inspect_moved_text_takes_the_moved_part_of_text),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
