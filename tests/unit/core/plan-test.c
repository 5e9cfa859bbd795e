/* SPDX-License-Identifier: MIT */
/*
 * hl_plan_build: program headers, bias, configuration and page sizes in;
 * the ranges that go on huge pages, and the reasons for the rest, out.
 * The layouts are the ones real linkers produce (readelf -lW).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <elf.h>
#include <string.h>
#include <sys/mman.h>

#include "core/plan.h"

#define M2 0x200000ul
#define G1 0x40000000ul

static const struct hl_sizes sizes = {
	.base = 4096, .def = M2, .avail = { M2, G1 }, .navail = 2,
};

#define LOAD(fl, off, va, fsz, msz) \
	{ PT_LOAD, (fl), (off), (va), (fsz), (msz), 0x1000 }
#define RELRO(va, fsz, msz) { PT_GNU_RELRO, PF_R, 0, (va), (fsz), (msz), 1 }

static void test_hl_sizes_text_names_each_size(void **state)
{
	const struct hl_sizes none = { .base = 4096 };
	char buf[64];

	(void)state;
	assert_string_equal(hl_sizes_text(&sizes, buf, sizeof(buf)), "2M, 1G");
	assert_string_equal(hl_sizes_text(&none, buf, sizeof(buf)), "none");
	assert_string_equal(hl_sizes_text(NULL, buf, sizeof(buf)), "none");
}

/* gcc -pie through hugetlbfs-ld --hugetlbfs-align: GNU ld, 2 MiB. */
static const struct hl_phdr aligned_pie[] = {
	LOAD(PF_R, 0, 0, 0x650, 0x650),
	LOAD(PF_R | PF_X, 0x1000, 0x200000, 0x175, 0x175),
	LOAD(PF_R, 0x2000, 0x400000, 0xe4, 0xe4),
	LOAD(PF_R | PF_W, 0x2dcc, 0x7ffdcc, 0x3d0b70, 0x6d0b90),
	{ PT_TLS, PF_R, 0x2dcc, 0x7ffdcc, 4, 4, 4 },
	RELRO(0x7ffdcc, 0x234, 0x234),
};

/* The same program linked plainly: everything shares pages. */
static const struct hl_phdr plain_pie[] = {
	LOAD(PF_R, 0, 0, 0x650, 0x650),
	LOAD(PF_R | PF_X, 0x1000, 0x1000, 0x175, 0x175),
	LOAD(PF_R, 0x2000, 0x2000, 0xe4, 0xe4),
	LOAD(PF_R | PF_W, 0x2dcc, 0x3dcc, 0x24c, 0x254),
	RELRO(0x3dcc, 0x234, 0x234),
};

/* lld -z max-page-size=0x200000: RELRO in a PT_LOAD of its own. */
static const struct hl_phdr lld_pie[] = {
	LOAD(PF_R, 0, 0, 0x654, 0x654),
	LOAD(PF_R | PF_X, 0x660, 0x200660, 0x170, 0x170),
	LOAD(PF_R | PF_W, 0x7d0, 0x4007d0, 0x1e0, 0x1e0),
	LOAD(PF_R | PF_W, 0x9b0, 0x6009b0, 0x38, 0x39),
	RELRO(0x4007d0, 0x1e0, 0x830),
};

/* A plain -no-pie program with 8 MiB of text and 6 MiB of bss. */
static const struct hl_phdr plain_big[] = {
	LOAD(PF_R, 0, 0x400000, 0x650, 0x650),
	LOAD(PF_R | PF_X, 0x1000, 0x401000, 0x800000, 0x800000),
	LOAD(PF_R, 0x801000, 0xc01000, 0x1000, 0x1000),
	LOAD(PF_R | PF_W, 0x802e10, 0xc02e10, 0x300, 0x600000),
	RELRO(0xc02e10, 0x1f0, 0x1f0),
};

static struct hl_config cfg_env(const char *elfmap)
{
	struct hl_config cfg;

	memset(&cfg, 0, sizeof(cfg));
	cfg.minimal_copy = true;
	if (elfmap)
		assert_int_equal(hl_config_parse_elfmap(&cfg, elfmap), 0);
	return cfg;
}

static struct hl_plan plan_of(const struct hl_config *cfg,
			      const struct hl_phdr *ph, size_t n,
			      uintptr_t bias)
{
	struct hl_plan plan;

	assert_int_equal(hl_plan_build(&plan, cfg, &sizes, ph, n, bias), 0);
	/* Every segment of a built plan has its verdict. */
	for (int i = 0; i < plan.nseg; i++)
		assert_int_not_equal(plan.seg[i].why, HL_WHY_PENDING);
	return plan;
}

#define PLAN(cfg, ph, bias) \
	plan_of(&(cfg), (ph), sizeof(ph) / sizeof((ph)[0]), (bias))

/* gcc -pie through the wrapper with 32 MiB of text, as bench/bigseg.c. */
static const struct hl_phdr big_text_pie[] = {
	LOAD(PF_R, 0, 0, 0x1990, 0x1990),
	LOAD(PF_R | PF_X, 0x2000, 0x200000, 0x200c3e9, 0x200c3e9),
	LOAD(PF_R, 0x200f000, 0x2400000, 0x4578, 0x4578),
	LOAD(PF_R | PF_W, 0x2013d68, 0x27ffd68, 0x2000500, 0x2200298),
	RELRO(0x27ffd68, 0x298, 0x298),
};

/*
 * R:cap=8M: the first 8 MiB of the text; the rest of it stays on base
 * pages.  The headers' segment and the rodata, which fill a few KiB of
 * their huge pages, stay there too and take none of the cap; the data
 * is not asked for.
 */
static void test_hl_plan_build_cap_takes_the_start(void **state)
{
	struct hl_config cfg = cfg_env("R:cap=8M");
	uintptr_t bias = 0x55aa00000000;
	struct hl_plan p = PLAN(cfg, big_text_pie, bias);

	(void)state;
	assert_false(p.seg[0].remap);
	assert_int_equal(p.seg[0].why, HL_WHY_SPARSE);
	assert_true(p.seg[1].remap);
	assert_int_equal(p.seg[1].why, HL_WHY_CAPPED);
	assert_int_equal(p.seg[1].map_start, bias + M2);
	assert_int_equal(p.seg[1].map_end, bias + 5 * M2);
	assert_false(p.seg[2].remap);
	assert_int_equal(p.seg[2].why, HL_WHY_SPARSE);
	assert_false(p.seg[3].remap);
	assert_int_equal(p.seg[3].why, HL_WHY_NOT_ASKED);
}

