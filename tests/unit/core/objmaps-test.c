/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include <elf.h>

#include "core/objmaps.h"

static const struct hl_maps_file prog = {
	.major = 0xfe, .minor = 1, .inode = 4242, .path = "/usr/bin/prog",
};

/* The segment's own memory is [0x600000, 0x700000); the range around
 * it, rounded out to 2 MiB, [0x400000, 0x800000). */
static const struct hl_maps_query q = {
	.lo = 0x400000, .hi = 0x800000, .own_lo = 0x600000, .own_hi = 0x700000,
	.prog = &prog, .base = 0x1000, .brk_follows = true,
};

static struct hl_maps_line line(uintptr_t start, uintptr_t end,
				unsigned long inode, const char *path)
{
	struct hl_maps_line v;

	memset(&v, 0, sizeof(v));
	v.start = start;
	v.end = end;
	v.major = 0xfe;
	v.minor = 1;
	v.inode = inode;
	v.path = path;
	strcpy(v.perms, "rw-p");
	return v;
}

static enum hl_maps_verdict judge(struct hl_maps_line v,
				  struct hl_maps_info *info)
{
	return hl_maps_judge(&q, &v, info);
}

static void test_hl_maps_judge_own_memory(void **state)
{
	struct hl_maps_info info;

	(void)state;
	hl_maps_begin(&q, &info);
	assert_int_equal(judge(line(0x600000, 0x680000, 4242, prog.path),
			       &info), HL_MAPS_OURS_TO_TAKE);
	assert_int_equal(judge(line(0x680000, 0x700000, 0, ""), &info),
			 HL_MAPS_OURS_TO_TAKE);
	assert_int_equal(judge(line(0x700000, 0x710000, 0, "[heap]"), &info),
			 HL_MAPS_OURS_TO_TAKE);
	assert_int_equal(info.heap_start, 0x700000);
	assert_int_equal(info.clear_lo, q.lo);
	assert_int_equal(info.clear_hi, q.hi);
}

static void test_hl_maps_judge_heap_outside_range(void **state)
{
	struct hl_maps_info info;

	(void)state;
	hl_maps_begin(&q, &info);
	assert_int_equal(judge(line(0x900000, 0x920000, 0, "[heap]"), &info),
			 HL_MAPS_OURS_TO_TAKE);
	assert_int_equal(info.heap_start, 0x900000);
	/* A foreign mapping outside the range does not matter. */
	assert_int_equal(judge(line(0x800000, 0x801000, 7, "/lib/x.so"), &info),
			 HL_MAPS_OURS_TO_TAKE);
}

static void test_hl_maps_judge_already_huge(void **state)
{
	struct hl_maps_info info;

	(void)state;
	hl_maps_begin(&q, &info);
	assert_int_equal(judge(line(0x400000, 0x800000, 99,
				    "/memfd:hugelink:seg1 (deleted)"), &info),
			 HL_MAPS_ALREADY_HUGE);
	/* The private hugetlb pages of a range hugelink swapped in. */
	assert_int_equal(judge(line(0x400000, 0x800000, 12345,
				    "/anon_hugepage (deleted)"), &info),
			 HL_MAPS_ALREADY_HUGE);
}

static void test_hl_maps_judge_foreign_narrows_or_refuses(void **state)
{
	struct hl_maps_info info;

	(void)state;
	hl_maps_begin(&q, &info);
	/* Beside the segment's own memory: the range shrinks around it. */
	assert_int_equal(judge(line(0x400000, 0x401000, 0, "[vvar]"), &info),
			 HL_MAPS_OURS_TO_TAKE);
	assert_int_equal(judge(line(0x7f0000, 0x7f2000, 0, "[vdso]"), &info),
			 HL_MAPS_OURS_TO_TAKE);
	assert_int_equal(info.clear_lo, 0x401000);
	assert_int_equal(info.clear_hi, 0x7f0000);
	/* Inside it: refused, and named. */
	assert_int_equal(judge(line(0x600000, 0x650000, 4242, prog.path),
			       &info),
			 HL_MAPS_OURS_TO_TAKE);
	assert_int_equal(judge(line(0x650000, 0x651000, 7, "/lib/x.so"), &info),
			 HL_MAPS_FOREIGN);
	assert_non_null(strstr(info.foreign, "/lib/x.so"));
	/* Another file with the program's inode but another device. */
	{
		struct hl_maps_line v = line(0x610000, 0x611000, 4242,
					     "/mnt/y");

		v.minor = 2;
		assert_int_equal(hl_maps_judge(&q, &v, &info), HL_MAPS_FOREIGN);
	}
}

