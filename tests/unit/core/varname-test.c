/* SPDX-License-Identifier: MIT */
/*
 * hl_varname_judge: hugelink's names, libhugetlbfs's, and mistakes for
 * them, each with the name meant.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "core/config.h"
#include "core/varname.h"

static void expect(const char *entry, enum hl_varname want,
		   const char *meant_want)
{
	const char *meant = "unset";
	enum hl_varname got = hl_varname_judge(entry, &meant);

	if (got != want)
		fail_msg("%s: judged %d, not %d", entry, got, want);
	if (!meant_want)
		assert_null(meant);
	else if (!meant || strcmp(meant, meant_want))
		fail_msg("%s: meant %s, not %s", entry, meant ? meant : "NULL",
			 meant_want);
}

/* A getter that answers nothing, and fails each name asked that is not
 * one hugelink knows. */
static const char *known_only(const char *name, void *ctx)
{
	const char *meant;

	(void)ctx;
	if (hl_varname_judge(name, &meant) != HL_VARNAME_KNOWN)
		fail_msg("the configuration reads %s, an unknown name", name);
	return NULL;
}

/* Every name the configuration reads is known: the list and the reader
 * agree. */
static void test_hl_varname_judge_config_names(void **state)
{
	struct hl_config cfg;

	(void)state;
	hl_config_read(&cfg, known_only, NULL, false, "prog");
	assert_true(hl_config_may_ask(known_only, NULL) == false);
}

static void test_hl_varname_judge_known(void **state)
{
	(void)state;
	expect("HUGETLB_ELFMAP=RW", HL_VARNAME_KNOWN, NULL);
	expect("HUGETLB_FORCE_ELFMAP", HL_VARNAME_KNOWN, NULL);
	expect("HUGETLB_NO_RESERVE=yes", HL_VARNAME_KNOWN, NULL);
	expect("HUGELINK_BACKING=thp", HL_VARNAME_KNOWN, NULL);
	expect("HUGELINK_FAULT=swap", HL_VARNAME_KNOWN, NULL);
	expect("HUGELINK_LD=/usr/bin/ld.gold", HL_VARNAME_KNOWN, NULL);
	expect("HUGELINK_WRAPPER_PID=12", HL_VARNAME_KNOWN, NULL);
	expect("HUGELINK_CTL_PID=12", HL_VARNAME_KNOWN, NULL);
	expect("HUGETLB_SHARE=", HL_VARNAME_KNOWN, NULL);
}

/* libhugetlbfs's names, which hugelink does not read, are no mistake. */
static void test_hl_varname_judge_libhugetlbfs(void **state)
{
	(void)state;
	expect("HUGETLB_MORECORE=yes", HL_VARNAME_LIBHUGETLBFS, NULL);
	expect("HUGETLB_MORECORE_HEAPBASE=0x1000",
	       HL_VARNAME_LIBHUGETLBFS, NULL);
	expect("HUGETLB_MORECORE_SHRINK=yes", HL_VARNAME_LIBHUGETLBFS, NULL);
	expect("HUGETLB_SHM=yes", HL_VARNAME_LIBHUGETLBFS, NULL);
	expect("HUGETLB_NO_PREFAULT=", HL_VARNAME_LIBHUGETLBFS, NULL);
	expect("HUGETLB_FEATURES=no_private_resv", HL_VARNAME_LIBHUGETLBFS,
	       NULL);
	expect("HUGETLB_LDSCRIPT_PATH=/usr/share/libhugetlbfs/ldscripts",
	       HL_VARNAME_LIBHUGETLBFS, NULL);
	expect("HUGETLB_DEPRECATED_LINK=1", HL_VARNAME_LIBHUGETLBFS, NULL);
	expect("HUGETLB_FORCE_ELFMAP_EXECSTART=1", HL_VARNAME_LIBHUGETLBFS,
	       NULL);
}

/* One or two letters off, in any case: the closest name is meant. */
static void test_hl_varname_judge_near(void **state)
{
	(void)state;
	expect("HUGTLB_ELFMAP=RW", HL_VARNAME_NEAR, "HUGETLB_ELFMAP");
	expect("HUGETLB_ELFMPA=RW", HL_VARNAME_NEAR, "HUGETLB_ELFMAP");
	expect("HUGETLB_ELF_MAP=RW", HL_VARNAME_NEAR, "HUGETLB_ELFMAP");
	expect("HUGE_TLB_ELFMAP=RW", HL_VARNAME_NEAR, "HUGETLB_ELFMAP");
	expect("HGUETLB_ELFMAP=RW", HL_VARNAME_NEAR, "HUGETLB_ELFMAP");
	expect("hugetlb_elfmap=RW", HL_VARNAME_NEAR, "HUGETLB_ELFMAP");
	expect("HUGELINK_BACKIN=file", HL_VARNAME_NEAR, "HUGELINK_BACKING");
	expect("HUGELINK_BAKCING=file", HL_VARNAME_NEAR, "HUGELINK_BACKING");
	/* libhugetlbfs's own hugectl(8) spells it so. */
	expect("HUGETLB_FORCE_ELMAP=yes", HL_VARNAME_NEAR,
	       "HUGETLB_FORCE_ELFMAP");
	expect("HUGETLB_SHAR=1", HL_VARNAME_NEAR, "HUGETLB_SHARE");
	expect("HUGETLB_MORCORE=yes", HL_VARNAME_NEAR, "HUGETLB_MORECORE");
	expect("HUGETLB_VERBOES", HL_VARNAME_NEAR, "HUGETLB_VERBOSE");
	expect("UGETLB_ELFMAP=RW", HL_VARNAME_NEAR, "HUGETLB_ELFMAP");
	expect("JUGETLB_ELFMAP=RW", HL_VARNAME_NEAR, "HUGETLB_ELFMAP");
}

