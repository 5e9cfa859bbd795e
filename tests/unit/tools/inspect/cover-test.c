/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <elf.h>

#include "tools/inspect/live.h"

/*
 * A relinked PIE under HUGETLB_ELFMAP=R, as smaps showed it (fields cut
 * to those read): text on 2 MiB hugetlb pages, data on base pages from
 * the file, bss anonymous and advised for THP with one huge page, and a
 * hole where nothing is mapped.
 */
static const char smaps[] =
	"55cf9ee00000-55cf9f200000 r-xp 00000000 00:11 491194    /memfd:hugelink:seg1 (deleted)\n"
	"Size:               4096 kB\n"
	"KernelPageSize:     2048 kB\n"
	"AnonHugePages:         0 kB\n"
	"VmFlags: rd ex mr mw me de ht \n"
	"55cf9f7ff000-55cf9f800000 r--p 00603000 fe:00 10953655  /tmp/sc\n"
	"Size:                  4 kB\n"
	"KernelPageSize:        4 kB\n"
	"VmFlags: rd mr mw me ac \n"
	"55cf9f800000-55cf9fb01000 rw-p 00604000 fe:00 10953655  /tmp/sc\n"
	"Size:               3076 kB\n"
	"KernelPageSize:        4 kB\n"
	"VmFlags: rd wr mr mw me ac \n"
	"55cf9fb01000-55cf9fe00000 rw-p 00000000 00:00 0 \n"
	"Size:               3068 kB\n"
	"KernelPageSize:        4 kB\n"
	"AnonHugePages:      2048 kB\n"
	"VmFlags: rd wr mr mw me ac hg \n";

static const struct hl_phdr ph[] = {
	{ PT_LOAD, PF_R | PF_X, 0x001000, 0x200000, 0x301089, 0x301089,
	  0x1000 },
	{ PT_GNU_RELRO, PF_R, 0x603d74, 0xbffd74, 0x28c, 0x28c, 1 },
	{ PT_LOAD, PF_R | PF_W, 0x603d74, 0xbffd74, 0x30038c, 0x80028c,
	  0x1000 },
};

static void live(struct inspect_live *lv, struct inspect_object *o)
{
	char *text = strdup(smaps);

	memset(lv, 0, sizeof(*lv));
	memset(o, 0, sizeof(*o));
	lv->pid = 42;
	lv->base_page = 4096;
	assert_non_null(text);
	assert_int_equal(inspect_live_parse(lv, text), 0);
	assert_int_equal(lv->nmap, 4);
	o->bias = 0x55cf9ec00000;
	o->major = 0xfe;
	o->inode = 10953655;
}

static void done(struct inspect_live *lv, struct inspect_object *o)
{
	free(o->seg);
	inspect_live_free(lv);
}

static void test_inspect_cover_text_on_hugetlb(void **state)
{
	struct inspect_live lv;
	struct inspect_object o;
	const struct inspect_part *p;

	(void)state;
	live(&lv, &o);
	assert_int_equal(inspect_cover(&lv, &o, ph, 3), 0);
	assert_int_equal(o.nseg, 2);
	assert_int_equal(o.seg[0].phdr, 0);
	assert_int_equal(o.seg[0].start, 0x55cf9ee00000);
	assert_int_equal(o.seg[0].nparts, 1);
	p = &lv.part[o.seg[0].first];
	assert_int_equal(p->backing, INSPECT_BACK_HUGETLB);
	assert_int_equal(p->page, 2 << 20);
	assert_int_equal(p->huge, 0x301089);
	assert_false(p->own_file);
	assert_int_equal(inspect_lseg_backing(&lv, &o.seg[0]),
			 INSPECT_BACK_HUGETLB);
	assert_string_equal(inspect_backing_code(INSPECT_BACK_HUGETLB),
			    "hugetlb");
	done(&lv, &o);
}