static void test_hl_maps_file_match(void **state)
{
	struct hl_maps_line v = line(0x400000, 0x500000, 4242, prog.path);
	struct hl_maps_file f;

	(void)state;
	memset(&f, 0, sizeof(f));
	v.offset = 0x1000;
	assert_int_equal(hl_maps_file_match(0x3fffff, 0xfff, &v, &f), 0);
	assert_int_equal(hl_maps_file_match(0x500000, 0x101000, &v, &f), 0);
	assert_int_equal(hl_maps_file_match(0x400040, 0x1040, &v, &f), 1);
	assert_int_equal(f.inode, 4242);
	assert_int_equal(f.start, 0x400000);
	assert_int_equal(f.end, 0x500000);
	assert_string_equal(f.path, prog.path);
	/* The file, but not holding that byte there. */
	assert_int_equal(hl_maps_file_match(0x400040, 0x40, &v, &f), 0);
	v = line(0x400000, 0x500000, 0, "");
	assert_int_equal(hl_maps_file_match(0x400000, 0, &v, &f), 0);
	v = line(0x400000, 0x500000, 3, "[vdso]");
	assert_int_equal(hl_maps_file_match(0x400000, 0, &v, &f), 0);
}

/* Memory hugelink made is never an object's file, whatever its offset. */
static void test_hl_maps_file_match_not_ours(void **state)
{
	struct hl_maps_line v = line(0x400000, 0x600000, 77,
				     "/anon_hugepage (deleted)");
	struct hl_maps_file f;

	(void)state;
	assert_int_equal(hl_maps_file_match(0x400000, 0, &v, &f), 0);
}

/* Lines as /proc/self/maps has them, in a struct hl_maps. */
static struct hl_maps maps_of(char *text)
{
	struct hl_maps m = { .text = text, .len = strlen(text),
			     .cap = strlen(text) + 1 };

	return m;
}

/*
 * A program of three segments whose first (headers, offset 0) an earlier
 * pass moved onto a huge page that begins where it does: its file is
 * found at the second.
 */
static void test_hl_maps_object_file(void **state)
{
	char first_moved[] =
		"555555400000-555555600000 r--p 00000000 00:11 901 /anon_hugepage (deleted)\n"
		"555555600000-555555601000 r-xp 00001000 fe:01 4242 /usr/bin/prog\n"
		"555555601000-555555602000 rw-p 00002000 fe:01 4242 /usr/bin/prog\n";
	char all_moved[] =
		"555555400000-555555600000 r--p 00000000 00:11 901 /anon_hugepage (deleted)\n"
		"555555600000-555555800000 r-xp 00000000 00:11 902 /anon_hugepage (deleted)\n"
		"555555800000-555555a00000 rw-p 00000000 00:00 0 \n";
	char foreign[] =
		"555555400000-555555600000 r--p 00005000 fe:01 77 /tmp/other\n";
	const struct hl_phdr ph[] = {
		{ .type = PT_LOAD, .offset = 0 },
		{ .type = PT_LOAD, .offset = 0x1000 },
		{ .type = PT_LOAD, .offset = 0x2000 },
	};
	struct hl_plan plan = { .nseg = 3, .seg = {
		{ .phdr = 0, .start = 0x555555400000,
		  .file_end = 0x555555400100 },
		{ .phdr = 1, .start = 0x555555600000,
		  .file_end = 0x555555600100 },
		{ .phdr = 2, .start = 0x555555601000,
		  .file_end = 0x555555601100 },
	} };
	struct hl_maps m;
	struct hl_maps_file f;

	(void)state;
	m = maps_of(first_moved);
	assert_int_equal(hl_maps_object_file(&m, &plan, ph, &f), 0);
	assert_int_equal(f.inode, 4242);
	assert_int_equal(f.start, 0x555555600000);

	plan.seg[2].start = 0x555555800000;
	plan.seg[2].file_end = 0x555555800100;
	m = maps_of(all_moved);
	assert_int_equal(hl_maps_object_file(&m, &plan, ph, &f), 1);

	plan.nseg = 1;
	m = maps_of(foreign);
	assert_int_equal(hl_maps_object_file(&m, &plan, ph, &f), -1);
}