/* A cap is rounded down to whole pages, and one above the need is none. */
static void test_hl_plan_build_cap_rounds_down(void **state)
{
	struct hl_config cfg = cfg_env("R:cap=5M:W");
	uintptr_t bias = 0x55aa00000000;
	struct hl_plan p = PLAN(cfg, big_text_pie, bias);

	(void)state;
	/* 5 MiB: two pages of text (4 MiB). */
	assert_int_equal(hl_seg_pages(&p.seg[0]), 0);
	assert_int_equal(p.seg[1].why, HL_WHY_CAPPED);
	assert_int_equal(hl_seg_pages(&p.seg[1]), 2);
	assert_int_equal(p.seg[2].why, HL_WHY_SPARSE);
	/* W is not capped. */
	assert_int_equal(p.seg[3].why, HL_WHY_FULL);
	cfg = cfg_env("R:cap=1G");
	p = PLAN(cfg, big_text_pie, bias);
	assert_int_equal(p.seg[1].why, HL_WHY_FULL);
	/* HUGELINK_MIN_FILL=0: the cap is above the need of all three. */
	cfg.min_fill_set = true;
	cfg.min_fill = 0;
	p = PLAN(cfg, big_text_pie, bias);
	for (int i = 0; i < 3; i++)
		assert_int_equal(p.seg[i].why, HL_WHY_FULL);
}

/* The cap of W, the classes named before it. */
static void test_hl_plan_build_cap_of_w(void **state)
{
	struct hl_config cfg = cfg_env("R:W:cap=16M");
	uintptr_t bias = 0x55aa00000000;
	struct hl_plan p = PLAN(cfg, big_text_pie, bias);

	(void)state;
	assert_int_equal(p.seg[1].why, HL_WHY_FULL);
	assert_int_equal(p.seg[3].why, HL_WHY_CAPPED);
	assert_int_equal(hl_seg_pages(&p.seg[3]), 8);
	assert_int_equal(p.seg[3].map_start, bias + 20 * M2);
}

static void test_hl_phdrs_below_align_and_span(void **state)
{
	struct hl_phdr ph[6];

	(void)state;
	memcpy(ph, aligned_pie, sizeof(ph));
	assert_true(hl_phdrs_below(ph, 6, M2, G1));
	assert_false(hl_phdrs_below(ph, 6, 0x1000 / 2, G1));
	/* Only PT_LOADs count. */
	ph[4].align = G1 * 2;
	assert_true(hl_phdrs_below(ph, 6, M2, G1));
	ph[1].align = G1;
	assert_false(hl_phdrs_below(ph, 6, M2, G1));
	ph[1].align = M2;
	ph[3].memsz = G1;
	assert_false(hl_phdrs_below(ph, 6, M2, G1));
	ph[3].memsz = G1 - 1;
	assert_true(hl_phdrs_below(ph, 6, M2, G1));
}

/*
 * On x86-64 the kernel offers 2 MiB pages and perhaps 1 GiB ones, either
 * the default.  For headers aligned to at most 2 MiB whose segments are
 * each under 1 GiB, which ranges move onto which pages does not depend
 * on which (the reason given for a segment left alone can): the runtime
 * plans such an object with the 2 MiB size alone (loader/sizes.h).  Not
 * so with HUGETLB_FORCE_ELFMAP, which with a 1 GiB default leaves a
 * segment under 2 MiB alone.
 */
static void test_hl_plan_build_same_for_any_x86_sizes(void **state)
{
	static const struct hl_sizes alone = {
		.base = 4096, .def = M2, .avail = { M2 }, .navail = 1,
	};
	static const struct hl_sizes gig_default = {
		.base = 4096, .def = G1, .avail = { M2, G1 }, .navail = 2,
	};
	const struct hl_sizes *other[] = { &sizes, &gig_default };
	const struct { const struct hl_phdr *ph; size_t n; } obj[] = {
		{ aligned_pie, 6 }, { plain_pie, 5 }, { lld_pie, 5 },
		{ plain_big, 5 }, { big_text_pie, 5 },
	};
	const char *asks[] = { "R", "W", "RW", "R:cap=8M" };
	const uintptr_t biases[] = { 0, 0x55aa00000000, 0x55aa00001000 };
	struct hl_plan want, got;
	struct hl_config cfg;

	(void)state;
	for (size_t o = 0; o < sizeof(obj) / sizeof(obj[0]); o++)
	for (size_t a = 0; a < sizeof(asks) / sizeof(asks[0]); a++)
	for (size_t b = 0; b < sizeof(biases) / sizeof(biases[0]); b++)
	for (size_t s = 0; s < sizeof(other) / sizeof(other[0]); s++) {
		assert_true(hl_phdrs_below(obj[o].ph, obj[o].n, M2, G1));
		cfg = cfg_env(asks[a]);
		assert_int_equal(hl_plan_build(&want, &cfg, other[s], obj[o].ph,
					       obj[o].n, biases[b]), 0);
		assert_int_equal(hl_plan_build(&got, &cfg, &alone, obj[o].ph,
					       obj[o].n, biases[b]), 0);
		assert_int_equal(got.nseg, want.nseg);
		for (int i = 0; i < got.nseg; i++) {
			assert_int_equal(got.seg[i].remap, want.seg[i].remap);
			if (!got.seg[i].remap)
				continue;
			assert_int_equal(got.seg[i].map_start,
					 want.seg[i].map_start);
			assert_int_equal(got.seg[i].map_end,
					 want.seg[i].map_end);
			assert_int_equal(got.seg[i].page, want.seg[i].page);
		}
	}
}

