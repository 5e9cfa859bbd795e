/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/smaps.h"

/*
 * Mappings copied from /proc/<pid>/smaps on Linux 6.18: text moved onto
 * 2 MiB hugetlb pages by the runtime, a program's data on base pages,
 * and an anonymous range advised MADV_HUGEPAGE and filled.
 */
static const char hugetlb_text[] =
	"5649e3600000-5649e3a00000 r-xp 00000000 00:11 491194                     /memfd:hugelink:seg1 (deleted)\n"
	"Size:               4096 kB\n"
	"KernelPageSize:     2048 kB\n"
	"MMUPageSize:        2048 kB\n"
	"Rss:                   0 kB\n"
	"Pss:                   0 kB\n"
	"Pss_Dirty:             0 kB\n"
	"Shared_Clean:          0 kB\n"
	"Shared_Dirty:          0 kB\n"
	"Private_Clean:         0 kB\n"
	"Private_Dirty:         0 kB\n"
	"Referenced:            0 kB\n"
	"Anonymous:             0 kB\n"
	"KSM:                   0 kB\n"
	"LazyFree:              0 kB\n"
	"AnonHugePages:         0 kB\n"
	"ShmemPmdMapped:        0 kB\n"
	"FilePmdMapped:         0 kB\n"
	"Shared_Hugetlb:        0 kB\n"
	"Private_Hugetlb:    4096 kB\n"
	"Swap:                  0 kB\n"
	"SwapPss:               0 kB\n"
	"Locked:                0 kB\n"
	"THPeligible:           0\n"
	"VmFlags: rd ex mr mw me de ht \n"
	;
static const char file_data[] =
	"5649e4000000-5649e4301000 rw-p 00604000 fe:00 10953655                   /tmp/build/sc\n"
	"Size:               3076 kB\n"
	"KernelPageSize:        4 kB\n"
	"MMUPageSize:           4 kB\n"
	"Rss:                3076 kB\n"
	"Pss:                3076 kB\n"
	"Pss_Dirty:          3076 kB\n"
	"Shared_Clean:          0 kB\n"
	"Shared_Dirty:          0 kB\n"
	"Private_Clean:         0 kB\n"
	"Private_Dirty:      3076 kB\n"
	"Referenced:         3076 kB\n"
	"Anonymous:             8 kB\n"
	"KSM:                   0 kB\n"
	"LazyFree:              0 kB\n"
	"AnonHugePages:         0 kB\n"
	"ShmemPmdMapped:        0 kB\n"
	"FilePmdMapped:         0 kB\n"
	"Shared_Hugetlb:        0 kB\n"
	"Private_Hugetlb:       0 kB\n"
	"Swap:                  0 kB\n"
	"SwapPss:               0 kB\n"
	"Locked:                0 kB\n"
	"THPeligible:           0\n"
	"VmFlags: rd wr mr mw me ac \n"
	;
static const char thp_anon[] =
	"7fd7a7800000-7fd7a7c00000 rw-p 00000000 00:00 0 \n"
	"Size:               4096 kB\n"
	"KernelPageSize:        4 kB\n"
	"MMUPageSize:           4 kB\n"
	"Rss:                4096 kB\n"
	"Pss:                4096 kB\n"
	"Pss_Dirty:          4096 kB\n"
	"Shared_Clean:          0 kB\n"
	"Shared_Dirty:          0 kB\n"
	"Private_Clean:         0 kB\n"
	"Private_Dirty:      4096 kB\n"
	"Referenced:         4096 kB\n"
	"Anonymous:          4096 kB\n"
	"KSM:                   0 kB\n"
	"LazyFree:              0 kB\n"
	"AnonHugePages:      4096 kB\n"
	"ShmemPmdMapped:        0 kB\n"
	"FilePmdMapped:         0 kB\n"
	"Shared_Hugetlb:        0 kB\n"
	"Private_Hugetlb:       0 kB\n"
	"Swap:                  0 kB\n"
	"SwapPss:               0 kB\n"
	"Locked:                0 kB\n"
	"THPeligible:           1\n"
	"VmFlags: rd wr mr mw me ac hg \n"
	;

/* A writable copy of TEXT, which the parser cuts into lines. */
static char *copy(const char *text)
{
	char *s = strdup(text);

	assert_non_null(s);
	return s;
}