/* The right words after a prefix within two letters of ours, or after
 * the other of ours. */
static void test_hl_varname_judge_prefix(void **state)
{
	(void)state;
	expect("HUGETLBFS_SHARE_PATH=/mnt", HL_VARNAME_NEAR,
	       "HUGETLB_SHARE_PATH");
	expect("HUGETLBFS_FORCE_ELFMA=yes", HL_VARNAME_OTHER, NULL);
	expect("HUGELINK_ELFMAP=R", HL_VARNAME_NEAR, "HUGETLB_ELFMAP");
	expect("HUGETLB_BACKING=thp", HL_VARNAME_NEAR, "HUGELINK_BACKING");
	expect("HUGETLB_MIN_FILL=0", HL_VARNAME_NEAR, "HUGELINK_MIN_FILL");
	expect("HUGELNK_TEXT_BUDGET=4", HL_VARNAME_NEAR,
	       "HUGELINK_TEXT_BUDGET");
	expect("HUGEPAGE_ELFMAP=R", HL_VARNAME_OTHER, NULL);
}

/* Our prefix and no name near: unknown; another prefix: not ours. */
static void test_hl_varname_judge_unknown(void **state)
{
	(void)state;
	expect("HUGETLB_FOO=1", HL_VARNAME_UNKNOWN, NULL);
	expect("HUGETLB_=1", HL_VARNAME_UNKNOWN, NULL);
	expect("HUGELINK_SOMETHING_ELSE", HL_VARNAME_UNKNOWN, NULL);
	expect("HUGEPAGES=16", HL_VARNAME_OTHER, NULL);
	expect("HUGETLBFS_MOUNT=/mnt", HL_VARNAME_OTHER, NULL);
	expect("HOME=/root", HL_VARNAME_OTHER, NULL);
	expect("HISTFILESIZE=2000", HL_VARNAME_OTHER, NULL);
	expect("=", HL_VARNAME_OTHER, NULL);
	expect("", HL_VARNAME_OTHER, NULL);
	expect("HUGETLB_ELFMAP_BUT_MUCH_LONGER_THAN_ANY_NAME_KNOWN=1",
	       HL_VARNAME_UNKNOWN, NULL);
}

static void test_hl_varname_odd(void **state)
{
	(void)state;
	assert_true(hl_varname_odd("HUGTLB_ELFMAP=RW"));
	assert_true(hl_varname_odd("HUGETLB_FOO=1"));
	assert_false(hl_varname_odd("HUGETLB_ELFMAP=RW"));
	assert_false(hl_varname_odd("HUGETLB_MORECORE=yes"));
	assert_false(hl_varname_odd("HUGEPAGES=1"));
}

/* Only names that begin as ours, or near them, need a judge. */
static void test_hl_varname_alike(void **state)
{
	(void)state;
	assert_true(hl_varname_alike("HUGETLB_ELFMAP=R"));
	assert_true(hl_varname_alike("HUGELINK_LIBS=all"));
	assert_true(hl_varname_alike("HGUETLB_ELFMAP=R"));
	assert_true(hl_varname_alike("hugetlb_elfmap=R"));
	assert_true(hl_varname_alike("UGETLB_ELFMAP=R"));
	assert_true(hl_varname_alike("JUGETLB_ELFMAP=R"));
	assert_false(hl_varname_alike("HOME=/root"));
	assert_false(hl_varname_alike("PATH=/bin"));
	assert_false(hl_varname_alike("H"));
	assert_false(hl_varname_alike(""));
}

static void test_hl_varname_text(void **state)
{
	char buf[12];

	(void)state;
	assert_string_equal(hl_varname_text("HUGTLB_X=1", buf, sizeof(buf)),
			    "HUGTLB_X");
	assert_string_equal(hl_varname_text("HUG\tX\x80=1", buf, sizeof(buf)),
			    "HUG?X?");
	assert_string_equal(hl_varname_text("HUGETLB_ELFMAP=1", buf,
					    sizeof(buf)), "HUGETLB_...");
	assert_string_equal(hl_varname_text("HUGETLB_ELF", buf, sizeof(buf)),
			    "HUGETLB_ELF");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hl_varname_judge_config_names),
		cmocka_unit_test(test_hl_varname_judge_known),
		cmocka_unit_test(test_hl_varname_judge_libhugetlbfs),
		cmocka_unit_test(test_hl_varname_judge_near),
		cmocka_unit_test(test_hl_varname_judge_prefix),
		cmocka_unit_test(test_hl_varname_judge_unknown),
		cmocka_unit_test(test_hl_varname_odd),
		cmocka_unit_test(test_hl_varname_alike),
		cmocka_unit_test(test_hl_varname_text),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