static void test_hl_maps_judge_moved_off_the_file(void **state)
{
	/* The segment holds file bytes up to 0x650000, bss after. */
	struct hl_maps_query qf = q;
	struct hl_maps_info info;

	(void)state;
	qf.file_end = 0x650000;
	hl_maps_begin(&qf, &info);
	assert_int_equal(hl_maps_judge(&qf, &(struct hl_maps_line){
		0x600000, 0x650000, 0, 4242, 0xfe, 1, "r-xp",
		prog.path }, &info),
		HL_MAPS_OURS_TO_TAKE);
	/* Anonymous memory past the file bytes is the bss. */
	assert_int_equal(hl_maps_judge(&qf, &(struct hl_maps_line){
		0x650000, 0x700000, 0, 0, 0, 0, "rw-p", "" }, &info),
		HL_MAPS_OURS_TO_TAKE);
	/* Where the file should be: a THP copy, or a shared file. */
	assert_int_equal(hl_maps_judge(&qf, &(struct hl_maps_line){
		0x400000, 0x800000, 0, 0, 0, 0, "r-xp", "" }, &info),
		HL_MAPS_ALREADY_HUGE);
	assert_int_equal(hl_maps_judge(&qf, &(struct hl_maps_line){
		0x400000, 0x800000, 0, 77, 0, 40, "r-xp",
		"/dev/hugepages/elflink-uid-0/x" }, &info),
		HL_MAPS_ALREADY_HUGE);
}

/*
 * A writable segment of a library: file bytes [0x600000, 0x640800) from
 * offset 0x200000, bss to 0x6a0000, in a range [0x600000, 0x800000).
 */
static const struct hl_maps_query lib = {
	.lo = 0x600000, .hi = 0x800000, .own_lo = 0x600000, .own_hi = 0x6a0000,
	.prog = &prog, .file_end = 0x640800, .file_off = 0x200000,
	.base = 0x1000,
};

static struct hl_maps_line file_line(uintptr_t start, uintptr_t end,
				     unsigned long off, const char *perms)
{
	struct hl_maps_line v = line(start, end, 4242, prog.path);

	v.offset = off;
	strcpy(v.perms, perms);
	return v;
}

/* Judge LINES in order for Q, then the end: the worst verdict. */
static enum hl_maps_verdict judge_all(const struct hl_maps_query *qq,
				      const struct hl_maps_line *lines, int n,
				      struct hl_maps_info *info)
{
	enum hl_maps_verdict worst = HL_MAPS_OURS_TO_TAKE, v;

	hl_maps_begin(qq, info);
	for (int i = 0; i < n; i++) {
		v = hl_maps_judge(qq, &lines[i], info);
		if (v > worst)
			worst = v;
	}
	v = hl_maps_end(qq, info);
	return v > worst ? v : worst;
}