static void test_hl_smaps_next_hugetlb(void **state)
{
	char *text = copy(hugetlb_text), *cur = text;
	struct hl_smaps_map m;

	(void)state;
	assert_int_equal(hl_smaps_next(&cur, &m), 1);
	assert_int_equal(m.line.start, 0x5649e3600000ul);
	assert_int_equal(m.line.end, 0x5649e3a00000ul);
	assert_string_equal(m.line.perms, "r-xp");
	assert_string_equal(m.line.path, "/memfd:hugelink:seg1 (deleted)");
	assert_int_equal(m.size, 4096 << 10);
	assert_int_equal(m.kernel_page, 2048 << 10);
	assert_int_equal(m.rss, 0);
	assert_true(m.hugetlb);
	assert_false(m.thp_advised);
	assert_int_equal(hl_smaps_kind(&m, 4096), HL_SMAPS_HUGETLB);
	assert_int_equal(hl_smaps_huge_bytes(&m, 4096), 4096 << 10);
	assert_int_equal(hl_smaps_next(&cur, &m), 0);
	free(text);
}

static void test_hl_smaps_next_file_on_base_pages(void **state)
{
	char *text = copy(file_data), *cur = text;
	struct hl_smaps_map m;

	(void)state;
	assert_int_equal(hl_smaps_next(&cur, &m), 1);
	assert_int_equal(m.line.offset, 0x604000);
	assert_int_equal(m.line.major, 0xfe);
	assert_int_equal(m.line.inode, 10953655);
	assert_string_equal(m.line.path, "/tmp/build/sc");
	assert_int_equal(m.kernel_page, 4096);
	assert_int_equal(m.rss, 3076 << 10);
	assert_false(m.hugetlb);
	assert_int_equal(hl_smaps_kind(&m, 4096), HL_SMAPS_BASE);
	assert_int_equal(hl_smaps_huge_bytes(&m, 4096), 0);
	free(text);
}

static void test_hl_smaps_next_thp(void **state)
{
	char *text = copy(thp_anon), *cur = text;
	struct hl_smaps_map m;

	(void)state;
	assert_int_equal(hl_smaps_next(&cur, &m), 1);
	assert_string_equal(m.line.path, "");
	assert_int_equal(m.kernel_page, 4096);
	assert_int_equal(m.anon_huge, 4096 << 10);
	assert_true(m.thp_advised);
	assert_false(m.hugetlb);
	assert_int_equal(hl_smaps_kind(&m, 4096), HL_SMAPS_THP);
	assert_int_equal(hl_smaps_huge_bytes(&m, 4096), 4096 << 10);
	free(text);
}

/* Only part of an advised range collapsed: THP, with that part huge. */
static void test_hl_smaps_kind_partial_thp(void **state)
{
	struct hl_smaps_map m = {
		.size = 6 << 20, .kernel_page = 4096, .anon_huge = 2 << 20,
	};

	(void)state;
	assert_int_equal(hl_smaps_kind(&m, 4096), HL_SMAPS_THP);
	assert_int_equal(hl_smaps_huge_bytes(&m, 4096), 2 << 20);
	m.anon_huge = 0;
	m.file_pmd = 2 << 20;
	assert_int_equal(hl_smaps_kind(&m, 4096), HL_SMAPS_THP);
	m.file_pmd = 0;
	m.thp_advised = true;
	assert_int_equal(hl_smaps_kind(&m, 4096), HL_SMAPS_BASE);
}

/*
 * A range's huge bytes: all of a mapping that is the range, and of one
 * merged with a neighbour only what cannot lie in the neighbour.
 */
static void test_hl_smaps_anon_huge_within(void **state)
{
	struct hl_smaps_map m = {
		.line = { .start = 0x400000, .end = 0x800000 },
		.size = 4 << 20, .anon_huge = 4 << 20,
	};

	(void)state;
	assert_int_equal(hl_smaps_anon_huge_within(&m, 0x400000, 0x800000),
			 4 << 20);
	assert_int_equal(hl_smaps_anon_huge_within(&m, 0x600000, 0x800000),
			 2 << 20);
	assert_int_equal(hl_smaps_anon_huge_within(&m, 0x800000, 0xa00000), 0);
	m.anon_huge = 2 << 20;
	assert_int_equal(hl_smaps_anon_huge_within(&m, 0x400000, 0x800000),
			 2 << 20);
	assert_int_equal(hl_smaps_anon_huge_within(&m, 0x600000, 0x800000), 0);
	m.anon_huge = 3 << 20;
	assert_int_equal(hl_smaps_anon_huge_within(&m, 0x600000, 0x800000),
			 1 << 20);
	assert_int_equal(hl_smaps_anon_huge_within(&m, 0x200000, 0xa00000),
			 3 << 20);
}

