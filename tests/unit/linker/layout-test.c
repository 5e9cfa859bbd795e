/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "linker/layout.h"

#define MIB ((size_t)1 << 20)
#define GIB ((size_t)1 << 30)

struct parsed {
	struct lw_argv args;
	struct lw_opts o;
	struct lw_layout l;
	int rc;
};

/* Parse ARGV and decide the layout for linker FL and emulation EMU. */
static void decide(struct parsed *p, enum lw_flavour fl, const char *emu,
		   const char *const *argv, size_t n)
{
	memset(p, 0, sizeof(*p));
	assert_int_equal(lw_argv_pushv(&p->args, (char *const *)argv, n), 0);
	assert_int_equal(lw_opts_parse(&p->args, &p->o), 0);
	p->rc = lw_layout_decide(&p->o, fl, emu, &p->l);
}

static void done(struct parsed *p)
{
	lw_opts_free(&p->o);
	lw_argv_free(&p->args);
}

#define DECIDE(p, fl, emu, ...) do { \
	static const char *const argv_[] = { __VA_ARGS__ }; \
	decide(p, fl, emu, argv_, sizeof(argv_) / sizeof(argv_[0])); \
} while (0)

#define REFUSE(fl, emu, ...) do { \
	struct parsed p_; \
	DECIDE(&p_, fl, emu, __VA_ARGS__); \
	assert_int_equal(p_.rc, -1); \
	done(&p_); \
} while (0)

#define ACCEPT(fl, emu, ...) do { \
	struct parsed p_; \
	DECIDE(&p_, fl, emu, __VA_ARGS__); \
	assert_int_equal(p_.rc, 0); \
	done(&p_); \
} while (0)

static void test_lw_layout_decide_gnu_ld(void **state)
{
	struct parsed p;

	(void)state;
	DECIDE(&p, LW_FLAVOUR_BFD, "elf_x86_64", "--hugetlbfs-align");
	assert_int_equal(p.rc, 0);
	assert_int_equal(p.l.method, LW_METHOD_GENERATE);
	assert_int_equal(p.l.page, 2 * MIB);
	assert_int_equal(p.l.text_page, 2 * MIB);
	assert_int_equal(p.l.edit.base_align, 2 * MIB);
	assert_int_equal(p.l.edit.flag, LW_FLAG_NONE);
	done(&p);
	DECIDE(&p, LW_FLAVOUR_BFD, "elf_x86_64", "--hugetlbfs-align",
	       "--hugetlbfs-page-size=1G");
	assert_int_equal(p.l.page, GIB);
	assert_int_equal(p.l.text_page, 2 * MIB);
	assert_int_equal(p.l.edit.base_align, GIB);
	done(&p);
	DECIDE(&p, LW_FLAVOUR_BFD, "elf64ppc", "--hugetlbfs-align");
	assert_int_equal(p.l.page, 16 * MIB);
	done(&p);
}

static void test_lw_layout_decide_user_script(void **state)
{
	struct parsed p;

	(void)state;
	DECIDE(&p, LW_FLAVOUR_BFD, "elf_x86_64", "--hugetlbfs-align", "-T",
	       "x");
	assert_int_equal(p.l.method, LW_METHOD_ZOPTS);
	assert_true(p.l.common_page);
	done(&p);
	REFUSE(LW_FLAVOUR_BFD, "elf_x86_64", "--hugetlbfs-align", "-T", "x",
	       "--hugetlbfs-page-size=1G");
}

static void test_lw_layout_decide_other_linkers(void **state)
{
	static const enum lw_flavour others[] = {
		LW_FLAVOUR_LLD, LW_FLAVOUR_MOLD, LW_FLAVOUR_GOLD,
	};
	struct parsed p;

	(void)state;
	for (size_t i = 0; i < 3; i++) {
		decide(&p, others[i], "elf_x86_64",
		       (const char *const[]){ "--hugetlbfs-align" }, 1);
		assert_int_equal(p.l.method, LW_METHOD_ZOPTS);
		assert_false(p.l.common_page);
		assert_int_equal(p.l.page, 2 * MIB);
		done(&p);
		REFUSE(others[i], "elf_x86_64", "--hugetlbfs-align",
		       "--hugetlbfs-page-size=1G");
		REFUSE(others[i], "elf_x86_64", "--hugetlbfs-link=B");
	}
}

static void script_is(const char *const *argv, size_t n, const char *name,
		      enum lw_flag flag)
{
	struct parsed p;

	decide(&p, LW_FLAVOUR_BFD, "elf_x86_64", argv, n);
	assert_int_equal(p.rc, 0);
	assert_int_equal(p.l.method, LW_METHOD_SCRIPT);
	assert_string_equal(p.l.script_name, name);
	assert_int_equal(p.l.edit.flag, flag);
	done(&p);
}

#define SCRIPT_IS(name, flag, ...) do { \
	static const char *const argv_[] = { __VA_ARGS__ }; \
	script_is(argv_, sizeof(argv_) / sizeof(argv_[0]), name, flag); \
} while (0)