static void test_hl_plan_build_aligned_rw(void **state)
{
	struct hl_config cfg = cfg_env("RW");
	uintptr_t bias = 0x55aa00000000;
	struct hl_plan p = PLAN(cfg, aligned_pie, bias);

	(void)state;
	assert_int_equal(p.nseg, 4);
	for (int i = 0; i < 3; i++)
		assert_int_equal(p.seg[i].cls, HL_CLASS_R);
	/* The text, 373 bytes, moves: it is what R names. */
	assert_true(p.seg[1].remap);
	assert_int_equal(p.seg[1].why, HL_WHY_FULL);
	assert_int_equal(p.seg[1].map_start, bias + M2);
	assert_int_equal(p.seg[1].map_end, bias + 2 * M2);
	assert_int_equal(hl_seg_pages(&p.seg[1]), 1);
	assert_int_equal(p.seg[1].prot, PROT_READ | PROT_EXEC);
	/* The headers and the rodata, a few hundred bytes, do not. */
	assert_false(p.seg[0].remap);
	assert_int_equal(p.seg[0].why, HL_WHY_SPARSE);
	assert_false(p.seg[2].remap);
	assert_int_equal(p.seg[2].why, HL_WHY_SPARSE);
	/* Data and bss from the RELRO end, RELRO left on base pages. */
	assert_int_equal(p.seg[3].cls, HL_CLASS_W);
	assert_int_equal(p.seg[3].why, HL_WHY_FULL);
	assert_int_equal(p.seg[3].map_start, bias + 0x800000);
	assert_int_equal(p.seg[3].map_end, bias + 0x1000000);
	assert_int_equal(p.seg[3].file_end, bias + 0x7ffdcc + 0x3d0b70);
	assert_int_equal(hl_seg_pages(&p.seg[3]), 4);
}

static void test_hl_plan_build_plain_refused(void **state)
{
	struct hl_config cfg = cfg_env("RW");
	struct hl_plan p = PLAN(cfg, plain_pie, 0x55aa00000000);

	(void)state;
	for (int i = 0; i < 4; i++) {
		assert_false(p.seg[i].remap);
		assert_int_equal(p.seg[i].why, HL_WHY_SHARES_PAGE);
	}
	/* Asked for 1 GiB, it does not fit 2 MiB either. */
	cfg = cfg_env("RW=1G");
	p = PLAN(cfg, plain_pie, 0x55aa00000000);
	assert_int_equal(p.seg[3].why, HL_WHY_SHARES_PAGE);
	assert_int_equal(p.seg[3].asked, 0);
}

static void test_hl_plan_build_force_interior(void **state)
{
	struct hl_config cfg = cfg_env("RW");
	struct hl_plan p;

	(void)state;
	cfg.force = true;
	p = PLAN(cfg, plain_big, 0);
	assert_int_equal(p.seg[0].why, HL_WHY_TOO_SMALL);
	assert_int_equal(p.seg[1].why, HL_WHY_PARTIAL);
	assert_int_equal(p.seg[1].map_start, 0x600000);
	assert_int_equal(p.seg[1].map_end, 0xc00000);
	assert_int_equal(p.seg[2].why, HL_WHY_TOO_SMALL);
	/*
	 * bss: from the first boundary after RELRO; nothing follows it, so
	 * its last huge page stays whole (the heap is prepare's business).
	 */
	assert_int_equal(p.seg[3].why, HL_WHY_PARTIAL);
	assert_int_equal(p.seg[3].map_start, 0xe00000);
	assert_int_equal(p.seg[3].map_end, 0x1400000);
}

static void test_hl_plan_build_lld_layout(void **state)
{
	struct hl_config cfg = cfg_env("RW");
	struct hl_plan p = PLAN(cfg, lld_pie, 0x7f0000000000);

	(void)state;
	assert_int_equal(p.seg[0].why, HL_WHY_SPARSE);
	assert_int_equal(p.seg[1].why, HL_WHY_FULL);
	assert_int_equal(p.seg[1].map_start, 0x7f0000200000);
	assert_int_equal(p.seg[2].why, HL_WHY_ALL_RELRO);
	assert_int_equal(p.seg[3].why, HL_WHY_FULL);
	assert_int_equal(p.seg[3].map_start, 0x7f0000600000);
	assert_int_equal(p.seg[3].map_end, 0x7f0000800000);
}

static void test_hl_plan_build_selection(void **state)
{
	struct hl_config cfg = cfg_env("R");
	struct hl_phdr flagged[4];
	struct hl_plan p;

	(void)state;
	p = PLAN(cfg, aligned_pie, 0);
	assert_true(p.seg[1].remap);
	assert_int_equal(p.seg[3].why, HL_WHY_NOT_ASKED);

	cfg = cfg_env("no");
	p = PLAN(cfg, aligned_pie, 0);
	assert_int_equal(p.seg[0].why, HL_WHY_DISABLED);

	/* Unset: PF_LINUX_HUGETLB decides. */
	memcpy(flagged, aligned_pie, sizeof(flagged));
	flagged[1].flags |= HL_PF_HUGETLB;
	flagged[3].flags |= HL_PF_HUGETLB;
	cfg = cfg_env(NULL);
	p = PLAN(cfg, flagged, 0);
	assert_int_equal(p.seg[0].why, HL_WHY_NOT_ASKED);
	assert_int_equal(p.seg[1].why, HL_WHY_FULL);
	assert_int_equal(p.seg[2].why, HL_WHY_NOT_ASKED);
	assert_int_equal(p.seg[3].why, HL_WHY_FULL);
	assert_true(p.seg[3].flagged);

	/* An explicit HUGETLB_ELFMAP replaces the flags. */
	cfg = cfg_env("R");
	p = PLAN(cfg, flagged, 0);
	assert_int_equal(p.seg[3].why, HL_WHY_NOT_ASKED);
}

