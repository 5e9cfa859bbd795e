/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "tools/hugectl/ldlist.h"

/* What glibc 2.36's ld.so --list prints, a library preloaded by path,
 * one by name and one missing among them. */
static const char listed[] =
	"\tlinux-vdso.so.1 (0x00007ffd2b1f5000)\n"
	"\t/opt/hl/lib/libhugelink.so.1 (0x00007f0734143000)\n"
	"\tlibz.so.1 => /lib/x86_64-linux-gnu/libz.so.1 (0x00007f0734118000)\n"
	"\tlibgone.so.2 => not found\n"
	"\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f0733f36000)\n"
	"\t/lib64/ld-linux-x86-64.so.2 (0x00007f0734179000)";

static void test_ctl_ldlist_parse_every_kind_of_line(void **state)
{
	struct ctl_ldlist l = { 0 };

	(void)state;
	assert_int_equal(ctl_ldlist_parse(&l, listed), 0);
	assert_int_equal(l.n, 5);
	assert_string_equal(l.lib[0].name, "/opt/hl/lib/libhugelink.so.1");
	assert_string_equal(l.lib[0].path, "/opt/hl/lib/libhugelink.so.1");
	assert_string_equal(l.lib[1].name, "libz.so.1");
	assert_string_equal(l.lib[1].path, "/lib/x86_64-linux-gnu/libz.so.1");
	assert_string_equal(l.lib[2].name, "libgone.so.2");
	assert_null(l.lib[2].path);
	assert_string_equal(l.lib[3].name, "libc.so.6");
	assert_string_equal(l.lib[4].path, "/lib64/ld-linux-x86-64.so.2");
	ctl_ldlist_free(&l);
	assert_int_equal(l.n, 0);
}

static void test_ctl_ldlist_parse_passes_over_other_lines(void **state)
{
	struct ctl_ldlist l = { 0 };

	(void)state;
	assert_int_equal(ctl_ldlist_parse(&l, "\tstatically linked\n"), 0);
	assert_int_equal(ctl_ldlist_parse(&l, "\tnot a dynamic executable\n"
					  "\n\tlibx.so => (0x1000)\n"), 0);
	assert_int_equal(l.n, 0);
	/* A path with spaces keeps them; only the address goes. */
	assert_int_equal(ctl_ldlist_parse(&l, "\tliby.so => /a b/liby.so "
					  "(0x7f00)\n"), 0);
	assert_int_equal(l.n, 1);
	assert_string_equal(l.lib[0].path, "/a b/liby.so");
	ctl_ldlist_free(&l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ctl_ldlist_parse_every_kind_of_line),
		cmocka_unit_test(test_ctl_ldlist_parse_passes_over_other_lines),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