/* On a machine whose base page is 64 KiB, a 64 KiB page is a base page. */
static void test_hl_smaps_kind_large_base_page(void **state)
{
	struct hl_smaps_map m = { .size = 1 << 20, .kernel_page = 64 << 10 };

	(void)state;
	assert_int_equal(hl_smaps_kind(&m, 64 << 10), HL_SMAPS_BASE);
	m.kernel_page = 512 << 20;
	assert_int_equal(hl_smaps_kind(&m, 64 << 10), HL_SMAPS_HUGETLB);
}

static void test_hl_smaps_next_several(void **state)
{
	size_t len = strlen(hugetlb_text) + strlen(file_data) +
		     strlen(thp_anon);
	char *text = malloc(len + 2), *cur;
	struct hl_smaps_map m;

	(void)state;
	assert_non_null(text);
	strcpy(text, hugetlb_text);
	strcat(text, file_data);
	strcat(text, thp_anon);
	strcat(text, "\n");
	cur = text;
	assert_int_equal(hl_smaps_next(&cur, &m), 1);
	assert_true(m.hugetlb);
	assert_int_equal(hl_smaps_next(&cur, &m), 1);
	assert_string_equal(m.line.path, "/tmp/build/sc");
	assert_int_equal(hl_smaps_next(&cur, &m), 1);
	assert_int_equal(m.anon_huge, 4096 << 10);
	assert_int_equal(hl_smaps_next(&cur, &m), 0);
	free(text);
}

/* A header without fields (maps, not smaps) still parses; junk does not. */
static void test_hl_smaps_next_rejects(void **state)
{
	char bare[] = "400000-401000 r--p 00000000 08:02 99 /x\n";
	char field_first[] = "Size: 4 kB\n";
	char junk[] = "400000-401000 r--p 00000000 08:02 99 /x\nnot a line\n";
	char *cur;
	struct hl_smaps_map m;

	(void)state;
	cur = bare;
	assert_int_equal(hl_smaps_next(&cur, &m), 1);
	assert_int_equal(m.size, 0);
	assert_int_equal(hl_smaps_next(&cur, &m), 0);
	cur = field_first;
	assert_int_equal(hl_smaps_next(&cur, &m), -1);
	cur = junk;
	assert_int_equal(hl_smaps_next(&cur, &m), 1);
	assert_int_equal(hl_smaps_next(&cur, &m), -1);
	assert_string_equal(cur, "not a line");
}

/* A value that is not a number of kB leaves the field at 0. */
static void test_hl_smaps_next_bad_values(void **state)
{
	char text[] = "400000-401000 r--p 00000000 08:02 99 /x\n"
		      "Size: lots kB\nKernelPageSize: 4 MB\n"
		      "Rss: 99999999999999999999 kB\nVmFlags: rd htx\n";
	char *cur = text;
	struct hl_smaps_map m;

	(void)state;
	assert_int_equal(hl_smaps_next(&cur, &m), 1);
	assert_int_equal(m.size, 0);
	assert_int_equal(m.kernel_page, 0);
	assert_int_equal(m.rss, 0);
	assert_false(m.hugetlb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hl_smaps_next_hugetlb),
		cmocka_unit_test(test_hl_smaps_next_file_on_base_pages),
		cmocka_unit_test(test_hl_smaps_next_thp),
		cmocka_unit_test(test_hl_smaps_kind_partial_thp),
		cmocka_unit_test(test_hl_smaps_kind_large_base_page),
		cmocka_unit_test(test_hl_smaps_anon_huge_within),
		cmocka_unit_test(test_hl_smaps_next_several),
		cmocka_unit_test(test_hl_smaps_next_rejects),
		cmocka_unit_test(test_hl_smaps_next_bad_values),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