static void test_hl_maps_judge_library_whole(void **state)
{
	const struct hl_maps_line lines[] = {
		file_line(0x600000, 0x641000, 0x200000, "rw-p"),
		line(0x641000, 0x6a0000, 0, ""),
	};
	struct hl_maps_info info;

	(void)state;
	assert_int_equal(judge_all(&lib, lines, 2, &info),
			 HL_MAPS_OURS_TO_TAKE);
	assert_int_equal(info.clear_lo, lib.lo);
	assert_int_equal(info.clear_hi, lib.hi);
}

/* Nothing mapped between the file bytes and bss, or at the end of bss. */
static void test_hl_maps_judge_gap_refuses(void **state)
{
	const struct hl_maps_line hole[] = {
		file_line(0x600000, 0x641000, 0x200000, "rw-p"),
		line(0x650000, 0x6a0000, 0, ""),
	};
	const struct hl_maps_line short_end[] = {
		file_line(0x600000, 0x641000, 0x200000, "rw-p"),
		line(0x641000, 0x690000, 0, ""),
	};
	struct hl_maps_info info;

	(void)state;
	assert_int_equal(judge_all(&lib, hole, 2, &info), HL_MAPS_GAP);
	assert_non_null(strstr(info.foreign, "641000-650000"));
	assert_int_equal(judge_all(&lib, short_end, 2, &info), HL_MAPS_GAP);
	assert_non_null(strstr(info.foreign, "690000-6a0000"));
	/* No mapping at all where the segment starts. */
	assert_int_equal(judge_all(&lib, hole + 1, 1, &info), HL_MAPS_GAP);
}

/*
 * The file mapped where the file bytes are, but not readable (the hole
 * the loader leaves between two segments), or holding other bytes of it.
 */
static void test_hl_maps_judge_file_bytes_in_place(void **state)
{
	const struct hl_maps_line hole[] = {
		file_line(0x600000, 0x641000, 0x200000, "---p"),
		line(0x641000, 0x6a0000, 0, ""),
	};
	const struct hl_maps_line elsewhere[] = {
		file_line(0x600000, 0x641000, 0x0, "r--p"),
		line(0x641000, 0x6a0000, 0, ""),
	};
	const struct hl_maps_line split[] = {
		file_line(0x5ff000, 0x620000, 0x1ff000, "r--p"),
		file_line(0x620000, 0x641000, 0x220000, "rw-p"),
		line(0x641000, 0x6a0000, 0, ""),
	};
	struct hl_maps_info info;

	(void)state;
	assert_int_equal(judge_all(&lib, hole, 2, &info), HL_MAPS_FOREIGN);
	assert_non_null(strstr(info.foreign, "not readable"));
	assert_int_equal(judge_all(&lib, elsewhere, 2, &info), HL_MAPS_FOREIGN);
	assert_non_null(strstr(info.foreign, "another part"));
	/* RELRO and data in two mappings, each byte in its place. */
	assert_int_equal(judge_all(&lib, split, 3, &info),
			 HL_MAPS_OURS_TO_TAKE);
}

/*
 * Anonymous memory is the object's only as bss: after the file bytes'
 * last page, up to the page where the segment ends.  Elsewhere in the
 * range it is someone's buffer, and shortens the range; bss merged with
 * a buffer after it ends the range at the end of bss.
 */