/* Data: RELRO and data from the file, bss partly THP, then a hole. */
static void test_inspect_cover_data_in_parts(void **state)
{
	struct inspect_live lv;
	struct inspect_object o;
	const struct inspect_lseg *s;
	const struct inspect_part *p;

	(void)state;
	live(&lv, &o);
	assert_int_equal(inspect_cover(&lv, &o, ph, 3), 0);
	s = &o.seg[1];
	assert_int_equal(s->phdr, 2);
	assert_int_equal(s->start, 0x55cf9f7ffd74);
	assert_int_equal(s->end, 0x55cfa0000000);
	assert_int_equal(s->nparts, 4);
	p = &lv.part[s->first];
	assert_int_equal(p[0].start, 0x55cf9f7ffd74);
	assert_int_equal(p[0].end, 0x55cf9f800000);
	assert_int_equal(p[0].backing, INSPECT_BACK_BASE);
	assert_true(p[0].own_file);
	assert_true(p[1].own_file);
	assert_int_equal(p[2].backing, INSPECT_BACK_THP);
	assert_int_equal(p[2].huge, 2 << 20);
	assert_false(p[2].own_file);
	assert_int_equal(p[3].start, 0x55cf9fe00000);
	assert_int_equal(p[3].end, 0x55cfa0000000);
	assert_int_equal(p[3].backing, INSPECT_BACK_UNMAPPED);
	assert_null(p[3].map);
	assert_int_equal(inspect_lseg_backing(&lv, s), INSPECT_BACK_MIXED);
	assert_int_equal(inspect_lseg_huge(&lv, s), 2 << 20);
	done(&lv, &o);
}

/* A THP mapping wider than the part is credited with at most the part. */
static void test_inspect_cover_thp_beyond_segment(void **state)
{
	struct hl_phdr bss = { PT_LOAD, PF_R | PF_W, 0, 0xf01000, 0, 0x1000,
			       0x1000 };
	struct inspect_live lv;
	struct inspect_object o;

	(void)state;
	live(&lv, &o);
	assert_int_equal(inspect_cover(&lv, &o, &bss, 1), 0);
	assert_int_equal(o.seg[0].nparts, 1);
	assert_int_equal(lv.part[o.seg[0].first].backing, INSPECT_BACK_THP);
	assert_int_equal(lv.part[o.seg[0].first].huge, 0x1000);
	done(&lv, &o);
}

/*
 * Text served from the program file's page cache (FilePmdMapped) is
 * page_cache; the same counts in a mapping hugelink made stay thp.
 */
static void test_inspect_cover_page_cache(void **state)
{
	static const char served[] =
		"55cf9ee00000-55cf9f200000 r-xp 00200000 fe:00 10953655  /tmp/sc\n"
		"Size:               4096 kB\n"
		"KernelPageSize:        4 kB\n"
		"FilePmdMapped:      4096 kB\n"
		"VmFlags: rd ex mr mw me hg \n";
	static const char made[] =
		"55cf9ee00000-55cf9f200000 r-xp 00000000 00:11 491194    /memfd:hugelink:seg1 (deleted)\n"
		"Size:               4096 kB\n"
		"KernelPageSize:        4 kB\n"
		"FilePmdMapped:      4096 kB\n"
		"VmFlags: rd ex mr mw me hg \n";
	const char *text[] = { served, made };
	const enum inspect_backing want[] = { INSPECT_BACK_PAGE_CACHE,
					      INSPECT_BACK_THP };
	struct inspect_live lv;
	struct inspect_object o;
	const struct inspect_part *p;

	(void)state;
	for (int i = 0; i < 2; i++) {
		char *copy = strdup(text[i]);

		assert_non_null(copy);
		memset(&lv, 0, sizeof(lv));
		memset(&o, 0, sizeof(o));
		lv.base_page = 4096;
		assert_int_equal(inspect_live_parse(&lv, copy), 0);
		o.bias = 0x55cf9ec00000;
		o.major = 0xfe;
		o.inode = 10953655;
		assert_int_equal(inspect_cover(&lv, &o, ph, 1), 0);
		p = &lv.part[o.seg[0].first];
		assert_int_equal(p->backing, want[i]);
		assert_int_equal(p->huge, 0x301089);
		assert_int_equal(p->own_file, i == 0);
		done(&lv, &o);
	}
	assert_string_equal(inspect_backing_code(INSPECT_BACK_PAGE_CACHE),
			    "page_cache");
}

static void test_inspect_live_parse_refuses_junk(void **state)
{
	struct inspect_live lv;

	(void)state;
	memset(&lv, 0, sizeof(lv));
	assert_int_equal(inspect_live_parse(&lv, strdup("Size: 4 kB\n")), -1);
	inspect_live_free(&lv);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_inspect_cover_text_on_hugetlb),
		cmocka_unit_test(test_inspect_cover_data_in_parts),
		cmocka_unit_test(test_inspect_cover_thp_beyond_segment),
		cmocka_unit_test(test_inspect_cover_page_cache),
		cmocka_unit_test(test_inspect_live_parse_refuses_junk),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