static void test_hl_plan_build_page_sizes(void **state)
{
	struct hl_config cfg = cfg_env("R=2M:W=1G");
	static const struct hl_phdr gig[] = {
		LOAD(PF_R | PF_X, 0, 0x400000, 0x5000, 0x5000),
		LOAD(PF_R | PF_W, 0x5e00, 0x3ffffe00, 0x300, 0x2000000),
		RELRO(0x3ffffe00, 0x200, 0x200),
	};
	struct hl_plan p;

	(void)state;
	p = PLAN(cfg, gig, 0);
	assert_int_equal(p.seg[0].page, M2);
	assert_int_equal(p.seg[0].map_start, 0x400000);
	assert_int_equal(p.seg[1].page, G1);
	assert_int_equal(p.seg[1].map_start, G1);
	assert_int_equal(p.seg[1].map_end, 2 * G1);

	/* RELRO and .got.plt, then data on a 1 GiB boundary: the small
	 * segment in between falls back to 2 MiB pages. */
	{
		static const struct hl_phdr split[] = {
			LOAD(PF_R | PF_X, 0, 0x400000, 0x5000, 0x5000),
			LOAD(PF_R | PF_W, 0x5d74, 0xbffd74, 0x374, 0x374),
			LOAD(PF_R | PF_W, 0x7000, G1, 0x300010, G1),
			RELRO(0xbffd74, 0x28c, 0x28c),
		};
		struct hl_config w = cfg_env("R=2M:W=1G");

		p = PLAN(w, split, 0);
		assert_int_equal(p.seg[1].why, HL_WHY_FULL);
		assert_int_equal(p.seg[1].page, M2);
		assert_int_equal(p.seg[1].asked, G1);
		assert_int_equal(p.seg[1].map_start, 0xc00000);
		assert_int_equal(p.seg[1].map_end, 0xe00000);
		assert_int_equal(p.seg[2].page, G1);
		assert_int_equal(p.seg[2].asked, 0);
	}

	cfg = cfg_env("R=16M");
	p = PLAN(cfg, gig, 0);
	assert_int_equal(p.seg[0].why, HL_WHY_NO_SIZE);

	/* HUGETLB_DEFAULT_PAGE_SIZE applies where no size is named. */
	cfg = cfg_env("W");
	cfg.default_page = G1;
	p = PLAN(cfg, gig, 0);
	assert_int_equal(p.seg[1].page, G1);
}

/*
 * arm64 with 4 KiB pages: 64 KiB, 2 MiB, 32 MiB and 1 GiB.  A segment
 * that holds no whole 2 MiB page takes, by default, the largest size it
 * fills; a size named anywhere is kept.
 */
static void test_hl_plan_build_default_takes_the_size_filled(void **state)
{
	static const struct hl_sizes arm64 = {
		.base = 4096, .def = M2,
		.avail = { 0x10000, M2, 0x2000000, G1 }, .navail = 4,
	};
	/* aarch64-linux-gnu-gcc -pie through the wrapper: 88 KiB of text. */
	static const struct hl_phdr small_pie[] = {
		LOAD(PF_R | PF_X, 0, 0, 0x162fc, 0x162fc),
		LOAD(PF_R | PF_W, 0x1fcd8, 0x3ffcd8, 0x5a8, 0x200328),
		RELRO(0x3ffcd8, 0x328, 0x328),
	};
	static const struct hl_phdr tiny_text[] = {
		LOAD(PF_R | PF_X, 0, 0, 0x5000, 0x5000),
	};
	static const struct hl_phdr mib_text[] = {
		LOAD(PF_R | PF_X, 0, 0, 0x100000, 0x100000),
	};
	struct hl_config cfg = cfg_env("RW");
	struct hl_plan p;

	(void)state;
	assert_int_equal(hl_plan_build(&p, &cfg, &arm64, small_pie, 3, 0), 0);
	assert_int_equal(p.seg[0].why, HL_WHY_FULL);
	assert_int_equal(p.seg[0].page, 0x10000);
	assert_int_equal(p.seg[0].map_start, 0);
	assert_int_equal(p.seg[0].map_end, 0x20000);
	assert_int_equal(p.seg[1].page, M2);
	assert_int_equal(p.seg[1].map_start, 0x400000);
	assert_int_equal(p.seg[1].map_end, 0x600000);

	assert_int_equal(hl_plan_build(&p, &cfg, &arm64, mib_text, 1, 0), 0);
	assert_int_equal(p.seg[0].page, 0x10000);
	assert_int_equal(p.seg[0].map_end, 0x100000);

	/* Smaller than any huge page: the default, as before. */
	assert_int_equal(hl_plan_build(&p, &cfg, &arm64, tiny_text, 1, 0), 0);
	assert_int_equal(p.seg[0].page, M2);

	/* Named sizes are kept. */
	cfg = cfg_env("R=2M");
	assert_int_equal(hl_plan_build(&p, &cfg, &arm64, small_pie, 3, 0), 0);
	assert_int_equal(p.seg[0].page, M2);
	cfg = cfg_env("R");
	cfg.default_page = M2;
	assert_int_equal(hl_plan_build(&p, &cfg, &arm64, small_pie, 3, 0), 0);
	assert_int_equal(p.seg[0].page, M2);

	/* x86-64 has nothing between 4 KiB and 2 MiB. */
	cfg = cfg_env("R");
	assert_int_equal(hl_plan_build(&p, &cfg, &sizes, small_pie, 3, 0), 0);
	assert_int_equal(p.seg[0].page, M2);
}

static void test_hl_plan_build_unaligned_base(void **state)
{
	struct hl_config cfg = cfg_env("RW");
	struct hl_plan p = PLAN(cfg, aligned_pie, 0x55aa00001000);

	(void)state;
	/* Text still has its huge page to itself, 4 KiB further on. */
	assert_int_equal(p.seg[1].why, HL_WHY_FULL);
	/* Data would now share its first huge page with RELRO. */
	assert_int_equal(p.seg[3].why, HL_WHY_UNALIGNED_BASE);
	assert_false(p.seg[3].remap);
}

/*
 * A program laid out for 2 MiB pages whose data lands, by the chance of
 * its load address, where a 1 GiB page would hold it alone: the size the
 * layout allows, as at any other address.
 */