static void test_lw_layout_decide_link_scripts(void **state)
{
	(void)state;
	SCRIPT_IS("elf_x86_64.xB", LW_FLAG_BSS, "--hugetlbfs-link=B");
	SCRIPT_IS("elf_x86_64.xdBDT", LW_FLAG_ALL, "--hugetlbfs-link=BDT",
		  "-pie");
	SCRIPT_IS("elf_x86_64.xdB", LW_FLAG_BSS, "--hugetlbfs-link=B",
		  "-static", "-pie");
	SCRIPT_IS("elf_x86_64.xsBDT", LW_FLAG_ALL, "--hugetlbfs-link=BDT",
		  "-shared");
	SCRIPT_IS("elf_x86_64.xdwB", LW_FLAG_BSS, "--hugetlbfs-link=B", "-pie",
		  "-z", "now");
	SCRIPT_IS("elf_x86_64.xdB", LW_FLAG_BSS, "--hugetlbfs-link=B", "-pie",
		  "-z", "now", "-z", "norelro");
	SCRIPT_IS("elf_x86_64.xB", LW_FLAG_BSS, "--hugetlbfs-link=B",
		  "--hugetlbfs-page-size=2M");
	REFUSE(LW_FLAVOUR_BFD, "elf_x86_64", "--hugetlbfs-link=B", "-T", "x");
	REFUSE(LW_FLAVOUR_BFD, "elf_x86_64", "--hugetlbfs-link=BDT",
	       "--hugetlbfs-page-size=1G");
	REFUSE(LW_FLAVOUR_BFD, "", "--hugetlbfs-link=B",
	       "--hugetlbfs-page-size=2M");
}

static void test_lw_layout_decide_emulation(void **state)
{
	struct parsed p;

	(void)state;
	REFUSE(LW_FLAVOUR_BFD, "elf_iamcu", "--hugetlbfs-align");
	REFUSE(LW_FLAVOUR_LLD, "", "--hugetlbfs-align");
	REFUSE(LW_FLAVOUR_LLD, NULL, "--hugetlbfs-align");
	DECIDE(&p, LW_FLAVOUR_LLD, "", "--hugetlbfs-align",
	       "--hugetlbfs-page-size=64K");
	assert_int_equal(p.rc, 0);
	assert_int_equal(p.l.page, 64 << 10);
	assert_int_equal(p.l.text_page, 64 << 10);
	done(&p);
}

/* A page size the target has no huge page of is refused; a target with
 * no list of its sizes takes any. */
static void test_lw_layout_decide_target_pages(void **state)
{
	(void)state;
	REFUSE(LW_FLAVOUR_BFD, "elf_x86_64", "--hugetlbfs-align",
	       "--hugetlbfs-page-size=4K");
	REFUSE(LW_FLAVOUR_BFD, "elf_x86_64", "--hugetlbfs-align",
	       "--hugetlbfs-page-size=64K");
	REFUSE(LW_FLAVOUR_BFD, "elf_x86_64", "--hugetlbfs-align",
	       "--hugetlbfs-page-size=8M");
	REFUSE(LW_FLAVOUR_LLD, "elf_x86_64", "--hugetlbfs-align",
	       "--hugetlbfs-page-size=2G");
	REFUSE(LW_FLAVOUR_BFD, "elf_i386", "--hugetlbfs-align",
	       "--hugetlbfs-page-size=1G");
	REFUSE(LW_FLAVOUR_BFD, "aarch64linux", "--hugetlbfs-align",
	       "--hugetlbfs-page-size=16K");
	ACCEPT(LW_FLAVOUR_BFD, "aarch64linux", "--hugetlbfs-align",
	       "--hugetlbfs-page-size=64K");
	ACCEPT(LW_FLAVOUR_BFD, "aarch64linux", "--hugetlbfs-align",
	       "--hugetlbfs-page-size=32M");
	ACCEPT(LW_FLAVOUR_BFD, "aarch64linux", "--hugetlbfs-align",
	       "--hugetlbfs-page-size=512M");
	ACCEPT(LW_FLAVOUR_BFD, "elf64ppc", "--hugetlbfs-align",
	       "--hugetlbfs-page-size=64K");
}

static void test_lw_layout_decide_nothing_to_do(void **state)
{
	struct parsed p;

	(void)state;
	DECIDE(&p, LW_FLAVOUR_BFD, "", "--hugetlbfs-align", "-r");
	assert_int_equal(p.rc, 0);
	assert_int_equal(p.l.method, LW_METHOD_NONE);
	done(&p);
	DECIDE(&p, LW_FLAVOUR_BFD, "", "--hugetlbfs-align", "--version");
	assert_int_equal(p.l.method, LW_METHOD_NONE);
	done(&p);
	DECIDE(&p, LW_FLAVOUR_BFD, "", "--hugetlbfs-script-path=/x");
	assert_int_equal(p.l.method, LW_METHOD_NONE);
	done(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lw_layout_decide_gnu_ld),
		cmocka_unit_test(test_lw_layout_decide_user_script),
		cmocka_unit_test(test_lw_layout_decide_other_linkers),
		cmocka_unit_test(test_lw_layout_decide_link_scripts),
		cmocka_unit_test(test_lw_layout_decide_emulation),
		cmocka_unit_test(test_lw_layout_decide_target_pages),
		cmocka_unit_test(test_lw_layout_decide_nothing_to_do),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