static void test_hl_maps_judge_anonymous_only_bss(void **state)
{
	const struct hl_maps_query wide = {
		.lo = 0x400000, .hi = 0x800000, .own_lo = 0x600000,
		.own_hi = 0x6a0000, .prog = &prog, .file_end = 0x640800,
		.file_off = 0x200000, .base = 0x1000,
	};
	const struct hl_maps_line buffers[] = {
		line(0x400000, 0x500000, 0, ""),
		file_line(0x600000, 0x641000, 0x200000, "rw-p"),
		line(0x641000, 0x6a0000, 0, ""),
		line(0x700000, 0x7f0000, 0, ""),
	};
	const struct hl_maps_line merged[] = {
		file_line(0x600000, 0x641000, 0x200000, "rw-p"),
		line(0x641000, 0x1a00000, 0, ""),
	};
	struct hl_maps_info info;

	(void)state;
	assert_int_equal(judge_all(&wide, buffers, 4, &info),
			 HL_MAPS_OURS_TO_TAKE);
	assert_int_equal(info.clear_lo, 0x500000);
	assert_int_equal(info.clear_hi, 0x700000);
	assert_int_equal(judge_all(&wide, merged, 2, &info),
			 HL_MAPS_OURS_TO_TAKE);
	assert_int_equal(info.clear_hi, 0x6a0000);
	/* Anonymous memory where the file bytes should be was moved. */
	{
		const struct hl_maps_line thp = line(0x600000, 0x800000, 0, "");

		assert_int_equal(judge_all(&wide, &thp, 1, &info),
				 HL_MAPS_ALREADY_HUGE);
	}
}

/*
 * Own memory whose protection the program changed (a bss page made
 * unreadable or read-only, file bytes made read-only, a heap page made
 * executable) refuses the range: the copy would read what it cannot, or
 * give the memory back with the segment's protection.
 */
static void test_hl_maps_judge_protection_kept(void **state)
{
	struct hl_maps_query rw = {
		.lo = 0x400000, .hi = 0x800000, .own_lo = 0x600000,
		.own_hi = 0x6a0000, .prog = &prog, .file_end = 0x640800,
		.file_off = 0x200000, .base = 0x1000, .brk_follows = true,
		.perms = "rw-",
	};
	struct hl_maps_line lines[] = {
		file_line(0x600000, 0x641000, 0x200000, "rw-p"),
		line(0x641000, 0x6a0000, 0, ""),
		line(0x6a0000, 0x6c0000, 0, "[heap]"),
	};
	static const char *const changed[] = { "---p", "r--p", "rwxp" };
	struct hl_maps_info info;

	(void)state;
	assert_int_equal(judge_all(&rw, lines, 3, &info),
			 HL_MAPS_OURS_TO_TAKE);
	for (size_t i = 0; i < 3; i++) {
		for (size_t k = 0; k < 3; k++) {
			struct hl_maps_line v[3];

			memcpy(v, lines, sizeof(v));
			strcpy(v[i].perms, changed[k]);
			/* Past the segment, the heap is left out. */
			assert_int_equal(judge_all(&rw, v, 3, &info),
					 i < 2 ? HL_MAPS_FOREIGN :
						 HL_MAPS_OURS_TO_TAKE);
			assert_non_null(strstr(info.foreign, i || k ?
					       "where the segment is rw-" :
					       "not readable"));
			if (i == 2)
				assert_int_equal(info.clear_hi, 0x6a0000);
		}
	}
	/* A heap that holds the anonymous part of bss is the segment's. */
	{
		struct hl_maps_line v[2] = {
			lines[0], line(0x641000, 0x6c0000, 0, "[heap]"),
		};

		strcpy(v[1].perms, "r--p");
		assert_int_equal(judge_all(&rw, v, 2, &info),
				 HL_MAPS_FOREIGN);
	}
	/* A read-only segment's zero-filled end, which the kernel maps
	 * writable as it maps brk, is its own; unreadable, it is not. */
	{
		struct hl_maps_query ro = rw;
		struct hl_maps_line v[2] = {
			file_line(0x600000, 0x641000, 0x200000, "r--p"),
			line(0x641000, 0x6a0000, 0, ""),
		};

		ro.perms = "r--";
		assert_int_equal(judge_all(&ro, v, 2, &info),
				 HL_MAPS_OURS_TO_TAKE);
		strcpy(v[1].perms, "---p");
		assert_int_equal(judge_all(&ro, v, 2, &info),
				 HL_MAPS_FOREIGN);
	}
	/* Without PERMS, nothing is asked of the protection. */
	rw.perms = NULL;
	strcpy(lines[1].perms, "r--p");
	assert_int_equal(judge_all(&rw, lines, 3, &info),
			 HL_MAPS_OURS_TO_TAKE);
}