static void test_hl_plan_build_size_not_by_chance(void **state)
{
	struct hl_config cfg = cfg_env("W=1G");
	uintptr_t bias = 0x555540000000ul - 0x800000;
	struct hl_plan p = PLAN(cfg, aligned_pie, bias);

	(void)state;
	assert_int_equal(p.seg[3].why, HL_WHY_FULL);
	assert_int_equal(p.seg[3].page, M2);
	assert_int_equal(p.seg[3].asked, G1);
	assert_int_equal(p.seg[3].map_start, bias + 0x800000);
	assert_int_equal(p.seg[3].map_end, bias + 0x1000000);

	/* HUGETLB_FORCE_ELFMAP takes what fits where the object lies. */
	cfg.force = true;
	p = PLAN(cfg, aligned_pie, bias);
	assert_int_equal(p.seg[3].page, G1);
}

static void test_hl_plan_build_malformed(void **state)
{
	struct hl_config cfg = cfg_env("RW");
	struct hl_phdr bad = LOAD(PF_R, 0, 0x1000, 0x2000, 0x1000);
	struct hl_phdr many[HL_MAX_SEGS + 1];
	struct hl_plan p;

	(void)state;
	assert_int_equal(hl_plan_build(&p, &cfg, &sizes, &bad, 1, 0), -1);
	assert_non_null(strstr(p.error, "p_filesz"));

	/* Only a PT_LOAD's sizes count: libhugetlbfs's B and BDT scripts
	 * give PT_INTERP a p_memsz short of its p_filesz. */
	{
		struct hl_phdr bdt[] = {
			{ PT_INTERP, PF_R, 0x200, 0x1000200, 0x40, 0x3c, 8 },
			LOAD(PF_R | PF_X, 0, 0x1000000, 0x1400000, 0x1400000),
		};

		assert_int_equal(hl_plan_build(&p, &cfg, &sizes, bdt, 2, 0), 0);
		assert_int_equal(p.nseg, 1);
		assert_true(p.seg[0].remap);
	}

	bad = (struct hl_phdr)LOAD(PF_R, 0, UINTPTR_MAX - 0x1000, 0, 0x2000);
	assert_int_equal(hl_plan_build(&p, &cfg, &sizes, &bad, 1, 0), -1);
	assert_non_null(strstr(p.error, "overflows"));

	bad = (struct hl_phdr)LOAD(PF_R, 0, 0x1000, 0, 0x2000);
	bad.align = 0x3000;
	assert_int_equal(hl_plan_build(&p, &cfg, &sizes, &bad, 1, 0), -1);

	/* Found by fuzzing: overlapping segments would be swapped over each
	 * other. */
	{
		struct hl_phdr overlap[] = {
			LOAD(PF_R | PF_W, 0, 0x600000, 0x1000, 0x400000),
			LOAD(PF_R | PF_W, 0, 0x200000, 0x1000, 0x1000000),
		};

		cfg.force = true;
		assert_int_equal(hl_plan_build(&p, &cfg, &sizes, overlap, 2, 0),
				 -1);
		assert_non_null(strstr(p.error, "overlapping"));
		cfg.force = false;
	}

	for (int i = 0; i <= HL_MAX_SEGS; i++)
		many[i] = (struct hl_phdr)LOAD(PF_R, 0, i * M2, 0x10, 0x10);
	assert_int_equal(hl_plan_build(&p, &cfg, &sizes, many,
				       HL_MAX_SEGS + 1, 0), -1);
	assert_int_equal(hl_plan_build(&p, &cfg, &sizes, many,
				       HL_MAX_SEGS, 0), 0);
	assert_int_equal(p.nseg, HL_MAX_SEGS);
}

/* gcc -shared with GNU ld's default layout, a large text, bss unpadded. */
static const struct hl_phdr plain_lib[] = {
	LOAD(PF_R, 0, 0, 0x650, 0x650),
	LOAD(PF_R | PF_X, 0x1000, 0x1000, 0x500000, 0x500000),
	LOAD(PF_R, 0x501000, 0x501000, 0x1000, 0x1000),
	LOAD(PF_R | PF_W, 0x502e10, 0x503e10, 0x300, 0x300000),
	RELRO(0x503e10, 0x1f0, 0x1f0),
};

/* gcc -shared through the wrapper: .hugelink.pad ends bss on a boundary. */
static const struct hl_phdr padded_lib[] = {
	LOAD(PF_R, 0, 0, 0x650, 0x650),
	LOAD(PF_R | PF_X, 0x1000, 0x200000, 0x175, 0x175),
	LOAD(PF_R, 0x2000, 0x400000, 0xe4, 0xe4),
	LOAD(PF_R | PF_W, 0x2dcc, 0x7ffdcc, 0x3d0b70, 0x600234),
	RELRO(0x7ffdcc, 0x234, 0x234),
};

static void test_hl_plan_build_object_limit(void **state)
{
	struct hl_config cfg = cfg_env("RW");
	uintptr_t bias = 0x7f0000000000;
	uintptr_t end = hl_phdrs_end(plain_lib, 5, bias, 4096);
	struct hl_plan p;

	(void)state;
	assert_int_equal(end, bias + 0x804000);
	cfg.force = true;
	/* Without a limit, bss's last huge page reaches past the library. */
	p = PLAN(cfg, plain_lib, bias);
	assert_int_equal(p.seg[3].map_end, bias + 0xa00000);
	assert_int_equal(hl_plan_build_object(&p, &cfg, &sizes, plain_lib, 5,
					      bias, end), 0);
	assert_int_equal(p.seg[1].why, HL_WHY_PARTIAL);
	assert_int_equal(p.seg[1].map_end, bias + 0x400000);
	assert_int_equal(p.seg[3].why, HL_WHY_PARTIAL);
	assert_int_equal(p.seg[3].map_start, bias + 0x600000);
	assert_int_equal(p.seg[3].map_end, bias + 0x800000);
	/* Not forced, a range that would reach past it ends before it too;
	 * one that would share a huge page with another segment is refused. */
	cfg.force = false;
	assert_int_equal(hl_plan_build_object(&p, &cfg, &sizes, aligned_pie, 6,
		bias, hl_phdrs_end(aligned_pie, 6, bias, 4096)), 0);
	assert_true(p.seg[1].remap);
	assert_int_equal(p.seg[3].why, HL_WHY_PARTIAL);
	assert_int_equal(p.seg[3].map_start, bias + 0x800000);
	assert_int_equal(p.seg[3].map_end, bias + 0xe00000);
	assert_int_equal(hl_plan_build_object(&p, &cfg, &sizes, plain_lib, 5,
					      bias, end), 0);
	assert_int_equal(p.seg[1].why, HL_WHY_SHARES_PAGE);
	/* The wrapper pads bss to a boundary: then all of it goes. */
	assert_int_equal(hl_plan_build_object(&p, &cfg, &sizes, padded_lib, 5,
		bias, hl_phdrs_end(padded_lib, 5, bias, 4096)), 0);
	assert_int_equal(p.seg[3].why, HL_WHY_FULL);
	assert_int_equal(p.seg[3].map_start, bias + 0x800000);
	assert_int_equal(p.seg[3].map_end, bias + 0xe00000);
}

