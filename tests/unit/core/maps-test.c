/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <sys/sysmacros.h>
#include <cmocka.h>

#include "core/maps.h"

static void test_hl_maps_line_parse_file(void **state)
{
	char line[] = "55d0a0600000-55d0a0800000 r-xp 00200000 fe:01 1234567"
		      "                    /usr/bin/prog\n";
	struct hl_maps_line v;

	(void)state;
	assert_int_equal(hl_maps_line_parse(line, &v), 0);
	assert_int_equal(v.start, 0x55d0a0600000ul);
	assert_int_equal(v.end, 0x55d0a0800000ul);
	assert_string_equal(v.perms, "r-xp");
	assert_int_equal(v.offset, 0x200000);
	assert_int_equal(v.major, 0xfe);
	assert_int_equal(v.minor, 1);
	assert_int_equal(v.inode, 1234567);
	assert_string_equal(v.path, "/usr/bin/prog");
}

static void test_hl_maps_line_parse_anonymous(void **state)
{
	char bare[] = "7f0000000000-7f0000021000 rw-p 00000000 00:00 0\n";
	char heap[] = "5555557000-5555578000 rw-p 00000000 00:00 0"
		      "                          [heap]\n";
	struct hl_maps_line v;

	(void)state;
	assert_int_equal(hl_maps_line_parse(bare, &v), 0);
	assert_int_equal(v.inode, 0);
	assert_string_equal(v.path, "");
	assert_int_equal(hl_maps_line_parse(heap, &v), 0);
	assert_string_equal(v.path, "[heap]");
}

static void test_hl_maps_line_parse_path_with_blanks(void **state)
{
	char line[] =
		"400000-401000 r--p 00000000 08:02 99 /tmp/a b (deleted)\n";
	struct hl_maps_line v;

	(void)state;
	assert_int_equal(hl_maps_line_parse(line, &v), 0);
	assert_string_equal(v.path, "/tmp/a b (deleted)");
}

static void test_hl_maps_line_parse_rejects(void **state)
{
	char empty[] = "";
	char words[] = "not a maps line\n";
	char cut[] = "400000-401000 r--p 00000000 08:02\n";
	char backwards[] = "401000-400000 r--p 00000000 08:02 99 /x\n";
	struct hl_maps_line v;

	(void)state;
	assert_int_equal(hl_maps_line_parse(empty, &v), -1);
	assert_int_equal(hl_maps_line_parse(words, &v), -1);
	assert_int_equal(hl_maps_line_parse(cut, &v), -1);
	assert_int_equal(hl_maps_line_parse(backwards, &v), -1);
}

/* The file a maps line names: a regular file, by inode and device. */
static void test_hl_maps_names_file(void **state)
{
	struct stat st = { .st_mode = S_IFREG | 0755, .st_ino = 99,
			   .st_dev = makedev(8, 2) };

	(void)state;
	assert_true(hl_maps_names_file(&st, 99, 8, 2));
	assert_false(hl_maps_names_file(&st, 98, 8, 2));
	assert_false(hl_maps_names_file(&st, 99, 8, 3));
	assert_false(hl_maps_names_file(&st, 99, 9, 2));
	st.st_mode = S_IFIFO | 0600;
	assert_false(hl_maps_names_file(&st, 99, 8, 2));
}

static void test_hl_maps_made_by_hugelink(void **state)
{
	(void)state;
	assert_true(hl_maps_made_by_hugelink("/anon_hugepage (deleted)"));
	assert_true(hl_maps_made_by_hugelink("/memfd:hugelink (deleted)"));
	assert_true(hl_maps_made_by_hugelink("/dev/hugepages/hugelink/"
		"%2fusr%2fbin%2fprog#0123456789abcdef#2#2048k"));
	assert_true(hl_maps_made_by_hugelink("/dev/hugepages/hugelink/"
		"%2fusr%2fbin%2fprog#0123456789abcdef#2#2048k (deleted)"));
	assert_false(hl_maps_made_by_hugelink("/usr/bin/prog"));
	assert_false(hl_maps_made_by_hugelink("/usr/bin/prog (deleted)"));
	assert_false(hl_maps_made_by_hugelink("/memfd:other (deleted)"));
	assert_false(hl_maps_made_by_hugelink("/tmp/a#b#c#d"));
	assert_false(hl_maps_made_by_hugelink("[heap]"));
	assert_false(hl_maps_made_by_hugelink(""));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hl_maps_line_parse_file),
		cmocka_unit_test(test_hl_maps_line_parse_anonymous),
		cmocka_unit_test(test_hl_maps_line_parse_path_with_blanks),
		cmocka_unit_test(test_hl_maps_line_parse_rejects),
		cmocka_unit_test(test_hl_maps_names_file),
		cmocka_unit_test(test_hl_maps_made_by_hugelink),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