/* The brk heap is the program's to carry over, never a library's. */
static void test_hl_maps_judge_heap_only_for_the_program(void **state)
{
	struct hl_maps_query program = lib;
	const struct hl_maps_line lines[] = {
		file_line(0x600000, 0x641000, 0x200000, "rw-p"),
		line(0x641000, 0x6a0000, 0, ""),
		line(0x6a0000, 0x6c0000, 0, "[heap]"),
	};
	const struct hl_maps_line heap_in_bss[] = {
		file_line(0x600000, 0x641000, 0x200000, "rw-p"),
		line(0x641000, 0x6c0000, 0, "[heap]"),
	};
	struct hl_maps_info info;

	(void)state;
	assert_int_equal(judge_all(&lib, lines, 3, &info),
			 HL_MAPS_OURS_TO_TAKE);
	assert_int_equal(info.clear_hi, 0x6a0000);
	assert_int_equal(info.heap_start, 0);
	assert_int_equal(judge_all(&lib, heap_in_bss, 2, &info),
			 HL_MAPS_FOREIGN);
	program.brk_follows = true;
	assert_int_equal(judge_all(&program, lines, 3, &info),
			 HL_MAPS_OURS_TO_TAKE);
	assert_int_equal(info.clear_hi, program.hi);
	assert_int_equal(info.heap_start, 0x6a0000);
	assert_int_equal(judge_all(&program, heap_in_bss, 2, &info),
			 HL_MAPS_OURS_TO_TAKE);
	assert_int_equal(info.heap_start, 0x641000);
}

/* What may hold an object's bytes to be read through its headers. */
static void test_hl_maps_line_serves(void **state)
{
	struct hl_maps_line v = file_line(0x600000, 0x641000, 0, "r-xp");

	(void)state;
	assert_true(hl_maps_line_serves(&v, &prog, true));
	assert_false(hl_maps_line_serves(&v, NULL, false));
	strcpy(v.perms, "---p");
	assert_false(hl_maps_line_serves(&v, &prog, false));
	v = line(0x600000, 0x800000, 12, "/anon_hugepage (deleted)");
	strcpy(v.perms, "r--p");
	assert_true(hl_maps_line_serves(&v, NULL, false));
	assert_false(hl_maps_line_serves(&v, NULL, true));
	v = line(0x600000, 0x800000, 0, "");
	assert_true(hl_maps_line_serves(&v, NULL, false));
	v = line(0x600000, 0x800000, 0, "[heap]");
	assert_false(hl_maps_line_serves(&v, NULL, false));
	v = line(0x600000, 0x800000, 7, "/lib/x.so");
	assert_false(hl_maps_line_serves(&v, &prog, false));
}

/* A range is served only without a gap, by mappings that serve. */
/* What hl_maps_serve says of the maps of test_hl_maps_serve. */
static void check_serve(const struct hl_maps *m)
{
	assert_true(hl_maps_serve(m, 0x7f0000000100, 0x7f0000001000, &prog,
				   false));
	assert_true(hl_maps_serve(m, 0x7f0000200000, 0x7f0000400000, &prog,
				   true));
	/* Into the hole the loader left, PROT_NONE. */
	assert_false(hl_maps_serve(m, 0x7f0000001000, 0x7f0000003000, &prog,
				    false));
	/* Over the unmapped gap. */
	assert_false(hl_maps_serve(m, 0x7f0000300000, 0x7f0000700000, &prog,
				    false));
	assert_false(hl_maps_serve(m, 0x7f0000900000, 0x7f0000901000, &prog,
				    false));
	assert_true(hl_maps_serve(m, 0x7f0000600000, 0x7f0000800000, NULL,
				   false));
}