/* A library linked -z noseparate-code: its headers and text share its
 * first PT_LOAD. */
static const struct hl_phdr joined_lib[] = {
	LOAD(PF_R | PF_X, 0, 0, 0x500000, 0x500000),
	LOAD(PF_R | PF_W, 0x500e10, 0x501e10, 0x300, 0x400),
};

static void test_hl_plan_build_object_floor(void **state)
{
	struct hl_config cfg = cfg_env("R");
	uintptr_t bias = 0x7f0000001000;
	struct hl_plan p;

	(void)state;
	cfg.force = true;
	/* Loaded off a huge-page boundary, the text's first huge page would
	 * begin below the library: its range begins on the next one. */
	p = PLAN(cfg, joined_lib, bias);
	assert_int_equal(p.seg[0].map_start, bias - 0x1000);
	assert_int_equal(hl_plan_build_object(&p, &cfg, &sizes, joined_lib, 2,
		bias, hl_phdrs_end(joined_lib, 2, bias, 4096)), 0);
	assert_int_equal(p.floor, bias);
	assert_int_equal(p.seg[0].why, HL_WHY_PARTIAL);
	assert_int_equal(p.seg[0].map_start, bias + 0x1ff000);
	assert_int_equal(p.seg[0].map_end, bias + 0x3ff000);
	/* Loaded on a boundary, its range begins with the library. */
	assert_int_equal(hl_plan_build_object(&p, &cfg, &sizes, joined_lib, 2,
		bias - 0x1000, hl_phdrs_end(joined_lib, 2, bias - 0x1000,
					    4096)), 0);
	assert_int_equal(p.seg[0].map_start, bias - 0x1000);
	assert_int_equal(p.seg[0].map_end, bias + 0x3ff000);
}

static void test_hl_phdrs_relinked(void **state)
{
	struct hl_sizes none = sizes;

	(void)state;
	assert_true(hl_phdrs_relinked(&sizes, aligned_pie, 6, 0));
	assert_true(hl_phdrs_relinked(&sizes, lld_pie, 5, M2));
	assert_false(hl_phdrs_relinked(&sizes, plain_pie, 5, 0));
	assert_false(hl_phdrs_relinked(&sizes, aligned_pie, 6, 0x1000));
	none.navail = 0;
	assert_false(hl_phdrs_relinked(&none, aligned_pie, 6, 0));
	assert_int_equal(hl_phdrs_end(aligned_pie, 0, 0, 4096), 0);
}

/* The big PIE's plan with RW, then HUGELINK_TEXT=TEXT, BUDGET pages and
 * the hot range [START, START + LEN) from the load address (LEN 0: no
 * order). */
static struct hl_plan text_plan(enum hl_text_mode text, size_t budget,
				uintptr_t start, uintptr_t len)
{
	struct hl_config cfg = cfg_env("RW");
	uintptr_t bias = 0x55aa00000000;
	struct hl_plan p = PLAN(cfg, big_text_pie, bias);
	struct hl_hot hot = { len != 0, bias + start, bias + start + len };

	cfg.text = text;
	cfg.text_budget = budget;
	hl_plan_text(&p, &cfg, &hot);
	return p;
}

static void test_hl_plan_text_hot_keeps_the_hot_pages(void **state)
{
	uintptr_t bias = 0x55aa00000000;
	struct hl_plan p = text_plan(HL_TEXT_HOT, 0, 0x200400, 0x3000);
	struct hl_plan across = text_plan(HL_TEXT_HOT, 0, 0x3ff000, 0x2000);

	(void)state;
	assert_int_equal(p.seg[1].why, HL_WHY_HOT);
	assert_int_equal(p.seg[1].map_start, bias + M2);
	assert_int_equal(p.seg[1].map_end, bias + 2 * M2);
	/* Other segments keep their plan: the headers and the rodata too
	 * empty to move, the data all of it. */
	assert_int_equal(p.seg[0].why, HL_WHY_SPARSE);
	assert_int_equal(p.seg[2].why, HL_WHY_SPARSE);
	assert_int_equal(p.seg[3].why, HL_WHY_FULL);
	assert_int_equal(hl_seg_pages(&p.seg[3]), 17);
	assert_int_equal(hl_seg_pages(&across.seg[1]), 2);
	assert_int_equal(across.seg[1].map_start, bias + M2);
}

static void test_hl_plan_text_hot_elsewhere_or_all(void **state)
{
	struct hl_plan elsewhere = text_plan(HL_TEXT_HOT, 0, 0x2400000, 0x100);
	struct hl_plan unordered = text_plan(HL_TEXT_HOT, 0, 0, 0);
	struct hl_plan all = text_plan(HL_TEXT_ALL, 0, 0x200400, 0x3000);

	(void)state;
	assert_false(elsewhere.seg[1].remap);
	assert_int_equal(elsewhere.seg[1].why, HL_WHY_NOT_HOT);
	assert_true(unordered.seg[1].remap);
	assert_int_equal(unordered.seg[1].why, HL_WHY_NO_ORDER);
	assert_int_equal(hl_seg_pages(&unordered.seg[1]), 17);
	assert_int_equal(all.seg[1].why, HL_WHY_FULL);
	assert_int_equal(hl_seg_pages(&all.seg[1]), 17);
}

static void test_hl_plan_text_budget(void **state)
{
	uintptr_t bias = 0x55aa00000000;
	struct hl_plan first = text_plan(HL_TEXT_ALL, 3, 0, 0);
	struct hl_plan hot = text_plan(HL_TEXT_HOT, 1, 0x200400, 0x300000);
	struct hl_plan roomy = text_plan(HL_TEXT_HOT, 5, 0x200400, 0x3000);

	(void)state;
	assert_int_equal(first.seg[1].why, HL_WHY_TEXT_BUDGET_FIRST);
	assert_int_equal(first.seg[1].map_start, bias + M2);
	assert_int_equal(hl_seg_pages(&first.seg[1]), 3);
	assert_int_equal(hot.seg[1].why, HL_WHY_TEXT_BUDGET);
	assert_int_equal(hl_seg_pages(&hot.seg[1]), 1);
	assert_int_equal(roomy.seg[1].why, HL_WHY_HOT);
	/* The budget is the text's: the data's pages are not counted. */
	assert_int_equal(hl_seg_pages(&first.seg[3]), 17);
}

/* A config of VALUE with HUGELINK_MIN_FILL=FILL. */
static struct hl_config cfg_fill(const char *elfmap, unsigned fill)
{
	struct hl_config cfg = cfg_env(elfmap);

	cfg.min_fill_set = true;
	cfg.min_fill = fill;
	return cfg;
}

/*
 * By default the headers' segment and the rodata, a few hundred bytes
 * each on a 2 MiB page, stay on base pages, whether HUGETLB_ELFMAP or
 * the segments' flags ask; the text and the data move whatever they
 * fill.  HUGELINK_MIN_FILL=0 moves all four, as libhugetlbfs would.
 */
static void test_hl_plan_build_sparse_segments_stay(void **state)
{
	struct hl_config cfg = cfg_env("RW");
	struct hl_config all = cfg_fill("RW", 0);
	struct hl_phdr flagged[6];
	struct hl_plan p;

	(void)state;
	p = PLAN(cfg, aligned_pie, 0);
	assert_int_equal(p.seg[0].why, HL_WHY_SPARSE);
	assert_int_equal(p.seg[1].why, HL_WHY_FULL);
	assert_int_equal(p.seg[2].why, HL_WHY_SPARSE);
	assert_int_equal(p.seg[3].why, HL_WHY_FULL);
	assert_int_equal(hl_seg_pages(&p.seg[0]) + hl_seg_pages(&p.seg[2]), 0);

	memcpy(flagged, aligned_pie, sizeof(flagged));
	for (int i = 0; i < 4; i++)
		flagged[i].flags |= HL_PF_HUGETLB;
	cfg = cfg_env(NULL);
	p = PLAN(cfg, flagged, 0);
	assert_int_equal(p.seg[0].why, HL_WHY_SPARSE);
	assert_int_equal(p.seg[1].why, HL_WHY_FULL);
	assert_int_equal(p.seg[2].why, HL_WHY_SPARSE);

	p = PLAN(all, aligned_pie, 0);
	for (int i = 0; i < 4; i++)
		assert_int_equal(p.seg[i].why, HL_WHY_FULL);
	assert_int_equal(hl_seg_pages(&p.seg[0]) + hl_seg_pages(&p.seg[2]), 2);
}

/* The share is the segment's bytes over its range, at the boundary. */
static void test_hl_plan_build_min_fill_boundary(void **state)
{
	static const struct hl_phdr half[] = {
		LOAD(PF_R | PF_X, 0, 0, 0x1000, 0x1000),
		LOAD(PF_R, 0x200000, M2, 0x100000, 0x100000),
		LOAD(PF_R, 0x400000, 2 * M2, 0xff000, 0xff000),
		LOAD(PF_R, 0x600000, 3 * M2, 0x201000, 0x201000),
		LOAD(PF_R | PF_W, 0xa00000, 5 * M2, 0x100, 0x100),
	};
	struct hl_config cfg = cfg_env("RW");
	struct hl_plan p = PLAN(cfg, half, 0);

	(void)state;
	/* Half of one page moves, 4 KiB less does not. */
	assert_int_equal(p.seg[1].why, HL_WHY_FULL);
	assert_int_equal(p.seg[2].why, HL_WHY_SPARSE);
	/* Just over one page takes two, and fills just over half. */
	assert_int_equal(p.seg[3].why, HL_WHY_FULL);
	assert_int_equal(hl_seg_pages(&p.seg[3]), 2);
	/* 256 bytes of data move: W names them. */
	assert_int_equal(p.seg[4].why, HL_WHY_FULL);

	cfg = cfg_fill("RW", 100);
	p = PLAN(cfg, half, 0);
	assert_int_equal(p.seg[1].why, HL_WHY_SPARSE);
	assert_int_equal(p.seg[3].why, HL_WHY_SPARSE);
	assert_int_equal(p.seg[0].why, HL_WHY_FULL);
	cfg = cfg_fill("RW", 1);
	p = PLAN(cfg, half, 0);
	for (int i = 0; i < 5; i++)
		assert_int_equal(p.seg[i].why, HL_WHY_FULL);
}

/* With 1 GiB pages the headers would take a whole one: they stay. */
static void test_hl_plan_build_min_fill_gigantic(void **state)
{
	static const struct hl_phdr gig_aligned[] = {
		LOAD(PF_R, 0, 0, 0x1990, 0x1990),
		LOAD(PF_R | PF_X, 0x2000, G1, 0x5000, 0x5000),
	};
	struct hl_config cfg = cfg_env("R=1G");
	struct hl_plan p = PLAN(cfg, gig_aligned, 0);

	(void)state;
	assert_int_equal(p.seg[0].why, HL_WHY_SPARSE);
	assert_int_equal(p.seg[1].why, HL_WHY_FULL);
	assert_int_equal(p.seg[1].page, G1);
}