static void test_hl_maps_serve(void **state)
{
	char text[] =
		"7f0000000000-7f0000002000 r--p 00000000 fe:01 4242 /usr/bin/prog\n"
		"7f0000002000-7f0000200000 ---p 00002000 fe:01 4242 /usr/bin/prog\n"
		"7f0000200000-7f0000400000 r-xp 00200000 fe:01 4242 /usr/bin/prog\n"
		"7f0000600000-7f0000800000 rw-p 00000000 00:00 0 \n";
	struct hl_maps m = maps_of(text);

	(void)state;
	check_serve(&m);
}

/* The holes hl_maps_each_hole finds, written into a buffer. */
struct holes {
	char text[256];
	size_t used;
	int stop_at;	/* return 7 at this hole, counting from 1; 0: never */
	int n;
};

static int note_hole(uintptr_t lo, uintptr_t hi, void *ctx)
{
	struct holes *h = ctx;

	h->used += (size_t)snprintf(h->text + h->used,
				    sizeof(h->text) - h->used, "%lx-%lx ",
				    (unsigned long)lo, (unsigned long)hi);
	return ++h->n == h->stop_at ? 7 : 0;
}

/* The holes of a range: before, between and after its mappings, cut to
 * the range, and none where it is all mapped. */
static void test_hl_maps_each_hole(void **state)
{
	char text[] =
		"7f0000100000-7f0000102000 r--p 00000000 fe:01 4242 /usr/bin/prog\n"
		"7f0000200000-7f0000300000 r-xp 00200000 fe:01 4242 /usr/bin/prog\n"
		"7f0000300000-7f0000301000 rw-p 00000000 00:00 0 \n"
		"7f0000500000-7f0000600000 rw-p 00000000 00:00 0 \n";
	struct hl_maps m = maps_of(text);
	struct holes h = { 0 };

	(void)state;
	assert_int_equal(hl_maps_each_hole(&m, 0x7f0000000000, 0x7f0000400000,
					   note_hole, &h), 0);
	assert_string_equal(h.text, "7f0000000000-7f0000100000 "
			    "7f0000102000-7f0000200000 "
			    "7f0000301000-7f0000400000 ");
	h = (struct holes){ 0 };
	assert_int_equal(hl_maps_each_hole(&m, 0x7f0000101000, 0x7f0000580000,
					   note_hole, &h), 0);
	assert_string_equal(h.text, "7f0000102000-7f0000200000 "
			    "7f0000301000-7f0000500000 ");
	h = (struct holes){ 0 };
	assert_int_equal(hl_maps_each_hole(&m, 0x7f0000200000, 0x7f0000301000,
					   note_hole, &h), 0);
	assert_int_equal(h.n, 0);
	h = (struct holes){ .stop_at = 2 };
	assert_int_equal(hl_maps_each_hole(&m, 0x7f0000000000, 0x7f0000400000,
					   note_hole, &h), 7);
	assert_int_equal(h.n, 2);
	m.text = NULL;
	assert_int_equal(hl_maps_each_hole(&m, 0, 1, note_hole, &h), -1);
}