/* HUGELINK_MIN_FILL=0: the headers' page comes first under the cap. */
static void test_hl_plan_build_min_fill_zero_cap(void **state)
{
	struct hl_config cfg = cfg_fill("R:cap=8M", 0);
	uintptr_t bias = 0x55aa00000000;
	struct hl_plan p = PLAN(cfg, big_text_pie, bias);

	(void)state;
	assert_int_equal(p.seg[0].why, HL_WHY_FULL);
	assert_int_equal(hl_seg_pages(&p.seg[0]), 1);
	assert_int_equal(p.seg[1].why, HL_WHY_CAPPED);
	assert_int_equal(p.seg[1].map_end, bias + 4 * M2);
	assert_int_equal(p.seg[2].why, HL_WHY_BEYOND_CAP);
}

/*
 * A cap below one huge page moves nothing of its class, which is said
 * (the cap rounds down to none); a cap taken by the segments before is
 * the cap doing its work.
 */
static void test_hl_plan_build_cap_below_one_page(void **state)
{
	struct hl_config cfg = cfg_env("RW:cap=1M");
	uintptr_t bias = 0x55aa00000000;
	struct hl_plan p = PLAN(cfg, big_text_pie, bias);

	(void)state;
	assert_false(p.seg[1].remap);
	assert_int_equal(p.seg[1].why, HL_WHY_CAP_BELOW_PAGE);
	assert_false(p.seg[3].remap);
	assert_int_equal(p.seg[3].why, HL_WHY_CAP_BELOW_PAGE);
	cfg = cfg_fill("R:cap=3M", 0);
	p = PLAN(cfg, big_text_pie, bias);
	assert_int_equal(p.seg[0].why, HL_WHY_FULL);
	assert_int_equal(p.seg[1].why, HL_WHY_BEYOND_CAP);
}

/* Asked for: by HUGETLB_ELFMAP or a flag, whatever became of it. */
static void test_hl_seg_asked(void **state)
{
	struct hl_seg s = { .why = HL_WHY_NOT_ASKED };

	(void)state;
	assert_false(hl_seg_asked(&s));
	s.why = HL_WHY_DISABLED;
	assert_false(hl_seg_asked(&s));
	s.why = HL_WHY_SHARES_PAGE;
	assert_true(hl_seg_asked(&s));
	s.why = HL_WHY_FULL;
	assert_true(hl_seg_asked(&s));
}

static void test_hl_why_text_every_reason(void **state)
{
	(void)state;
	for (int w = HL_WHY_PENDING; w <= HL_WHY_CAP_BELOW_PAGE; w++)
		assert_string_not_equal(hl_why_text(w), "unknown");
}

/*
 * A segment that ends in the last huge page of the address space: its
 * end would round up past the top to 0, and the range of the segment
 * before it, not seeing it there, would cover it.  Refused; one that
 * ends where that page begins is planned.
 */
static void test_hl_plan_build_end_in_last_page_refused(void **state)
{
	struct hl_config cfg = cfg_env("R");
	const struct hl_phdr top[] = {
		LOAD(PF_R | PF_X, 0, (uintptr_t)0xFFFFFFFFFFA00000, 0x1000,
		     0x1000),
		LOAD(PF_R, 0x2000, (uintptr_t)0xFFFFFFFFFFA02000, 0x1000,
		     0x5FD800),
	};
	const struct hl_phdr below[] = {
		LOAD(PF_R | PF_X, 0, (uintptr_t)0xFFFFFFFFBFC00000, 0x1000,
		     0x200000),
		LOAD(PF_R, 0x2000, (uintptr_t)0xFFFFFFFFBFE00000, 0x1000,
		     0x200000),
	};
	struct hl_plan p;

	(void)state;
	assert_int_equal(hl_plan_build(&p, &cfg, &sizes, top, 2, 0), -1);
	assert_non_null(strstr(p.error, "last huge page"));
	/* The same with the end put there by the bias. */
	assert_int_equal(hl_plan_build(&p, &cfg, &sizes, below, 2,
				       (uintptr_t)0x3FE00000), -1);
	p = PLAN(cfg, below, 0);
	assert_true(p.seg[0].remap);
	assert_true(p.seg[1].remap);
	assert_int_equal(p.seg[1].map_end, (uintptr_t)0xFFFFFFFFC0000000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hl_sizes_text_names_each_size),
		cmocka_unit_test(test_hl_phdrs_below_align_and_span),
		cmocka_unit_test(test_hl_plan_build_same_for_any_x86_sizes),
		cmocka_unit_test(test_hl_plan_build_aligned_rw),
		cmocka_unit_test(test_hl_plan_text_hot_keeps_the_hot_pages),
		cmocka_unit_test(test_hl_plan_text_hot_elsewhere_or_all),
		cmocka_unit_test(test_hl_plan_text_budget),
		cmocka_unit_test(test_hl_plan_build_cap_takes_the_start),
		cmocka_unit_test(test_hl_plan_build_cap_rounds_down),
		cmocka_unit_test(test_hl_plan_build_cap_of_w),
		cmocka_unit_test(test_hl_plan_build_plain_refused),
		cmocka_unit_test(test_hl_plan_build_force_interior),
		cmocka_unit_test(test_hl_plan_build_lld_layout),
		cmocka_unit_test(test_hl_plan_build_selection),
		cmocka_unit_test(test_hl_plan_build_page_sizes),
		cmocka_unit_test(
			test_hl_plan_build_default_takes_the_size_filled),
		cmocka_unit_test(test_hl_plan_build_unaligned_base),
		cmocka_unit_test(test_hl_plan_build_size_not_by_chance),
		cmocka_unit_test(test_hl_plan_build_malformed),
		cmocka_unit_test(test_hl_plan_build_end_in_last_page_refused),
		cmocka_unit_test(test_hl_plan_build_object_limit),
		cmocka_unit_test(test_hl_plan_build_object_floor),
		cmocka_unit_test(test_hl_phdrs_relinked),
		cmocka_unit_test(test_hl_plan_build_sparse_segments_stay),
		cmocka_unit_test(test_hl_plan_build_min_fill_boundary),
		cmocka_unit_test(test_hl_plan_build_min_fill_gigantic),
		cmocka_unit_test(test_hl_plan_build_min_fill_zero_cap),
		cmocka_unit_test(test_hl_plan_build_cap_below_one_page),
		cmocka_unit_test(test_hl_seg_asked),
		cmocka_unit_test(test_hl_why_text_every_reason),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