/* Taken apart once, the lines give the same answers. */
static void test_hl_maps_index(void **state)
{
	char text[] =
		"7f0000000000-7f0000002000 r--p 00000000 fe:01 4242 /usr/bin/prog\n"
		"not a maps line\n"
		"7f0000002000-7f0000200000 ---p 00002000 fe:01 4242 /usr/bin/prog\n"
		"7f0000200000-7f0000400000 r-xp 00200000 fe:01 4242 /usr/bin/prog\n"
		"7f0000600000-7f0000800000 rw-p 00000000 00:00 0 ";
	struct hl_maps m = maps_of(text);
	struct hl_maps_line lines[5], v;
	struct hl_maps_file f;
	size_t at = 0;

	(void)state;
	/* Five lines, room for four: left as it was. */
	assert_int_equal(hl_maps_index(&m, lines, 4), -1);
	assert_null(m.line);
	assert_non_null(strchr(text, '\n'));
	assert_int_equal(hl_maps_index(&m, lines, 5), 0);
	assert_ptr_equal(m.line, lines);
	assert_int_equal(m.nlines, 4);
	check_serve(&m);
	assert_int_equal(hl_maps_file_at(&m, 0x7f0000200000, 0x200000, &f), 0);
	assert_string_equal(f.path, "/usr/bin/prog");
	assert_int_equal(f.start, 0x7f0000200000);
	/* Each path ends at its line's end; the last line has no newline. */
	assert_int_equal(hl_maps_next(&m, &at, NULL, 0, &v), 0);
	assert_string_equal(v.path, "/usr/bin/prog");
	for (int i = 0; i < 3; i++)
		assert_int_equal(hl_maps_next(&m, &at, NULL, 0, &v), 0);
	assert_string_equal(v.path, "");
	assert_int_equal(v.start, 0x7f0000600000);
	assert_int_equal(hl_maps_next(&m, &at, NULL, 0, &v), -1);
}

/*
 * A maps line longer than the reader's copy of a line, in text not taken
 * apart once: the mapping it names cannot be judged, so no range is
 * (HL_MAPS_UNREADABLE).  Taken apart once, the same text narrows the
 * range.
 */
static void test_hl_maps_check_long_line_unreadable(void **state)
{
	static const char head[] =
		"600000-680000 r--p 00000000 fe:01 4242 /usr/bin/prog\n"
		"680000-700000 rw-p 00000000 00:00 0 \n"
		"780000-781000 rw-p 00000000 fe:02 77 /tmp/";
	static char text[sizeof(head) + 8192];
	struct hl_maps_query qf = q;
	struct hl_maps_line lines[4];
	struct hl_maps_info info;
	struct hl_maps m;

	(void)state;
	qf.file_end = 0x680000;
	memcpy(text, head, sizeof(head) - 1);
	/* A path of newlines, as the kernel writes them: \012 each. */
	for (size_t i = 0; i < 1200; i++)
		memcpy(text + sizeof(head) - 1 + 4 * i, "\\012", 4);
	strcat(text, "\n");
	m = maps_of(text);
	assert_int_equal(hl_maps_check(&m, &qf, &info), HL_MAPS_UNREADABLE);
	assert_non_null(strstr(info.foreign, "line"));
	/* Indexed, the long line is read whole. */
	assert_int_equal(hl_maps_index(&m, lines, 4), 0);
	assert_int_equal(hl_maps_check(&m, &qf, &info), HL_MAPS_OURS_TO_TAKE);
	assert_int_equal(info.clear_hi, 0x780000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hl_maps_judge_own_memory),
		cmocka_unit_test(test_hl_maps_judge_heap_outside_range),
		cmocka_unit_test(test_hl_maps_judge_already_huge),
		cmocka_unit_test(test_hl_maps_judge_moved_off_the_file),
		cmocka_unit_test(test_hl_maps_judge_foreign_narrows_or_refuses),
		cmocka_unit_test(test_hl_maps_judge_library_whole),
		cmocka_unit_test(test_hl_maps_judge_gap_refuses),
		cmocka_unit_test(test_hl_maps_judge_file_bytes_in_place),
		cmocka_unit_test(test_hl_maps_judge_anonymous_only_bss),
		cmocka_unit_test(test_hl_maps_judge_heap_only_for_the_program),
		cmocka_unit_test(test_hl_maps_judge_protection_kept),
		cmocka_unit_test(test_hl_maps_line_serves),
		cmocka_unit_test(test_hl_maps_serve),
		cmocka_unit_test(test_hl_maps_index),
		cmocka_unit_test(test_hl_maps_check_long_line_unreadable),
		cmocka_unit_test(test_hl_maps_file_match),
		cmocka_unit_test(test_hl_maps_file_match_not_ours),
		cmocka_unit_test(test_hl_maps_object_file),
		cmocka_unit_test(test_hl_maps_each_hole),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
